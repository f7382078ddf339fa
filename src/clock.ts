/**
 * Every timer of the bot and the simulator reads time through a Clock, so that the
 * benchmark and the tests can run simulated minutes in real seconds (a time scale), and
 * the rate-limit window, poll cadence, generation durations and token expiry all agree.
 */
export interface Clock {
  /** Milliseconds since the epoch, in this clock's (possibly simulated) time. */
  now(): number;
  /** Resolves after `ms` of this clock's time; rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** A clock whose time runs `scale` times faster than the wall clock (scale 1 is real time). */
export function scaledClock(scale = 1, origin: number = Date.now()): Clock {
  if (!(scale > 0)) throw new RangeError('clock scale must be positive');
  const realStart = Date.now();
  return {
    now: () => origin + (Date.now() - realStart) * scale,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const timer = setTimeout(
          () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
          Math.max(0, ms / scale),
        );
        const onAbort = () => {
          clearTimeout(timer);
          reject(signal?.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
      }),
  };
}

/** Real time. */
export const systemClock: Clock = scaledClock(1, Date.now());
