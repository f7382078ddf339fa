/**
 * The poller: follows every generation in flight with as few requests as the shared budget
 * allows. One `GET /generations?per_page=100` answers for up to 100 generations at once, so
 * a list is fetched whenever any job is due; typed pages reach further back when more are in
 * flight than one page covers, and `GET /generations/{id}` is asked only for jobs no list
 * covered. Cadence follows the spec (images about every 3 s, videos every 5 s) and the budget:
 * - With budget to spare (what submissions leave over the last window, less a reserve of a
 *   quarter), the combined list comes sooner, as often as that spare allows, down to once a
 *   second, and never more often than polling each followed job on its own at the spec's cadence
 *   would spend (`listIntervalMs`). The poller spends only what submissions left: its own requests
 *   count as free, submissions (sent or waiting) never do, so more submissions slow it down.
 * - When the budget runs short (submissions take most of it) the list cadence stretches by two
 *   thirds and the per-job requests (typed pages, single checks) wait until a job has not been
 *   seen for `maxMs`: the one list request keeps delivering everything, the extra requests make
 *   room for submissions.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import type { Generation, MediaType } from '../media/schemas.ts';

export interface PollerClient {
  listGenerations(
    q: { type?: MediaType; perPage?: number; page?: number },
    opts?: { signal?: AbortSignal },
  ): Promise<{ generations: Generation[]; meta?: { last_page: number } }>;
  getGeneration(id: string, opts?: { signal?: AbortSignal }): Promise<Generation>;
}

export interface PollerOptions {
  client: PollerClient;
  clock: Clock;
  logger: Logger;
  /** How many requests the shared limiter could take right now (RateLimiter.available). */
  budgetAvailable: () => number;
  /** The budget's size per window, to judge when it is short. */
  budgetLimit: number;
  /** The budget's window (clock ms; default one minute, the service's). */
  budgetWindowMs?: number;
  /** Receives every generation whose status was learned. */
  onGeneration: (generation: Generation) => void;
  intervals?: { imageMs: number; videoMs: number; maxMs: number };
  /**
   * Whether the list comes sooner when the budget has room to spare (default true). Without it
   * the poller keeps the spec's cadence, as it does whenever submissions leave nothing spare.
   */
  spendSpare?: boolean;
}

interface Followed {
  id: string;
  type: MediaType;
  createdAt: number;
  checkedAt: number;
}

/** What the rest of the bot needs from a poller; the benchmark swaps in a naive one. */
export interface GenerationFollower {
  follow(job: { id: string; type: MediaType; createdAt: number; checkedAt?: number }): void;
  forget(id: string): void;
  start(): void;
  close(): Promise<void>;
}

/** The video cadence that goes with an image cadence: the spec's 5 s against 3 s. */
export const videoPollFor = (imagePollMs: number): number => Math.round((imagePollMs * 5) / 3);

const PAGE_SIZE = 100;
/**
 * The list cadence while the budget is short: images every 5 s instead of 3 (videos 8.3 s), every
 * list request left to submissions. A completion then waits for its list 2.5 s on average and
 * 4.75 s at p95, within a 6 s delivery lag with the list's own answer (~0.3 s) and the delivery's
 * (~0.7 s). Benchmark at saturation: lists every 4 s gave 99 generations a minute (image lag p95
 * 4.7 s), every 5 s 101-103 (5.3 s), every 6 s 105 (6.2-6.3 s, over).
 */
export const SHORT_BUDGET_STRETCH = 5 / 3;
/**
 * The shortest interval between two lists, however much budget is free (clock ms). A completion
 * then waits for its list 0.5 s on average and under 1 s at p95, and 30 generations a minute cost
 * at most 60 status checks: two per generation.
 */
export const MIN_LIST_INTERVAL_MS = 1_000;
/** The share of the budget the poller leaves to submissions beyond what they used over the last window. */
export const SUBMISSION_RESERVE = 1 / 4;

/**
 * How often the combined list may be asked for while the budget is not short (clock ms): as often
 * as the spare budget allows (`spare` requests per `windowMs`), but no more often than the spec's
 * guidance would poll the followed jobs one by one (`checksPerMs`: the sum of 1 / each job's
 * cadence), and not under MIN_LIST_INTERVAL_MS. Infinity when nothing may be spent.
 */
