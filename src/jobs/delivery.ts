/**
 * Delivery: turns what the poller learns into what members see. Progress edits are rate
 * limited per message; a completed job gets its file (or a link when the file is too large);
 * a failed job gets its refund and a report, the refund first. A result's quota step (freeing the
 * in-flight slot) runs beside its edit, and the job is recorded done once both went through. Each
 * step is recorded on the job, so a restart repeats nothing that already happened but the last
 * edit when the process died before recording it (the same edit again, harmless).
 *
 * Longer than this project's usual ~400 lines on purpose: it is one state machine per job (progress,
 * result, failure, retries, give-up) over state every step shares (the job's run in `busy`, what was
 * last shown, the late-edit and retry timers, the claim's fence); split by step, each part would need
 * all of it. What delivery needs of the world and hands it is in delivery-ports.ts.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import { loopTurn } from '../loop-turns.ts';
import type { Generation } from '../media/schemas.ts';
import type { BatchStore, BatchTake } from './batches.ts';
import { ClaimFence, ClaimLost, type DeliveryClaim, type DeliveryClaims } from './delivery-claim.ts';
import {
  type DeliveryQuota,
  type DeliveryRoute,
  type JobMessenger,
  MessageRefused,
} from './delivery-ports.ts';
import type { BatchRef, Job } from './job.ts';
import type { JobStore } from './job-store.ts';
import { type DownloadOutput, type LinkReason, type ResultContent, resultContent } from './result-content.ts';

/**
 * Attempts before delivery gives up on a job. Waits double from `retryBaseMs` (5 s) up to 10
 * minutes, so 12 attempts span about 50 minutes: longer than the Discord outages a retry
 * outlives, and well past the interaction token's 15 minutes, so the bot-token and new-message
 * routes have had their turns too. After that no retry is likely to help, and a job retrying
 * quietly forever helps nobody: the operator needs the error in the log.
 */
export const MAX_DELIVERY_ATTEMPTS = 12;

/** A claim kept through a retry's wait lasts this much longer, so the retry finds it still held. */
const CLAIM_RETRY_MARGIN_MS = 15_000;

export interface DeliveryOptions {
  jobs: JobStore;
  messenger: JobMessenger;
  quota: DeliveryQuota;
  clock: Clock;
  logger: Logger;
  download: DownloadOutput;
  /** A progress edit comes no sooner than this after the message's last edit (clock ms). */
  minEditIntervalMs?: number;
  /**
   * The result (or the failure) comes no sooner than this after the last edit (clock ms): a short
   * gap between two edits of one message, not the progress interval, since every second of it is
   * a second of delivery lag (an image often finishes within 5 s of its "Generating…" edit).
   */
  finalEditGapMs?: number;
  /** Delivery retry backoff base when Discord cannot be reached (clock ms). */
  retryBaseMs?: number;
  /** Attempts before a job is given up (default MAX_DELIVERY_ATTEMPTS). */
  maxAttempts?: number;
  /** Called when a job is done (tests and the benchmark wait on it). */
  onDone?: (job: Job) => void;
  /** Several processes: each job's delivery is claimed once. One process: absent, it always delivers. */
  claims?: DeliveryClaims;
  /** The takes of batches (jobs/batches.ts): a take's reply is drawn from all of them. */
  batches?: BatchStore;
}

export class Delivery {
  private readonly busy = new Map<string, Promise<boolean>>();
  /**
   * The status each followed job has stored and shown, as this process last read or wrote it. A
   * list answer reports every generation in flight, and most bring no news: without this, each
   * was a store read, ~50 of them at once on every list (bursts of main-thread work under load).
   */
  private readonly shown = new Map<string, Generation['status']>();
  /**
   * When a followed job's card, shown before its model's usual time, should say it is taking
   * longer (Job.expectedFinishAt): the one progress edit a job gets without a change of state.
   */
  private readonly lateAt = new Map<string, number>();
  /** Jobs whose failed delivery waits for its retry here. */
  private readonly retrying = new Set<string>();
  private readonly closed = new AbortController();
  private readonly minEditIntervalMs: number;
  private readonly finalEditGapMs: number;
  private readonly retryBaseMs: number;
  private readonly maxAttempts: number;
  private readonly fence: ClaimFence;

