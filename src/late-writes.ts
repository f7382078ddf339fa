/**
 * Writes behind an answer that were given up on. A member (or an admin) is told a change failed
 * when the store did not confirm it within the interaction's deadline (discord/interactions/
 * store-reads.ts), but the write may still land afterwards: a SQLite file write-locked by another
 * connection takes it once the lock goes (the busy timeout is 10 s), and a Redis server that was
 * stopped runs, when it resumes, the commands already in its socket, even after the bot dropped the
 * connection. What the member was told must stay true, so such a write is undone once it lands.
 *
 * How: the step that answers runs its writes inside `answering(signal)`; the signal aborts when the
 * answer gave up. A store method that writes calls `undoIfLate(write, undo)`: when the write
 * settles (landed, or failed, since a failed write on a stalled server may still land) after the
 * answer gave up, `undo` runs in the background until the store lets it. `undo` must be a
 * compare-and-set, restoring what was there only while the value is still the one this write
 * wrote (each write carries a fresh id), so that a later change the member was told about is never
 * undone. It keeps checking for a while after it first finds nothing: on a server that resumes, a
 * command left in a dropped connection's socket may be read in the same turn as the first check.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from './log.ts';

const answer = new AsyncLocalStorage<AbortSignal>();

/** Runs `fn` as the work behind an answer; `givenUp` aborts when the answer gave up on it. */
export function answering<T>(givenUp: AbortSignal, fn: () => Promise<T>): Promise<T> {
  return answer.run(givenUp, fn);
}

export interface UndoOptions {
  logger: Pick<Logger, 'warn' | 'error' | 'info'>;
  /** What is undone, for the log. */
  what: string;
  /** The first wait between tries (wall ms); doubles up to a minute. */
  retryMs?: number;
  /** How long to keep trying (wall ms). */
  forMs?: number;
  /** After a check that found nothing to undo, another this much later (wall ms). */
  recheckMs?: number;
}

/** What an undo found: it restored the value, or the write is not (or no longer) there. */
export type UndoResult = 'undone' | 'not-there';

/**
 * Runs `write`; when it settles after the answer it is behind gave up, runs `undo` in the
 * background (see above). Outside an answer it is only `write`.
 */
export async function undoIfLate<T>(
  write: () => Promise<T>,
  undo: () => Promise<UndoResult>,
  options: UndoOptions,
): Promise<T> {
  const givenUp = answer.getStore();
  try {
    return await write();
  } finally {
    if (givenUp?.aborted) void undoInBackground(undo, options);
  }
}

async function undoInBackground(undo: () => Promise<UndoResult>, o: UndoOptions): Promise<void> {
  const until = Date.now() + (o.forMs ?? 15 * 60_000);
  let wait = o.retryMs ?? 1_000;
  let checksFindingNothing = 0;
  while (Date.now() < until) {
    try {
      const result = await undo();
      if (result === 'undone') {
        o.logger.info({ what: o.what }, 'undid a change that landed after its answer said it failed');
        return;
      }
      checksFindingNothing += 1;
      if (checksFindingNothing >= 2) return;
      await pause(o.recheckMs ?? 2_000);
      continue;
    } catch (err) {
      o.logger.warn({ err, what: o.what }, 'cannot yet check a change whose answer said it failed');
    }
    await pause(wait);
    wait = Math.min(wait * 2, 60_000);
  }
  o.logger.error(
    { what: o.what },
    'could not check a change whose answer said it failed; it may have landed after all',
  );
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
