/**
 * The results index the web side searches, kept always (with or without WEB_PORT, so that turning
 * the web on finds every result delivered since): an FTS5 table in a SQLite file beside the store's
 * on one process, Redis on several, an in-memory SQLite for a memory store. The first start after the index
 * existed indexes the results delivered before it, in the background, with a progress line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  if (file && file !== ':memory:') return SqliteResultsIndex.open(resultsFileBeside(file));
  // A store in memory: the index in a file of its own, gone at the stop. Not SQLite's ':memory:',
  // which gives each of the index's two connections a database of its own.
  const dir = mkdtempSync(join(tmpdir(), 'bot-results-'));
  const index = await SqliteResultsIndex.open(join(dir, 'results.sqlite'));
  return {
    ...bind(index),
    async close() {
      await index.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The index's methods bound to it, to be spread into a wrapper. */
function bind(index: ResultsIndex): ResultsIndex {
  return {
    put: (r) => index.put(r),
    removeMessage: (g, m) => index.removeMessage(g, m),
    remove: (g, id) => index.remove(g, id),
    get: (g, id) => index.get(g, id),
    batch: (g, b) => index.batch(g, b),
    search: (q) => index.search(q),
    size: () => index.size(),
    close: () => index.close(),
  };
}
