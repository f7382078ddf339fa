import { describe, expect, it } from 'vitest';
import { effectiveResolution, higherResolution } from '../../src/catalog/resolution.ts';
import type { Model } from '../../src/media/schemas.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';

const model = (slug: string): Model => {
  const found = SIM_MODELS.find((m) => m.slug === slug);
  if (!found) throw new Error(`no model ${slug}`);
  return found;
};

describe("a request's resolution", () => {
  const motion = model('motion-2.0'); // 480p (its default), 720p

  it('is the one asked for, else the model’s first', () => {
    expect(effectiveResolution(motion, { resolution: '720p' })).toBe('720p');
    expect(effectiveResolution(motion, {})).toBe('480p');
  });

  it('steps up from what the request makes, default included, and not past the highest', () => {
    expect(higherResolution(motion, {})).toBe('720p');
    expect(higherResolution(motion, { resolution: '480p' })).toBe('720p');
    expect(higherResolution(motion, { resolution: '720p' })).toBeUndefined();
  });

  it('offers no step from a resolution the model no longer lists', () => {
    expect(higherResolution(motion, { resolution: '4k' })).toBeUndefined();
  });
});
