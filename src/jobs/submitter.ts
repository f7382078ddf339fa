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
 * - A submission waiting for its turn (jobs/send-line.ts) can be cancelled by its member; once
 *   taken for sending it cannot (the service has no cancel).
 * - An intent record (jobs/intents.ts) is written before the POST and removed after the outcome,
 *   so a crash in between is resolved by jobs/recovery.ts: the generation adopted, or the
 *   reservation released.
 *
 * A little past this project's usual ~400 lines on purpose: the rules above are one sequence per
 * submission (intent, turn, POST, answer, job, charge, or the search after an uncertain answer),
 * and each outcome's handling must be read beside the step that produced it to check them. The
 * line and its turns are in send-line.ts, the search in match.ts, the charge in charge.ts.
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
import type { CreatedGenerationRecord, Generation } from '../media/schemas.ts';
import type { BatchStore, TakeRecord } from './batches.ts';
import { chargeFor } from './charge.ts';
import { QueueCancelled } from './fair-queue.ts';
import type { IntentStore } from './intents.ts';
import type { Job } from './job.ts';
import type { JobStore } from './job-store.ts';
import { matchesRequest } from './match.ts';
import type { ModerationLog } from './moderation-log.ts';
import {
  type CancelResult,
  type SendCapacity,
  SendLine,
  type Ticket,
  type WaitProgress,
} from './send-line.ts';
import {
  MAX_WAIT_BEFORE_SENDING_MS,
  type SubmitInput,
  type SubmitOutcome,
  type SubmitterClient,
  type SubmitterQuota,
} from './submission.ts';

export type { CancelResult, SendCapacity, WaitProgress } from './send-line.ts';

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
  /** Where a batch's takes are recorded (jobs/batches.ts); needed only when batches are submitted. */
  batches?: BatchStore;
  /** The servers' moderation logs: told of every job saved (before its intent is dropped). */
  moderation?: Pick<ModerationLog, 'generationSent'>;
}

/** A waiting submission that may no longer be sent where it would post (SubmitInput.recheck). */
class NoLongerAllowed extends Error {
  override name = 'NoLongerAllowed';
}

export class Submitter {
  /** Submissions waiting for their turn, their places, and their Cancel. */
  private readonly line: SendLine;
  /**
   * Generations being adopted, so that two identical submissions whose answers were both lost
   * cannot both adopt the same one (in one process; across processes on Redis, the stored intents
   * and the lock recovery resolves each under keep them apart: IntentStore.sameRequestPendingElsewhere).
   */
  private readonly claimed = new Set<string>();

  private readonly o: SubmitterOptions;

