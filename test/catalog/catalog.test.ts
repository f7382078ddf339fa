import { describe, expect, it } from 'vitest';
import { ModelCatalog } from '../../src/catalog/catalog.ts';
import { scaledClock } from '../../src/clock.ts';
import { silentLogger } from '../../src/log.ts';
import type { Model } from '../../src/media/schemas.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';

describe('model catalog cache', () => {
  it('looks models up by slug and by the alternate slug dream-5-lite', async () => {
    const catalog = new ModelCatalog({
      fetchModels: async () => [...SIM_MODELS],
      clock: scaledClock(),
      logger: silentLogger,
    });
    await catalog.load();
    expect(catalog.get('dream-5-lite')?.slug).toBe('dream-5.0-lite');
    expect(catalog.get('motion-2.0')?.label).toBe('Motion 2.0');
    expect(catalog.get('unknown')).toBeUndefined();
    expect(catalog.list('image').every((m) => m.type === 'image')).toBe(true);
    expect(catalog.list('video')).toHaveLength(8);
  });

  it('keeps serving the stale list when a background refresh fails, and picks up the next good one', async () => {
    let calls = 0;
    let failedOnce!: () => void;
    const failed = new Promise<void>((resolve) => {
      failedOnce = resolve;
    });
    let refreshedOnce!: () => void;
    const refreshed = new Promise<void>((resolve) => {
      refreshedOnce = resolve;
    });
    const fetchModels = async (): Promise<Model[]> => {
      calls += 1;
      if (calls === 1) return [...SIM_MODELS];
      if (calls === 2) {
        failedOnce();
        throw new Error('service down');
      }
      refreshedOnce();
      return SIM_MODELS.filter((m) => m.type === 'image');
    };
    // 1 clock-second refresh interval at ×1000: a refresh every real millisecond.
    const catalog = new ModelCatalog({
      fetchModels,
      clock: scaledClock(1000),
      logger: silentLogger,
      refreshIntervalMs: 1000,
    });
    await catalog.load();
    catalog.startRefreshing();
    await failed;
    expect(catalog.list()).toHaveLength(14);
    await refreshed;
    await new Promise((r) => setImmediate(r));
    catalog.close();
    expect(catalog.list()).toHaveLength(6);
  });
});
