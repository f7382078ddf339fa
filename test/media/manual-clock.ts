/**
 * A Clock whose time moves only when a test says so. Sleepers wake in deadline order, and the
 * code they wake runs to its next await before time moves on, so tests see exact clock times.
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

export class ManualClock implements Clock {
  #now: number;
  #seq = 0;
  readonly #sleepers = new Set<Sleeper>();

  constructor(start = 1_000_000) {
    this.#now = start;
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

  /** Moves time forward by `ms`, waking each sleeper at its own deadline. */
  async advance(ms: number): Promise<void> {
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

  /** Jumps from deadline to deadline until `done()` holds; fails when nothing sleeps any more. */
  async runUntil(done: () => boolean, maxMs = 24 * 3_600_000): Promise<void> {
    const limit = this.#now + maxMs;
    await settle();
    while (!done()) {
      const next = this.#earliest();
      if (!next) throw new Error('runUntil: nothing is sleeping, the condition can never hold');
      if (next.at > limit) throw new Error('runUntil: the condition did not hold within maxMs');
      await this.advance(next.at - this.#now);
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
