/**
 * The tests' one hand-driven Clock: its time moves only when a test says so. Two ways to move it:
 *
 * - `set(at)` / `advance(ms)`, synchronous: jump there and wake, in deadline order, every sleeper
 *   whose time has come (their code runs after the test's next await). For code under test that
 *   only reads the time, or wakes once.
 * - `await run(ms)` / `await runUntil(done)`: step from deadline to deadline, letting the code each
 *   sleeper wakes run to its next await before time moves on, so tests see exact clock times. For
 *   loops that sleep again (rate limiters, pollers).
 *
 * A sleep aborted by its signal rejects with the signal's reason and is forgotten, as with the
 * real clocks of src/clock.ts.
 */
import { setImmediate as turn } from 'node:timers/promises';
import type { Clock } from '../../src/clock.ts';

interface Sleeper {
  at: number;
  seq: number;
  resolve: () => void;
}

/** Lets every pending promise chain (and I/O callback) run. */
export async function settle(): Promise<void> {
  await turn();
  await turn();
}

const epochMs = (at: string | number): number => (typeof at === 'string' ? Date.parse(at) : at);

export class ManualClock implements Clock {
  #now: number;
  #seq = 0;
  readonly #sleepers = new Set<Sleeper>();

  /** `start`: epoch ms or an ISO time. */
  constructor(start: string | number = 1_000_000) {
    this.#now = epochMs(start);
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const sleeper: Sleeper = {
        at: this.#now + Math.max(0, ms),
        seq: this.#seq++,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.#sleepers.delete(sleeper);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#sleepers.add(sleeper);
    });
  }

  /** How many sleeps are pending. */
  get sleeping(): number {
    return this.#sleepers.size;
  }

  /** Jumps to an ISO time or epoch ms (forwards only) and wakes the sleepers due by then. */
  set(at: string | number): void {
    const target = epochMs(at);
    if (target < this.#now) throw new Error('the manual clock only moves forwards');
    this.#now = target;
    for (;;) {
      const next = this.#earliest();
      if (!next || next.at > target) break;
      this.#sleepers.delete(next);
      next.resolve();
    }
  }

  /** Jumps `ms` forward and wakes the sleepers due by then (see `set`). */
  advance(ms: number): void {
    this.set(this.#now + ms);
  }

  /** Moves time forward by `ms`, waking each sleeper at its own deadline and letting it run. */
  async run(ms: number): Promise<void> {
    const target = this.#now + ms;
    await settle();
    for (;;) {
      const next = this.#earliest();
      if (!next || next.at > target) break;
      this.#now = Math.max(this.#now, next.at);
      this.#sleepers.delete(next);
      next.resolve();
      await settle();
    }
    this.#now = target;
    await settle();
  }

  /** Runs from deadline to deadline until `done()` holds; fails when nothing sleeps any more. */
  async runUntil(done: () => boolean, maxMs = 24 * 3_600_000): Promise<void> {
    const limit = this.#now + maxMs;
    await settle();
    while (!done()) {
      const next = this.#earliest();
      if (!next) throw new Error('runUntil: nothing is sleeping, the condition can never hold');
      if (next.at > limit) throw new Error('runUntil: the condition did not hold within maxMs');
      await this.run(next.at - this.#now);
    }
  }

  #earliest(): Sleeper | undefined {
    let best: Sleeper | undefined;
    for (const s of this.#sleepers) {
      if (!best || s.at < best.at || (s.at === best.at && s.seq < best.seq)) best = s;
    }
    return best;
  }
}
