/**
 * A rolling-window request budget per key (the bearer token): at most `limit` accepted requests in
 * any `windowMs` of clock time. Only accepted requests are counted; a refused one does not extend
 * the wait.
 */
import type { Clock } from '../clock.ts';

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The request budget of each token over a rolling window of clock time. */
export class RateWindow {
  readonly #hits = new Map<string, number[]>();

  private readonly clock: Clock;
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(clock: Clock, limit: number, windowMs = 60_000) {
    this.clock = clock;
    this.limit = limit;
    this.windowMs = windowMs;
  }

  /** Counts one request for `key`, received at clock time `now`, if the budget allows it; otherwise says how long to wait. */
  take(key: string, now = this.clock.now()): RateDecision {
    const hits = (this.#hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    this.#hits.set(key, hits);
    if (hits.length < this.limit) {
      hits.push(now);
      return { ok: true };
    }
    // The request becomes possible when the hit that frees a slot leaves the window.
    const freesAt = (hits[hits.length - this.limit] ?? now) + this.windowMs;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now) / 1000)) };
  }
}
