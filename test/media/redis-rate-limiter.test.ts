import { createClient } from '@keyv/redis';
import { afterEach, describe, expect, it } from 'vitest';
import { type Clock, scaledClock } from '../../src/clock.ts';
import type { Priority, RateLimiter } from '../../src/media/rate-limiter.ts';
import { createRedisRateLimiter } from '../../src/redis/rate-limiter.ts';
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

/** One "process": its own Redis connection and limiter, on the shared budget `prefix`. */
async function process(
  prefix: string,
  extra: { maxPollOvertakes?: number; clock?: Clock; attempts?: Attempt[] } = {},
): Promise<RateLimiter> {
  const { attempts, ...options } = extra;
  const client = createClient({ url: server.url });
  client.on('error', () => undefined);
  await client.connect();
  server.closing.push(() =>
    client.quit().then(
      () => undefined,
      () => client.destroy(),
    ),
  );
  const recording = {
    async eval(script: string, options: { keys: string[]; arguments: string[] }) {
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

  it("serves another process's waiting submissions before this process's polls", async () => {
    const prefix = newBudget();
    const [polls, submits] = [await process(prefix), await process(prefix)];
    // Spend the window, so that everything below waits for the next one.
    await Promise.all(Array.from({ length: LIMIT }, () => polls.acquire('poll')));
    const order: string[] = [];
    const waiting = [
      ...Array.from({ length: 3 }, (_, i) => polls.acquire('poll').then(() => void order.push(`poll${i}`))),
      ...Array.from({ length: 3 }, (_, i) =>
        submits.acquire('submit').then(() => void order.push(`submit${i}`)),
      ),
    ];
    await Promise.all(waiting);
    expect(order.slice(0, 3)).toEqual(['submit0', 'submit1', 'submit2']);
  });

  it('lets a poll through after it gave way to other processes maxPollOvertakes times', async () => {
    const prefix = newBudget();
    const attempts: Attempt[] = [];
    const submitAttempts: Attempt[] = [];
    const polls = await process(prefix, { maxPollOvertakes: 2, attempts });
    const submits = await process(prefix, { attempts: submitAttempts });
    await Promise.all(Array.from({ length: LIMIT }, () => polls.acquire('poll')));
    attempts.length = 0;
    // Submissions wait in the other process (it announces them before it asks for a slot), then
    // the poll joins. Which process asks first for each freed slot is a race between two
    // processes, so the order of grants is not what is asserted: the bound on giving way is.
    const stop = new AbortController();
    const waitingSubmits = Array.from({ length: 40 }, () =>
      submits.acquire('submit', stop.signal).catch(() => undefined),
    );
    // Its first ACQUIRE comes after its announcement.
    await expect.poll(() => submitAttempts.length).toBeGreaterThan(0);
    await polls.acquire('poll');
    stop.abort();
    await Promise.all(waitingSubmits);
    const pollAttempts = attempts.filter((a) => a.priority === 'poll');
    // It gave way to the waiting submissions, at most maxPollOvertakes times, and every attempt
    // after the last time asked as one that must go (never refused for another's submissions).
    const yields = pollAttempts.filter((a) => a.yielded);
    expect(yields.length).toBeLessThanOrEqual(2);
    const lastYield = pollAttempts.findLastIndex((a) => a.yielded);
    if (yields.length === 2) {
      expect(pollAttempts.slice(lastYield + 1).every((a) => a.mustGo)).toBe(true);
    }
    expect(pollAttempts.at(-1)?.granted).toBe(true);
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
