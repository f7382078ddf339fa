/**
 * Submission: sends one reserved request to the service and turns the answer into a job.
 *
 * Money rules enforced here:
 * - The job is persisted before anything else after the 201 (the service has charged).
 * - A POST that may have reached the service is never sent again (the client guarantees it);
 *   instead the recent list is searched for a generation matching everything sent (jobs/match.ts),
 *   unless another submission of the same request still waits for its answer and may own it.
 * - Nothing is sent unless its intent is recorded; nothing is sent once its reservation may have
 *   expired (a request that waited too long for capacity is abandoned and its reservation released).
 * - Every 201 becomes a followed job: an implausible price is charged at the quote and flagged.
 * - An intent record (jobs/intents.ts) is written before the POST and removed after the outcome,
 *   so a crash in between is resolved by jobs/recovery.ts: the generation adopted, or the
 *   reservation released.
 */
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import {
  AbortedError,
  InsufficientBalanceError,
  MediaApiError,
  mayHaveCreatedGeneration,
  ValidationError,
} from '../media/errors.ts';
import type {
  CreatedGenerationRecord,
  CreateGenerationRequest,
  FieldErrors,
  Generation,
  MediaType,
  Model,
} from '../media/schemas.ts';
import { formatUsd } from '../money.ts';
import { FairQueue, QueueCancelled } from './fair-queue.ts';
import type { IntentStore } from './intents.ts';
import type { Job, JobOrigin, ReplyTarget } from './job.ts';
import type { JobStore } from './job-store.ts';
import { matchesRequest } from './match.ts';

export interface SubmitterClient {
  createGeneration(
    req: CreateGenerationRequest,
    opts?: { waitSignal?: AbortSignal },
  ): Promise<{ generation: CreatedGenerationRecord; priceMicros: number | undefined }>;
  listGenerations(
    q: { type?: MediaType; perPage?: number; page?: number },
    opts?: { priority?: 'submit' | 'poll' },
  ): Promise<{ generations: Generation[] }>;
}

export interface SubmitterQuota {
  settle(
    reservationId: string,
    charge: { generationId: string; chargedMicros: number; note?: string },
  ): Promise<unknown>;
  release(reservationId: string, note?: string): Promise<unknown>;
}

export interface SubmitInput {
  request: CreateGenerationRequest;
  model: Model;
  quotedMicros: number;
  reservationId: string;
  /**
   * When the reservation was made (clock ms), when it was not just before submitting (a confirmed
   * request waited for its member): the wait for capacity is counted from then.
   */
  reservedAt?: number;
  reply: ReplyTarget;
  /** Where it started, when not from a slash command (a result's button, a message). */
  origin?: JobOrigin;
  attachmentSizeLimit: number;
  simulated: boolean;
}

export type SubmitOutcome =
  | { kind: 'submitted'; job: Job }
  | { kind: 'insufficient_balance' }
  | { kind: 'rejected'; fieldErrors: FieldErrors }
  | { kind: 'failed'; reason: string }
  /** The service may have created it, and the list could not be searched: recovery settles it later. */
  | { kind: 'unconfirmed' }
  /** Waited for capacity until its reservation could have expired: not sent, reservation released. */
  | { kind: 'gave_up'; waitedMs: number }
  /** The intent could not be recorded, so nothing was sent (the reservation is released if possible). */
  | { kind: 'not_recorded' }
  /** The member cancelled it while it waited for its turn: never sent; `released` once given back. */
  | { kind: 'cancelled'; released: boolean };

/** Where a submission stands while it waits, for the member's reply. */
export interface WaitProgress {
  /** Submissions the fair queue will send before this one (0 once it is being sent). */
  ahead: number;
  /** When it is expected to be sent (clock ms); see Submitter.estimateSendAt. */
  sendAt: number;
  /** Still in the fair queue, so `cancel` can stop it; false once it was taken for sending. */
  cancellable: boolean;
}

export type CancelResult =
  /** Taken out of the queue before it was sent; `released` when its reservation was given back. */
  | { kind: 'cancelled'; quotedMicros: number; released: boolean }
  /** Another member's request. */
  | { kind: 'not_yours' }
  /** Already taken for sending: the service has no cancel, so it goes on. */
  | { kind: 'sending' }
  /** Not waiting in this process: it finished, or a restart's recovery deals with it. */
  | { kind: 'not_waiting' };

