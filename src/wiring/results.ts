/**
 * The results index the web side searches, kept always (with or without WEB_PORT, so that turning
 * the web on finds every result delivered since): an FTS5 table in a SQLite file beside the store's
 * on one process, Redis on several, an in-memory SQLite for a memory store. The first start after the index
 * existed indexes the results delivered before it, in the background, with a progress line.
 */
import type { Config } from '../config.ts';
import type { JobStore } from '../jobs/job-store.ts';
import type { Logger } from '../log.ts';
import { indexDeliveredJobs } from '../results/backfill.ts';
import { ResultsRecorder } from '../results/recorder.ts';
import type { ResultsIndex } from '../results/result.ts';
import { resultsFileBeside } from '../results/results-file.ts';
import { SqliteResultsIndex } from '../results/sqlite-index.ts';
import { isRedisUrl, sqliteFile } from '../store/open.ts';
import type { Closers } from './closers.ts';

export interface ResultsWiring {
  index: ResultsIndex;
  recorder: ResultsRecorder;
  /** Indexes what was delivered before the index existed, once (its size is 0), in the background. */
  backfill(jobs: JobStore, signal: AbortSignal): void;
}

export async function openResults(
  config: Readonly<Config>,
  logger: Logger,
  closers: Closers,
): Promise<ResultsWiring> {
  const index = await openIndex(config.storeUrl, logger);
  closers.add('the results index', () => index.close());
  return {
    index,
    recorder: new ResultsRecorder(index, logger),
    backfill(jobs, signal) {
      void (async () => {
        if ((await index.size()) > 0) return;
        await indexDeliveredJobs(index, jobs.all(), logger);
      })().catch((err: unknown) => {
        if (!signal.aborted)
          logger.warn({ err }, 'cannot index the results delivered before the index existed');
      });
    },
  };
}

async function openIndex(storeUrl: string, logger: Logger): Promise<ResultsIndex> {
  if (isRedisUrl(storeUrl)) {
    const { openRedisResultsIndex } = await import('../redis/results-index.ts');
    return openRedisResultsIndex(storeUrl, logger);
  }
  const file = sqliteFile(storeUrl);
  return SqliteResultsIndex.open(file && file !== ':memory:' ? resultsFileBeside(file) : ':memory:');
}
