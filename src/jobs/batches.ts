/**
 * Batches: one request made several times at once (`count` 2 to 4), shown in one reply. Each take
 * is a job of its own (its own reservation, charge, refund, delivery claim and recovery); what the
 * batch adds is which job is which take, and which takes were never sent, so that the one reply
 * can be drawn from every take's state whichever take changed.
 *
 * One key per take (`batch:{id}:{index}`), written once by whoever settled that take's fate: the
 * submitter on adopting its generation (a 201, or the recent list after a lost answer or a
 * restart), the generation path when it was not sent. Separate keys, so that takes finishing at the
 * same time never overwrite each other's record.
 *
 * The reply itself (`batch:{id}`, written when the card is first shown) lets the card be drawn
 * again with no take's job to draw through: a batch whose every take was released by the sweep.
 *
 * Every change of a take leaves the batch marked as owing a redraw (`batch:{id}:rev`, and its id in
 * the `batches:redraw` set) until a drawing that read the takes after that change has been shown,
 * so that a card whose redraw failed, or whose process died before drawing it, is drawn again by
 * a retry or by the next start (jobs/batch-cards.ts). The mark's token also tells a drawing that a
 * take changed while it was drawing, in this process or another: it draws again, so that the last
 * edit to land shows the latest states whichever process made them.
 */
import { randomUUID } from 'node:crypto';
import type Keyv from 'keyv';
import type { Clock } from '../clock.ts';
import { createInProcessLock, type KeyedLock } from '../locks.ts';
import type { CreateGenerationRequest } from '../media/schemas.ts';
import type { BatchRef, Job, ReplyTarget } from './job.ts';
import type { JobStore } from './job-store.ts';
import { KeyvSet } from './keyv-set.ts';
import type { ResultContent } from './result-content.ts';

/** What became of one take, as recorded. */
export type TakeRecord = { generationId: string } | { notSent: string };

/** One take as the reply shows it. */
export type BatchTake =
  /** Waiting for its turn or its answer (or its answer was lost and is being looked for). */
  | { index: number; state: 'sending' }
  | { index: number; state: 'not_sent'; reason: string }
  | { index: number; state: 'generating'; job: Job }
  | { index: number; state: 'done'; job: Job; content?: ResultContent }
  | { index: number; state: 'failed'; job: Job };

/** A batch as a drawing needs it: which one, and how many takes. */
export type BatchKey = Pick<BatchRef, 'id' | 'size'>;

/** A batch's reply, as its card is drawn without any take's job (views/batch-card.ts's head). */
export interface BatchReply {
  id: string;
  size: number;
  reply: ReplyTarget;
  prompt: string;
  /** The first take's request (later ones differ in their seed only); absent on old jobs. */
  request?: CreateGenerationRequest;
  /** The model's slug (its catalog entry gives the takes' buttons). */
  model: string;
  modelLabel: string;
  simulated: boolean;
}

/** A batch owes a redraw: which change is the latest (a token), when, and how many takes it has. */
interface Revision {
  token: string;
  size: number;
  at: number;
}

/** A batch whose card owes a redraw, and when its latest change was made (clock ms). */
export type OwedRedraw = BatchKey & { changedAt: number };

/** Drawings of one batch in a row before the rest is left to the drawing that changed it last. */
const MAX_ROUNDS = 3;

const takeKey = (batchId: string, index: number) => `batch:${batchId}:${index}`;
const replyKey = (batchId: string) => `batch:${batchId}`;
const revisionKey = (batchId: string) => `batch:${batchId}:rev`;

export class BatchStore {
  private readonly keyv: Keyv;
  private readonly jobs: JobStore;
  /** Batches a change of which no drawing has shown yet. */
  private readonly owing: KeyvSet;
  /**
   * The reply's redraws, one at a time per batch in this process: two takes finishing together each
   * draw the whole grid, and the one that reads the states last must be the one whose edit lands
   * last. Across processes the revision does it (draw).
   */
  private readonly drawing = createInProcessLock();

  private readonly clock: Pick<Clock, 'now'>;

  /** `lock`: the one the jobs' indexes are kept under (across processes on Redis). */
  constructor(keyv: Keyv, jobs: JobStore, options: { lock?: KeyedLock; clock?: Pick<Clock, 'now'> } = {}) {
    this.keyv = keyv;
    this.jobs = jobs;
    this.owing = new KeyvSet(keyv, 'batches:redraw', options.lock ?? createInProcessLock());
    this.clock = options.clock ?? { now: () => Date.now() };
  }

