/**
 * A clock whose time scale can change while it runs, for the benchmark. The burst is played in
 * real time (x1), because interaction acknowledgement is a real-time matter (Discord's 3 s) and
 * the store works in real time; once every interaction is answered the clock speeds up (x20) so
 * that the minutes the request budget needs pass in seconds. Simulated time stays continuous, and
 * every pending sleep is rescheduled at the new scale, so the bot and the simulator never see a
 * jump. Implements the same Clock interface as src/clock.ts's scaledClock.
 */
import type { Clock } from '../src/clock.ts';

interface Timer {
  /** Clock ms when the sleep ends. */
  target: number;
  handle: NodeJS.Timeout | undefined;
  resolve: () => void;
}

export class ShiftableClock implements Clock {
  private originClock: number;
  private originReal: number;
  private rate: number;
  private readonly timers = new Set<Timer>();

  constructor(scale: number, origin: number = Date.now()) {
    if (!(scale > 0)) throw new RangeError('clock scale must be positive');
    this.rate = scale;
    this.originClock = origin;
    // performance.now(): sub-millisecond, so at x20 the clock does not move in 20 ms steps.
    this.originReal = performance.now();
  }

  get scale(): number {
    return this.rate;
  }

  now(): number {
    return this.originClock + (performance.now() - this.originReal) * this.rate;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer.handle);
        this.timers.delete(timer);
        reject(signal?.reason);
      };
      const timer: Timer = {
        target: this.now() + Math.max(0, ms),
        handle: undefined,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.timers.add(timer);
      this.schedule(timer);
    });
  }

  /** Changes the scale from now on; simulated time continues from where it is. */
  setScale(scale: number): void {
    if (!(scale > 0)) throw new RangeError('clock scale must be positive');
    this.originClock = this.now();
    this.originReal = performance.now();
    this.rate = scale;
    for (const timer of this.timers) {
      clearTimeout(timer.handle);
      this.schedule(timer);
    }
  }

  private schedule(timer: Timer): void {
    const realMs = Math.max(0, (timer.target - this.now()) / this.rate);
    // As precise as scaledClock's: setTimeout's millisecond, times the scale.
    timer.handle = setTimeout(() => {
      this.timers.delete(timer);
      timer.resolve();
    }, realMs);
  }
}