/** The request budget submissions share, for estimating when a waiting one will be sent. */
export interface SendCapacity {
  /** Requests allowed per window, and the window (clock ms). */
  limit: number;
  windowMs: number;
  /** Requests that could be sent right now (RateLimiter.available). */
  available(): number;
}

/**
 * How long a submission may wait for capacity before it is abandoned unsent. The quota releases a
 * reservation neither settled nor released after 15 minutes; a request still waiting then would be
 * sent against a reservation the member could already have spent again. Five minutes of margin
 * cover the request itself (its timeout) and recording its answer.
 */
export const MAX_WAIT_BEFORE_SENDING_MS = 10 * 60_000;

/** A price stated in a 201 above this many times the quote is implausible (prices follow the catalog). */
const PLAUSIBLE_PRICE_FACTOR = 10;

export interface SubmitterOptions {
  client: SubmitterClient;
  jobs: JobStore;
  intents: IntentStore;
  quota: SubmitterQuota;
  clock: Clock;
  logger: Logger;
  /** How far back the ambiguous-POST search looks (clock ms). */
  recoveryWindowMs?: number;
  /** Members see a "waiting for capacity" note after this long without an answer (clock ms). */
  waitingNoticeMs?: number;
  /** Submissions sent at once; the rest wait for their member's turn (default 4). */
  concurrency?: number;
  /** A submission not sent after this long is abandoned (clock ms; MAX_WAIT_BEFORE_SENDING_MS). */
  maxWaitMs?: number;
  /** The shared request budget, for send estimates (default: 120 a minute, none free). */
  capacity?: SendCapacity;
  /** How long a model's generations usually take (clock ms), when known: the job's expected finish. */
  expectedDurationMs?: (model: string) => number | undefined;
}

/** A submission of this process between submit() and its outcome. */
interface Submission {
  input: SubmitInput;
  onProgress: ((progress: WaitProgress) => void) | undefined;
  /** The place last reported, so that only changes are reported. */
  lastAhead: number | undefined;
  /** Taken from the fair queue (cancel can no longer stop it). */
  taken: boolean;
  /** Set by a cancel that took it out of the queue: resolves once its reservation was given back. */
  cancelled: ((released: boolean) => void) | undefined;
}

/**
 * While submissions wait, one waiting status check goes after every `maxPollOvertakes` (4)
 * submissions (media/rate-limiter.ts), so submissions get at least 4 of every 5 requests.
 */
const SUBMISSION_SHARE = 4 / 5;

/** Without word of the budget: the spec's 120 requests a minute, none free right now. */
const DEFAULT_CAPACITY: SendCapacity = { limit: 120, windowMs: 60_000, available: () => 0 };

export class Submitter {
  private readonly turns: FairQueue;
  /**
   * Generations being adopted, so that two identical submissions whose answers were both lost
   * cannot both adopt the same one (in one process; a Redis lock would extend it to several).
   */
  private readonly claimed = new Set<string>();
  /** Submissions in progress in this process, by reservation id (also their id in the fair queue). */
  private readonly submissions = new Map<string, Submission>();

  constructor(private readonly o: SubmitterOptions) {
    this.turns = new FairQueue(o.concurrency ?? 4, () => this.reportPlaces());
  }

  /**
   * Submits a reserved request. `onProgress` is told where it stands while it waits: when it starts
   * waiting in the fair queue, whenever its place changes, and when it is taken for sending but
   * the answer takes a while (rate limit).
   */
  async submit(input: SubmitInput, onProgress?: (progress: WaitProgress) => void): Promise<SubmitOutcome> {
    const startedAt = this.o.clock.now();
    this.o.intents.begin(input);
    try {
      try {
        await this.o.intents.save({ input, startedAt });
      } catch (err) {
        // Money fails closed: without its intent a crash could lose track of a paid generation.
        this.o.logger.error({ err, model: input.model.slug }, 'cannot record the submission; nothing sent');
        await this.o.quota
          .release(input.reservationId, 'not sent: the submission could not be recorded')
          .catch(() => undefined);
        return { kind: 'not_recorded' };
      }
      return await this.send(input, startedAt, onProgress);
    } finally {
      this.submissions.delete(input.reservationId);
      this.o.intents.end(input.reservationId);
    }
  }

