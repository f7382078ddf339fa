/**
 * The token's one request budget shared by every process, in Redis: the same rules as the local
 * limiter (rate-limiter.ts) — a sliding log of grants so that at most `limit` fall in any window,
 * an even pace beyond a small burst, a 429 pausing every caller, the order of submissions and
 * status checks (`maxPollOvertakes`) — decided by one Lua script, so two processes can never both take the last slot.
 *
 * Each process keeps its own queue of waiters (the order among its own callers is local) and asks
 * Redis for one grant at a time for the waiter at its head. Priorities across processes: a process
 * with submissions waiting announces it (a sorted set of process ids with an expiry), and a poll is
 * refused a slot while any other process announces waiting submissions, unless it was already
 * overtaken `maxPollOvertakes` times (so polls are never starved).
 *
 * Time is the callers' clock, passed to the script (the wall clock in production). The script never
 * lets it run backwards: a caller whose `now` is older than the latest the budget has seen (a
 * slower clock on another host, or a call that waited between reading the clock and reaching Redis)
 * is decided at that latest time, so no rolling window ever holds more than `limit` grants.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';
import type { Logger } from '../log.ts';
import {
  DEFAULT_BURST,
  DEFAULT_MAX_POLL_OVERTAKES,
  grant,
  joinQueue,
  type Priority,
  type RateLimiter,
  type Waiter,
} from '../media/rate-limiter.ts';

/** The part of a node-redis client the limiter uses. */
export interface RedisScripting {
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

export interface RedisRateLimiterOptions {
  redis: RedisScripting;
  /** Keys start with it; one budget per token, so per prefix. */
  prefix?: string;
  limit?: number;
  windowMs?: number;
  burst?: number;
  maxPollOvertakes?: number;
  clock?: Clock;
  logger?: Pick<Logger, 'warn'>;
  /** How long to wait before asking Redis again after it failed. */
  retryMs?: number;
}

/**
 * KEYS: 1 grant log (zset, score = time), 2 pause (string, ms), 3 pacing bucket (hash), 4 processes
 * with waiting submissions (zset, score = expiry).
 * ARGV: now, windowMs, limit, burst, priority, member, processId, pollMustGo (0/1).
 * Returns { granted (0/1), wait ms, grants in the window, 1 when a poll yielded to other processes,
 * the time it was decided at }.
 */
const ACQUIRE = `
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
local seen = tonumber(redis.call('HGET', KEYS[3], 'seen') or now)
if seen > now then now = seen end
redis.call('HSET', KEYS[3], 'seen', tostring(now))
redis.call('PEXPIRE', KEYS[3], math.ceil(windowMs))
local limit = tonumber(ARGV[3])
local burst = tonumber(ARGV[4])
local spacing = windowMs / limit
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - windowMs)
local count = redis.call('ZCARD', KEYS[1])
local pausedUntil = tonumber(redis.call('GET', KEYS[2]) or '0')
if pausedUntil > now then return {0, math.ceil(pausedUntil - now), count} end
if count >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
  return {0, math.max(1, math.ceil(tonumber(oldest[2]) + windowMs - now)), count}
end
local bucket = redis.call('HMGET', KEYS[3], 'tokens', 'at')
local tokens = tonumber(bucket[1] or burst)
local at = tonumber(bucket[2] or now)
tokens = math.min(burst, tokens + math.max(0, now - at) / spacing)
if tokens < 1 then return {0, math.max(1, math.ceil((1 - tokens) * spacing)), count} end
if ARGV[5] == 'poll' and ARGV[8] == '0' then
  redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now)
  local others = redis.call('ZCARD', KEYS[4]) - (redis.call('ZSCORE', KEYS[4], ARGV[7]) and 1 or 0)
  if others > 0 then return {0, math.max(1, math.ceil(spacing)), count, 1, now} end
end
redis.call('ZADD', KEYS[1], now, ARGV[6])
redis.call('PEXPIRE', KEYS[1], math.ceil(windowMs))
redis.call('HSET', KEYS[3], 'tokens', tostring(tokens - 1), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[3], math.ceil(windowMs))
return {1, 0, count + 1, 0, now}
`;

/**
 * The key prefix of a token's budget: one budget per token for every process on this Redis, and
 * bots with different tokens on one Redis do not share one (a hash: the token is a secret).
 */
export function budgetPrefixFor(token: string): string {
  return `media:budget:${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
}

/** KEYS: 1 pause. ARGV: until (ms), ttl (ms). A shorter pause never shortens a longer one. */
const PAUSE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 1
`;

/** KEYS: 1 processes with waiting submissions. ARGV: processId, expiry or '' to leave. */
const ANNOUNCE = `
if ARGV[2] == '' then redis.call('ZREM', KEYS[1], ARGV[1]) else redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1]) end
return 1
`;

/**
 * KEYS: 1 grant log. ARGV: now, member, windowMs. An answered request counts from now (Grant.answered);
 * one already pruned is counted again, which errs on the side of fewer requests.
 */
const ANSWERED = `
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[3])))
return 1
`;

/** An announcement of waiting submissions lasts this long unless renewed (a dead process's lapses). */
const ANNOUNCE_TTL_MS = 5_000;

export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const { redis } = options;
  const prefix = options.prefix ?? 'media:budget';
  const limit = options.limit ?? 120;
  const windowMs = options.windowMs ?? 60_000;
  const burst = Math.min(limit, options.burst ?? DEFAULT_BURST);
  const maxPollOvertakes = options.maxPollOvertakes ?? DEFAULT_MAX_POLL_OVERTAKES;
  const clock = options.clock ?? systemClock;
  const retryMs = options.retryMs ?? 1_000;
  if (!(Number.isInteger(limit) && limit > 0)) throw new RangeError('limit must be a positive integer');
  if (!(windowMs > 0)) throw new RangeError('windowMs must be positive');
  const keys = {
    log: `${prefix}:log`,
    pause: `${prefix}:pause`,
    bucket: `${prefix}:bucket`,
    submitters: `${prefix}:submitters`,
  };
  const processId = randomUUID();

  const queues: Record<Priority, Waiter[]> = { submit: [], poll: [] };
  // What Redis said last, for the synchronous available(): an estimate between grants.
  let lastCount = 0;
  let localPausedUntil = Number.NEGATIVE_INFINITY;
  let announcedUntil = 0;
  let pumping = false;
  let pumpSleep: AbortController | undefined;

  const waiting = () => queues.submit.length + queues.poll.length;

  /** The waiter to serve next: submissions first, unless a poll was overtaken too often. */
  const head = (): Waiter | undefined => {
    const oldestPoll = queues.poll[0];
    if (oldestPoll && oldestPoll.overtaken >= maxPollOvertakes) return oldestPoll;
    return queues.submit[0] ?? oldestPoll;
  };

  const remove = (waiter: Waiter) => {
    const queue = queues[waiter.priority];
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
    if (waiting() === 0) pumpSleep?.abort();
  };

  /** Tells the other processes whether submissions wait here (renewed while they do). */
  const announce = async (now: number) => {
    if (queues.submit.length > 0) {
      if (announcedUntil - now > ANNOUNCE_TTL_MS / 2) return;
      announcedUntil = now + ANNOUNCE_TTL_MS;
      await redis.eval(ANNOUNCE, { keys: [keys.submitters], arguments: [processId, String(announcedUntil)] });
    } else if (announcedUntil > 0) {
      announcedUntil = 0;
      await redis.eval(ANNOUNCE, { keys: [keys.submitters], arguments: [processId, ''] });
    }
  };

  /** Counts an answered request from now (Grant.answered); best effort, like the pause. */
  const answered = async (member: string) => {
    await redis
      .eval(ANSWERED, { keys: [keys.log], arguments: [String(clock.now()), member, String(windowMs)] })
      .catch((err: unknown) => options.logger?.warn({ err }, 'could not move an answered request in Redis'));
  };

  const sleep = async (ms: number) => {
    pumpSleep = new AbortController();
    try {
      await clock.sleep(ms, pumpSleep.signal);
    } catch {
      // Cancelled because the queue emptied; the pump's loop ends.
    }
    pumpSleep = undefined;
  };

  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (waiting() > 0) {
        const waiter = head();
        if (!waiter) break;
        const now = clock.now();
        const member = `${processId}:${randomUUID()}`;
        let reply: number[];
        try {
          await announce(now);
          reply = (await redis.eval(ACQUIRE, {
            keys: [keys.log, keys.pause, keys.bucket, keys.submitters],
            arguments: [
              String(now),
              String(windowMs),
              String(limit),
              String(burst),
              waiter.priority,
              member,
              processId,
              waiter.priority === 'poll' && waiter.overtaken >= maxPollOvertakes ? '1' : '0',
            ],
          })) as number[];
        } catch (err) {
          // Without Redis no process may send: the budget cannot be checked. Ask again shortly.
          options.logger?.warn({ err }, 'request budget unavailable in Redis; waiting');
          await sleep(retryMs);
          continue;
        }
        const [granted = 0, waitMs = retryMs, count = 0, yielded = 0] = reply.map(Number);
        lastCount = count;
        // A poll that gave way to another process's submission was overtaken, as by a local one.
        if (yielded) waiter.overtaken += 1;
        if (!granted) {
          await sleep(waitMs);
          continue;
        }
        // The waiter may have been aborted while the script ran: the slot is then spent unused,
        // which errs on the side of fewer requests.
        if (!queues[waiter.priority].includes(waiter)) continue;
        remove(waiter);
        if (waiter.priority === 'submit') for (const poll of queues.poll) poll.overtaken += 1;
        grant(waiter, { answered: () => answered(member) });
      }
      await announce(clock.now()).catch(() => undefined);
    } finally {
      pumping = false;
    }
    // A caller that arrived during the last await found the pump still running and left it the work.
    if (waiting() > 0) void pump();
  };

  return {
    acquire(priority, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const granted = joinQueue(queues, priority, signal, remove);
      void pump();
      return granted;
    },

    pauseFor(ms) {
      if (!(ms > 0)) return;
      const until = clock.now() + ms;
      localPausedUntil = Math.max(localPausedUntil, until);
      redis
        .eval(PAUSE, { keys: [keys.pause], arguments: [String(until), String(Math.ceil(ms))] })
        .catch((err: unknown) => options.logger?.warn({ err }, 'could not share a 429 pause through Redis'));
      // The pump may be sleeping toward a grant that the pause now forbids; the script refuses it.
    },

    available() {
      if (localPausedUntil > clock.now()) return 0;
      return Math.max(0, limit - lastCount - waiting());
    },
  };
}
