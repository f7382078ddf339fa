import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { Poller, type PollerOptions } from '../../src/jobs/poller.ts';
import type { Generation, MediaType } from '../../src/media/schemas.ts';
import type { RecordedRequest } from '../../src/sim/server.ts';
import { deferred, generationReads, logger, useWorld } from './helpers.ts';

const w = useWorld({ scale: 50 });
const pollers: Poller[] = [];
afterEach(async () => {
  await Promise.all(pollers.splice(0).map((p) => p.close()));
});

/** Creates `n` generations that stay unfinished for an hour, oldest first. */
async function create(n: number, type: MediaType = 'image'): Promise<string[]> {
  const model = type === 'image' ? 'lang-4o-image' : 'quick-video-1';
  const ids: string[] = [];
  for (let start = 0; start < n; start += 25) {
    const batch = Array.from({ length: Math.min(25, n - start) }, (_, i) =>
      w.client.createGeneration({ model, prompt: `${type} ${start + i} [sim:duration=3600000]` }),
    );
    // One batch at a time, so that the ids come back oldest first batch by batch.
    for (const { generation } of await Promise.all(batch)) ids.push(generation.id);
  }
  return ids;
}

/** The ids of the service's most recent generations (the combined list), newest first. */
async function mostRecent(perPage: number): Promise<string[]> {
  return (await w.client.listGenerations({ perPage })).generations.map((g) => g.id);
}

function startPoller(options: Partial<PollerOptions> & Pick<PollerOptions, 'onGeneration'>): Poller {
  const poller = new Poller({
    client: w.client,
    clock: w.clock,
    logger,
    budgetAvailable: () => 120,
    budgetLimit: 120,
    ...options,
  });
  pollers.push(poller);
  return poller;
}

/**
 * What a round asks for, at the spec's cadence: these tests give the poller a budget that never
 * runs out (budgetAvailable is constant), which would otherwise bring its lists once a second
 * (poller-cadence.test.ts follows that with a real limiter).
 */
const SPEC_CADENCE = { spendSpare: false } as const;

/** A request in short: `list` (combined), `image:2` (typed page), `get:<id>` (single). */
function describeRead(r: RecordedRequest): string {
  if (r.path !== '/api/v1/generations') return `get:${r.path.split('/').pop()}`;
  if (r.query.type === undefined) return `list:${r.query.per_page}`;
  return `${r.query.type}:${r.query.page}`;
}

/** Counts onGeneration calls per id and resolves `until` once the predicate holds. */
function sightings(until: (counts: Map<string, number>, g: Generation) => boolean) {
  const counts = new Map<string, number>();
  const reached = deferred();
  const onGeneration = (g: Generation) => {
    counts.set(g.id, (counts.get(g.id) ?? 0) + 1);
    if (until(counts, g)) reached.resolve();
  };
  return { counts, reached: reached.promise, onGeneration };
}