  private readonly o: DeliveryOptions;

  constructor(o: DeliveryOptions) {
    this.o = o;
    this.fence = new ClaimFence(o.jobs, o.logger, o.claims);
    this.minEditIntervalMs = o.minEditIntervalMs ?? 5_000;
    this.finalEditGapMs = Math.min(this.minEditIntervalMs, o.finalEditGapMs ?? 1_000);
    this.retryBaseMs = o.retryBaseMs ?? 5_000;
    this.maxAttempts = o.maxAttempts ?? MAX_DELIVERY_ATTEMPTS;
  }

  /** Takes a fresh status from the poller. Returns at once; the work runs one at a time per job. */
  onStatus(generation: Generation): Promise<boolean> {
    const late = this.lateAt.get(generation.id);
    if (
      this.shown.get(generation.id) === generation.status &&
      (late === undefined || this.o.clock.now() < late)
    ) {
      return Promise.resolve(true);
    }
    return this.run(generation.id, () => this.apply(generation));
  }

  /** Resumes a job that finished at the service but was not delivered (after a restart). */
  resume(job: Job): void {
    this.run(job.generationId, () => this.finishJob(job.generationId));
  }

  /** Whether this process is delivering the job now or waits to retry it. */
  handling(generationId: string): boolean {
    return this.busy.has(generationId) || this.retrying.has(generationId);
  }

  /** Resolves when no delivery is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.busy.size > 0) await Promise.allSettled([...this.busy.values()]);
  }

  /**
   * Stops taking work and cancels pending retries, then waits for running steps: after a stop,
   * only the next process may deliver (two would edit the same reply twice).
   */
  async close(): Promise<void> {
    this.closed.abort();
    await this.idle();
  }

  /** Queues `work` behind the job's earlier steps; resolves with whether it succeeded. */
  private run(generationId: string, work: () => Promise<void>): Promise<boolean> {
    if (this.closed.signal.aborted) return Promise.resolve(false);
    const previous = this.busy.get(generationId) ?? Promise.resolve(true);
    const next: Promise<boolean> = previous
      // Each job's step starts in a turn of the loop of its own (loop-turns.ts).
      .then(() => loopTurn())
      .then(work)
      .then(
        () => true,
        (err) => {
          this.o.logger.error({ err, generationId }, 'delivery step failed');
          return false;
        },
      )
      .finally(() => {
        if (this.busy.get(generationId) === next) this.busy.delete(generationId);
      });
    this.busy.set(generationId, next);
    return next;
  }

  private async apply(generation: Generation): Promise<void> {
    const { jobs, clock } = this.o;
    const before = await jobs.get(generation.id);
    this.shown.delete(generation.id);
    this.lateAt.delete(generation.id);
    if (before?.step !== 'following') return;
    const finished = generation.status === 'completed' || generation.status === 'failed';
    // Most rounds bring no news; a write per job per round would be wasted I/O.
    if (!finished && generation.status === before.status && before.shownStatus === before.status) {
      if (await this.showLate(before)) return;
      this.shown.set(generation.id, generation.status);
      return;
    }
    const job = await jobs.update(generation.id, () => ({
      status: generation.status,
      output: generation.output,
      error: generation.error,
      step: finished ? 'delivering' : 'following',
      ...(finished ? { completedAt: finishedAt(generation, clock.now()) } : {}),
    }));
    if (!job) return;
    if (finished) return this.finishJob(job.generationId);
    // A progress edit only on a change of state, and never more than one per message per interval.
    if (job.status !== job.shownStatus && clock.now() - job.editedAt >= this.minEditIntervalMs) {
      // A batch's reply already shows its takes generating: only a finished take redraws it.
      if (!job.batch) await this.o.messenger.show(job, { kind: 'progress' });
      const shown = await jobs.update(job.generationId, () => ({
        shownStatus: job.status,
        editedAt: clock.now(),
      }));
      this.shown.set(job.generationId, job.status);
      if (shown) this.watchLate(shown);
    }
  }

