/**
 * The benchmark's gallery kit (testkit/results-seed.ts) works on an index: it seeds what it says
 * and runs each search. Its timings are the benchmark's to report; no time is asserted here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteResultsIndex } from '../../src/results/sqlite-index.ts';
import { seedResults, timeSearches } from '../../testkit/results-seed.ts';

let dir: string;
let index: SqliteResultsIndex;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'results-seed-test-'));
  index = await SqliteResultsIndex.open(join(dir, 'bot.sqlite'));
});
afterEach(async () => {
  await index.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the results seed', () => {
  it('fills an index with a server of members, channels, models and batches, the same on every run', async () => {
    const gallery = await seedResults(index, { results: 400, members: 20, channels: 6 });
    expect(await index.size()).toBe(400);
    expect(gallery.channelIds).toHaveLength(6);
    const all = new Set(gallery.channelIds);
    const page = await index.search({ guildId: gallery.guildId, viewableChannelIds: all, limit: 100 });
    expect(page.total).toBe(400);
    const newest = page.results[0];
    expect(newest?.prompt.split(' ').length).toBeGreaterThanOrEqual(8);
    expect(new Set(page.results.map((r) => r.userId)).size).toBeGreaterThan(1);
    expect(page.results.some((r) => r.batch !== null)).toBe(true);

    // Another index seeded alike holds the same results.
    const twin = await SqliteResultsIndex.open(join(dir, 'twin.sqlite'));
    try {
      await seedResults(twin, { results: 400, members: 20, channels: 6 });
      expect(await twin.get(gallery.guildId, newest?.generationId ?? '')).toEqual(newest);
    } finally {
      await twin.close();
    }
  });

  it('times each kind of search the given number of times', async () => {
    const gallery = await seedResults(index, { results: 300, members: 10, channels: 8 });
    const timings = await timeSearches(index, { gallery, rounds: 5, viewable: 6 });
    expect(Object.keys(timings)).toEqual(['firstPage', 'oneWord', 'threeWordsAndModel']);
    for (const timing of Object.values(timings)) expect(timing.n).toBe(5);
  });
});
