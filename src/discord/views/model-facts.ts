/**
 * What /models tells a member about a model, worked out from the catalog and the local validation
 * rules rather than read off the API's fields: the price at each resolution (not a multiplier), what
 * a video of the default length costs, and how many references of each kind a request may carry.
 * Numbers only; the words are the view's.
 */
import { effectiveDuration, quoteMicros } from '../../catalog/pricing.ts';
import { MOTION_PRICES } from '../../catalog/service-rules.ts';
import { validateCreateRequest } from '../../catalog/validate.ts';
import { english } from '../../i18n/index.ts';
import type { Model } from '../../media/schemas.ts';
import { type Micros, usdToMicros } from '../../money.ts';

/** A price at one resolution; `resolution` absent when the model has one price for all. */
export interface ResolutionPrice {
  resolution?: string;
  micros: Micros;
}

export interface ModelPrices {
  /** Per second of video (motion models and those billed by duration), else per image or video. */
  perSecond: boolean;
  /** The base price at each resolution, in the catalog's order. */
  rates: ResolutionPrice[];
  /** Motion models: the lower per-second price when the request carries a reference video. */
  withVideo?: ResolutionPrice[];
  /** Per-second models: the price of a video of the default length, at each resolution. */
  example?: { seconds: number; prices: ResolutionPrice[] };
}

export function modelPrices(model: Model): ModelPrices {
  const motion = MOTION_PRICES[model.slug];
  if (motion) {
    // The motion models price resolutions from a table (not a clean multiple): the create price the
    // quote uses, not the higher base price GET /models/{slug} states.
    const table = Object.entries(motion.perSecond);
    return {
      perSecond: true,
      rates: table.map(([resolution, p]) => ({ resolution, micros: usdToMicros(p.plain) })),
      withVideo: table.map(([resolution, p]) => ({ resolution, micros: usdToMicros(p.withVideo) })),
      ...exampleOf(
        model,
        table.map(([resolution]) => resolution),
      ),
    };
  }
  const base = usdToMicros(model.price_usd);
  const perSecond = model.type === 'video' && model.multiply_by_duration;
  const rates =
    model.resolutions.length === 0
      ? [{ micros: base }]
      : model.resolutions.map((resolution) => ({
          resolution,
          micros: Math.round(base * (model.resolution_multipliers?.[resolution] ?? 1)),
        }));
  return {
    perSecond,
    rates,
    ...(perSecond ? exampleOf(model, model.resolutions) : {}),
  };
}

/** What a request with the model's defaults costs at each resolution (the quote's own arithmetic). */
function exampleOf(model: Model, resolutions: readonly string[]): Pick<ModelPrices, 'example'> {
  const seconds = effectiveDuration(model, {});
  if (seconds === undefined) return {};
  const request = { model: model.slug, prompt: '', duration: seconds };
  const prices =
    resolutions.length === 0
      ? [{ micros: quoteMicros(model, request) }]
      : resolutions.map((resolution) => ({
          resolution,
          micros: quoteMicros(model, { ...request, resolution }),
        }));
  return { example: { seconds, prices } };
}

/** The most references of each kind a request on this model may carry (0: none). */
export interface ReferenceLimits {
  images: number;
  videos: number;
  sounds: number;
}

/** Far above any model's limit; the search stops here. */
const MAX_COUNTED = 20;
const PLACEHOLDER_URL = 'https://references.example.com/reference';

/** Found by asking the validation rules themselves, so /models says what a request can really carry. */
export function referenceLimits(model: Model): ReferenceLimits {
  const most = (field: 'image_urls' | 'video_urls' | 'audio_urls'): number => {
    if (!model.supported_params.includes(field)) return 0;
    for (let n = MAX_COUNTED; n > 0; n--) {
      const urls = Array.from({ length: n }, (_, i) => `${PLACEHOLDER_URL}-${i}`);
      // Only whether the field has an error counts; no message is shown, so any language does.
      const errors = validateCreateRequest(
        model,
        { model: model.slug, prompt: 'x', [field]: urls },
        {},
        english,
      );
      if (errors[field] === undefined) return n;
    }
    return 0;
  };
  return { images: most('image_urls'), videos: most('video_urls'), sounds: most('audio_urls') };
}

/** The model's durations as a run ("4 to 15") or a choice ("4, 6, 8 or 10"): what the view words. */
export type DurationSpan =
  | { kind: 'none' }
  | { kind: 'one'; seconds: number }
  | { kind: 'range'; from: number; to: number }
  | { kind: 'some'; values: number[] };

export function durationSpan(durations: readonly number[]): DurationSpan {
  if (durations.length === 0) return { kind: 'none' };
  const sorted = [...new Set(durations)].sort((a, b) => a - b);
  const first = sorted[0] as number;
  const last = sorted[sorted.length - 1] as number;
  if (sorted.length === 1) return { kind: 'one', seconds: first };
  if (sorted.length > 2 && last - first === sorted.length - 1)
    return { kind: 'range', from: first, to: last };
  return { kind: 'some', values: sorted };
}
