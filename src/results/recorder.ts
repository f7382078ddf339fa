/**
 * Keeps the results index in step with Discord: a result shown is put, a message deleted takes its
 * results with it. The index is a convenience beside the money and the delivery: a failure here is
 * logged and never fails a delivery or a delete (the next start's backfill does not repair it; a
 * result missing from the gallery is still in Discord).
 */

import type { Job } from '../jobs/job.ts';
import type { Logger } from '../log.ts';
import { resultFromJob, type ShownAt } from './from-job.ts';
import type { ResultsIndex } from './result.ts';

export class ResultsRecorder {
  private readonly index: ResultsIndex;
  private readonly logger: Logger;

  constructor(index: ResultsIndex, logger: Logger) {
    this.index = index;
    this.logger = logger;
  }

  /** A finished job's result is in Discord at `shown`. */
  async shown(job: Job, shown: ShownAt): Promise<void> {
    const result = resultFromJob(job, shown);
    if (!result) return;
    try {
      await this.index.put(result);
    } catch (err) {
      this.logger.warn({ err, generationId: job.generationId }, 'cannot add a result to the results index');
    }
  }

  /** A message was deleted (by anyone): its results leave the gallery and its search. */
  async messageDeleted(guildId: string, messageId: string): Promise<void> {
    try {
      await this.index.removeMessage(guildId, messageId);
    } catch (err) {
      this.logger.warn({ err, guildId, messageId }, 'cannot remove a deleted message from the results index');
    }
  }
}