  /** Keeps the batch's reply, so that its card can be drawn again whatever becomes of its takes. */
  async begin(batch: BatchReply): Promise<void> {
    await this.keyv.set(replyKey(batch.id), batch);
  }

  /** The batch's reply as `begin` kept it (undefined for a batch sent before it was kept). */
  reply(batchId: string): Promise<BatchReply | undefined> {
    return this.keyv.get<BatchReply>(replyKey(batchId));
  }

  /**
   * Forgets a batch whose card nobody redraws any more (none of its takes was sent, and its reply
   * says so or was taken back).
   */
  async forget(batchId: string): Promise<void> {
    await this.owing.remove(batchId);
    await this.keyv.delete(revisionKey(batchId));
    await this.keyv.delete(replyKey(batchId));
  }

  /** Records what became of a take (a generation, or why it was not sent); its card owes a redraw. */
  async record(batch: BatchRef, take: TakeRecord): Promise<void> {
    await this.keyv.set(takeKey(batch.id, batch.index), take);
    await this.changed(batch);
  }

  /**
   * Marks the batch as owing a redraw: a take changed (recorded here, or its job's state). Written
   * before the id joins the set, so that a drawing that empties the set and then reads the token
   * sees the change (draw).
   */
  async changed(batch: BatchKey): Promise<string> {
    const token = randomUUID();
    const revision: Revision = { token, size: batch.size, at: this.clock.now() };
    await this.keyv.set(revisionKey(batch.id), revision);
    await this.owing.add(batch.id);
    return token;
  }

  /** Every batch that owes a redraw (a change no drawing has shown yet). */
  async owingRedraw(): Promise<OwedRedraw[]> {
    const owed: OwedRedraw[] = [];
    for (const id of await this.owing.list()) {
      const revision = await this.keyv.get<Revision>(revisionKey(id));
      if (revision) owed.push({ id, size: revision.size, changedAt: revision.at });
      else await this.owing.remove(id);
    }
    return owed;
  }

  /** A batch that will not be drawn again (Discord refuses its card for good): it owes nothing. */
  async giveUp(batchId: string): Promise<void> {
    await this.owing.remove(batchId);
  }

  /** Every take of the batch, in order, from the records and the jobs as they are now. */
  async takes(batch: BatchKey): Promise<BatchTake[]> {
    const keys = Array.from({ length: batch.size }, (_, index) => takeKey(batch.id, index));
    const records = await this.keyv.getMany<TakeRecord>(keys);
    return Promise.all(
      records.map(async (record, index): Promise<BatchTake> => {
        if (!record) return { index, state: 'sending' };
        if ('notSent' in record) return { index, state: 'not_sent', reason: record.notSent };
        const job = await this.jobs.get(record.generationId);
        if (!job) return { index, state: 'sending' };
        if (job.status === 'completed') return { index, state: 'done', job };
        if (job.status === 'failed') return { index, state: 'failed', job };
        return { index, state: 'generating', job };
      }),
    );
  }

  /**
   * Draws the batch's reply with `show`, from every take as it is when this drawing's turn comes
   * (after any other of the same batch in this process). `news`: the drawing follows a change not
   * recorded here (a take's job finished, failed or was refunded), which marks the batch first.
   * When `show` succeeds, the batch no longer owes a redraw, unless a take changed while it drew
   * (another process's change, whose own drawing may have landed first): then it draws again, a
   * few rounds at most. `show` throwing leaves the batch owing its redraw.
   */
  draw<T>(
    batch: BatchKey,
    show: (takes: BatchTake[]) => Promise<T>,
    options: { news?: boolean } = {},
  ): Promise<T> {
    return this.drawing.withLock(batch.id, async () => {
      let token = options.news ? await this.changed(batch) : await this.revision(batch.id);
      for (let round = 1; ; round += 1) {
        const shown = await show(await this.takes(batch));
        // Emptied first, then the token read: a change made meanwhile is seen here, or adds the id
        // back after this removal (changed writes the token before adding).
        await this.owing.remove(batch.id);
        const latest = await this.revision(batch.id);
        if (latest === token) return shown;
        if (round >= MAX_ROUNDS) {
          // Still changing: whoever changes it draws it; should that process die, the next start does.
          await this.owing.add(batch.id);
          return shown;
        }
        token = latest;
      }
    });
  }

  private async revision(batchId: string): Promise<string | undefined> {
    return (await this.keyv.get<Revision>(revisionKey(batchId)))?.token;
  }
}
