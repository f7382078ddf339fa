/**
 * Facts of the service that the spec states per model and that no field of the model catalog
 * carries: which models take which special parameters, the alternate slug, and the motion models'
 * per-second price table. Shared by local validation, pricing and the simulator.
 */

/** The alternate slug the spec names: `dream-5-lite` is `dream-5.0-lite`. */
export const SLUG_ALIASES: Record<string, string> = { 'dream-5-lite': 'dream-5.0-lite' };

/** Motion models: the only ones that take video/audio references and the motion-only booleans. */
export const MOTION_SLUGS = new Set(['motion-2.0', 'motion-2.0-fast']);
/** Orbit models: the only ones that take `style`, `watermark` and `private`. */
export const ORBIT_SLUGS = new Set(['orbit-2', 'orbit-2-pro']);
/** quick-video-1's `spicy` mode: offered and accepted only in age-restricted channels. */
export function needsAgeRestrictedChannel(slug: string, mode: string | undefined): boolean {
  return slug === 'quick-video-1' && mode === 'spicy';
}

/**
 * vista-3.1-lite: the spec's catalog table says "8 fixed" seconds, its notes say `duration` is not
 * supported. The bot settles on the notes: it neither offers nor sends a duration for it (the
 * video is 8 seconds either way, and the price is per video).
 */
export function takesDuration(slug: string): boolean {
  return slug !== 'vista-3.1-lite';
}

export const ORBIT_STYLES = [
  'none',
  'thanksgiving',
  'comic',
  'news',
  'selfie',
  'nostalgic',
  'anime',
] as const;

/** Per-second USD prices of the motion models, by resolution, plain and with `video_urls`. */
export const MOTION_PRICES: Record<
  string,
  { detailBase: number; perSecond: Record<string, { plain: number; withVideo: number }> }
> = {
  'motion-2.0': {
    detailBase: 0.14512,
    perSecond: { '480p': { plain: 0.132, withVideo: 0.08 }, '720p': { plain: 0.284, withVideo: 0.1712 } },
  },
  'motion-2.0-fast': {
    detailBase: 0.1168,
    perSecond: { '480p': { plain: 0.1056, withVideo: 0.0632 }, '720p': { plain: 0.2288, withVideo: 0.136 } },
  },
};