  /**
   * The card of a job still running past its model's usual time says so (the card's text depends
   * on the time: views/waiting-view.ts's expectedFinishField), by one edit once that time has
   * passed; until then the time is remembered, so the polls in between cost no store read.
   * Returns whether the edit was made.
   */
  private async showLate(job: Job): Promise<boolean> {
    const { jobs, clock } = this.o;
    const due = lateEditDue(job);
    if (due === undefined) return false;
    if (clock.now() < due || clock.now() - job.editedAt < this.minEditIntervalMs) {
      this.lateAt.set(job.generationId, Math.max(due, job.editedAt + this.minEditIntervalMs));
      return false;
    }
    await this.o.messenger.show(job, { kind: 'progress' });
    await jobs.update(job.generationId, () => ({ editedAt: clock.now() }));
    this.shown.set(job.generationId, job.status);
    return true;
  }

  /** Remembers when a job just shown should say it is taking longer. */
  private watchLate(job: Job): void {
    const due = lateEditDue(job);
    if (due !== undefined)
      this.lateAt.set(job.generationId, Math.max(due, job.editedAt + this.minEditIntervalMs));
  }

  private async finishJob(generationId: string): Promise<void> {
    let job = await this.o.jobs.get(generationId);
    if (job?.step !== 'delivering') return;
    const claim = await this.fence.claim(job);
    // Another process delivers it; should it die, its claim lapses and the leader delivers it.
    if (!claim) return;
    job = claim.job;
    let settled = false;
    let settling: Promise<Job> | undefined;
    let shownVia: DeliveryRoute | undefined;
    try {
      if (job.status === 'completed') {
        // A result needs nothing from its quota step (the charge was made when it was sent;
        // finishing frees the member's in-flight slot), and that step waits its turn on the
        // guild's quota lock behind reservations: hundreds of ms under load. So it runs while
        // the file is fetched and shown; the job is recorded done only once both went through.
        settling = this.settle(job).then((settledJob) => {
          settled = true;
          return settledJob;
        });
        // Awaited below and in the catch: a failure of the one must not leave the other unheard.
        settling.catch(() => undefined);
        // A retry finds the result shown already when only the quota step failed before.
        shownVia = job.shownStatus === 'completed' ? job.deliveredVia : undefined;
        shownVia ??= await this.showResult(job, claim.claim);
        await settling;
        await this.recordDelivered(job, claim.claim, shownVia);
      } else {
        // A failure's report states its refund, so the refund comes first.
        const current = await this.settle(job);
        settled = true;
        await this.deliverFailure(current, claim.claim);
      }
      await claim.claim.release().catch(() => undefined);
    } catch (err) {
      if (err instanceof ClaimLost) {
        this.o.logger.warn({ generationId }, 'delivery claim lapsed; another process delivers the job');
        return;
      }
      await settling?.catch(() => undefined);
      const attempts = job.deliveryAttempts + 1;
      // Only the Discord side is ever given up: an unsettled job would keep the member's in-flight
      // slot or their refund forever, so the quota step is retried until the store takes it.
      if (settled && (err instanceof MessageRefused || attempts >= this.maxAttempts)) {
        await this.giveUp(job, attempts, err, claim.claim);
        await claim.claim.release().catch(() => undefined);
        return;
      }
      // A result already shown is not shown again by the retry, which only has the quota step left.
      await this.o.jobs.update(generationId, () => ({
        deliveryAttempts: attempts,
        ...(shownVia ? { deliveredVia: shownVia, shownStatus: 'completed' as const } : {}),
      }));
      const wait = Math.min(this.retryBaseMs * 2 ** (attempts - 1), 10 * 60_000);
      const level = attempts >= this.maxAttempts ? 'error' : 'warn';
      this.o.logger[level](
        { err, generationId, attempts, retryInMs: wait },
        settled ? 'delivery failed; will retry' : 'cannot settle the quota of a finished job; will retry',
      );
      // The retry is this process's: the claim is kept through the wait (plus a margin), so no
      // other process delivers meanwhile, and lapses should this process die before it.
      await claim.claim.keepFor(wait + CLAIM_RETRY_MARGIN_MS).catch(() => undefined);
      this.retrying.add(generationId);
      this.o.clock.sleep(wait, this.closed.signal).then(
        () => {
          this.retrying.delete(generationId);
          this.resume(job);
        },
        () => this.retrying.delete(generationId),
      );
    }
  }

