/**
 * How long a ready callback waited for the event loop, as the benchmark reports it. Node's
 * monitorEventLoopDelay records the whole interval between its timer's runs, resolution
 * included (an idle process reads ~10 ms at a 10 ms resolution), so the resolution is taken off.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

export function watchLoopDelay(): { p99Ms(): number; stop(): void } {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return {
    p99Ms: () => Math.max(0, histogram.percentile(99) / 1e6 - RESOLUTION_MS),
    stop: () => histogram.disable(),
  };
}
