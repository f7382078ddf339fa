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
 */
import type Keyv from 'keyv';
import { createInProcessLock } from '../locks.ts';
import type { BatchRef, Job } from './job.ts';
import type { JobStore } from './job-store.ts';
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

const takeKey = (batchId: string, index: number) => `batch:${batchId}:${index}`;

export class BatchStore {
  private readonly keyv: Keyv;
  private readonly jobs: JobStore;
  /**
   * The reply's redraws, one at a time per batch: two takes finishing together each draw the whole
   * grid, and the one that reads the states last must be the one whose edit lands last.
   */
  private readonly drawing = createInProcessLock();

  constructor(keyv: Keyv, jobs: JobStore) {
    this.keyv = keyv;
    this.jobs = jobs;
  }

  /** Records what became of a take (a generation, or why it was not sent). */
  async record(batch: BatchRef, take: TakeRecord): Promise<void> {
    await this.keyv.set(takeKey(batch.id, batch.index), take);
  }

  /** Every take of the batch, in order, from the records and the jobs as they are now. */
  async takes(batch: Pick<BatchRef, 'id' | 'size'>): Promise<BatchTake[]> {
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

  /** Runs one redraw of the batch's reply, after any other of the same batch in this process. */
  draw<T>(batchId: string, fn: () => Promise<T>): Promise<T> {
    return this.drawing.withLock(batchId, fn);
  }
}
