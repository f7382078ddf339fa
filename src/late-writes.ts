/**
 * Writes behind an answer that gave up on them. A member (or an admin) is told a change failed when
 * the store did not confirm it within the interaction's deadline (discord/interactions/
 * store-reads.ts), but the write may still land afterwards: a SQLite file write-locked by another
 * connection takes it once the lock goes (the busy timeout is 10 s), and a Redis server that
 * stopped answering runs, when it resumes, the commands already in its socket, even those of a
 * connection the bot dropped (store/redis-stall-guard.ts) and whose command the bot saw fail. What the
 * member was told must end up true, whatever the timing, so the store itself decides.
 *
 * The one mechanism, for every write behind an answer (a member's defaults, every /quota change):
 * - Each write is conditional on the value it read: it applies only while that value is unchanged
 *   (a compare-and-set on the stored text for the member's defaults, store/compare-and-set.ts; the
 *   guild's transaction for /quota, whose EXEC on Redis applies only while every key it read is
 *   unchanged, and which on SQLite holds the guild's lock), and it carries an id of its own.
 * - When the answer gives up, the write's fate is settled by a second conditional write on that
 *   same value, the settle, once the write itself has an outcome (or at once, if it had one):
 *   - the write is there (its id is found): the settle puts back what it replaced;
 *   - it is not: the settle rewrites the value as it is (a fence). The value the write is
 *     conditioned on is then gone for good, so a copy of the write still on its way (a command in
 *     a dropped connection's socket) can never apply.
 *   The store applies one of the two, the write or the settle, against that value; whichever reaches
 *   it second sees the first. So the order in which two connections' commands reach Redis does not
 *   matter, and no wait or second look is needed to catch a late one. A settle is idempotent (it
 *   finds its own mark, or a value that is neither the write's nor what the write expected) and is
 *   tried again until the store answers.
 * - A /quota change also settles inside its own transaction when the answer gave up before the
 *   change was done (admin.ts): on SQLite its writes have landed by then and the guild's lock is
 *   still held, so no operation of the guild (a reservation's decision) ever sees it; on Redis its
 *   writes are not sent yet, and the transaction writes nothing of it.
 *
 * What remains: on Redis a write already on the wire when the answer gave up, which the server runs
 * before the settle reaches it, is in effect from then until the settle undoes it (the settle is
 * tried again every few seconds at most while the store does not answer). A settle the process
 * could not finish before it stopped is not resumed by the next start.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from './log.ts';

const answer = new AsyncLocalStorage<AbortSignal>();

/**
 * Runs `fn` as the work behind an answer: `givenUp` aborts when the answer gave up on it (the
 * member was told it failed). Store steps run their work in it (store-reads.ts).
 */
export function answering<T>(givenUp: AbortSignal, fn: () => Promise<T>): Promise<T> {
  return answer.run(givenUp, fn);
}

/** The signal of the answer the current work is behind, if any (see `answering`). */
export function answerGivenUp(): AbortSignal | undefined {
  return answer.getStore();
}

/**
 * What a settle did: put back what the write replaced; fenced it off (it had not landed, and now
 * cannot); or found nothing to do (settled before, or a later change replaced the value the write
 * was conditioned on, so it can no longer apply).
 */
export type Settled = 'undone' | 'fenced' | 'nothing';

export interface SettleOptions {
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** What was given up on, for the log (ids only). */
  what: string;
  /** The first wait between tries (wall ms); doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** How long to keep trying before logging that the change may have landed (wall ms). */
  forMs?: number;
}

/** Logged when a settle undid a write that landed after its answer said it failed. */
export const UNDONE_LOG = 'undid a change that landed after its answer said it failed';
/** Logged when a settle made sure a write its answer said failed can never land. */
export const FENCED_LOG = 'a change its answer said failed did not land, and now cannot';

/**
 * When `written` (a write behind the current answer) has an outcome and the answer gave up on it,
 * in whichever order, runs `settle` until the store answers it (see the top of this file). Returns
 * `written` as it is. Outside an answer, or when the answer did not give up, nothing more happens.
 *
 * The answer may give up after the write resolved (a step with a later write that stalled): that
 * write is settled too, since the member heard that nothing changed.
 */
export function settleIfGivenUp<T>(
  givenUp: AbortSignal | undefined,
  written: Promise<T>,
  settle: () => Promise<Settled>,
  options: SettleOptions,
): Promise<T> {
  if (!givenUp) return written;
  const gaveUp = new Promise<void>((resolve) => {
    if (givenUp.aborted) resolve();
    else givenUp.addEventListener('abort', () => resolve(), { once: true });
  });
  void written
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => gaveUp)
    .then(() => settleUntilDone(settle, options));
  return written;
}

/** Runs `settle` until it resolves, waiting between tries; logs what it did. */
async function settleUntilDone(settle: () => Promise<Settled>, o: SettleOptions): Promise<void> {
  const until = performance.now() + (o.forMs ?? 15 * 60_000);
  let wait = o.retryMs ?? 250;
  let failures = 0;
  for (;;) {
    try {
      const settled = await settle();
      if (settled === 'undone') o.logger.info({ what: o.what }, UNDONE_LOG);
      else if (settled === 'fenced') o.logger.info({ what: o.what }, FENCED_LOG);
      return;
    } catch (err) {
      // The store that made the answer give up is likely still failing: one line, not one a try.
      if (failures++ === 0)
        o.logger.warn({ err, what: o.what }, 'cannot yet settle a change whose answer said it failed');
    }
    if (performance.now() >= until) break;
    await new Promise((resolve) => setTimeout(resolve, wait).unref());
    wait = Math.min(wait * 2, o.maxRetryMs ?? 5_000);
  }
  o.logger.error(
    { what: o.what, tries: failures },
    'could not settle a change whose answer said it failed; it may have landed after all',
  );
}