describe('poller', () => {
  it('follows 50 generations with one list request per round and no single checks', async () => {
    const ids = await create(50);
    const from = w.sim.requests.length;
    const seen = sightings((counts) => ids.every((id) => (counts.get(id) ?? 0) >= 3));
    const poller = startPoller({ onGeneration: seen.onGeneration });
    const t0 = w.clock.now();
    for (const id of ids) poller.follow({ id, type: 'image', createdAt: t0 });
    poller.start();

    await seen.reached;
    await poller.close();

    const reads = generationReads(w.sim, from).map(describeRead);
    expect(reads).toEqual(['list:100', 'list:100', 'list:100']);
    // Every followed generation was reported in every round.
    for (const id of ids) expect(seen.counts.get(id)).toBe(3);
  });

  it('reaches past the first page with typed pages when more than 100 are in flight', async () => {
    // 120 images, then 30 videos: the combined list holds the videos and the 70 newest images.
    const images = await create(120, 'image');
    const videos = await create(30, 'video');
    const followed = [...images, ...videos];
    const from = w.sim.requests.length;
    const seen = sightings((counts) => followed.every((id) => (counts.get(id) ?? 0) >= 2));
    const poller = startPoller({ onGeneration: seen.onGeneration, ...SPEC_CADENCE });
    const t0 = w.clock.now();
    for (const id of images) poller.follow({ id, type: 'image', createdAt: t0 });
    for (const id of videos) poller.follow({ id, type: 'video', createdAt: t0 });
    poller.start();

    await seen.reached;
    await poller.close();

    // Per round: the combined list, then the two image pages that hold the 50 older images.
    expect(generationReads(w.sim, from).map(describeRead)).toEqual([
      'list:100',
      'image:1',
      'image:2',
      'list:100',
      'image:1',
      'image:2',
    ]);
    expect(generationReads(w.sim, from).every((r) => r.query.per_page === '100')).toBe(true);
    for (const id of followed) expect(seen.counts.get(id)).toBeGreaterThanOrEqual(2);
  });

  it('asks singly only about a generation that no list reached', async () => {
    const [oldest] = await create(1);
    // 500 newer images push the oldest one past the five typed pages a round may read.
    await create(500);
    const newest = await mostRecent(100);
    const from = w.sim.requests.length;
    const seen = sightings((counts) => (counts.get(oldest as string) ?? 0) >= 2);
    const poller = startPoller({ onGeneration: seen.onGeneration, ...SPEC_CADENCE });
    const t0 = w.clock.now();
    poller.follow({ id: oldest as string, type: 'image', createdAt: t0 });
    for (const id of newest) poller.follow({ id, type: 'image', createdAt: t0 });
    poller.start();

    await seen.reached;
    await poller.close();

    const reads = generationReads(w.sim, from).map(describeRead);
    // Two rounds, each opened by the combined list and closed by the one single check it needed.
    expect(reads.filter((r) => r === 'list:100')).toHaveLength(2);
    expect(reads[0]).toBe('list:100');
    expect(reads.filter((r) => r.startsWith('get:'))).toEqual([`get:${oldest}`, `get:${oldest}`]);
    expect(reads.at(-1)).toBe(`get:${oldest}`);
    // Typed pages, if any, are image pages and reach back at most five pages.
    for (const r of reads.filter((r) => !r.startsWith('get:') && r !== 'list:100')) {
      expect(r).toMatch(/^image:[1-5]$/);
    }
    for (const id of newest) expect(seen.counts.get(id)).toBeGreaterThanOrEqual(2);
  });

  it('reads a typed page rather than asking singly when newer generations push the followed ones off the combined list', async () => {
    // 20 videos still in flight, then 100 images that have come and gone (no longer followed).
    const videos = await create(20, 'video');
    await create(100, 'image');
    const from = w.sim.requests.length;
    const seen = sightings((counts) => videos.every((id) => (counts.get(id) ?? 0) >= 2));
    const poller = startPoller({ onGeneration: seen.onGeneration, ...SPEC_CADENCE });
    const t0 = w.clock.now();
    for (const id of videos) poller.follow({ id, type: 'video', createdAt: t0 });
    poller.start();

    await seen.reached;
    await poller.close();

    // One page of videos answers for all 20; twenty single checks per round would spend the
    // whole budget (120/min) on five-second rounds.
    const reads = generationReads(w.sim, from).map(describeRead);
    expect(reads.filter((r) => r.startsWith('get:'))).toEqual([]);
    expect(reads).toEqual(['list:100', 'video:1', 'list:100', 'video:1']);
  });

  it('spends nothing beyond the list on jobs it misses while the budget is short, until they go unseen for maxMs', async () => {
    // One video in flight, pushed off the combined list by 100 newer images.
    const [video] = await create(1, 'video');
    await create(100, 'image');
    const from = w.sim.requests.length;
    const seen = sightings((counts) => (counts.get(video as string) ?? 0) >= 1);
    const poller = startPoller({
      onGeneration: seen.onGeneration,
      budgetAvailable: () => 0,
      intervals: { imageMs: 3_000, videoMs: 5_000, maxMs: 30_000 },
    });
    const t0 = w.clock.now();
    poller.follow({ id: video as string, type: 'video', createdAt: t0 });
    poller.start();

    await seen.reached;
    await poller.close();

    const reads = generationReads(w.sim, from);
    const single = reads.findIndex((r) => r.path !== '/api/v1/generations');
    // Only list requests until the video had gone unseen for 30 s; then one single check found it.
    expect(single).toBe(reads.length - 1);
    expect(reads.slice(0, single).every((r) => describeRead(r) === 'list:100')).toBe(true);
    expect((reads[single] as RecordedRequest).at - t0).toBeGreaterThanOrEqual(30_000);
  });

  it('reports every covered generation and stops asking about the ones it forgot', async () => {
    const [a, b] = await create(2);
    // A generation the service no longer knows: only a single check can ask about it.
    const gone = randomUUID();
    const from = w.sim.requests.length;
    let poller: Poller | undefined;
    const seen = sightings((counts, g) => {
      // The bot forgets a job when it is done; here: after its second report.
      if (g.id === b && counts.get(b) === 2) {
        poller?.forget(b);
        poller?.forget(gone);
      }
      return (counts.get(a as string) ?? 0) >= 4;
    });
    poller = startPoller({ onGeneration: seen.onGeneration, ...SPEC_CADENCE });
    const t0 = w.clock.now();
    for (const id of [a as string, b as string, gone]) poller.follow({ id, type: 'image', createdAt: t0 });
    poller.start();

    await seen.reached;
    await poller.close();

    expect(generationReads(w.sim, from).map(describeRead)).toEqual([
      'list:100',
      `get:${gone}`,
      'list:100',
      'list:100',
      'list:100',
    ]);
    expect(seen.counts.get(a as string)).toBe(4);
    expect(seen.counts.get(b as string)).toBe(2);
    expect(seen.counts.has(gone)).toBe(false);
    expect(poller.size).toBe(1);
  });

  it('stretches its cadence while less than a quarter of the request budget is left', async () => {
    const [id] = await create(1);
    const ample = sightings(() => false);
    const short = sightings(() => false);
    // What submissions leave: more than a quarter of the budget (its own requests come on top), and none.
    const pollerAmple = startPoller({ onGeneration: ample.onGeneration, budgetAvailable: () => 31 });
    const pollerShort = startPoller({ onGeneration: short.onGeneration, budgetAvailable: () => 0 });
    const t0 = w.clock.now();
    for (const p of [pollerAmple, pollerShort]) {
      p.follow({ id: id as string, type: 'image', createdAt: t0 });
      p.start();
    }

    await w.clock.sleep(60_000);
    await Promise.all([pollerAmple.close(), pollerShort.close()]);

    // Every 3 s with budget to spare: about 20 rounds a minute.
    const ampleRounds = ample.counts.get(id as string) ?? 0;
    const shortRounds = short.counts.get(id as string) ?? 0;
    expect(ampleRounds).toBeGreaterThanOrEqual(14);
    expect(ampleRounds).toBeLessThanOrEqual(21);
    // Short of budget the list comes every 5 s instead of 3: about 12 rounds a minute.
    expect(shortRounds).toBeGreaterThanOrEqual(9);
    expect(shortRounds).toBeLessThanOrEqual(13);
    expect(shortRounds).toBeLessThan(ampleRounds);
  });

  it('returns to its usual cadence once the budget recovers', async () => {
    const [id] = await create(1);
    let budget = 0;
    const at: number[] = [];
    const enough = deferred();
    const poller = startPoller({
      budgetAvailable: () => budget,
      onGeneration: () => {
        at.push(w.clock.now());
        // Six rounds short of budget, then six with the budget back.
        if (at.length === 6) budget = 120;
        if (at.length === 12) enough.resolve();
      },
    });
    poller.follow({ id: id as string, type: 'image', createdAt: w.clock.now() });
    poller.start();

    await enough.promise;
    await poller.close();

    // Averages over several rounds: one round's request latency (real ms, scaled) is noise.
    const meanGap = (from: number, to: number) => ((at[to] as number) - (at[from] as number)) / (to - from);
    // While short, the list comes every 5 s; once the budget is back, every 3 s again.
    expect(meanGap(1, 5)).toBeGreaterThan(4_600);
    expect(meanGap(7, 11)).toBeLessThan(3_400);
  });

  it('checks images more often than videos', async () => {
    const [image] = await create(1, 'image');
    const [video] = await create(1, 'video');
    const images = sightings(() => false);
    const videos = sightings(() => false);
    const forImage = startPoller({ onGeneration: images.onGeneration });
    const forVideo = startPoller({ onGeneration: videos.onGeneration });
    const t0 = w.clock.now();
    forImage.follow({ id: image as string, type: 'image', createdAt: t0 });
    forVideo.follow({ id: video as string, type: 'video', createdAt: t0 });
    forImage.start();
    forVideo.start();

    await w.clock.sleep(60_000);
    await Promise.all([forImage.close(), forVideo.close()]);

    // Images about every 3 s, videos every 5 s.
    const imageChecks = images.counts.get(image as string) ?? 0;
    const videoChecks = videos.counts.get(video as string) ?? 0;
    expect(imageChecks).toBeGreaterThanOrEqual(14);
    expect(imageChecks).toBeLessThanOrEqual(21);
    expect(videoChecks).toBeGreaterThanOrEqual(8);
    expect(videoChecks).toBeLessThanOrEqual(13);
    expect(imageChecks).toBeGreaterThan(videoChecks + 3);
  });
});
