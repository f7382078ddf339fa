/**
 * The first start with a results index finds it empty while the store holds every job delivered
 * before: each one still in Discord becomes a result, so the gallery opens with the server's past.
 * A job knows less than the messenger did when it delivered (results/from-job.ts): its file is the
 * service's link, its channel is where the command was sent (a thread's results are listed under
 * the thread itself, so only those who can view the channel of that id see them), no member name,
 * and not age-restricted. Later deliveries are recorded by the recorder as they happen.
 */
import type { Job } from '../jobs/job.ts';
import type { Logger } from '../log.ts';
import { resultFromJob, serviceMedia } from './from-job.ts';
import type { IndexedResult, ResultsIndex } from './result.ts';

/** A progress line every so many results. */
const PROGRESS_EVERY = 1_000;
/** Puts at once. */
const IN_FLIGHT = 32;
/** Jobs that could not be indexed are each logged up to this many; then only counted. */
const FAILURES_LOGGED = 10;

export interface Backfilled {
  /** Jobs read. */
  read: number;
  /** Results put. */
  indexed: number;
  /** Jobs that should have been and were not (logged). */
  failed: number;
}

/** A job whose result is in a server's channel now: done, completed, delivered, with its message. */
function delivered(job: Job): job is Job & { reply: { guildId: string; messageId: string } } {
  return (
    job.step === 'done' &&
    job.status === 'completed' &&
    job.deliveredVia !== 'none' &&
    Boolean(job.reply?.guildId) &&
    Boolean(job.reply?.messageId)
  );
}

/**
 * Puts every delivered job of `jobs` into `index` (a put again of one already there replaces it),
 * a few at a time: SQLite's index commits the puts that wait together.
 */
export async function indexDeliveredJobs(
  index: ResultsIndex,
  jobs: AsyncIterable<Job>,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<Backfilled> {
  const done: Backfilled = { read: 0, indexed: 0, failed: 0 };
  const failed = (job: Job, err: unknown) => {
    done.failed++;
    if (done.failed <= FAILURES_LOGGED) {
      logger.warn({ err, generationId: job.generationId }, 'results backfill: cannot index a delivered job');
    }
  };
  const indexed = () => {
    done.indexed++;
    if (done.indexed % PROGRESS_EVERY === 0) {
      logger.info({ indexed: done.indexed, read: done.read }, 'results backfill: indexing past results');
    }
  };
  let inFlight: Promise<void>[] = [];
  for await (const job of jobs) {
    done.read++;
    if (!delivered(job)) continue;
    let result: IndexedResult | undefined;
    try {
      result = resultFromJob(job, {
        messageId: job.reply.messageId,
        channelId: job.reply.channelId,
        viewChannelId: job.reply.channelId,
        userName: '',
        media: serviceMedia(job),
        ageRestricted: false,
      });
    } catch (err) {
      failed(job, err);
      continue;
    }
    if (!result) continue;
    inFlight.push(index.put(result).then(indexed, (err: unknown) => failed(job, err)));
    if (inFlight.length >= IN_FLIGHT) {
      await Promise.all(inFlight);
      inFlight = [];
    }
  }
  await Promise.all(inFlight);
  logger.info(done, 'results backfill: done');
  return done;
}

/**
 * The first start's backfill: runs only on an empty index (after it, the recorder keeps it). Give
 * `jobs` as a function: the store is read only when the backfill runs.
 */
export async function backfillEmptyIndex(
  index: ResultsIndex,
  jobs: () => AsyncIterable<Job>,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<Backfilled | undefined> {
  if ((await index.size()) > 0) return undefined;
  return indexDeliveredJobs(index, jobs(), logger);
}