export function listIntervalMs(o: { spare: number; windowMs: number; checksPerMs: number }): number {
  if (!(o.spare > 0) || !(o.checksPerMs > 0)) return Number.POSITIVE_INFINITY;
  return Math.max(MIN_LIST_INTERVAL_MS, o.windowMs / o.spare, 1 / o.checksPerMs);
}

/** With fewer due jobs missing from the combined list, single checks cost no more than a page. */
const MIN_MISSING_FOR_TYPED_PAGES = 2;
/** Typed pages reach at most this far back per round; older jobs fall back to single checks. */
const MAX_TYPED_PAGES = 5;

export class Poller implements GenerationFollower {
  private readonly followed = new Map<string, Followed>();
  private readonly stop = new AbortController();
  private wake: (() => void) | undefined;
  private running: Promise<void> | undefined;
  /** When the last round started (clock ms). */
  private lastRoundAt = Number.NEGATIVE_INFINITY;
  /** When this poller's own requests were answered (clock ms, oldest first), over the budget's window. */
  private readonly spent: number[] = [];

  private readonly o: PollerOptions;

  constructor(o: PollerOptions) {
    this.o = o;
  }

  /** Starts following a generation. `checkedAt` is when its status was last known. */
  follow(job: { id: string; type: MediaType; createdAt: number; checkedAt?: number }): void {
    this.followed.set(job.id, { ...job, checkedAt: job.checkedAt ?? job.createdAt });
    this.wake?.();
  }

  /** Stops following (the job finished). */
  forget(id: string): void {
    this.followed.delete(id);
  }

  get size(): number {
    return this.followed.size;
  }

  start(): void {
    this.running ??= this.loop();
  }

  async close(): Promise<void> {
    this.stop.abort();
    this.wake?.();
    await this.running;
  }

  /** The spec's cadence for a job of this type (clock ms). */
  private baseFor(type: MediaType): number {
    const { imageMs = 3_000, videoMs = 5_000 } = this.o.intervals ?? {};
    return type === 'image' ? imageMs : videoMs;
  }

  /** How often a job of this type is due for a status check (clock ms). */
  private intervalFor(type: MediaType, budgetShort = this.budgetShort()): number {
    const base = this.baseFor(type);
    return budgetShort ? Math.round(base * SHORT_BUDGET_STRETCH) : base;
  }

  /** This poller's requests in the budget's window. */
  private spentInWindow(now: number): number {
    const windowMs = this.o.budgetWindowMs ?? 60_000;
    while (this.spent.length > 0 && (this.spent[0] as number) <= now - windowMs) this.spent.shift();
    return this.spent.length;
  }

  /**
   * The combined list's interval the free budget allows now (listIntervalMs). What submissions
   * left is what is available plus what this poller itself spent over the window: its own
   * requests are the poller's to spend again, submissions' (sent or waiting) are not.
   */
  private spareInterval(now: number): number {
    let checksPerMs = 0;
    for (const f of this.followed.values()) checksPerMs += 1 / this.baseFor(f.type);
    return listIntervalMs({
      spare: this.leftBySubmissions(now) - this.o.budgetLimit * SUBMISSION_RESERVE,
      windowMs: this.o.budgetWindowMs ?? 60_000,
      checksPerMs,
    });
  }

