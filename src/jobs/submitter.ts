/**
 * Submission: sends one reserved request to the service and turns the answer into a job.
 *
 * Money rules enforced here:
 * - The job is persisted before anything else after the 201 (the service has charged).
 * - A POST that may have reached the service is never sent again (the client guarantees it);
 *   instead the recent list is searched for a generation with the same model and prompt.
 * - An intent record is written before the POST and removed after the outcome, so a crash in
 *   between is recovered on the next start: the generation is adopted, or the reservation released.
 */
import type Keyv from 'keyv';
import type { Clock } from '../clock.ts';
import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import {
  InsufficientBalanceError,
  MediaApiError,
  mayHaveCreatedGeneration,
  ValidationError,
} from '../media/errors.ts';
import type { CreateGenerationRequest, FieldErrors, Generation, MediaType, Model } from '../media/schemas.ts';
import { FairQueue } from './fair-queue.ts';
import type { Job, ReplyTarget } from './job.ts';
import type { JobStore } from './job-store.ts';
import { KeyvSet } from './keyv-set.ts';

export interface SubmitterClient {
  createGeneration(
    req: CreateGenerationRequest,
    opts?: { signal?: AbortSignal },
  ): Promise<{ generation: Generation; priceMicros: number }>;
  listGenerations(
    q: { type?: MediaType; perPage?: number; page?: number },
    opts?: { priority?: 'submit' | 'poll' },
  ): Promise<{ generations: Generation[] }>;
}

export interface SubmitterQuota {
  settle(reservationId: string, charge: { generationId: string; chargedMicros: number }): Promise<unknown>;
  release(reservationId: string): Promise<unknown>;
}

export interface SubmitInput {
  request: CreateGenerationRequest;
  model: Model;
  quotedMicros: number;
  reservationId: string;
  reply: ReplyTarget;
  attachmentSizeLimit: number;
  simulated: boolean;
}

export type SubmitOutcome =
  | { kind: 'submitted'; job: Job }
  | { kind: 'insufficient_balance' }
  | { kind: 'rejected'; fieldErrors: FieldErrors }
  | { kind: 'failed'; reason: string }
  /** The service may have created it, and the list could not be searched: recovery settles it later. */
  | { kind: 'unconfirmed' };

/** What is stored between reserving and knowing the outcome of the POST. */
interface Intent {
  input: SubmitInput;
  startedAt: number;
  /** Set as soon as the generation is known, before its job is written. */
  generationId?: string;
}

export interface SubmitterOptions {
  client: SubmitterClient;
  jobs: JobStore;
  /** The jobs namespace: intents live beside the jobs. */
  keyv: Keyv;
  lock: KeyedLock;
  quota: SubmitterQuota;
  clock: Clock;
  logger: Logger;
  /** A job adopted by recovery, to follow (fresh submissions are followed by their caller). */
  onSubmitted: (job: Job) => void;
  /** How far back the ambiguous-POST search looks (clock ms). */
  recoveryWindowMs?: number;
  /** Members see a "waiting for capacity" note after this long without an answer (clock ms). */
  waitingNoticeMs?: number;
  /** Submissions sent at once; the rest wait for their member's turn (default 4). */
  concurrency?: number;
}

const intentKey = (reservationId: string) => `intent:${reservationId}`;

export class Submitter {
  private readonly intents: KeyvSet;
  private readonly turns: FairQueue;
  /** Reservations whose POST this process is still waiting for: not for recovery to touch. */
  private readonly inProgress = new Map<string, SubmitInput>();
  /**
   * Generations being adopted, so that two identical submissions whose answers were both lost
   * cannot both adopt the same one (in one process; a Redis lock would extend it to several).
   */
  private readonly claimed = new Set<string>();

  constructor(private readonly o: SubmitterOptions) {
    this.intents = new KeyvSet(o.keyv, 'intents', o.lock);
    this.turns = new FairQueue(o.concurrency ?? 4);
  }

  /** Submits a reserved request. `onWaiting` is called once when the answer takes a while (rate limit). */
  async submit(input: SubmitInput, onWaiting?: () => void): Promise<SubmitOutcome> {
    const startedAt = this.o.clock.now();
    this.inProgress.set(input.reservationId, input);
    try {
      await this.saveIntent({ input, startedAt });
      return await this.send(input, startedAt, onWaiting);
    } finally {
      this.inProgress.delete(input.reservationId);
    }
  }

