/**
 * The naive poller, the benchmark's baseline, and only that: every followed generation
 * gets its own timer and asks `GET /generations/{id}` at the spec's suggested cadence (images
 * every 3 s, videos every 7.5 s, the middle of "5-10 s"), whatever else is in flight. It goes
 * through the same client, and so the same shared limiter, as the real poller: it cannot cause
 * 429s by itself, it only spends the budget one generation at a time and starves.
 */

import type { GenerationFollower, PollerOptions } from '../src/jobs/poller.ts';
import type { MediaType } from '../src/media/schemas.ts';

/** The spec's polling guidance, in clock ms. */
export const NAIVE_INTERVALS = { imageMs: 3_000, videoMs: 7_500 } as const;

interface Tracked {
  id: string;
  type: MediaType;
  /** When the status was last known (clock ms): the first check is one interval after it. */
  checkedAt: number;
  stop: AbortController;
  running?: Promise<void>;
}

/** One timer per generation, no batching: what the list-first Poller is measured against. */
export class NaivePoller implements GenerationFollower {
  private readonly tracked = new Map<string, Tracked>();
  private started = false;
  private closed = false;

  private readonly o: PollerOptions;
  private readonly intervals: { imageMs: number; videoMs: number };

  constructor(o: PollerOptions, intervals: { imageMs: number; videoMs: number } = NAIVE_INTERVALS) {
    this.o = o;
    this.intervals = intervals;
  }

  follow(job: { id: string; type: MediaType; createdAt: number; checkedAt?: number }): void {
    if (this.closed || this.tracked.has(job.id)) return;
    const t: Tracked = {
      id: job.id,
      type: job.type,
      checkedAt: job.checkedAt ?? job.createdAt,
      stop: new AbortController(),
    };
    this.tracked.set(job.id, t);
    if (this.started) this.launch(t);
  }

  forget(id: string): void {
    const t = this.tracked.get(id);
    if (!t) return;
    this.tracked.delete(id);
    t.stop.abort();
  }

  get size(): number {
    return this.tracked.size;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const t of this.tracked.values()) this.launch(t);
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = [...this.tracked.values()];
    for (const t of running) t.stop.abort();
    this.tracked.clear();
    await Promise.allSettled(running.map((t) => t.running));
  }

  private launch(t: Tracked): void {
    t.running ??= this.loop(t);
  }

  /** Sleep one interval after the last known status, ask, hand the answer on; until forgotten. */
  private async loop(t: Tracked): Promise<void> {
    const { clock, client, logger, onGeneration } = this.o;
    const interval = t.type === 'image' ? this.intervals.imageMs : this.intervals.videoMs;
    const signal = t.stop.signal;
    while (!signal.aborted) {
      const wait = Math.max(0, t.checkedAt + interval - clock.now());
      try {
        await clock.sleep(wait, signal);
      } catch {
        return; // forgotten or closed
      }
      try {
        const generation = await client.getGeneration(t.id, { signal });
        t.checkedAt = clock.now();
        // May call forget(t.id) (a finished generation), which ends this loop.
        onGeneration(generation);
      } catch (err) {
        if (signal.aborted) return;
        t.checkedAt = clock.now();
        logger.warn({ err, generationId: t.id }, 'naive status check failed; will try again');
      }
    }
  }
}
