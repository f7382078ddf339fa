/**
 * A clock whose time scale can change while it runs, for the benchmark. The burst is played in
 * real time (x1), because interaction acknowledgement is a real-time matter (Discord's 3 s) and
 * the store works in real time; once every interaction is answered the clock speeds up (x20) so
 * that the minutes the request budget needs pass in seconds. Simulated time stays continuous, and
 * every pending sleep is rescheduled at the new scale, so the bot and the simulator never see a
 * jump. Implements the same Clock interface as src/clock.ts's scaledClock.
 *
 * The bot runs in a process of its own (bench/bot-process.ts), so the clock is defined by three
 * numbers on the wall clock that every process shares (`ClockState`): the bench sends them to the
 * bot's process at the start and at each change of scale, and both compute the same time.
 */
import type { Clock } from '../src/clock.ts';

interface Timer {
  /** Clock ms when the sleep ends. */
  target: number;
  handle: NodeJS.Timeout | undefined;
  resolve: () => void;
}

/** What defines the clock: at wall time `originReal` (ms, sub-ms precise) it read `originClock`, and runs `rate` times faster. */
export interface ClockState {
  originClock: number;
  originReal: number;
  rate: number;
}

/** Wall time with sub-millisecond precision: the same in every process of the machine, unlike performance.now(). */
const wallNow = () => performance.timeOrigin + performance.now();

export class ShiftableClock implements Clock {
  private current: ClockState;
  private readonly timers = new Set<Timer>();

  constructor(scale: number | ClockState, origin: number = Date.now()) {
    const state =
      typeof scale === 'number' ? { originClock: origin, originReal: wallNow(), rate: scale } : scale;
    if (!(state.rate > 0)) throw new RangeError('clock scale must be positive');
    this.current = { ...state };
  }

  get scale(): number {
    return this.current.rate;
  }

  /** The three numbers another process needs to run the same clock. */
  get state(): ClockState {
    return { ...this.current };
  }

  now(): number {
    const { originClock, originReal, rate } = this.current;
    // Sub-millisecond: at x20 the clock does not move in 20 ms steps.
    return originClock + (wallNow() - originReal) * rate;
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
    this.adopt({ originClock: this.now(), originReal: wallNow(), rate: scale });
  }

  /** Runs on `state` from now on (another process's setScale), rescheduling every pending sleep. */
  adopt(state: ClockState): void {
    if (!(state.rate > 0)) throw new RangeError('clock scale must be positive');
    this.current = { ...state };
    for (const timer of this.timers) {
      clearTimeout(timer.handle);
      this.schedule(timer);
    }
  }

  private schedule(timer: Timer): void {
    const realMs = Math.max(0, (timer.target - this.now()) / this.current.rate);
    // As precise as scaledClock's: setTimeout's millisecond, times the scale.
    timer.handle = setTimeout(() => {
      this.timers.delete(timer);
      timer.resolve();
    }, realMs);
  }
}
