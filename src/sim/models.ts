/**
 * The simulator's model catalog: the 14 models of the spec's catalog table, with its prices
 * and parameter lists.
 *
 * Choices where the spec says "not shown" (all in this one place):
 * - vista-3.1-lite base price: 0.20 USD per video; multipliers 720p 1, 1080p 1, 4k 3 (as vista-3.1-fast).
 * - omni-flash-ext base price: 0.05 USD per second (multiply_by_duration).
 * - orbit-2 / orbit-2-pro: resolutions 720p and 1080p (1080p 1.5 times), ratios 16:9, 9:16, 1:1.
 * - dream-*, nano-fruit-*: resolutions 1K, 2K, 4K (multipliers 1, 2, 3 as the table says),
 *   ratios 1:1, 16:9, 9:16, 4:3, 3:4. lang-image-2: resolutions 1K, 2K, 4K with multipliers 1, 2, 3.
 * - `size` (listed by image models): its format is not shown, so the bot never sends it and always
 *   sends `aspect_ratio`; the simulator accepts `size` and ignores it.
 * - Motion models: GET /models (the list) and the create charge use the "create and list text"
 *   prices; GET /models/{slug} (model detail) shows the "model detail" base price. Both are in
 *   MOTION_PRICES. Their `resolution_multipliers` is null because the per-resolution prices are not
 *   a clean multiple; pricing reads MOTION_PRICES instead.
 * - Duration default of video models without one in the spec: their first duration.
 * - dream-5.0-lite batch size: not shown, never sent.
 * - supported_params of models the spec does not list: derived from the fields the spec says
 *   each model accepts.
 *
 * Simulator behaviour where the spec says "not shown" (server.ts, routes/, state.ts, rate-window.ts):
 * - Auth: every /api/v1 endpoint, the model endpoints included, needs the bearer token; 401 body
 *   `{ error: 'Unauthenticated.' }`. Output files (/files/{id}.png|.mp4) need no token and are
 *   not rate-limited.
 * - Rate limit: per token, rolling 60 s of clock time; only requests that pass auth count (401 and
 *   429 answers do not). 429 body `{ error: 'Too Many Requests' }`, `Retry-After` = ceil of the
 *   wait in seconds, at least 1. 500 body `{ error: 'Server Error' }`.
 * - POST /generations: a body that is not a JSON object -> 422 with `errors.body`; an unknown model
 *   slug -> 422 with `errors.model` (not 404). The 422 `message` is the first error message, plus
 *   "(and N more errors)". The 402 `error` is `insufficient_balance`; `required` and `balance` are
 *   exact USD. The alias `dream-5-lite` is accepted and the record's `model` is the canonical slug.
 * - Transitions: pending -> processing -> completed | failed, derived from the clock when read.
 *   Total time: images 5-15 s, videos 30-120 s (uniform from `random`), or `[sim:duration=MS]`;
 *   the pending phase is the first 10 % of it, at most 3 s. A content-policy failure happens when
 *   processing would start (pending -> failed) and its record has `parameters: {}`; an
 *   infrastructure failure happens at the planned finish (pending -> processing -> failed) and
 *   keeps its parameters. `completed_at` is set on both completed and failed records.
 * - Refunds: both failure kinds refund the full price, once, when the failure time is reached; the
 *   charge's usage record is removed from the usage log (a failed record is "not charged") and
 *   `usd_spent` goes down by the same amount.
 * - `parameters`: aspect_ratio (default the model's first), resolution (default the first, when the
 *   model has any), duration (videos: default 5 for motion models, else the first), mode (only
 *   when sent; no default).
 * - `return_last_frame: true` on a motion model: the completed record's `output` carries
 *   `last_frame_url` (the field's name is not shown), a PNG served at /files/{id}-last-frame.png.
 * - GET /generations: `per_page` above 100 is clamped to 100; a `per_page`/`page` that is not a
 *   positive integer, or a `type` other than video/image -> 422. `page` is ignored without `type`.
 *   A page past the end is an empty `data` with the right `meta`; `last_page` is at least 1.
 * - GET /account/usage: `page` (default 1) is accepted; `per_page` default 25, clamped to 100;
 *   most recent first; `model` takes a slug or its alias, and an unknown one matches nothing.
 *   `model_key` is the slug with dots and dashes turned to underscores (`motion_2_0`); ids count
 *   up from 1. Account `name`/`email` are fixed placeholders.
 * - Wrong method on a known route -> 405 `{ error }` with `Allow`; unknown route -> 404 `{ error }`.
 *   Request bodies above 1 MiB -> 422 with `errors.body`.
 * - Slow answers (`latencyMs`, `[sim:delay=MS]`) delay only the answer: the request has taken effect
 *   (created, charged) on receipt, as a real service whose answer is slow. An injected behaviour is
 *   consumed by the next POST /generations that passes auth and the rate limit, even if it is a 422.
 */