  /**
   * Cancels a submission still waiting in the fair queue: it is never sent, its submit() resolves
   * `cancelled`, and its reservation is released (awaited here). Whether it was still waiting is
   * decided by the fair queue alone, synchronously, so a cancel and the send cannot both win.
   */
  async cancel(reservationId: string, userId: string): Promise<CancelResult> {
    const submission = this.submissions.get(reservationId);
    if (!submission) return { kind: 'not_waiting' };
    if (submission.input.reply.userId !== userId) return { kind: 'not_yours' };
    // Cancelled already (a second press): its first cancel answers.
    if (submission.cancelled) return { kind: 'not_waiting' };
    if (!this.turns.cancel(reservationId)) return { kind: 'sending' };
    const released = new Promise<boolean>((resolve) => {
      submission.cancelled = resolve;
    });
    return { kind: 'cancelled', quotedMicros: submission.input.quotedMicros, released: await released };
  }

  /**
   * When a submission with `ahead` others before it in the fair queue should be sent (clock ms).
   * Each of those, and each submission already taken (they wait for, or hold, a request of the
   * budget), goes first. What the budget has free right now goes at once; the rest flows at the
   * budget's rate, of which submissions get at least SUBMISSION_SHARE. It is a floor: a service
   * answering 429 (its own limit lower than configured) pauses everyone for its Retry-After.
   */
  estimateSendAt(ahead: number): number {
    return this.sendAtAfter(ahead + this.turns.running);
  }

  /** When a request with `first` submission requests before it should go (clock ms). */
  private sendAtAfter(first: number): number {
    const { limit, windowMs, available } = this.o.capacity ?? DEFAULT_CAPACITY;
    const queued = Math.max(0, first + 1 - available());
    return this.o.clock.now() + Math.ceil((queued * windowMs) / limit / SUBMISSION_SHARE);
  }

  /** Tells every waiting submission whose place changed where it stands now. */
  private reportPlaces(): void {
    this.turns.order().forEach((id, ahead) => {
      const submission = this.submissions.get(id);
      if (!submission || submission.lastAhead === ahead) return;
      submission.lastAhead = ahead;
      this.report(submission, { ahead, sendAt: this.estimateSendAt(ahead), cancellable: true });
    });
  }

  private report(submission: Submission, progress: WaitProgress): void {
    try {
      submission.onProgress?.(progress);
    } catch (err) {
      this.o.logger.warn({ err }, 'progress report failed');
    }
  }

  /** Taken for sending: a member shown its place learns that it can no longer be cancelled. */
  private reportSending(submission: Submission): void {
    this.report(submission, {
      ahead: 0,
      // The other submissions taken may go before it.
      sendAt: this.sendAtAfter(Math.max(0, this.turns.running - 1)),
      cancellable: false,
    });
  }

