import { describe, expect, it } from 'vitest';
import { createLocalRateLimiter, type Priority } from '../../src/media/rate-limiter.ts';
import { ManualClock, settle } from '../support/manual-clock.ts';

/** Starts an acquire and records when (clock time) and in which order it was granted. */
function tracker(clock: ManualClock) {
  const granted: { name: string; at: number }[] = [];
  const rejected: { name: string; reason: unknown }[] = [];
  return {
    granted,
    rejected,
    names: () => granted.map((g) => g.name),
    track(name: string, promise: Promise<unknown>) {
      promise.then(
        () => granted.push({ name, at: clock.now() }),
        (reason: unknown) => rejected.push({ name, reason }),
      );
    },
  };
}

/** A deterministic pseudo-random sequence, so the mix of arrivals is the same on every run. */
function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('createLocalRateLimiter', () => {
  it('never lets more than `limit` acquisitions into any rolling window, under bursts from both priorities', async () => {
    const clock = new ManualClock();
    const limit = 5;
    const windowMs = 1_000;
    const limiter = createLocalRateLimiter({ limit, windowMs, clock });
    const t = tracker(clock);
    const random = lcg(42);
    const callers = 60;
    // Callers arrive spread over ~3 windows, in bursts, with mixed priorities.
    for (let i = 0; i < callers; i++) {
      const arriveAfter = Math.floor(random() * 3_000);
      const priority: Priority = random() < 0.3 ? 'submit' : 'poll';
      void clock.sleep(arriveAfter).then(() => t.track(`${priority}-${i}`, limiter.acquire(priority)));
    }
    await clock.runUntil(() => t.granted.length === callers);

    const times = t.granted.map((g) => g.at).sort((a, b) => a - b);
    for (let i = 0; i + limit < times.length; i++) {
      // The (i + limit)-th acquisition must fall outside the window that starts at the i-th.
      expect((times[i + limit] as number) - (times[i] as number)).toBeGreaterThanOrEqual(windowMs);
    }
    // And the budget is used, not wasted: 60 acquisitions at 5 per second need about 12 windows.
    expect((times.at(-1) as number) - (times[0] as number)).toBeLessThanOrEqual(12 * windowMs);
    expect(t.rejected).toEqual([]);
  });

  it('grants at once while there is room and reports what is left with available()', async () => {
    const clock = new ManualClock();
    const limiter = createLocalRateLimiter({ limit: 3, windowMs: 1_000, clock });
    expect(limiter.available()).toBe(3);
    await limiter.acquire('poll');
    await clock.run(400);
    await limiter.acquire('submit');
    expect(limiter.available()).toBe(1);
    await limiter.acquire('poll');
    expect(limiter.available()).toBe(0);
    // The first acquisition leaves the window 1 000 ms after it was taken.
    await clock.run(599);
    expect(limiter.available()).toBe(0);
    await clock.run(1);
    expect(limiter.available()).toBe(1);
  });

  it('makes the next caller wait until the oldest acquisition leaves the window', async () => {
    const clock = new ManualClock();
    const start = clock.now();
    const limiter = createLocalRateLimiter({ limit: 2, windowMs: 1_000, clock });
    const t = tracker(clock);
    t.track('a', limiter.acquire('poll'));
    await clock.run(300);
    t.track('b', limiter.acquire('poll'));
    t.track('c', limiter.acquire('poll'));
    t.track('d', limiter.acquire('poll'));
    await clock.runUntil(() => t.granted.length === 4);
    expect(t.granted.map((g) => [g.name, g.at - start])).toEqual([
      ['a', 0],
      ['b', 300],
      ['c', 1_000],
      ['d', 1_300],
    ]);
  });

  it('blocks every caller, waiting or new, during pauseFor and lets them all through when it ends', async () => {
    const clock = new ManualClock();
    const start = clock.now();
    const limiter = createLocalRateLimiter({ limit: 10, windowMs: 60_000, clock, burst: 10 });
    const t = tracker(clock);
    await limiter.acquire('poll');
    limiter.pauseFor(5_000);
    expect(limiter.available()).toBe(0);
    t.track('waiting-poll', limiter.acquire('poll'));
    t.track('waiting-submit', limiter.acquire('submit'));
    await clock.run(2_000);
    // A shorter pause (another 429 answered with a smaller Retry-After) never shortens the longer one.
    limiter.pauseFor(1_000);
    t.track('new-poll', limiter.acquire('poll'));
    await clock.run(2_999);
    expect(t.granted).toEqual([]);

    await clock.run(1);
    expect(t.granted.map((g) => [g.name, g.at - start])).toEqual([
      ['waiting-submit', 5_000],
      ['waiting-poll', 5_000],
      ['new-poll', 5_000],
    ]);
    expect(limiter.available()).toBe(6);
  });

  it('extends a running pause when a later pauseFor reaches further', async () => {
    const clock = new ManualClock();
    const start = clock.now();
    const limiter = createLocalRateLimiter({ limit: 10, windowMs: 60_000, clock });
    const t = tracker(clock);
    limiter.pauseFor(1_000);
    t.track('a', limiter.acquire('poll'));
    await clock.run(500);
    limiter.pauseFor(2_000);
    await clock.runUntil(() => t.granted.length === 1);
    expect(t.granted[0]?.at).toBe(start + 2_500);
  });

  it('serves a waiting submission before polls that have waited longer, then polls in arrival order', async () => {
    const clock = new ManualClock();
    const limiter = createLocalRateLimiter({ limit: 1, windowMs: 1_000, clock, maxPollOvertakes: 4 });
    const t = tracker(clock);
    await limiter.acquire('poll');
    t.track('poll-1', limiter.acquire('poll'));
    t.track('poll-2', limiter.acquire('poll'));
    await clock.run(100);
    t.track('submit-1', limiter.acquire('submit'));
    t.track('poll-3', limiter.acquire('poll'));
    t.track('submit-2', limiter.acquire('submit'));
    await clock.runUntil(() => t.granted.length === 5);
    expect(t.names()).toEqual(['submit-1', 'submit-2', 'poll-1', 'poll-2', 'poll-3']);
  });

  it("counts an answered request from its answer, so a request slow on its way cannot crowd the service's window", async () => {
    const clock = new ManualClock();
    const limiter = createLocalRateLimiter({ limit: 1, windowMs: 1_000, clock, burst: 1 });
    const start = clock.now();
    const first = await limiter.acquire('submit');
    await clock.run(400);
    // Answered 400 ms after its grant: the service may have counted it as late as that.
    await first.answered();
    await first.answered();
    const t = tracker(clock);
    t.track('second', limiter.acquire('submit'));
    await clock.runUntil(() => t.granted.length === 1);
    expect(t.granted[0]?.at).toBe(start + 1_400);
  });

  it('lets a waiting poll go after one submission by default: a list held back holds back every result on it', async () => {
    const clock = new ManualClock();
    const limiter = createLocalRateLimiter({ limit: 1, windowMs: 1_000, clock });
    const t = tracker(clock);
    await limiter.acquire('poll');
    t.track('poll-1', limiter.acquire('poll'));
    t.track('poll-2', limiter.acquire('poll'));
    await clock.run(100);
    t.track('submit-1', limiter.acquire('submit'));
    t.track('submit-2', limiter.acquire('submit'));
    t.track('submit-3', limiter.acquire('submit'));
    // It counts the status checks of the last window (for the wait estimates): poll-2 just now.
    await clock.runUntil(() => t.granted.length === 4);
    expect(limiter.recentPolls?.()).toBe(1);
    await clock.runUntil(() => t.granted.length === 5);
    expect(t.names()).toEqual(['submit-1', 'poll-1', 'submit-2', 'poll-2', 'submit-3']);
  });

  it('serves a poll once maxPollOvertakes submissions went ahead of it, so status checks never starve', async () => {
    const clock = new ManualClock();
    const limiter = createLocalRateLimiter({ limit: 1, windowMs: 1_000, clock, maxPollOvertakes: 2 });
    const t = tracker(clock);
    const start = clock.now();
    await limiter.acquire('submit');
    t.track('poll', limiter.acquire('poll'));
    // Submissions keep arriving: without a bound on overtakes the poll would wait for all of them.
    for (let i = 1; i <= 4; i++) t.track(`submit-${i}`, limiter.acquire('submit'));
    await clock.runUntil(() => t.granted.length === 5);
    expect(t.names()).toEqual(['submit-1', 'submit-2', 'poll', 'submit-3', 'submit-4']);
    expect(t.granted[2]?.at).toBe(start + 3_000);
  });

  it('paces grants evenly once a burst is spent, instead of spending the whole window at once', async () => {
    const clock = new ManualClock();
    const limiter = createLocalRateLimiter({ limit: 120, windowMs: 60_000, clock, burst: 10 });
    const t = tracker(clock);
    const start = clock.now();
    for (let i = 0; i < 30; i++) t.track(`r${i}`, limiter.acquire('submit'));
    await clock.runUntil(() => t.granted.length === 30);
    const offsets = t.granted.map((g) => g.at - start);
    expect(offsets.slice(0, 10)).toEqual(Array(10).fill(0));
    // Then one every 500 ms (60 s / 120), not the rest of the window's budget at once and silence after.
    expect(offsets.slice(10)).toEqual(Array.from({ length: 20 }, (_, i) => (i + 1) * 500));
  });

  it('does not let a new caller jump ahead of callers already waiting', async () => {
    const clock = new ManualClock();
    const limiter = createLocalRateLimiter({ limit: 2, windowMs: 1_000, clock });
    const t = tracker(clock);
    await limiter.acquire('poll');
    await limiter.acquire('poll');
    t.track('waiting', limiter.acquire('poll'));
    await clock.run(1_000);
    expect(t.names()).toEqual(['waiting']);
    // One slot is free now, but nobody waits: a newcomer takes it at once.
    t.track('newcomer', limiter.acquire('poll'));
    await settle();
    expect(t.names()).toEqual(['waiting', 'newcomer']);
  });

  it('rejects an aborted acquire with the signal reason and passes its turn to the next caller', async () => {
    const clock = new ManualClock();
    const start = clock.now();
    const limiter = createLocalRateLimiter({ limit: 1, windowMs: 1_000, clock });
    const t = tracker(clock);
    await limiter.acquire('poll');
    const controller = new AbortController();
    t.track('aborted', limiter.acquire('submit', controller.signal));
    t.track('next', limiter.acquire('poll'));
    await clock.run(500);
    const reason = new Error('member left');
    controller.abort(reason);
    await settle();
    expect(t.rejected).toEqual([{ name: 'aborted', reason }]);

    await clock.runUntil(() => t.granted.length === 1);
    expect(t.granted).toEqual([{ name: 'next', at: start + 1_000 }]);
  });

  it('rejects at once, taking nothing from the budget, when the signal is already aborted', async () => {
    const clock = new ManualClock();
    const limiter = createLocalRateLimiter({ limit: 2, windowMs: 1_000, clock });
    const reason = new Error('already gone');
    await expect(limiter.acquire('poll', AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(limiter.available()).toBe(2);
  });

  it('stops its timer once every waiter has aborted', async () => {
    const clock = new ManualClock();
    const limiter = createLocalRateLimiter({ limit: 1, windowMs: 1_000, clock });
    await limiter.acquire('poll');
    const controller = new AbortController();
    const waiting = limiter.acquire('poll', controller.signal);
    await settle();
    expect(clock.sleeping).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toBeDefined();
    await settle();
    expect(clock.sleeping).toBe(0);
  });
});
