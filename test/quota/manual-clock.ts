import type { Clock } from '../../src/clock.ts';

/** A clock that only moves when the test says so. */
export class ManualClock implements Clock {
  private ms: number;
  private sleepers: { until: number; resolve: () => void }[] = [];

  constructor(start: string | number) {
    this.ms = typeof start === 'string' ? Date.parse(start) : start;
  }

  now(): number {
    return this.ms;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve) => {
      this.sleepers.push({ until: this.ms + ms, resolve });
    });
  }

  /** Moves to an ISO time or epoch ms (forwards only). */
  set(at: string | number): void {
    const next = typeof at === 'string' ? Date.parse(at) : at;
    if (next < this.ms) throw new Error('the manual clock only moves forwards');
    this.ms = next;
    const due = this.sleepers.filter((s) => s.until <= next);
    this.sleepers = this.sleepers.filter((s) => s.until > next);
    for (const s of due) s.resolve();
  }

  advance(ms: number): void {
    this.set(this.ms + ms);
  }
}