  /** The quota step of a finished job: finished (beside showing the result), or refunded once (before reporting it). */
  private async settle(job: Job): Promise<Job> {
    const { jobs, quota } = this.o;
    if (job.status === 'completed') {
      await quota.finish(job.generationId);
      return job;
    }
    if (job.refunded) return job;
    // The quota's refund is idempotent per generation id; the flag only spares a second call.
    const { refundedMicros } = await quota.refund(job.generationId, job.error ?? undefined);
    return (await jobs.update(job.generationId, () => ({ refunded: true, refundedMicros }))) ?? job;
  }

  /**
   * The result as it can be shown: the file when it can be fetched safely and fits, else why not
   * (the card then links to it, or says it could not be fetched). /show uses it too.
   */
  resultContent(job: Job): Promise<ResultContent> {
    return resultContent(job, this.o);
  }

  /** Records a shown result's job done (fenced by the claim) and tells whoever waits for it. */
  private async recordDelivered(job: Job, claim: DeliveryClaim, via: DeliveryRoute): Promise<void> {
    const { logger, clock } = this.o;
    const done = await this.fence.fencedDone(job, claim, () => ({
      step: 'done',
      deliveredVia: via,
      shownStatus: 'completed',
      editedAt: clock.now(),
      deliveredAt: clock.now(),
    }));
    if (!done) return;
    logger.info(
      { generationId: job.generationId, guildId: job.reply.guildId, userId: job.reply.userId, via },
      'delivered',
    );
    this.o.onDone?.(done);
  }

  /** Fetches the result and edits the reply with it; a file Discord refuses becomes a link. */
  private async showResult(job: Job, claim: DeliveryClaim): Promise<DeliveryRoute> {
    const { messenger, logger } = this.o;
    if (job.batch) return this.showBatch(job, job.batch, claim);
    let content = await this.resultContent(job);
    await this.waitForEditSlot(job, this.finalEditGapMs);
    await this.fence.ensureHeld(claim);
    try {
      return await messenger.show(job, content);
    } catch (err) {
      if (!(err instanceof MessageRefused) || !(content.file || content.lastFrame?.file)) throw err;
      // Discord would refuse the same files on every retry: links are what can be shown.
      logger.warn(
        { err, generationId: job.generationId, reason: err.reason },
        'Discord refused the file; delivering a link instead',
      );
      const reason = err.reason === 'too_large' ? 'too_large' : 'download_failed';
      content = {
        kind: 'result',
        linkReason: content.linkReason ?? reason,
        ...(content.lastFrame ? { lastFrame: { linkReason: content.lastFrame.linkReason ?? reason } } : {}),
      };
      return await messenger.show(job, content);
    }
  }

