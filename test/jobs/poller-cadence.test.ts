/**
 * The poller's cadence against a real request budget: the limiter of 120 a minute that its
 * client and the submissions share, as in the bot. With budget to spare the combined list comes
 * sooner (down to once a second); it never asks a lone job more often than the spec's cadence;
 * and as submissions take the budget it falls back to the spec's cadence and then stretches it,
 * so that the submissions keep the budget they use.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Poller } from '../../src/jobs/poller.ts';
import type { MediaClient } from '../../src/media/client.ts';
import { createLocalRateLimiter, type RateLimiter } from '../../src/media/rate-limiter.ts';
import type { MediaType } from '../../src/media/schemas.ts';
import { generationReads, isCombinedList, logger, useWorld } from './helpers.ts';

// ×20, not the ×50 of poller.test.ts: a round's real milliseconds must stay small against a 1 s cadence.
const w = useWorld({ scale: 20 });
let limiter: RateLimiter;
/** The client that spends the 120 a minute; setup goes through the world's unlimited one. */
let budgeted: MediaClient;
const pollers: Poller[] = [];
const stops: AbortController[] = [];
beforeEach(async () => {
  limiter = createLocalRateLimiter({ limit: 120, clock: w.clock });
  budgeted = w.newClient(limiter);
});
afterEach(async () => {
  for (const s of stops.splice(0)) s.abort();
  await Promise.all(pollers.splice(0).map((p) => p.close()));
});

/** `n` generations of `type` that stay unfinished for an hour (created outside the budget). */
async function inFlight(n: number, type: MediaType = 'image'): Promise<string[]> {
  const model = type === 'image' ? 'lang-4o-image' : 'quick-video-1';
  const created = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      w.client.createGeneration({ model, prompt: `${type} ${i} [sim:duration=3600000]` }),
    ),
  );
  return created.map((c) => c.generation.id);
}

function startPoller(ids: string[], type: MediaType = 'image'): Poller {
  const poller = new Poller({
    client: budgeted,
    clock: w.clock,
    logger,
    budgetAvailable: () => limiter.available(),
    budgetLimit: 120,
    onGeneration: () => undefined,
  });
  pollers.push(poller);
  const t0 = w.clock.now();
  for (const id of ids) poller.follow({ id, type, createdAt: t0 });
  poller.start();
  return poller;
}

/** Combined lists the simulator received between two clock times. */
function listsBetween(from: number, to: number): number {
  return generationReads(w.sim).filter((r) => isCombinedList(r) && r.at >= from && r.at < to).length;
}

/** Submits through the shared budget one generation every `everyMs` of clock time, until stopped. */
function submitEvery(everyMs: number): void {
  const stop = new AbortController();
  stops.push(stop);
  void (async () => {
    for (let i = 0; !stop.signal.aborted; i++) {
      void budgeted
        .createGeneration({ model: 'lang-4o-image', prompt: `load ${i} [sim:duration=3600000]` })
        .catch(() => undefined);
      await w.clock.sleep(everyMs, stop.signal).catch(() => undefined);
    }
  })();
}

/** Submits `n` generations at once: a backlog that keeps submissions waiting for the budget. */
function backlog(n: number): void {
  const stop = new AbortController();
  stops.push(stop);
  for (let i = 0; i < n; i++) {
    void budgeted
      .createGeneration(
        { model: 'lang-4o-image', prompt: `backlog ${i} [sim:duration=3600000]` },
        { signal: stop.signal },
      )
      .catch(() => undefined);
  }
}

describe('poller cadence and the free budget', () => {
  it('with budget to spare lists about once a second instead of every 3 s', async () => {
    startPoller(await inFlight(10));
    const from = w.clock.now() + 5_000;
    await w.clock.sleep(35_000);

    // 30 s of clock: once a second is 30 lists; the spec's 3 s would be 10.
    const lists = listsBetween(from, from + 30_000);
    expect(lists).toBeGreaterThanOrEqual(18);
    // Never more often than once a second, however much is free.
    expect(lists).toBeLessThanOrEqual(31);
  });

  it('asks about a lone job no more often than the spec would poll it on its own', async () => {
    startPoller(await inFlight(1, 'video'), 'video');
    const from = w.clock.now() + 5_000;
    await w.clock.sleep(65_000);

    // A video every 5 s: 12 in a minute, with the whole budget free.
    const lists = listsBetween(from, from + 60_000);
    expect(lists).toBeGreaterThanOrEqual(9);
    expect(lists).toBeLessThanOrEqual(13);
  });

  it('slows down as submissions take the budget: what they leave is what it spends', async () => {
    startPoller(await inFlight(10));
    // About 60 submissions a minute leave 60, of which a quarter is kept for them: a list every 2 s.
    submitEvery(1_000);
    await w.clock.sleep(65_000);
    const from = w.clock.now();
    await w.clock.sleep(60_000);

    const minute = w.sim.requests.filter((r) => r.at >= from && r.at < from + 60_000);
    const submissions = minute.filter((r) => r.method === 'POST').length;
    const lists = minute.filter((r) => r.method === 'GET' && isCombinedList(r)).length;
    const spare = 120 - submissions - 30;
    // The premise: submissions took a good part of the budget (60 asked; fewer go on a loaded machine).
    expect(submissions).toBeGreaterThanOrEqual(30);
    // The guarantee: the limiter's sliding minute holds 120, so lists and submissions together never
    // pass it in any minute; and the poller lists less often than once a second.
    expect(lists + submissions).toBeLessThanOrEqual(120);
    expect(lists).toBeLessThan(55);
    // What it aims at is what submissions leave less the reserve (`spare`), but the minute counted
    // here is not the pacing's: on a loaded 2-core machine late timers moved up to 5 lists across
    // its edges (39 against a spare of 34 in a full CI run), so that aim is checked loosely, as is
    // its spending what is left (31 of 50 seen beside a full CI run and a CPU hog).
    expect(lists).toBeLessThanOrEqual(spare + 10);
    expect(lists).toBeGreaterThanOrEqual(spare * 0.5);
  });

  it('with no budget to spare never delays a submission: it keeps the short-budget cadence', async () => {
    // Videos: the backlog's newer images push them off the combined list, and one video page covers them.
    startPoller(await inFlight(10, 'video'), 'video');
    // Submissions always waiting (more than the three minutes can send): the budget is theirs.
    backlog(400);
    // From the second minute on, the window holds only what was sent while submissions waited.
    await w.clock.sleep(130_000);
    const from = w.clock.now() - 60_000;
    const to = w.clock.now();

    const reads = w.sim.requests.filter((r) => r.at >= from && r.at < to);
    const submissions = reads.filter((r) => r.method === 'POST').length;
    const statusChecks = reads.filter((r) => r.method === 'GET').length;
    const lists = reads.filter((r) => r.method === 'GET' && isCombinedList(r)).length;
    // The list every 8.3 s (the spec's 5 s stretched while the budget is short), and the video
    // page for the jobs the backlog pushed off it every other round.
    expect(lists).toBeLessThanOrEqual(8);
    expect(statusChecks).toBeLessThanOrEqual(13 + 7);
    // The submissions had the rest: at least four of every five requests sent.
    expect(submissions).toBeGreaterThanOrEqual(4 * statusChecks);
  });
});