  private async send(input: SubmitInput, startedAt: number, onWaiting?: () => void): Promise<SubmitOutcome> {
    const { client, clock } = this.o;
    const answered = new AbortController();
    if (onWaiting) {
      clock
        .sleep(this.o.waitingNoticeMs ?? 2_000, answered.signal)
        .then(onWaiting)
        .catch(() => undefined);
    }
    let created: { generation: Generation; priceMicros: number };
    try {
      created = await this.turns.run(input.reply.userId, () => client.createGeneration(input.request));
    } catch (err) {
      return this.unanswered(input, startedAt, err);
    } finally {
      answered.abort();
    }
    // Outside the try: once the service has confirmed (and charged), a failure to record it must
    // never release the reservation; the intent stays and recovery adopts the generation.
    return {
      kind: 'submitted',
      job: await this.adopt(input, startedAt, created.generation, created.priceMicros),
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
    logger.warn({ err, model: input.model.slug }, 'submission outcome unknown; searching the recent list');
    let found: Generation | undefined;
    try {
      found = await this.findSubmitted(input, startedAt);
    } catch (searchErr) {
      logger.warn({ err: searchErr }, 'cannot search for the submission; leaving it to recovery');
    }
    if (found)
      return { kind: 'submitted', job: await this.adopt(input, startedAt, found, input.quotedMicros) };
    // Not found (yet): the service may still record it a moment later. Releasing now could leave
    // a charged generation unpaid and undelivered and invite a second POST, so the intent and the
    // reservation stay until the recovery sweep looks again after the grace period.
    return { kind: 'unconfirmed' };
  }

  /**
   * Settles or releases every submission whose outcome was never learned: after a restart, and
   * periodically for unconfirmed ones. Submissions still waiting for their answer, and intents
   * younger than `graceMs` (the service may not list a generation at once), are left for later.
   * Returns how many generations were adopted.
   */
  async recoverInterrupted(graceMs = 0): Promise<number> {
    let adopted = 0;
    const now = this.o.clock.now();
    for (const id of await this.intents.list()) {
      if (this.inProgress.has(id)) continue;
      const intent = await this.o.keyv.get<Intent>(intentKey(id));
      if (!intent) {
        await this.dropIntent(id);
        continue;
      }
      if (now - intent.startedAt < graceMs) continue;
      // A submission of the same model and prompt still waiting for its answer could own the
      // generation the search would find: look again at the next sweep.
      if (this.sameRequestInProgress(intent.input)) continue;
      // The process may have died after saving the job but before settling or indexing it.
      const saved = intent.generationId ? await this.o.jobs.get(intent.generationId) : undefined;
      if (saved) {
        await this.o.jobs.create(saved);
        await this.o.quota.settle(id, {
          generationId: saved.generationId,
          chargedMicros: saved.chargedMicros,
        });
        await this.dropIntent(id);
        if (saved.step !== 'done') this.o.onSubmitted(saved);
        continue;
      }
      const found = await this.findSubmitted(intent.input, intent.startedAt);
      if (found) {
        this.o.onSubmitted(
          await this.adopt(intent.input, intent.startedAt, found, intent.input.quotedMicros),
        );
        adopted += 1;
      } else {
        await this.giveBack(intent.input);
      }
    }
    return adopted;
  }

  /**
   * The 201 arrived (or the generation was found): persist the job first, then settle. The caller
   * starts following it (after showing the queued embed, so a fast result is never overwritten).
   */
  private async adopt(
    input: SubmitInput,
    startedAt: number,
    generation: Generation,
    chargedMicros: number,
  ): Promise<Job> {
    const now = this.o.clock.now();
    const job: Job = {
      generationId: generation.id,
      type: generation.type,
      model: input.model.slug,
      modelLabel: input.model.label,
      prompt: input.request.prompt,
      parameters: generation.parameters,
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
      await this.o.keyv.set(intentKey(input.reservationId), {
        input,
        startedAt,
        generationId: generation.id,
      } satisfies Intent);
      await this.o.jobs.create(job);
      await this.o.quota.settle(input.reservationId, { generationId: generation.id, chargedMicros });
      await this.dropIntent(input.reservationId);
    } finally {
      this.claimed.delete(generation.id);
    }
    return job;
  }

  /** Looks for our generation in the recent list: same model and prompt, created since we sent it, not already a job. */
  private async findSubmitted(input: SubmitInput, startedAt: number): Promise<Generation | undefined> {
    const window = this.o.recoveryWindowMs ?? 5 * 60_000;
    const { generations } = await this.o.client.listGenerations(
      { type: input.model.type, perPage: 100 },
      { priority: 'submit' },
    );
    for (const g of generations) {
      const created = Date.parse(g.created_at);
      if (g.model !== input.model.slug || g.prompt !== input.request.prompt) continue;
      if (Number.isFinite(created) && created < startedAt - window) continue;
      if (this.claimed.has(g.id) || (await this.o.jobs.get(g.id))) continue;
      // Checked again after the await: another search may have claimed it meanwhile.
      if (this.claimed.has(g.id)) continue;
      this.claimed.add(g.id);
      return g;
    }
    return undefined;
  }

  private sameRequestInProgress(input: SubmitInput): boolean {
    for (const other of this.inProgress.values()) {
      if (other.model.slug === input.model.slug && other.request.prompt === input.request.prompt) return true;
    }
    return false;
  }

  private async giveBack(input: SubmitInput): Promise<void> {
    await this.o.quota.release(input.reservationId);
    await this.dropIntent(input.reservationId);
  }

  private async saveIntent(intent: Intent): Promise<void> {
    await this.o.keyv.set(intentKey(intent.input.reservationId), intent);
    await this.intents.add(intent.input.reservationId);
  }

  private async dropIntent(id: string): Promise<void> {
    await this.intents.remove(id);
    await this.o.keyv.delete(intentKey(id));
  }
}
