import { describe, expect, it } from 'vitest';
import { basePriceMicros, quoteMicros } from '../../src/catalog/pricing.ts';
import type { CreateGenerationRequest, Model } from '../../src/media/schemas.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';

const model = (slug: string): Model => {
  const found = SIM_MODELS.find((m) => m.slug === slug);
  if (!found) throw new Error(`no model ${slug}`);
  return found;
};
const quote = (slug: string, extra: Partial<CreateGenerationRequest> = {}) =>
  quoteMicros(model(slug), { model: slug, prompt: 'a cat', ...extra });

// Expected figures are the spec's catalog table worked by hand, in micro-USD.
describe('price quotes for every model of the catalog', () => {
  it.each([
    ['quick-video-1', { duration: 10 }, 300_000],
    ['quick-video-1', { duration: 6, resolution: '720p' }, 180_000],
    ['quick-video-1', {}, 180_000],
    ['vista-3.1-fast', {}, 300_000],
    ['vista-3.1-fast', { resolution: '1080p' }, 300_000],
    ['vista-3.1-fast', { resolution: '4k' }, 900_000],
    ['vista-3.1-lite', {}, 200_000],
    ['vista-3.1-lite', { resolution: '4k' }, 600_000],
    ['orbit-2', { duration: 10 }, 400_000],
    ['orbit-2', { duration: 15, resolution: '1080p' }, 600_000],
    ['orbit-2-pro', { duration: 25 }, 1_200_000],
    ['motion-2.0', {}, 660_000],
    ['motion-2.0', { duration: 10, resolution: '720p' }, 2_840_000],
    ['motion-2.0', { video_urls: ['https://example.com/a.mp4'] }, 400_000],
    ['motion-2.0', { duration: 4, resolution: '720p', video_urls: ['https://example.com/a.mp4'] }, 684_800],
    ['motion-2.0-fast', {}, 528_000],
    ['motion-2.0-fast', { duration: 15, resolution: '720p' }, 3_432_000],
    ['motion-2.0-fast', { duration: 10, video_urls: ['https://example.com/a.mp4'] }, 632_000],
    ['motion-2.0-fast', { resolution: '720p', video_urls: ['https://example.com/a.mp4'] }, 680_000],
    ['omni-flash-ext', {}, 200_000],
    ['omni-flash-ext', { duration: 8 }, 400_000],
    ['omni-flash-ext', { duration: 6, resolution: '1080p' }, 450_000],
    ['omni-flash-ext', { duration: 10, resolution: '4k' }, 1_500_000],
    ['lang-4o-image', {}, 20_000],
    ['lang-image-2', {}, 16_000],
    ['lang-image-2', { resolution: '4K' }, 48_000],
    ['dream-4.5', {}, 40_000],
    ['dream-4.5', { resolution: '2K' }, 80_000],
    ['dream-4.5', { resolution: '4K' }, 120_000],
    ['dream-5.0-lite', { resolution: '2K' }, 80_000],
    ['nano-fruit-pro', {}, 100_000],
    ['nano-fruit-pro', { resolution: '4K' }, 300_000],
    ['nano-fruit-2', { resolution: '2K' }, 80_000],
  ] satisfies [string, Partial<CreateGenerationRequest>, number][])(
    '%s with %o costs %i micro-USD',
    (slug, extra, expected) => {
      expect(quote(slug, extra)).toBe(expected);
    },
  );

  it('covers all 14 models of the spec', () => {
    expect(SIM_MODELS.map((m) => m.slug).sort()).toEqual(
      [
        'quick-video-1',
        'vista-3.1-fast',
        'vista-3.1-lite',
        'orbit-2',
        'orbit-2-pro',
        'motion-2.0',
        'motion-2.0-fast',
        'omni-flash-ext',
        'lang-4o-image',
        'lang-image-2',
        'dream-4.5',
        'dream-5.0-lite',
        'nano-fruit-pro',
        'nano-fruit-2',
      ].sort(),
    );
  });

  it('returns integer micro-USD even where USD floats are inexact', () => {
    for (const m of SIM_MODELS) {
      for (const resolution of [undefined, ...m.resolutions]) {
        for (const duration of m.durations.length ? m.durations : [undefined]) {
          expect(Number.isInteger(quoteMicros(m, { model: m.slug, prompt: 'x', resolution, duration }))).toBe(
            true,
          );
        }
      }
    }
  });
});

describe('menu prices', () => {
  it('shows the motion models "from" their 480p price, per second', () => {
    expect(basePriceMicros(model('motion-2.0'))).toEqual({ micros: 132_000, perSecond: true, varies: true });
    expect(basePriceMicros(model('motion-2.0-fast'))).toEqual({
      micros: 105_600,
      perSecond: true,
      varies: true,
    });
  });

  it('shows a flat price without "from" when no resolution costs more', () => {
    expect(basePriceMicros(model('lang-4o-image'))).toEqual({
      micros: 20_000,
      perSecond: false,
      varies: false,
    });
    expect(basePriceMicros(model('vista-3.1-fast')).varies).toBe(true);
  });

  it('quotes a motion request at its chosen resolution, discounted by a video reference', () => {
    const video = ['https://example.com/a.mp4'];
    // 720p with a video: 0.1712 USD/s × 6 s, not the 480p menu price and not the plain 0.284.
    expect(quote('motion-2.0', { duration: 6, resolution: '720p', video_urls: video })).toBe(1_027_200);
    expect(quote('motion-2.0', { duration: 6, resolution: '720p' })).toBe(1_704_000);
    // Audio references alone give no discount.
    expect(quote('motion-2.0', { audio_urls: ['https://example.com/a.mp3'] })).toBe(660_000);
  });
});