import { MOTION_PRICES, SLUG_ALIASES } from '../catalog/service-rules.ts';
import type { Model } from '../media/schemas.ts';

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

const IMAGE_PARAMS = ['prompt', 'aspect_ratio', 'resolution', 'size', 'image_urls'];
const MOTION_PARAMS = [
  'prompt',
  'aspect_ratio',
  'resolution',
  'duration',
  'image_urls',
  'video_urls',
  'audio_urls',
  'generate_audio',
  'camera_fixed',
  'web_search',
  'return_last_frame',
  'seed',
];
const ORBIT_PARAMS = [
  'prompt',
  'aspect_ratio',
  'resolution',
  'duration',
  'image_urls',
  'style',
  'watermark',
  'private',
];
const HIGH_RES_IMAGE = {
  resolutions: ['1K', '2K', '4K'],
  resolution_multipliers: { '1K': 1, '2K': 2, '4K': 3 },
};
const COMMON_IMAGE_RATIOS = ['1:1', '16:9', '9:16', '4:3', '3:4'];

const docs = (slug: string) => `https://docs.example.invalid/models/${slug}`;

export const SIM_MODELS: readonly Model[] = [
  {
    slug: 'quick-video-1',
    label: 'Quick Video 1',
    type: 'video',
    price_usd: 0.03,
    multiply_by_duration: true,
    resolution_multipliers: null,
    supported_params: ['prompt', 'aspect_ratio', 'image_urls', 'mode', 'duration', 'resolution'],
    aspect_ratios: ['16:9', '9:16', '1:1', '2:3', '3:2'],
    resolutions: ['480p', '720p'],
    durations: range(6, 30),
    modes: ['custom', 'normal', 'fun', 'spicy'],
    docs_url: docs('quick-video-1'),
  },
  {
    slug: 'vista-3.1-fast',
    label: 'Vista 3.1 Fast',
    type: 'video',
    price_usd: 0.3,
    multiply_by_duration: false,
    resolution_multipliers: { '720p': 1, '1080p': 1, '4k': 3 },
    supported_params: ['prompt', 'duration', 'aspect_ratio', 'resolution', 'image_urls', 'mode'],
    aspect_ratios: ['16:9', '9:16'],
    resolutions: ['720p', '1080p', '4k'],
    durations: [8],
    modes: ['frame', 'ingredient'],
    docs_url: docs('vista-3.1-fast'),
  },
  {
    slug: 'vista-3.1-lite',
    label: 'Vista 3.1 Lite',
    type: 'video',
    price_usd: 0.2,
    multiply_by_duration: false,
    resolution_multipliers: { '720p': 1, '1080p': 1, '4k': 3 },
    supported_params: ['prompt', 'aspect_ratio', 'resolution'],
    aspect_ratios: ['16:9', '9:16'],
    resolutions: ['720p', '1080p', '4k'],
    durations: [8],
    modes: [],
    docs_url: docs('vista-3.1-lite'),
  },
  {
    slug: 'orbit-2',
    label: 'Orbit 2',
    type: 'video',
    price_usd: 0.4,
    multiply_by_duration: false,
    resolution_multipliers: { '720p': 1, '1080p': 1.5 },
    supported_params: ORBIT_PARAMS,
    aspect_ratios: ['16:9', '9:16', '1:1'],
    resolutions: ['720p', '1080p'],
    durations: [10, 15],
    modes: [],
    docs_url: docs('orbit-2'),
  },
  {
    slug: 'orbit-2-pro',
    label: 'Orbit 2 Pro',
    type: 'video',
    price_usd: 1.2,
    multiply_by_duration: false,
    resolution_multipliers: { '720p': 1, '1080p': 1.5 },
    supported_params: ORBIT_PARAMS,
    aspect_ratios: ['16:9', '9:16', '1:1'],
    resolutions: ['720p', '1080p'],
    durations: [10, 15, 25],
    modes: [],
    docs_url: docs('orbit-2-pro'),
  },
  {
    slug: 'motion-2.0',
    label: 'Motion 2.0',
    type: 'video',
    price_usd: MOTION_PRICES['motion-2.0']?.perSecond['480p']?.plain ?? 0,
    multiply_by_duration: true,
    resolution_multipliers: null,
    supported_params: MOTION_PARAMS,
    aspect_ratios: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
    resolutions: ['480p', '720p'],
    durations: range(4, 15),
    modes: [],
    docs_url: docs('motion-2.0'),
  },
  {
    slug: 'motion-2.0-fast',
    label: 'Motion 2.0 Fast',
    type: 'video',
    price_usd: MOTION_PRICES['motion-2.0-fast']?.perSecond['480p']?.plain ?? 0,
    multiply_by_duration: true,
    resolution_multipliers: null,
    supported_params: MOTION_PARAMS,
    aspect_ratios: ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'],
    resolutions: ['480p', '720p'],
    durations: range(4, 15),
    modes: [],
    docs_url: docs('motion-2.0-fast'),
  },
  {
    slug: 'omni-flash-ext',
    label: 'Omni Flash Ext',
    type: 'video',
    price_usd: 0.05,
    multiply_by_duration: true,
    resolution_multipliers: { '720p': 1, '1080p': 1.5, '4k': 3 },
    supported_params: ['prompt', 'aspect_ratio', 'resolution', 'duration', 'image_urls'],
    aspect_ratios: ['16:9', '9:16'],
    resolutions: ['720p', '1080p', '4k'],
    durations: [4, 6, 8, 10],
    modes: [],
    docs_url: docs('omni-flash-ext'),
  },
  {
    slug: 'lang-4o-image',
    label: 'Lang 4o Image',
    type: 'image',
    price_usd: 0.02,
    multiply_by_duration: false,
    resolution_multipliers: null,
    supported_params: ['prompt', 'size', 'image_urls'],
    aspect_ratios: ['1:1', '2:3', '3:2', '3:4', '4:3', '16:9'],
    resolutions: [],
    durations: [],
    modes: [],
    docs_url: docs('lang-4o-image'),
  },
  {
    slug: 'lang-image-2',
    label: 'Lang Image 2',
    type: 'image',
    price_usd: 0.016,
    multiply_by_duration: false,
    ...HIGH_RES_IMAGE,
    supported_params: IMAGE_PARAMS,
    aspect_ratios: [
      '1:1',
      '16:9',
      '9:16',
      '4:3',
      '3:4',
      '3:2',
      '2:3',
      '5:4',
      '4:5',
      '2:1',
      '1:2',
      '21:9',
      '9:21',
    ],
    durations: [],
    modes: [],
    docs_url: docs('lang-image-2'),
  },
  ...(
    [
      ['dream-4.5', 'Dream 4.5', 0.04],
      ['dream-5.0-lite', 'Dream 5.0 Lite', 0.04],
      ['nano-fruit-pro', 'Nano Fruit Pro', 0.1],
      ['nano-fruit-2', 'Nano Fruit 2', 0.04],
    ] as const
  ).map(
    ([slug, label, price]): Model => ({
      slug,
      label,
      type: 'image',
      price_usd: price,
      multiply_by_duration: false,
      ...HIGH_RES_IMAGE,
      supported_params: IMAGE_PARAMS,
      aspect_ratios: COMMON_IMAGE_RATIOS,
      durations: [],
      modes: [],
      docs_url: docs(slug),
    }),
  ),
];

/** A model as GET /models/{slug} shows it: the motion models carry their "model detail" base price. */
export function modelDetail(model: Model): Model {
  const motion = MOTION_PRICES[model.slug];
  return motion ? { ...model, price_usd: motion.detailBase } : model;
}

/** Canonical model for a slug or its alias. */
export function findModel(slug: unknown): Model | undefined {
  if (typeof slug !== 'string') return undefined;
  const canonical = SLUG_ALIASES[slug] ?? slug;
  return SIM_MODELS.find((m) => m.slug === canonical);
}
