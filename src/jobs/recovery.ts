/**
 * Recovery: everything a restart resumes or resolves, and the sweep that settles submissions
 * whose outcome could not be learned at the time.
 * - An intent without a job: the POST may or may not have created a generation. The recent list is
 *   searched; a match is adopted (job written, reservation settled), no match releases it.
 * - An intent whose job was saved: the process died before settling; settle it now.
 * - Open jobs: followed again, or their delivery resumed when the service finished meanwhile.
 */
import type { Clock } from '../clock.ts';
import { type KeyedLock, LockTimeoutError } from '../locks.ts';
import type { Logger } from '../log.ts';
import { MediaApiError } from '../media/errors.ts';
import type { BatchStore } from './batches.ts';
import type { IntentStore } from './intents.ts';
import type { Job } from './job.ts';
import type { JobStore } from './job-store.ts';
import type { ModerationLog } from './moderation-log.ts';
import type { SubmitInput, SubmitterQuota } from './submission.ts';
import type { Submitter } from './submitter.ts';

/** How long an unconfirmed submission waits before a search that finds nothing releases it. */
export const UNCONFIRMED_GRACE_MS = 2 * 60_000;
/** How often the sweep looks at unconfirmed submissions (clock ms). */
const SWEEP_INTERVAL_MS = 60_000;

export interface RecoveryOptions {
  intents: IntentStore;
  jobs: JobStore;
  submitter: Submitter;
  quota: SubmitterQuota;
  clock: Clock;
  logger: Logger;
  /** Starts following a job (an adopted generation, or an open job after a restart). */
  follow: (job: Job) => void;
  /** Resumes delivery of a job the service finished while nobody was following it. */
  deliver: (job: Job) => void;
  /**
   * A batch's take changed here (released, adopted, or its saved job settled): its card is drawn
   * again from every take's state, so that a take the sweep released after the others were
   * delivered does not show "waiting to be sent" for ever.
   */
  takeChanged?: (input: SubmitInput) => void;
  /**
   * Where a batch's takes are recorded: a take whose job was saved just before the process died
   * gets the record the submitter did not write, or its card would show it waiting for ever.
   */
  batches?: Pick<BatchStore, 'record'>;
  /** The moderation logs: a saved job's line, written here when the process died before writing it. */
  moderation?: Pick<ModerationLog, 'generationSent'>;
  /**
   * Draws again the batch cards left owing a redraw (a take changed, and the process died or
   * Discord failed before the card showed it): every one at a start, after the submissions are
   * resolved; from the sweep, those changed before the time given (another process that died
   * before drawing leaves them to whichever process sweeps next).
   */
  redrawOwedCards?: (changedBefore?: number) => Promise<number>;
  /** Releases costly requests whose confirmation was not answered in time; returns how many. */
  expireConfirmations?: () => Promise<number>;
  /**
   * Several processes on one store: whether the process that saved an intent (its `owner`) still
   * runs. Its submissions in progress are its own (it may still be waiting to send the POST), so
   * they are resolved here only once it is gone. Answers true when it cannot tell.
   */
  ownerAlive?: (owner: string) => Promise<boolean>;
  /**
   * Several processes on one store: each intent is resolved under this lock, so two processes that
   * recover a dead one's submissions at once do not both search and adopt the same generation.
   */
  lock?: KeyedLock;
}

export class Recovery {
  /**
   * Intents whose resolution failed: logged once and not tried again by this process, so one bad
   * record never holds up the others, sweep after sweep. The next start tries them again.
   */
  private readonly setAside = new Set<string>();

  private readonly o: RecoveryOptions;

  constructor(o: RecoveryOptions) {
    this.o = o;
  }

  /** At start: resolves submissions cut short, then follows or delivers every open job. */
  async resume(): Promise<{ recovered: number; resumed: number }> {
    await this.expireConfirmations();
    const recovered = await this.recoverInterrupted();
    const open = await this.o.jobs.open();
    // A job saved but not yet settled when the process died still has its intent: the recovery
    // above settled it.
    for (const job of open) {
      if (job.step === 'following') this.o.follow(job);
      else this.o.deliver(job);
    }
    await this.redrawOwedCards();
    return { recovered, resumed: open.length };
  }

  /**
   * Settles or releases every submission whose outcome was never learned: after a restart, and
   * periodically for unconfirmed ones. Submissions still waiting for their answer, and intents
   * younger than `graceMs` (the service may not list a generation at once), are left for later.
   * Returns how many generations were adopted.
   */
  async recoverInterrupted(graceMs = 0): Promise<number> {
    const { intents, clock, logger } = this.o;
    let adopted = 0;
    const now = clock.now();
    for (const id of await intents.list()) {
      if (intents.isInProgress(id) || this.setAside.has(id)) continue;
      try {
        const { lock } = this.o;
        const resolved = lock
          ? await lock.withLock(`resolve:${id}`, () => this.resolve(id, now, graceMs))
          : await this.resolve(id, now, graceMs);
        if (resolved) adopted += 1;
      } catch (err) {
        if (err instanceof LockTimeoutError) {
          // Another process is resolving it (a search waiting for the budget); the next sweep looks.
          logger.warn({ err, reservationId: id }, 'an interrupted submission is being resolved elsewhere');
          continue;
        }
        if (err instanceof MediaApiError) {
          // The service could not be asked: nothing is wrong with the record; the next sweep asks.
          logger.warn({ err, reservationId: id }, 'cannot search for an interrupted submission yet');
          continue;
        }
        this.setAside.add(id);
        logger.error(
          { err, reservationId: id },
          'cannot resolve an interrupted submission; set aside until the next start',
        );
      }
    }
    return adopted;
  }