  private async send(
    input: SubmitInput,
    startedAt: number,
    onProgress?: (progress: WaitProgress) => void,
  ): Promise<SubmitOutcome> {
    const { client, clock } = this.o;
    const answered = new AbortController();
    const submission: Submission = {
      input,
      onProgress,
      lastAhead: undefined,
      taken: false,
      cancelled: undefined,
    };
    this.submissions.set(input.reservationId, submission);
    if (onProgress) {
      // Taken at once but slow to be answered: it waits for the rate limiter (or a retry).
      clock
        .sleep(this.o.waitingNoticeMs ?? 2_000, answered.signal)
        .then(() => submission.taken && submission.lastAhead === undefined && this.reportSending(submission))
        .catch(() => undefined);
    }
    // Ends the wait for a turn, for the rate limiter or for a retry; never a request on its way.
    const tooLate = new AbortController();
    const maxWaitMs = this.o.maxWaitMs ?? MAX_WAIT_BEFORE_SENDING_MS;
    const waitedAlready = Math.max(0, startedAt - (input.reservedAt ?? startedAt));
    clock.sleep(Math.max(0, maxWaitMs - waitedAlready), answered.signal).then(
      () => tooLate.abort(),
      () => undefined,
    );
    let created: { generation: CreatedGenerationRecord; priceMicros: number | undefined };
    try {
      created = await this.turns.run(
        input.reply.userId,
        () => {
          submission.taken = true;
          if (submission.lastAhead !== undefined) this.reportSending(submission);
          if (tooLate.signal.aborted)
            throw new AbortedError('gave up before sending', { mayHaveReachedService: false });
          return client.createGeneration(input.request, { waitSignal: tooLate.signal });
        },
        input.reservationId,
      );
    } catch (err) {
      this.o.intents.answered(input.reservationId);
      if (err instanceof QueueCancelled) return this.cancelled(submission);
      if (tooLate.signal.aborted && err instanceof AbortedError && !err.mayHaveReachedService) {
        this.o.logger.warn(
          { model: input.model.slug, waitedMs: clock.now() - startedAt },
          'submission waited too long for capacity; abandoned unsent',
        );
        await this.giveBack(input, 'not sent: waited too long for capacity');
        return { kind: 'gave_up', waitedMs: clock.now() - startedAt };
      }
      return this.unanswered(input, startedAt, err);
    } finally {
      answered.abort();
    }
    // Claimed before the answer is marked known, so that no search adopts it in the meantime.
    this.claimed.add(created.generation.id);
    this.o.intents.answered(input.reservationId);
    // Outside the try: once the service has confirmed (and charged), a failure to record it must
    // never release the reservation; the intent stays and recovery adopts the generation.
    const charge = this.chargeFor(input, created.generation.id, created.priceMicros);
    return { kind: 'submitted', job: await this.adopt(input, startedAt, created.generation, charge) };
  }

  /** A cancelled submission gives its reservation back; its canceller learns whether that worked. */
  private async cancelled(submission: Submission): Promise<SubmitOutcome> {
    const { input } = submission;
    let released = true;
    try {
      await this.giveBack(input, 'cancelled by the member before it was sent');
    } catch (err) {
      // The intent stays: recovery finds nothing was created and releases it later.
      released = false;
      this.o.logger.error({ err, model: input.model.slug }, 'cannot release a cancelled submission yet');
    }
    this.o.logger.info({ model: input.model.slug }, 'submission cancelled before it was sent');
    submission.cancelled?.(released);
    return { kind: 'cancelled', released };
  }

  /**
   * What a 201 is charged in the ledger: the price it stated, unless that price is missing,
   * negative or far above the quote, in which case the quote is charged and the entry flagged.
   */
  private chargeFor(
    input: SubmitInput,
    generationId: string,
    priceMicros: number | undefined,
  ): { chargedMicros: number; note?: string } {
    const plausible =
      priceMicros !== undefined &&
      Number.isSafeInteger(priceMicros) &&
      priceMicros >= 0 &&
      priceMicros <= Math.max(input.quotedMicros * PLAUSIBLE_PRICE_FACTOR, 1);
    if (plausible) return { chargedMicros: priceMicros };
    const stated = priceMicros === undefined ? 'no price' : `a price of ${formatUsd(priceMicros)}`;
    this.o.logger.warn(
      { generationId, model: input.model.slug, priceMicros, quotedMicros: input.quotedMicros },
      'the service stated an implausible price; charging the quote',
    );
    return {
      chargedMicros: input.quotedMicros,
      note: `flagged: the service stated ${stated}; charged at the quote`,
    };
  }