  constructor(o: SubmitterOptions) {
    this.o = o;
    const { client } = o;
    this.line = new SendLine(o.concurrency ?? 4, {
      clock: o.clock,
      logger: o.logger,
      capacity: o.capacity,
      // A submission is taken when the budget lets a request go, so the fair queue decides who sends it.
      budget: client.waitForBudget?.bind(client),
    });
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
        await this.recordTake(input, { notSent: 'the submission could not be recorded' });
        return { kind: 'not_recorded' };
      }
      const ticket = this.line.join(
        input.reservationId,
        { userId: input.reply.userId, quotedMicros: input.quotedMicros },
        onProgress,
      );
      try {
        return await this.send(input, startedAt, ticket);
      } finally {
        this.line.leave(ticket);
      }
    } finally {
      this.o.intents.end(input.reservationId);
    }
  }

  /** Submissions waiting for their turn in the fair queue (for /metrics). */
  get waiting(): number {
    return this.line.waiting;
  }

  /** Submissions taken for sending and not answered yet (for /metrics). */
  get sending(): number {
    return this.line.sending;
  }

  /**
   * Cancels a submission still waiting for its turn: it is never sent, its submit() resolves
   * `cancelled`, and its reservation is released (awaited here). Refused once it was taken for
   * sending, and for anyone but its member.
   */
  cancel(reservationId: string, userId: string): Promise<CancelResult> {
    return this.line.cancel(reservationId, userId);
  }

  private async send(input: SubmitInput, startedAt: number, ticket: Ticket): Promise<SubmitOutcome> {
    const { client, clock } = this.o;
    const answered = new AbortController();
    const noticeMs = this.o.waitingNoticeMs ?? 2_000;
    if (ticket.onProgress) {
      // Not told yet and slow: it waits for the budget, or was taken and waits for a retry.
      clock
        .sleep(noticeMs, answered.signal)
        .then(() => this.line.noticeSlow(ticket))
        .catch(() => undefined);
    }
    // Ends the wait for a turn, for the rate limiter or for a retry; never a request on its way.
    const tooLate = new AbortController();
    const maxWaitMs = this.o.maxWaitMs ?? MAX_WAIT_BEFORE_SENDING_MS;
    const waitedAlready = Math.max(0, startedAt - (input.reservedAt ?? startedAt));
    clock.sleep(Math.max(0, maxWaitMs - waitedAlready), answered.signal).then(
      () => {
        tooLate.abort();
        // Still in line: out of it now, not when its turn comes (which would spend a request).
        this.line.expire(ticket);
      },
      () => undefined,
    );
    let created: { generation: CreatedGenerationRecord; priceMicros: number | undefined };
    try {
      created = await this.line.run(ticket, async (grant) => {
        try {
          if (tooLate.signal.aborted)
            throw new AbortedError('gave up before sending', { mayHaveReachedService: false });
          // Waited for its turn (it had a place in line, or waited as long as a member is told of:
          // a batch's takes at the head of the line wait for the budget with no place to show, for
          // minutes when it is spent): the rules of where it posts, and of what its prompt may say,
          // are read again, as they are at the moment it is sent, not as they were when it was
          // asked for. One sent at once is not asked again.
          const waited = ticket.lastAhead !== undefined || clock.now() - startedAt >= noticeMs;
          if (waited && input.recheck) {
            const reason = await input.recheck().catch(() => "the server's rules could not be read.");
            if (reason !== undefined) throw new NoLongerAllowed(reason);
          }
        } catch (err) {
          // Not sent: the request granted for it counts from now, as if answered at once.
          void grant?.answered();
          throw err;
        }
        return client.createGeneration(input.request, {
          waitSignal: tooLate.signal,
          ...(grant ? { grant } : {}),
          onWire: (onItsWay) => {
            ticket.onItsWay = onItsWay;
          },
        });
      });
    } catch (err) {
      this.o.intents.answered(input.reservationId);
      // Taken out of line by its member's Cancel, or by its deadline (below).
      if (err instanceof QueueCancelled && ticket.cancelled) return this.cancelled(input, ticket);
      if (err instanceof NoLongerAllowed) {
        this.o.logger.info(
          { model: input.model.slug },
          'submission no longer allowed where it waited; not sent',
        );
        await this.giveBack(input, "not sent: the server's rules changed while it waited");
        return { kind: 'refused', reason: err.message };
      }
      const unsent =
        err instanceof QueueCancelled || (err instanceof AbortedError && !err.mayHaveReachedService);
      if (tooLate.signal.aborted && unsent) {
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
    const charge = chargeFor(input.quotedMicros, created.priceMicros);
    if (charge.note !== undefined) {
      this.o.logger.warn(
        {
          generationId: created.generation.id,
          model: input.model.slug,
          priceMicros: created.priceMicros,
          quotedMicros: input.quotedMicros,
        },
        'the service stated an implausible price; charging the quote',
      );
    }
    return { kind: 'submitted', job: await this.adopt(input, startedAt, created.generation, charge) };
  }

  /** A cancelled submission gives its reservation back; its canceller learns whether that worked. */
  private async cancelled(input: SubmitInput, ticket: Ticket): Promise<SubmitOutcome> {
    let released = true;
    try {
      await this.giveBack(input, 'cancelled by the member before it was sent');
    } catch (err) {
      // The intent stays: recovery finds nothing was created and releases it later.
      released = false;
      this.o.logger.error({ err, model: input.model.slug }, 'cannot release a cancelled submission yet');
    }
    this.o.logger.info({ model: input.model.slug }, 'submission cancelled before it was sent');
    ticket.cancelled?.(released);
    return { kind: 'cancelled', released };
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
    if (
      this.o.intents.sameRequestAwaitingAnswer(input) ||
      (await this.o.intents.sameRequestPendingElsewhere(input))
    ) {
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
    const { chargedMicros, note: chargeNote } = charge;
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
      ...(input.batch ? { batch: input.batch } : {}),
      reservationId: input.reservationId,
      quotedMicros: input.quotedMicros,
      chargedMicros,
      ...(chargeNote !== undefined ? { chargeNote } : {}),
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
      // Before the intent is dropped: a process that dies first has recovery write the line.
      await this.o.moderation?.generationSent(job, input.ageRestricted === true);
      await this.recordTake(input, { generationId: job.generationId });
      await this.o.quota.settle(input.reservationId, { generationId: generation.id, ...charge });
      await this.o.intents.drop(input.reservationId);
    } finally {
      this.claimed.delete(generation.id);
    }
    return job;
  }

  /**
   * Tells the batch what became of this take (its job, or why it was not sent). Not a money step:
   * when it cannot be written the take is still followed, charged or released as it should be.
   */
  private async recordTake(input: SubmitInput, take: TakeRecord): Promise<void> {
    if (!input.batch) return;
    try {
      await this.o.batches?.record(input.batch, take);
    } catch (err) {
      this.o.logger.error(
        { err, batchId: input.batch.id, take: input.batch.index },
        "cannot record what became of a batch's take; its reply shows it as still sending",
      );
    }
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
    await this.recordTake(input, { notSent: note ?? 'not sent' });
    await this.o.intents.drop(input.reservationId);
  }
}
