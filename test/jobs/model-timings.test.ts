import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelTimings } from '../../src/jobs/model-timings.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { logger } from './helpers.ts';

let dir: string;
let store: Store;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'timings-test-'));
  store = await openStore(`sqlite://${join(dir, 'bot.sqlite')}`);
});
afterEach(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const T0 = Date.parse('2026-11-23T10:00:00.000Z');
const finished = (id: string, model: string, ms: number) => ({
  id,
  model,
  created_at: new Date(T0).toISOString(),
  completed_at: new Date(T0 + ms).toISOString(),
});

describe('model timings', () => {
  it('knows nothing of a model before it was seen finishing', () => {
    const timings = new ModelTimings(store.namespace('jobs'), logger);
    expect(timings.typicalMs('lang-4o-image')).toBeUndefined();
    timings.observe({ ...finished('g1', 'lang-4o-image', 5_000), completed_at: null });
    expect(timings.typicalMs('lang-4o-image')).toBeUndefined();
  });

  it('takes the median of recent durations per model, so one stuck generation does not move it', () => {
    const timings = new ModelTimings(store.namespace('jobs'), logger);
    timings.observe(finished('g1', 'a', 10_000));
    expect(timings.typicalMs('a')).toBe(10_000);
    timings.observe(finished('g2', 'a', 12_000));
    expect(timings.typicalMs('a')).toBe(11_000);
    timings.observe(finished('g3', 'a', 600_000));
    expect(timings.typicalMs('a')).toBe(12_000);
    timings.observe(finished('g4', 'b', 90_000));
    expect(timings.typicalMs('a')).toBe(12_000);
    expect(timings.typicalMs('b')).toBe(90_000);
  });

  it('counts a generation once however many poll rounds report it, and ignores impossible timestamps', () => {
    const timings = new ModelTimings(store.namespace('jobs'), logger);
    timings.observe(finished('g1', 'a', 10_000));
    timings.observe(finished('g2', 'a', 20_000));
    timings.observe(finished('g2', 'a', 20_000));
    timings.observe(finished('g2', 'a', 20_000));
    expect(timings.typicalMs('a')).toBe(15_000);
    timings.observe(finished('g3', 'a', -5_000));
    timings.observe({ ...finished('g4', 'a', 0), completed_at: 'not a date' });
    expect(timings.typicalMs('a')).toBe(15_000);
  });

  it('takes any model name the service sends as a plain name, never as a property of an object', async () => {
    const timings = new ModelTimings(store.namespace('jobs'), logger);
    for (const [i, model] of ['constructor', '__proto__', 'toString'].entries()) {
      expect(() => timings.observe(finished(`odd-${i}`, model, 4_000))).not.toThrow();
      expect(timings.typicalMs(model)).toBe(4_000);
    }
    await timings.flush();
    const again = new ModelTimings(store.namespace('jobs'), logger);
    await again.load();
    expect(again.typicalMs('constructor')).toBe(4_000);
  });

  it('keeps what it learned across a restart', async () => {
    const before = new ModelTimings(store.namespace('jobs'), logger);
    before.observe(finished('g1', 'a', 30_000));
    before.observe(finished('g2', 'a', 40_000));
    await before.flush();

    const second = await openStore(`sqlite://${join(dir, 'bot.sqlite')}`);
    const after = new ModelTimings(second.namespace('jobs'), logger);
    await after.load();
    expect(after.typicalMs('a')).toBe(35_000);
    await second.close();
  });
});