  /** The POST failed: release what provably was not created; search for, or keep, the rest. */
  private async unanswered(input: SubmitInput, startedAt: number, err: unknown): Promise<SubmitOutcome> {
    const { logger } = this.o;
    if (err instanceof InsufficientBalanceError) {
      await this.giveBack(input);
      return { kind: 'insufficient_balance' };
    }
    if (err instanceof ValidationError) {
      await this.giveBack(input);
      return { kind: 'rejected', fieldErrors: err.fieldErrors };
    }
    if (!mayHaveCreatedGeneration(err)) {
      await this.giveBack(input);
      logger.error({ err, model: input.model.slug }, 'submission failed');
      return { kind: 'failed', reason: err instanceof MediaApiError ? err.message : 'unexpected error' };
    }
    // Another submission of the same request, still waiting for its answer, may own whatever the
    // search would find: leave this one to the sweep, which looks again once that one is answered.
    if (this.o.intents.sameRequestAwaitingAnswer(input)) {
      logger.warn(
        { err, model: input.model.slug },
        'submission outcome unknown; an identical one is pending',
      );
      return { kind: 'unconfirmed' };
    }
    logger.warn({ err, model: input.model.slug }, 'submission outcome unknown; searching the recent list');
    let found: Generation | undefined;
    try {
      found = await this.findSubmitted(input, startedAt);
    } catch (searchErr) {
      logger.warn({ err: searchErr }, 'cannot search for the submission; leaving it to recovery');
    }
    if (found)
      return {
        kind: 'submitted',
        job: await this.adopt(input, startedAt, found, { chargedMicros: input.quotedMicros }),
      };
    // Not found (yet): the service may still record it a moment later. Releasing now could leave
    // a charged generation unpaid and undelivered and invite a second POST, so the intent and the
    // reservation stay until the recovery sweep looks again after the grace period.
    return { kind: 'unconfirmed' };
  }

  /**
   * The 201 arrived (or the generation was found): persist the job first, then settle. The caller
   * starts following it (after showing the queued embed, so a fast result is never overwritten).
   */
  async adopt(
    input: SubmitInput,
    startedAt: number,
    generation: CreatedGenerationRecord,
    charge: { chargedMicros: number; note?: string },
  ): Promise<Job> {
    const now = this.o.clock.now();
    const { chargedMicros } = charge;
    const typicalMs = this.o.expectedDurationMs?.(input.model.slug);
    const job: Job = {
      generationId: generation.id,
      type: generation.type ?? input.model.type,
      model: input.model.slug,
      modelLabel: input.model.label,
      prompt: input.request.prompt,
      parameters: generation.parameters,
      request: input.request,
      ...(input.origin ? { origin: input.origin } : {}),
      reply: input.reply,
      reservationId: input.reservationId,
      quotedMicros: input.quotedMicros,
      chargedMicros,
      attachmentSizeLimit: input.attachmentSizeLimit,
      simulated: input.simulated,
      status: generation.status,
      step: 'following',
      output: null,
      error: null,
      createdAt: now,
      ...(typicalMs !== undefined ? { expectedFinishAt: now + typicalMs } : {}),
      checkedAt: now,
      editedAt: 0,
      // Nothing is shown yet: even a generation that already failed gets its failed state shown.
      shownStatus: 'pending',
      refunded: false,
      reported: false,
      deliveryAttempts: 0,
    };
    try {
      // The intent learns the generation id first, so recovery finds the job even when the
      // process dies between the writes below.
      await this.o.intents.setGeneration({ input, startedAt }, generation.id);
      await this.o.jobs.create(job);
      await this.o.quota.settle(input.reservationId, { generationId: generation.id, ...charge });
      await this.o.intents.drop(input.reservationId);
    } finally {
      this.claimed.delete(generation.id);
    }
    return job;
  }

  /** Looks for our generation in the recent list: matching what was sent, created since, not already a job. */
  async findSubmitted(input: SubmitInput, startedAt: number): Promise<Generation | undefined> {
    const window = this.o.recoveryWindowMs ?? 5 * 60_000;
    const { generations } = await this.o.client.listGenerations(
      { type: input.model.type, perPage: 100 },
      { priority: 'submit' },
    );
    for (const g of generations) {
      const created = Date.parse(g.created_at);
      if (!matchesRequest(g, input.request, input.model)) continue;
      if (Number.isFinite(created) && created < startedAt - window) continue;
      if (this.claimed.has(g.id) || (await this.o.jobs.get(g.id))) continue;
      // Checked again after the await: another search may have claimed it meanwhile.
      if (this.claimed.has(g.id)) continue;
      this.claimed.add(g.id);
      return g;
    }
    return undefined;
  }

  /** Releases a reservation whose generation provably does not exist, and forgets its intent. */
  async giveBack(input: SubmitInput, note?: string): Promise<void> {
    await this.o.quota.release(input.reservationId, note);
    await this.o.intents.drop(input.reservationId);
  }
}
