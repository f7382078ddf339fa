/**
 * The one request budget of the Media API token (120 requests per minute, shared by every
 * submission and every status check). Callers go through the RateLimiter interface so that a
 * Redis-backed implementation can replace the in-process one when the bot runs in several
 * processes (docs/operations.md, "Several processes on Redis").
 */
import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';

/**
 * `submit`: a member's submission, served before waiting polls. `poll`: status checks, which are
 * served once `maxPollOvertakes` submissions went ahead of them, so a steady stream of submissions
 * cannot starve them (one list poll delivers up to 100 results).
 */
export type Priority = 'submit' | 'poll';

/**
 * A waiting status check goes after at most one submission. The poller spends few requests (a
 * list every few seconds, 12-19 a minute when saturated) and paces itself by the budget left, so
 * what the poll order decides is when its list goes, not how many go: behind 4 submissions a list
 * waited up to 2 s (0.5 s each at 120 a minute), and every result it carried waited with it
 * (benchmark: list gap p95 8.0 s at 4, 6.7 s at 1; image lag p95 6.2 s → 5.4 s). Not 0, though
 * polls first would answer lists sooner (0.28 s p50 instead of 0.79 s): when the service allows
 * fewer requests than configured, each slot its Retry-After frees would go to a waiting poll and
 * the submission behind it would draw 429s until it gave up (test/e2e/rate-limit.test.ts).
 */
export const DEFAULT_MAX_POLL_OVERTAKES = 1;

/**
 * Grants that may come back to back before the even pace (0.5 s apart at 120 a minute) applies.
 * Small, because a saturated sliding window replays its past: grants that bunched at one moment
 * free their slots together a window later, and the slots around them stay empty. With 10, a
 * list waited up to 4 s for a slot (p95 3.1 s) while such an echo passed; with 3, p95 1.0 s, and
 * submissions lost 0.7 a minute. With 1 they lost 2.3 a minute: a slot not taken at its moment is gone.
 */
export const DEFAULT_BURST = 3;

/** One request let through. */
export interface Grant {
  /**
   * The request was answered (or failed): from now on it counts in the window from this moment,
   * not from its grant. The service counts a request when it arrives, which is somewhere between
   * the two; counting from the later end means a request delayed on its way (an event-loop stall,
   * a slow connection) can never make the service see more in its window than the bot allowed in
   * its own (a burst once drew a 429 that way, 0.5 s early). Resolves once recorded; never rejects.
   */
  answered(): Promise<void>;
}

export interface RateLimiter {
  /** Resolves when one request may be sent; rejects with the signal's reason when aborted. */
  acquire(priority: Priority, signal?: AbortSignal): Promise<Grant>;
  /** Blocks every caller for `ms` (from a 429's Retry-After). A shorter pause never shortens a longer one. */
  pauseFor(ms: number): void;
  /** How many requests could be sent right now without waiting. */
  available(): number;
  /** Status checks granted in the last window, where this limiter knows it (SendLine's estimate). */
  recentPolls?(): number;
}

export interface LocalRateLimiterOptions {
  /** Requests allowed in any rolling window. */
  limit?: number;
  windowMs?: number;
  clock?: Clock;
  /** How many submissions may overtake a waiting poll before it goes first (DEFAULT_MAX_POLL_OVERTAKES). */
  maxPollOvertakes?: number;
  /**
   * Grants that may come back to back; beyond it they are spaced by windowMs / limit (0.5 s for
   * 120 a minute). Default DEFAULT_BURST.
   */
  burst?: number;
}

