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
  | { kind: 'failed'; reason: string };

/** What is stored between reserving and knowing the outcome of the POST. */
interface Intent {
  input: SubmitInput;
  startedAt: number;
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
  /** A new job to follow. */
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

  constructor(private readonly o: SubmitterOptions) {
    this.intents = new KeyvSet(o.keyv, 'intents', o.lock);
    this.turns = new FairQueue(o.concurrency ?? 4);
  }

  /** Submits a reserved request. `onWaiting` is called once when the answer takes a while (rate limit). */
  async submit(input: SubmitInput, onWaiting?: () => void): Promise<SubmitOutcome> {
    const { client, clock, logger } = this.o;
    const startedAt = clock.now();
    await this.saveIntent({ input, startedAt });

    const answered = new AbortController();
    if (onWaiting) {
      clock
        .sleep(this.o.waitingNoticeMs ?? 2_000, answered.signal)
        .then(onWaiting)
        .catch(() => undefined);
    }
    try {
      const { generation, priceMicros } = await this.turns.run(input.reply.userId, () =>
        client.createGeneration(input.request),
      );
      answered.abort();
      const job = await this.adopt(input, generation, priceMicros);
      return { kind: 'submitted', job };
    } catch (err) {
      answered.abort();
      if (err instanceof InsufficientBalanceError) {
        await this.giveBack(input);
        return { kind: 'insufficient_balance' };
      }
      if (err instanceof ValidationError) {
        await this.giveBack(input);
        return { kind: 'rejected', fieldErrors: err.fieldErrors };
      }
      if (mayHaveCreatedGeneration(err)) {
        logger.warn(
          { err, model: input.model.slug },
          'submission outcome unknown; searching the recent list',
        );
        const found = await this.findSubmitted(input, startedAt).catch(() => undefined);
        if (found) {
          const job = await this.adopt(input, found, input.quotedMicros);
          return { kind: 'submitted', job };
        }
      }
      await this.giveBack(input);
      const reason = err instanceof MediaApiError ? err.message : 'unexpected error';
      logger.error({ err, model: input.model.slug }, 'submission failed');
      return { kind: 'failed', reason };
    }
  }

  /** After a restart: settles or releases every submission whose outcome the last process never learned. */
  async recoverInterrupted(): Promise<number> {
    const ids = await this.intents.list();
    let adopted = 0;
    for (const id of ids) {
      const intent = await this.o.keyv.get<Intent>(intentKey(id));
      if (!intent) {
        await this.dropIntent(id);
        continue;
      }
      const found = await this.findSubmitted(intent.input, intent.startedAt);
      if (found) {
        const existing = await this.o.jobs.get(found.id);
        if (existing) {
          await this.dropIntent(id);
          continue;
        }
        await this.adopt(intent.input, found, intent.input.quotedMicros);
        adopted += 1;
      } else {
        await this.giveBack(intent.input);
      }
    }
    return adopted;
  }

  /** The 201 arrived (or the generation was found): persist the job first, then settle and follow. */
  private async adopt(input: SubmitInput, generation: Generation, chargedMicros: number): Promise<Job> {
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
      shownStatus: generation.status,
      refunded: false,
      reported: false,
      deliveryAttempts: 0,
    };
    await this.o.jobs.create(job);
    await this.o.quota.settle(input.reservationId, { generationId: generation.id, chargedMicros });
    await this.dropIntent(input.reservationId);
    this.o.onSubmitted(job);
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
      if (await this.o.jobs.get(g.id)) continue;
      return g;
    }
    return undefined;
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
