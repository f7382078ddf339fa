/**
 * Which models take given references (a first frame, a member's pictures, videos or audio), how
 * many more a request can carry, and the menu option that offers a model with its price. All
 * answered from the catalog and the local validation rules, so a model offered here is one whose
 * request passes validation, and nothing is asked of the service while Discord waits.
 */
import type { APISelectMenuOption } from 'discord.js';
import { effectiveDuration, quoteMicros } from '../../catalog/pricing.ts';
import { effectiveResolution } from '../../catalog/resolution.ts';
import { validateCreateRequest } from '../../catalog/validate.ts';
import { english, type Localizer } from '../../i18n/index.ts';
import type { ReferenceKind } from '../../jobs/pending-references.ts';
import type { CreateGenerationRequest, Model } from '../../media/schemas.ts';
import { truncate } from '../views/text.ts';
import { FIELD_OF } from './attachment-kinds.ts';

/** Discord's limits: options in a select menu, files in one File Upload component. */
export const MAX_MENU_OPTIONS = 25;
export const MAX_UPLOADS = 10;
/** vista-3.1-lite lists no image_urls; named as well, since a catalog that listed it would be wrong. */
const NO_FIRST_FRAME = new Set(['vista-3.1-lite']);
/** Stands in for a reference when only the count matters to validation. */
const PLACEHOLDER_URL = 'https://references.example.com/reference';
const REFERENCE_FIELDS = ['image_urls', 'video_urls', 'audio_urls'] as const;

/** Whether the model's request with these references passes validation on the reference fields. */
export function takesReferences(model: Model, request: CreateGenerationRequest): boolean {
  for (const field of REFERENCE_FIELDS) {
    if ((request[field]?.length ?? 0) > 0 && !model.supported_params.includes(field)) return false;
  }
  // Only whether a field has an error counts here; no message is shown, so any language does.
  const errors = validateCreateRequest(
    model,
    { ...request, model: model.slug } as unknown as Record<string, unknown>,
    {},
    english,
  );
  return REFERENCE_FIELDS.every((field) => errors[field] === undefined);
}

/**
 * The models that accept these references, image models first then video models, each in catalog
 * order, at most 25 (a menu's limit). Video models take image_urls as the first frame; video and
 * audio references only the motion models.
 */
export function modelsTaking(models: readonly Model[], references: CreateGenerationRequest): Model[] {
  const taking = models.filter((m) => !NO_FIRST_FRAME.has(m.slug) && takesReferences(m, references));
  return [...taking.filter((m) => m.type === 'image'), ...taking.filter((m) => m.type === 'video')].slice(
    0,
    MAX_MENU_OPTIONS,
  );
}

/** The video models that take an image as their first frame (Animate's menu). */
export function firstFrameModels(models: readonly Model[]): Model[] {
  return modelsTaking(
    models.filter((m) => m.type === 'video'),
    { model: '', prompt: '', image_urls: [PLACEHOLDER_URL] },
  );
}

/**
 * How many more references of this kind the request can take (for the modal's File Upload), at
 * most 10: the largest count the model's rules accept, found by asking the validation itself.
 */
export function referenceRoom(model: Model, request: CreateGenerationRequest, kind: ReferenceKind): number {
  const field = FIELD_OF[kind];
  if (!model.supported_params.includes(field) || NO_FIRST_FRAME.has(model.slug)) return 0;
  const existing = request[field] ?? [];
  for (let n = MAX_UPLOADS; n > 0; n--) {
    const extra = Array.from({ length: n }, (_, i) => `${PLACEHOLDER_URL}-${i}`);
    if (takesReferences(model, { ...request, [field]: [...existing, ...extra] })) return n;
  }
  return 0;
}

/**
 * A menu option for a model: its label, and the price of this request on it with its defaults, in
 * the member's language ("about $0.40 · 5 s · 480p").
 */
export function modelOption(
  model: Model,
  request: CreateGenerationRequest,
  l: Localizer,
): APISelectMenuOption {
  const draft = { ...request, model: model.slug };
  const duration = effectiveDuration(model, draft);
  const resolution = effectiveResolution(model, draft);
  const parts = [
    l.t('generate:choice.about', { amount: quoteMicros(model, draft) }),
    ...(duration === undefined ? [] : [l.t('seconds', { count: duration })]),
    ...(resolution ? [resolution] : []),
  ];
  return {
    label: truncate(model.label, 100),
    value: model.slug,
    description: truncate(parts.join(' · '), 100),
  };
}