/** A caller waiting for a grant (both limiters keep queues of them). */
export interface Waiter {
  priority: Priority;
  /** Submissions granted while this poll waited. */
  overtaken: number;
  resolve: (grant: Grant) => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

/** Puts a caller in its priority's queue until granted; an abort takes it out (`leave`) and rejects. */
export function joinQueue(
  queues: Record<Priority, Waiter[]>,
  priority: Priority,
  signal: AbortSignal | undefined,
  leave: (waiter: Waiter) => void,
): Promise<Grant> {
  return new Promise<Grant>((resolve, reject) => {
    const waiter: Waiter = { priority, overtaken: 0, resolve, reject, signal, onAbort: undefined };
    if (signal) {
      waiter.onAbort = () => {
        leave(waiter);
        reject(signal.reason);
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
    }
    queues[priority].push(waiter);
  });
}

/** Lets a waiter go (it stops listening for its abort). */
export function grant(waiter: Waiter, granted: Grant): void {
  if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
  waiter.resolve(granted);
}

/**
 * Takes one `from` out of the ordered log and appends `to` (≥ every entry). Entries of equal time
 * are alike, so any one of them will do; one already pruned (a request slower than the window)
 * is counted again from `to`, which errs on the side of fewer requests.
 */
function moveToEnd(log: number[], from: number, to: number): void {
  const index = log.lastIndexOf(from);
  if (index >= 0) log.splice(index, 1);
  log.push(to);
}

/**
 * An in-process limiter: a sliding log of acquisition times, so that at most `limit` requests
 * fall in any window of `windowMs` of clock time. Waiters are served submissions first, then
 * in arrival order, except that a poll overtaken `maxPollOvertakes` times goes first.
 */
export function createLocalRateLimiter(options: LocalRateLimiterOptions = {}): RateLimiter {
  const limit = options.limit ?? 120;
  const windowMs = options.windowMs ?? 60_000;
  const clock = options.clock ?? systemClock;
  const maxPollOvertakes = options.maxPollOvertakes ?? DEFAULT_MAX_POLL_OVERTAKES;
  const burst = Math.min(limit, options.burst ?? DEFAULT_BURST);
  const spacing = windowMs / limit;
  let tokens = burst;
  let refilledAt = clock.now();
  const tokensAt = (now: number) => Math.min(burst, tokens + (now - refilledAt) / spacing);
  /** Records one grant at `now` in the window log and the bucket. */
  const take = (now: number, priority: Priority): Grant => {
    tokens = tokensAt(now) - 1;
    refilledAt = now;
    log.push(now);
    if (priority === 'poll') polls.push(now);
    let answered = false;
    return {
      async answered() {
        if (answered) return;
        answered = true;
        // Moved to the end of the log (still in order: nothing was granted in the future).
        const at = clock.now();
        moveToEnd(log, now, at);
        if (priority === 'poll') moveToEnd(polls, now, at);
      },
    };
  };
  if (!(Number.isInteger(limit) && limit > 0)) throw new RangeError('limit must be a positive integer');
  if (!(windowMs > 0)) throw new RangeError('windowMs must be positive');

  // Acquisition times, oldest first; and those of status checks alone.
  const log: number[] = [];
  const polls: number[] = [];
  // Separate queues keep "submissions first, then FIFO" a matter of picking the queue.
  const queues: Record<Priority, Waiter[]> = { submit: [], poll: [] };
  let pausedUntil = Number.NEGATIVE_INFINITY;
  let pumping = false;
  // Cancels the pump's sleep once nobody waits any more, so that no timer keeps the process alive.
  let pumpSleep: AbortController | undefined;

  const prune = (now: number) => {
    while (log.length > 0 && (log[0] as number) <= now - windowMs) log.shift();
    while (polls.length > 0 && (polls[0] as number) <= now - windowMs) polls.shift();
  };

  /** Milliseconds until one more acquisition is allowed (0 = now). */
  const waitMs = (now: number): number => {
    prune(now);
    const pause = pausedUntil - now;
    const full = log.length >= limit ? (log[log.length - limit] as number) + windowMs - now : 0;
    // Pacing, a token bucket of `burst` refilled one per `spacing`: a saturated budget flows at an
    // even rate instead of in a burst at the top of each window and silence after it (during
    // which not even a status check could go).
    const paced = Math.ceil((1 - tokensAt(now)) * spacing);
    return Math.max(0, pause, full, paced);
  };

  const waiting = () => queues.submit.length + queues.poll.length;

  const nextWaiter = (): Waiter | undefined => {
    const oldestPoll = queues.poll[0];
    if (oldestPoll && oldestPoll.overtaken >= maxPollOvertakes) return queues.poll.shift();
    const submit = queues.submit.shift();
    if (!submit) return queues.poll.shift();
    if (oldestPoll) oldestPoll.overtaken += 1;
    return submit;
  };

  const removeWaiter = (waiter: Waiter) => {
    const queue = queues[waiter.priority];
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
    if (waiting() === 0) pumpSleep?.abort();
  };

  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (waiting() > 0) {
        const now = clock.now();
        const wait = waitMs(now);
        if (wait > 0) {
          pumpSleep = new AbortController();
          try {
            await clock.sleep(wait, pumpSleep.signal);
          } catch {
            // Cancelled because the queue emptied; the loop condition ends the pump.
          }
          pumpSleep = undefined;
          continue;
        }
        const waiter = nextWaiter();
        if (!waiter) break;
        grant(waiter, take(now, waiter.priority));
      }
    } finally {
      pumping = false;
    }
  };

  return {
    acquire(priority, signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      const now = clock.now();
      // Fast path: nobody waits and there is room. Waiters, when there are any, go first.
      if (waiting() === 0 && waitMs(now) === 0) return Promise.resolve(take(now, priority));
      const granted = joinQueue(queues, priority, signal, removeWaiter);
      void pump();
      return granted;
    },

    pauseFor(ms) {
      if (!(ms > 0)) return;
      pausedUntil = Math.max(pausedUntil, clock.now() + ms);
    },

    available() {
      const now = clock.now();
      if (pausedUntil > now) return 0;
      prune(now);
      return Math.max(0, limit - log.length - waiting());
    },

    recentPolls() {
      prune(clock.now());
      return polls.length;
    },
  };
}
