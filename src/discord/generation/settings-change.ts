/**
 * A change of a member's own defaults from /settings, checked against the catalog before it is
 * stored: every problem listed at once in the member's language, nothing stored when there is one.
 * Merging the stored defaults under a request's options is member-defaults.ts's.
 */
import type { ModelCatalog } from '../../catalog/catalog.ts';
import type { Localizer } from '../../i18n/index.ts';
import type { MediaType, Model } from '../../media/schemas.ts';
import { defaultsOf, type MemberDefaults, type TypeDefaults } from '../../quota/member-defaults.ts';
import { UserError } from '../interactions/command.ts';
import { codeText } from '../views/models-view.ts';
import { given, shown } from './member-defaults.ts';
import { DEFAULT_MODELS } from './read-request.ts';

/** What /settings was given: every field optional, as a member typed it. */
export interface DefaultsChange {
  image_model?: string | undefined;
  image_aspect_ratio?: string | undefined;
  image_resolution?: string | undefined;
  video_model?: string | undefined;
  video_aspect_ratio?: string | undefined;
  video_resolution?: string | undefined;
  count?: number | undefined;
  always_confirm?: boolean | undefined;
}

/** Whether /settings was given anything to change. */
export function changesAnything(change: DefaultsChange): boolean {
  return Object.values(change).some((v) => (typeof v === 'string' ? v.trim() !== '' : v !== undefined));
}

/**
 * The member's defaults after `change`, checked against the catalog: a model of the right type,
 * an aspect ratio and a resolution the type's model takes (the model given now, else the stored
 * one, else the server's default). Anything wrong throws one UserError that
 * lists every problem, and nothing is to be stored. A stored aspect ratio or resolution the new
 * model does not take is cleared, and said so in `notes`. Problems and notes speak `l`, the
 * member's language.
 */
export function changeDefaults(
  catalog: ModelCatalog,
  stored: MemberDefaults,
  change: DefaultsChange,
  l: Localizer,
): { defaults: MemberDefaults; notes: string[] } {
  const problems: string[] = [];
  const notes: string[] = [];
  const next: MemberDefaults = { ...stored };
  for (const type of ['image', 'video'] as const) {
    const fields = {
      model: given(change[`${type}_model`]),
      aspect_ratio: given(change[`${type}_aspect_ratio`]),
      resolution: given(change[`${type}_resolution`]),
    };
    if (!fields.model && !fields.aspect_ratio && !fields.resolution) continue;
    if (!catalog.ready) throw new UserError(l.t('generate:defaults.catalogNotLoaded'));
    const section = changeType(l, catalog, type, defaultsOf(stored, type), fields, problems, notes);
    if (section) next[type] = section;
  }
  // In range: /settings' definition carries the quota's range (quota/takes.ts), which the router
  // checked before this handler ran; the store checks it again as it writes.
  if (change.count !== undefined) next.count = change.count;
  if (change.always_confirm !== undefined) {
    // Off is the server's behaviour: nothing of the member's to keep.
    if (change.always_confirm) next.alwaysConfirm = true;
    else delete next.alwaysConfirm;
  }
  if (problems.length > 0)
    throw new UserError(
      l.t('generate:defaults.cantSave', { problems: problems.map((p) => `- ${p}`).join('\n') }),
    );
  return { defaults: next, notes };
}

/** One type's defaults after its change, or undefined (with `problems` added) when it cannot be. */
function changeType(
  l: Localizer,
  catalog: ModelCatalog,
  type: MediaType,
  stored: TypeDefaults,
  fields: TypeDefaults,
  problems: string[],
  notes: string[],
): TypeDefaults | undefined {
  // The /settings option as the member's Discord names it (German `bildmodell`, not `image_model`).
  const option = (name: 'model' | 'aspect_ratio' | 'resolution', of: MediaType = type) =>
    l.t(`settings:command.${of}_${name}.name`);
  let model: Model | undefined;
  if (fields.model) {
    model = catalog.get(fields.model);
    if (!model) {
      problems.push(
        l.t('generate:defaults.noSuchModel', { option: option('model'), model: shown(fields.model) }),
      );
      return undefined;
    }
    if (model.type !== type) {
      problems.push(
        l.t(model.type === 'image' ? 'generate:defaults.makesImages' : 'generate:defaults.makesVideos', {
          option: option('model'),
          model: model.label,
          other: option('model', model.type),
        }),
      );
      return undefined;
    }
  } else {
    model = catalog.get(stored.model ?? DEFAULT_MODELS[type]);
    if (!model || model.type !== type) {
      problems.push(
        l.t(`generate:defaults.storedGone.${type}`, {
          option: option('model'),
          model: codeText(stored.model ?? ''),
        }),
      );
      return undefined;
    }
  }
  const next: TypeDefaults = { ...stored, ...(fields.model ? { model: model.slug } : {}) };
  const whose =
    fields.model || stored.model
      ? model.label
      : l.t('generate:defaults.serverDefault', { model: model.label });
  for (const [field, offered] of [
    ['aspect_ratio', model.aspect_ratios],
    ['resolution', model.resolutions],
  ] as const) {
    const wanted = fields[field];
    if (wanted) {
      // The catalog's own spelling (4K, 4k), whatever case the member typed.
      const match = offered.find((v) => v.toLowerCase() === wanted.toLowerCase());
      if (match) next[field] = match;
      else
        problems.push(
          offered.length === 0
            ? l.t(`generate:defaults.takesNo.${field}`, { option: option(field), model: whose })
            : l.t(`generate:defaults.notTaken.${field}`, {
                option: option(field),
                model: whose,
                value: shown(wanted),
                values: offered.join(', '),
              }),
        );
    } else if (next[field] !== undefined && !offered.includes(next[field])) {
      notes.push(
        l.t(`generate:defaults.cleared.${type}.${field}`, { value: next[field], model: model.label }),
      );
      delete next[field];
    }
  }
  return next;
}
