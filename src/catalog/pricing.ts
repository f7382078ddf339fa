/**
 * Price quotes: what a request will probably cost, in micro-USD, computed from the catalog.
 * A quote reserves quota before submitting; the 201's `price_usd` is what is actually charged.
 */
import type { CreateGenerationRequest, Model } from '../media/schemas.ts';
import { type Micros, usdToMicros } from '../money.ts';
import { effectiveResolution } from './resolution.ts';
import { MOTION_PRICES } from './service-rules.ts';

/** The spec's default duration for the motion models; other video models default to their first duration. */
export const MOTION_DEFAULT_DURATION = 5;

/** The duration the service will use for this request (seconds), or undefined for images. */
export function effectiveDuration(
  model: Model,
  req: Pick<CreateGenerationRequest, 'duration'>,
): number | undefined {
  if (model.type === 'image') return undefined;
  if (req.duration !== undefined) return req.duration;
  if (MOTION_PRICES[model.slug]) return MOTION_DEFAULT_DURATION;
  return model.durations[0];
}

/** Quotes a (valid) request: base price × duration when per-second × resolution multiplier. */
export function quoteMicros(model: Model, req: CreateGenerationRequest): Micros {
  const duration = effectiveDuration(model, req) ?? 1;
  const resolution = effectiveResolution(model, req);

  const motion = MOTION_PRICES[model.slug];
  if (motion) {
    // The motion models' per-resolution prices are not a clean multiple, and video references
    // give a discounted per-second price: the spec's table, not a multiplier.
    const row = motion.perSecond[resolution ?? '480p'] ?? Object.values(motion.perSecond)[0];
    const perSecond = (req.video_urls?.length ?? 0) > 0 ? row?.withVideo : row?.plain;
    return usdToMicros(perSecond ?? model.price_usd) * duration;
  }

  const multiplier = (resolution && model.resolution_multipliers?.[resolution]) || 1;
  const units = model.multiply_by_duration ? duration : 1;
  return Math.round(usdToMicros(model.price_usd) * units * multiplier);
}

/** The lowest price of a model, for menus: per second when billed by the second. */
export function basePriceMicros(model: Model): { micros: Micros; perSecond: boolean; varies: boolean } {
  const motion = MOTION_PRICES[model.slug];
  if (motion) {
    // Motion models price resolutions from a table, not multipliers: the menu shows "from" the
    // 480p price (their default and cheapest without a video reference), the one the quote uses.
    const lowest = motion.perSecond['480p']?.plain;
    return { micros: usdToMicros(lowest ?? model.price_usd), perSecond: true, varies: true };
  }
  const varies = Object.values(model.resolution_multipliers ?? {}).some((m) => m !== 1);
  return { micros: usdToMicros(model.price_usd), perSecond: model.multiply_by_duration, varies };
}