  /** Resolves one intent; true when it adopted a generation. */
  private async resolve(id: string, now: number, graceMs: number): Promise<boolean> {
    const { intents, jobs, quota, submitter } = this.o;
    const intent = await intents.get(id);
    if (!intent) {
      await intents.drop(id);
      return false;
    }
    if (now - intent.startedAt < graceMs) return false;
    // Another live process's submission: it resolves it itself (this process's own are skipped
    // above while in progress; one left by this process's previous run has a dead owner).
    if (intent.owner && this.o.ownerAlive && (await this.o.ownerAlive(intent.owner))) return false;
    // A submission of the same model and prompt still waiting for its answer could own the
    // generation the search would find: look again at the next sweep.
    if (intents.sameRequestAwaitingAnswer(intent.input)) return false;
    // The same across processes: another running process's identical submission, not answered yet.
    if (!intent.generationId && (await intents.sameRequestPendingElsewhere(intent.input))) return false;
    // The process may have died after saving the job but before settling or indexing it.
    const saved = intent.generationId ? await jobs.get(intent.generationId) : undefined;
    if (saved) {
      await jobs.create(saved);
      await this.o.moderation?.generationSent(saved, intent.input.ageRestricted === true);
      await this.recordTake(intent.input, saved.generationId);
      // Charged as the submitter would have: at the job's amount, with its flag when it had one.
      await quota.settle(id, {
        generationId: saved.generationId,
        chargedMicros: saved.chargedMicros,
        ...(saved.chargeNote !== undefined ? { note: saved.chargeNote } : {}),
      });
      await intents.drop(id);
      if (saved.step !== 'done') this.o.follow(saved);
      this.o.takeChanged?.(intent.input);
      return false;
    }
    const found = await submitter.findSubmitted(intent.input, intent.startedAt);
    if (!found) {
      await submitter.giveBack(intent.input);
      this.o.takeChanged?.(intent.input);
      return false;
    }
    const job = await submitter.adopt(intent.input, intent.startedAt, found, {
      chargedMicros: intent.input.quotedMicros,
    });
    this.o.follow(job);
    this.o.takeChanged?.(intent.input);
    return true;
  }

  /** The take's record the submitter did not write before the process died (not a money step). */
  private async recordTake(input: SubmitInput, generationId: string): Promise<void> {
    if (!input.batch || !this.o.batches) return;
    try {
      await this.o.batches.record(input.batch, { generationId });
    } catch (err) {
      this.o.logger.error(
        { err, batchId: input.batch.id, take: input.batch.index },
        "cannot record what became of a batch's take; its reply shows it as still sending",
      );
    }
  }

  /** Cards a change of which was never shown: a failure here must not keep the bot from starting. */
  private async redrawOwedCards(changedBefore?: number): Promise<void> {
    try {
      const owed = (await this.o.redrawOwedCards?.(changedBefore)) ?? 0;
      if (owed > 0) this.o.logger.info({ owed }, 'drawing again batch cards whose takes changed unseen');
    } catch (err) {
      this.o.logger.warn({ err }, 'cannot list the batch cards owing a redraw yet');
    }
  }

  /** Confirmations left unanswered (also across a restart) stop holding the member's money. */
  private async expireConfirmations(): Promise<void> {
    try {
      const released = (await this.o.expireConfirmations?.()) ?? 0;
      if (released > 0) this.o.logger.info({ released }, 'released confirmations nobody answered in time');
    } catch (err) {
      this.o.logger.warn({ err }, 'cannot expire pending confirmations yet');
    }
  }

  /** Every minute until `signal` aborts, settles or releases submissions left unconfirmed. */
  async sweep(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.o;
    while (!signal.aborted) {
      try {
        await clock.sleep(SWEEP_INTERVAL_MS, signal);
        await this.expireConfirmations();
        const adopted = await this.recoverInterrupted(UNCONFIRMED_GRACE_MS);
        if (adopted > 0) logger.info({ adopted }, 'adopted generations whose submission was unconfirmed');
        await this.redrawOwedCards(clock.now() - UNCONFIRMED_GRACE_MS);
      } catch (err) {
        if (!signal.aborted) logger.warn({ err }, 'recovery sweep failed; trying again later');
      }
    }
  }
}