  /**
   * Redraws a batch's one reply from every take as it is now (each finished take's file fetched
   * again: an edit keeps only the files it uploads). One redraw at a time per batch, each reading
   * the takes once it has its turn, so the last edit shows the latest states; a take changed by
   * another process meanwhile draws it again (BatchStore.draw).
   */
  private async showBatch(job: Job, batch: BatchRef, claim?: DeliveryClaim): Promise<DeliveryRoute> {
    const { batches, messenger } = this.o;
    if (!batches) throw new Error('a batch take to deliver, and no batch store');
    // A take's job changed (finished, failed, refunded): news to a drawing under way elsewhere.
    const drawing = async (current: BatchTake[]) => {
      const takes = await Promise.all(
        current.map(async (take) =>
          take.state === 'done' ? { ...take, content: await this.resultContent(take.job) } : take,
        ),
      );
      await this.waitForEditSlot(job, this.finalEditGapMs);
      if (claim) await this.fence.ensureHeld(claim);
      try {
        return await messenger.show(job, { kind: 'batch', takes });
      } catch (err) {
        if (!(err instanceof MessageRefused)) throw err;
        // Discord would refuse the same files on every retry: links are what can be shown.
        this.o.logger.warn({ err, batchId: batch.id }, "Discord refused a batch's files; showing links");
        const linkReason: LinkReason = err.reason === 'too_large' ? 'too_large' : 'download_failed';
        const links = takes.map(
          (take): BatchTake =>
            take.state === 'done' ? { ...take, content: { kind: 'result' as const, linkReason } } : take,
        );
        return await messenger.show(job, { kind: 'batch', takes: links });
      }
    };
    return batches.draw(batch, drawing, { news: true });
  }

  private async deliverFailure(job: Job, claim: DeliveryClaim): Promise<void> {
    const { jobs, messenger, clock, logger } = this.o;
    let current = job;
    if (current.shownStatus !== 'failed') {
      await this.waitForEditSlot(current, this.finalEditGapMs);
      await this.fence.ensureHeld(claim);
      try {
        if (current.batch) await this.showBatch(current, current.batch, claim);
        else await messenger.show(current, { kind: 'failed' });
      } catch (err) {
        // The report below tells the member all the same; a refused edit must not hold it back.
        if (!(err instanceof MessageRefused)) throw err;
        logger.warn({ err, generationId: current.generationId }, 'Discord refused the failed state');
      }
      current =
        (await jobs.update(current.generationId, () => ({ shownStatus: 'failed', editedAt: clock.now() }))) ??
        current;
    }
    let where: 'thread' | 'channel' | undefined;
    if (!current.reported) {
      await this.fence.ensureHeld(claim);
      where = await messenger.reportFailure(current, current.refundedMicros ?? 0);
    }
    const done = await this.fence.fencedDone(current, claim, () => ({ reported: true, step: 'done' }));
    if (where) logger.info({ generationId: current.generationId, where }, 'failure reported');
    if (done) this.o.onDone?.(done);
  }

  /**
   * Ends a settled job Discord will not take (refused for good, or still failing after every
   * attempt): done, delivered nowhere, logged at error.
   */
  private async giveUp(job: Job, attempts: number, err: unknown, claim: DeliveryClaim): Promise<void> {
    const done = await this.fence.fencedDone(job, claim, () => ({
      step: 'done',
      deliveredVia: 'none',
      deliveryAttempts: attempts,
    }));
    this.o.logger.error(
      {
        err,
        generationId: job.generationId,
        guildId: job.reply.guildId,
        userId: job.reply.userId,
        status: job.status,
        attempts,
      },
      err instanceof MessageRefused
        ? 'Discord refused the delivery for good; giving up'
        : 'delivery still failing after every attempt; giving up',
    );
    if (done) this.o.onDone?.(done);
  }

  private async waitForEditSlot(job: Job, gapMs: number): Promise<void> {
    const wait = job.editedAt + gapMs - this.o.clock.now();
    if (wait > 0) await this.o.clock.sleep(wait);
  }
}

/** The service's `completed_at` when it is a valid time, else `seenAt` (when the bot saw it finished). */
function finishedAt(generation: Generation, seenAt: number): number {
  const stated = generation.completed_at ? Date.parse(generation.completed_at) : Number.NaN;
  return Number.isFinite(stated) ? stated : seenAt;
}

/**
 * When a running job's card, last edited before its model's usual time, should be edited to say
 * that this one takes longer; undefined when it needs no such edit (no usual time known, a take
 * of a batch, whose card shows no times, or the card edited after that time already).
 */
function lateEditDue(job: Job): number | undefined {
  if (job.expectedFinishAt === undefined || job.batch) return undefined;
  if (job.status !== 'pending' && job.status !== 'processing') return undefined;
  return job.editedAt < job.expectedFinishAt ? job.expectedFinishAt : undefined;
}
