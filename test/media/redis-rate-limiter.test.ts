import { createClient } from '@keyv/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { type Clock, scaledClock } from '../../src/clock.ts';
import type { Priority, RateLimiter } from '../../src/media/rate-limiter.ts';
import { createRedisRateLimiter } from '../../src/redis/rate-limiter.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { startRedisServer, useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();
afterEach(() => {
  grants = [];
});

/** A clock 5 times faster than the wall: a 1-second window passes in 200 ms. */
const clock = scaledClock(5);
const LIMIT = 5;
const WINDOW_MS = 1_000;

/** Clock times at which the script granted a request, from every process (the time it decided at). */
let grants: number[] = [];

/** One ACQUIRE a process asked for: its priority, whether the poll had to go, and the answer. */
interface Attempt {
  priority: string;
  mustGo: boolean;
  granted: boolean;
  yielded: boolean;
}

/**
 * One "process": its own Redis connection and limiter, on the shared budget `prefix`. `attempts`
 * records each ACQUIRE it made; `gate`, when given, holds each ACQUIRE before it reaches Redis until
 * the gate opens (a process whose request for a slot is still on its way), counting those it held.
 */
async function process(
  prefix: string,
  extra: { maxPollOvertakes?: number; clock?: Clock; attempts?: Attempt[]; gate?: Gate } = {},
): Promise<RateLimiter> {
  const { attempts, gate, ...options } = extra;
  const client = await server.connect();
  const recording = {
    async eval(script: string, options: { keys: string[]; arguments: string[] }) {
      if (gate && options.arguments.length === 8) {
        gate.held += 1;
        await gate.opened;
      }
      const reply = await client.eval(script, options);
      if (Array.isArray(reply) && reply[0] === 1) grants.push(Number(reply[4]));
      // ACQUIRE's arguments: now, windowMs, limit, burst, priority, member, processId, pollMustGo.
      if (attempts && Array.isArray(reply) && options.arguments.length === 8) {
        attempts.push({
          priority: options.arguments[4] as string,
          mustGo: options.arguments[7] === '1',
          granted: reply[0] === 1,
          yielded: reply[3] === 1,
        });
      }
      return reply;
    },
  };
  return createRedisRateLimiter({
    redis: recording,
    prefix,
    limit: LIMIT,
    windowMs: WINDOW_MS,
    burst: LIMIT,
    clock,
    ...options,
  });
}

/** Holds a process's ACQUIREs (see `process`) until `open()`. */
interface Gate {
  held: number;
  opened: Promise<void>;
  open: () => void;
}

function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { held: 0, opened, open };
}

/** The pacing between grants (windowMs / limit), and how long a poll that gave way waits to ask again. */
const SPACING_MS = WINDOW_MS / LIMIT;

/** Waits (on Redis round trips, not on time) until `done()` holds or the clock has a sleeper to wake. */
const untilSleepingOr = (clock: ManualClock, done: () => boolean) =>
  expect.poll(() => done() || clock.sleeping > 0, { interval: 5, timeout: 5_000 }).toBe(true);

/**
 * Moves a hand-driven clock on, one pacing step at a time, each time a limiter sleeps, until
 * `done()` holds or `maxSteps` steps have passed (so that a broken bound fails, not hangs).
 */
async function stepUntil(clock: ManualClock, done: () => boolean, maxSteps: number): Promise<void> {
  for (let step = 0; step < maxSteps && !done(); step++) {
    await untilSleepingOr(clock, done);
    if (!done()) clock.advance(SPACING_MS);
  }
}

let budgets = 0;
const newBudget = () => `test:budget:${++budgets}`;

