/**
 * Jobs in keyv: one key per job plus an index of the jobs that are not done, so that a
 * restart finds every unfinished job without scanning the whole store.
 */
import type Keyv from 'keyv';
import type { KeyedLock } from '../locks.ts';
import type { Job } from './job.ts';
import { KeyvSet } from './keyv-set.ts';

const JOB_PREFIX = 'job:';
const jobKey = (generationId: string) => `${JOB_PREFIX}${generationId}`;

export class JobStore {
  private readonly openIndex: KeyvSet;

  private readonly keyv: Keyv;
  private readonly lock: KeyedLock;

  constructor(keyv: Keyv, lock: KeyedLock) {
    this.keyv = keyv;
    this.lock = lock;
    this.openIndex = new KeyvSet(keyv, 'open', lock);
  }

  /** Saves a new job and adds it to the open index (job first: an index entry never points at nothing). */
  async create(job: Job): Promise<void> {
    await this.keyv.set(jobKey(job.generationId), job);
    await this.openIndex.add(job.generationId);
  }

  async get(generationId: string): Promise<Job | undefined> {
    return (await this.keyv.get<Job>(jobKey(generationId))) ?? undefined;
  }

  /** Applies a change to a job under its lock and saves it; leaves the index when the job is done. */
  async update(generationId: string, change: (job: Job) => Partial<Job>): Promise<Job | undefined> {
    const updated = await this.lock.withLock(jobKey(generationId), async () => {
      const job = await this.get(generationId);
      if (!job) return undefined;
      const next: Job = { ...job, ...change(job) };
      await this.keyv.set(jobKey(generationId), next);
      return next;
    });
    if (updated?.step === 'done') await this.openIndex.remove(generationId);
    return updated;
  }

  /** The ids in the open index, oldest first (a job may have finished since it was read). */
  openIds(): Promise<string[]> {
    return this.openIndex.list();
  }

  /**
   * Every stored job, done or not, in no order (the results index's first backfill reads them
   * once). The jobs' namespace holds other records too (the open index, batches, confirmations…):
   * only `job:` keys are jobs. On SQLite and Redis keyv reads them a page at a time.
   */
  async *all(): AsyncGenerator<Job> {
    if (!this.keyv.iterator) throw new Error('this store cannot list its jobs');
    for await (const [key, value] of this.keyv.iterator(undefined)) {
      if (typeof key === 'string' && key.startsWith(JOB_PREFIX) && value) yield value as Job;
    }
  }

  /** Every job that is not done, oldest first. */
  async open(): Promise<Job[]> {
    const ids = await this.openIndex.list();
    const jobs = await Promise.all(ids.map((id) => this.get(id)));
    return jobs.filter((j): j is Job => j !== undefined && j.step !== 'done');
  }
}
