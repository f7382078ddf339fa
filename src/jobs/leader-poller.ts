/**
 * The poller when several processes share one Redis store: only the process holding the poller's
 * lease polls (its PollerLease; on Redis, redis/leadership.ts), so the token's budget is not spent twice on the same status
 * checks. The jobs it follows are the jobs in the store's open index, whichever process submitted
 * them: on gaining the lease it loads them all, and while it leads it reads the index again every
 * `rescanMs` of the bot's clock to pick up jobs other processes submitted.
 *
 * Why re-read the index rather than Redis pub/sub: the index is the truth anyway (a new leader must
 * read it, and a message published while no process led, or while a leader was reconnecting, would
 * be lost), a read every two seconds costs one GET plus one per new job, and two seconds is less
 * than an image's poll interval, so a job submitted elsewhere is checked about as soon as one
 * submitted here.
 *
 * A job is taken from the index once its submitter has shown the queued embed (single-reply.ts records
 * `editedAt`), or once it is older than `unshownGraceMs` (its submitter died or could not edit):
 * a fast result delivered before the queued embed would be overwritten by it.
 *
 * Jobs found finished but not delivered (`delivering`) are handed to delivery, which claims each
 * job's delivery once across processes (jobs/delivery-claim.ts): a process that died mid-delivery loses
 * its claim when it lapses, and the next scan delivers the job.
 *
 * A stale leader (its lease lapsed while it was cut off) can at worst poll once more: statuses it
 * records are the service's and idempotent, and delivery is fenced by its own claim.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import type { MediaType } from '../media/schemas.ts';
import type { Job } from './job.ts';
import type { GenerationFollower } from './poller.ts';

export const POLLER_LEASE = 'poller';

/** A lease held by one process at a time (on Redis, redis/leadership.ts). */
export interface PollerLease {
  /** Whether this process holds it now. */
  readonly leading: boolean;
  /** Starts trying for it, and renewing it once held. */
  start(): Promise<void>;
  /** Gives it up, so that another process takes it at once. */
  stop(): Promise<void>;
}

/** Makes the poller's lease; `onChange` is told each time this process gains or loses it. */
export type PollerLeaseFactory = (o: {
  name: string;
  ttlMs: number;
  onChange(leading: boolean): void;
}) => PollerLease;

export interface LeaderPollerOptions {
  /** The lease the processes hold in turn (the wiring gives the Redis one). */
  lease: PollerLeaseFactory;
  /** A fresh poller each time this process becomes the leader. */
  createPoller: () => GenerationFollower;
  jobs: { openIds(): Promise<string[]>; get(generationId: string): Promise<Job | undefined> };
  /** Resumes the delivery of a job found finished and not delivered. */
  deliver: (job: Job) => void;
  /** Whether this process is already delivering the job (or waiting to retry it). */
  delivering: (generationId: string) => boolean;
  clock: Clock;
  logger: Logger;
  /** A leader that dies is replaced within ttlMs + a third of it (wall ms). Default 10 s. */
  ttlMs?: number;
  /**
   * How often the leader reads the open index again (clock ms, like the poller's own cadence, so
   * that a job submitted elsewhere waits for it no longer, relative to its poll interval, on a
   * faster clock). Default 2 s.
   */
  rescanMs?: number;
  /** How long a job whose queued embed is not recorded waits before it is followed anyway (clock ms). */
  unshownGraceMs?: number;
}

export class LeaderPoller implements GenerationFollower {
  private readonly leadership: PollerLease;
  private inner: GenerationFollower | undefined;
  /** Ids followed by the current inner poller. */
  private readonly followed = new Set<string>();
  private scanStop: AbortController | undefined;
  private scanning: Promise<void> = Promise.resolve();
  private stepping: Promise<void> = Promise.resolve();
  private started: Promise<void> | undefined;
  private readonly rescanMs: number;
  private readonly unshownGraceMs: number;

  private readonly o: LeaderPollerOptions;

  constructor(o: LeaderPollerOptions) {
    this.o = o;
    this.rescanMs = o.rescanMs ?? 2_000;
    this.unshownGraceMs = o.unshownGraceMs ?? 15_000;
    const ttlMs = o.ttlMs ?? 10_000;
    this.leadership = o.lease({
      name: POLLER_LEASE,
      ttlMs,
      onChange: (leading) => {
        this.stepping = this.stepping.then(() => (leading ? this.lead() : this.stepDown()));
      },
    });
  }

  /** Whether this process holds the poller's lease now. */
  get leading(): boolean {
    return this.leadership.leading;
  }

  /** Followed here only while leading; otherwise the leader finds the job in the open index. */
  follow(job: { id: string; type: MediaType; createdAt: number; checkedAt?: number }): void {
    if (!this.inner) return;
    this.followed.add(job.id);
    this.inner.follow(job);
  }

  forget(id: string): void {
    this.followed.delete(id);
    this.inner?.forget(id);
  }

  start(): void {
    this.started ??= this.leadership.start();
  }

  /** Resolves once the first try for the lease is done (tests). */
  async ready(): Promise<void> {
    await this.started;
    await this.stepping;
  }

  async close(): Promise<void> {
    await this.started;
    // Gives the lease up at once: another process takes over without waiting for it to lapse.
    await this.leadership.stop();
    await this.stepping;
  }

  private async lead(): Promise<void> {
    if (this.inner) return;
    this.o.logger.info('polling: this process holds the poller lease');
    this.inner = this.o.createPoller();
    this.inner.start();
    this.scheduleScan(0);
  }

  private async stepDown(): Promise<void> {
    const inner = this.inner;
    if (!inner) return;
    this.inner = undefined;
    this.scanStop?.abort();
    this.scanStop = undefined;
    await this.scanning;
    this.followed.clear();
    await inner.close();
  }

  private scheduleScan(ms: number): void {
    const stop = new AbortController();
    this.scanStop = stop;
    this.o.clock.sleep(ms, stop.signal).then(
      () => {
        if (stop.signal.aborted || !this.inner) return;
        this.scanning = this.scan().finally(() => {
          if (this.inner && !stop.signal.aborted) this.scheduleScan(this.rescanMs);
        });
      },
      () => undefined,
    );
  }

  /** Follows the open jobs not followed yet, and resumes the delivery of finished ones. */
  private async scan(): Promise<void> {
    const { jobs, clock, logger } = this.o;
    try {
      const ids = await jobs.openIds();
      for (const id of ids) {
        if (!this.inner) return;
        if (this.followed.has(id) || this.o.delivering(id)) continue;
        const job = await jobs.get(id);
        if (!job || !this.inner) continue;
        if (job.step === 'following') {
          const shown = job.editedAt > 0 || clock.now() - job.createdAt >= this.unshownGraceMs;
          if (shown) this.follow({ id, type: job.type, createdAt: job.createdAt, checkedAt: job.checkedAt });
        } else if (job.step === 'delivering') {
          this.o.deliver(job);
        }
      }
    } catch (err) {
      logger.warn({ err }, 'cannot read the open jobs; trying again at the next scan');
    }
  }
}