describe('the request budget in Redis, shared by several processes', () => {
  it('never lets more than the limit into any rolling window across two processes', async () => {
    const prefix = newBudget();
    const [a, b] = [await process(prefix), await process(prefix)];
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 30; i++) {
      const limiter = i % 2 === 0 ? a : b;
      const priority: Priority = i % 3 === 0 ? 'submit' : 'poll';
      calls.push(limiter.acquire(priority));
    }
    await Promise.all(calls);
    // The times the script decided at: when a request goes out is the caller's business after that.
    // A caller's clock read before another's may reach Redis after it; the script then decides at
    // the later time (it never runs backwards), which is what keeps every window within the limit.
    const times = [...grants].sort((x, y) => x - y);
    expect(times).toHaveLength(30);
    for (let i = 0; i + LIMIT < times.length; i++) {
      expect((times[i + LIMIT] as number) - (times[i] as number)).toBeGreaterThanOrEqual(WINDOW_MS);
    }
  });

  it('decides a caller whose clock lags at the latest time the budget has seen, so the window still holds', async () => {
    const prefix = newBudget();
    // B's clock is half a window behind A's (another host, or a call held up on its way to Redis).
    const lagging: Clock = {
      now: () => clock.now() - WINDOW_MS / 2,
      sleep: (ms, signal) => clock.sleep(ms, signal),
    };
    const [a, b] = [await process(prefix), await process(prefix, { clock: lagging })];
    await Promise.all(Array.from({ length: LIMIT }, () => a.acquire('submit')));
    // A's first five leave A's window; A takes one more, which drops them from the log.
    await clock.sleep(WINDOW_MS + 10);
    await a.acquire('submit');
    // B's clock says the first five are still in the window, but the log no longer holds them:
    // decided at B's own time, its grant would be the sixth within one window.
    await b.acquire('submit');
    const times = [...grants].sort((x, y) => x - y);
    expect(times).toHaveLength(LIMIT + 2);
    for (let i = 0; i + LIMIT < times.length; i++) {
      expect((times[i + LIMIT] as number) - (times[i] as number)).toBeGreaterThanOrEqual(WINDOW_MS);
    }
  });

  it('counts answered requests from their answer in every process', async () => {
    const prefix = newBudget();
    const [a, b] = [await process(prefix), await process(prefix)];
    const grantsOfA = await Promise.all(Array.from({ length: LIMIT }, () => a.acquire('submit')));
    await clock.sleep(WINDOW_MS / 2);
    const answeredAt = clock.now();
    await Promise.all(grantsOfA.map((g) => g.answered()));
    await b.acquire('submit');
    // From the answers, not the grants (which alone would have let it go half a window earlier).
    expect(clock.now() - answeredAt).toBeGreaterThanOrEqual(WINDOW_MS);
  });

  it("pauses every process on one process's 429", async () => {
    const prefix = newBudget();
    const [a, b] = [await process(prefix), await process(prefix)];
    const pausedAt = clock.now();
    a.pauseFor(3_000);
    expect(a.available()).toBe(0);
    // The other process asks once the pause is in Redis (pauseFor shares it without waiting).
    const look = createClient({ url: server.url });
    look.on('error', () => undefined);
    await look.connect();
    try {
      await expect.poll(() => look.exists(`${prefix}:pause`)).toBe(1);
    } finally {
      await look.quit();
    }
    await b.acquire('submit');
    expect(clock.now() - pausedAt).toBeGreaterThanOrEqual(3_000);
  });

  it("refuses this process's polls every slot while another process's submissions wait, and serves those first", async () => {
    const prefix = newBudget();
    // The hand-driven clock and the held requests decide every order below, so that it is the
    // script's rule that is seen, not which process's request reached Redis first.
    const clock = new ManualClock();
    const attempts: Attempt[] = [];
    const held = gate();
    // A bound this test never reaches: the priority alone is what is looked at here.
    const polls = await process(prefix, { clock, attempts, maxPollOvertakes: 1_000 });
    const submits = await process(prefix, { clock, gate: held });
    const order: string[] = [];
    const waitingSubmits = Array.from({ length: 3 }, (_, i) =>
      submits.acquire('submit').then(() => void order.push(`submit${i}`)),
    );
    // The other process announced its submissions before it asked for a slot (its ask is held).
    await expect.poll(() => held.held, { interval: 5, timeout: 5_000 }).toBe(1);
    const waitingPolls = Array.from({ length: 3 }, (_, i) =>
      polls.acquire('poll').then(() => void order.push(`poll${i}`)),
    );
    // The budget is empty, so only the other process's waiting submissions stand in the way.
    await stepUntil(clock, () => attempts.length >= 4 || order.length > 0, 10);
    expect(attempts.slice(0, 4)).toEqual(
      Array.from({ length: 4 }, () => ({ priority: 'poll', mustGo: false, granted: false, yielded: true })),
    );
    expect(order).toEqual([]);
    held.open();
    await Promise.all(waitingSubmits);
    await stepUntil(clock, () => order.length === 6, 20);
    expect(order).toEqual(['submit0', 'submit1', 'submit2', 'poll0', 'poll1', 'poll2']);
    await Promise.all(waitingPolls);
  });

  it('lets a poll through after it gave way to other processes maxPollOvertakes times, while their submissions still wait', async () => {
    const prefix = newBudget();
    const clock = new ManualClock();
    const attempts: Attempt[] = [];
    const held = gate();
    const polls = await process(prefix, { clock, attempts, maxPollOvertakes: 2 });
    const submits = await process(prefix, { clock, gate: held });
    const stop = new AbortController();
    let submitted = 0;
    const waitingSubmits = Array.from({ length: 3 }, () =>
      submits.acquire('submit', stop.signal).then(
        () => void submitted++,
        () => undefined,
      ),
    );
    // The other process's submissions wait, announced, and none of them gets a slot while the
    // poll asks: its request for one is held on its way to Redis.
    await expect.poll(() => held.held, { interval: 5, timeout: 5_000 }).toBe(1);
    let polled = false;
    const poll = polls.acquire('poll', stop.signal).then(() => {
      polled = true;
    });
    try {
      // Without the bound it would give way every time it asked (10 steps: 10 times).
      await stepUntil(clock, () => polled, 10);
      // It gave way exactly maxPollOvertakes times, then asked as one that must go and got the slot.
      const yielded = { priority: 'poll', mustGo: false, granted: false, yielded: true };
      expect(attempts).toEqual([
        yielded,
        yielded,
        { priority: 'poll', mustGo: true, granted: true, yielded: false },
      ]);
      expect(polled).toBe(true);
      expect(submitted).toBe(0);
    } finally {
      stop.abort();
      held.open();
      await Promise.allSettled([poll, ...waitingSubmits]);
    }
  });

  it('sends nothing while Redis is unreachable, and gives up on abort', async () => {
    const prefix = newBudget();
    const lonely = await startRedisServer();
    const client = createClient({ url: lonely.url, socket: { reconnectStrategy: false } });
    client.on('error', () => undefined);
    await client.connect();
    const warnings: unknown[] = [];
    const limiter = createRedisRateLimiter({
      redis: client,
      prefix,
      limit: LIMIT,
      windowMs: WINDOW_MS,
      clock,
      retryMs: 50,
      logger: { warn: (obj: unknown) => void warnings.push(obj) },
    });
    await lonely.stop();
    const controller = new AbortController();
    let granted = false;
    const acquired = limiter.acquire('submit', controller.signal).then(() => {
      granted = true;
    });
    await expect.poll(() => warnings.length).toBeGreaterThan(0);
    expect(granted).toBe(false);
    controller.abort(new Error('member gave up'));
    await expect(acquired).rejects.toThrow('member gave up');
  });
});