  /** Counts one of this poller's requests in the window once answered. */
  private async request<T>(send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } finally {
      this.spent.push(this.o.clock.now());
    }
  }

  /**
   * Submissions leave less than a quarter of the request budget (SUBMISSION_RESERVE). Judged on
   * what they leave, the poller's own requests counted as free, like its spare: a poller spending
   * its spare then never pushes itself into the short cadence, and back out, by its own requests.
   */
  private budgetShort(now = this.o.clock.now()): boolean {
    return this.leftBySubmissions(now) < this.o.budgetLimit * SUBMISSION_RESERVE;
  }

  /** What submissions (sent or waiting) left of the budget over the window: available, plus this poller's own requests. */
  private leftBySubmissions(now: number): number {
    return this.o.budgetAvailable() + this.spentInWindow(now);
  }

  private async loop(): Promise<void> {
    const { clock, logger } = this.o;
    while (!this.stop.signal.aborted) {
      const now = clock.now();
      const short = this.budgetShort(now);
      // With budget to spare, the list may come sooner than any job's own cadence asks.
      const spare = short || this.o.spendSpare === false ? Number.POSITIVE_INFINITY : this.spareInterval(now);
      let nextDue = Number.POSITIVE_INFINITY;
      let shortest = Number.POSITIVE_INFINITY;
      for (const f of this.followed.values()) {
        const interval = Math.min(spare, this.intervalFor(f.type, short));
        nextDue = Math.min(nextDue, f.checkedAt + interval);
        shortest = Math.min(shortest, interval);
      }
      // Rounds keep their cadence: a job that arrived just after a round (so missed its list)
      // waits for the next round rather than calling an extra one.
      nextDue = Math.max(nextDue, this.lastRoundAt + shortest);
      if (nextDue > now) {
        await this.sleepUntil(nextDue);
        continue;
      }
      try {
        await this.round();
      } catch (err) {
        if (this.stop.signal.aborted) return;
        logger.warn({ err }, 'status check round failed; will try again');
        await clock.sleep(this.intervalFor('image'), this.stop.signal).catch(() => undefined);
      }
    }
  }

  private async sleepUntil(due: number): Promise<void> {
    const wait = Number.isFinite(due) ? Math.max(1, due - this.o.clock.now()) : 60_000;
    // One controller per sleep, aborted on wake-up or stop, so no timer or listener outlives it.
    const sleeping = new AbortController();
    const onStop = () => sleeping.abort();
    this.stop.signal.addEventListener('abort', onStop, { once: true });
    this.wake = () => sleeping.abort();
    await this.o.clock.sleep(wait, sleeping.signal).catch(() => undefined);
    this.stop.signal.removeEventListener('abort', onStop);
    this.wake = undefined;
  }

  /** One round: the combined list, typed pages for what it missed, single checks for the rest. */
  private async round(): Promise<void> {
    const signal = this.stop.signal;
    const startedAt = this.o.clock.now();
    this.lastRoundAt = startedAt;
    const short = this.budgetShort(startedAt);
    const { maxMs = 30_000 } = this.o.intervals ?? {};
    // Requests beyond the combined list, for jobs it missed: a typed page (one request for up to
    // 100) at twice the cadence when the budget is short; a single check only after maxMs then.
    const unseenFor = (id: string, type: MediaType, ms: number) => {
      const f = this.followed.get(id);
      return f !== undefined && f.type === type && f.checkedAt + ms <= startedAt;
    };
    const wantsPage = (id: string, type: MediaType) =>
      unseenFor(id, type, short ? 2 * this.intervalFor(type, true) : this.intervalFor(type, false));
    const wantsSingle = (id: string, type: MediaType) =>
      unseenFor(id, type, short ? maxMs : this.intervalFor(type, false));
    const missing = new Set(this.followed.keys());
    const take = (generations: Generation[]) => {
      for (const g of generations) {
        const f = this.followed.get(g.id);
        // A generation on two lists of one round is reported once.
        if (!f || !missing.has(g.id)) continue;
        f.checkedAt = startedAt;
        missing.delete(g.id);
        this.o.onGeneration(g);
      }
    };

    const combined = await this.request(() =>
      this.o.client.listGenerations({ perPage: PAGE_SIZE }, { signal }),
    );
    take(combined.generations);

    // Only jobs that are due deserve more requests; the others were just lucky to be covered.
    for (const type of ['video', 'image'] as const) {
      const due = () => [...missing].filter((id) => wantsPage(id, type));
      // One typed page is cheaper than two single checks, even with few in flight: newer
      // generations (finished ones too) can push followed ones off the combined list.
      if (due().length < MIN_MISSING_FOR_TYPED_PAGES) continue;
      for (let page = 1; page <= MAX_TYPED_PAGES && due().length > 0; page++) {
        const res = await this.request(() =>
          this.o.client.listGenerations({ type, perPage: PAGE_SIZE, page }, { signal }),
        );
        take(res.generations);
        if (!res.meta || page >= res.meta.last_page) break;
      }
    }

    for (const id of missing) {
      const f = this.followed.get(id);
      if (!f || !wantsSingle(id, f.type)) continue;
      try {
        take([await this.request(() => this.o.client.getGeneration(id, { signal }))]);
      } catch (err) {
        this.o.logger.warn({ err, generationId: id }, 'single status check failed');
        f.checkedAt = startedAt;
      }
    }
  }
}
