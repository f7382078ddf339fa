/**
 * A change an admin makes on a page, held to what the page will tell them: the store has a few
 * seconds to confirm it, and when it does not (it failed, or stalled), the admin is told nothing
 * was changed and the change is settled so that it never lands later (late-writes.ts: the same
 * mechanism as a /quota command behind Discord's deadline).
 */
import { answering } from '../late-writes.ts';

/** How long the store has to confirm a change before the page says it was not made. */
export const CHANGE_WITHIN_MS = 8_000;

/** The page says the change was not made: the store failed or did not answer in time. */
export class ChangeNotMade extends Error {
  constructor(cause: unknown) {
    super('the store did not confirm the change', { cause });
    this.name = 'ChangeNotMade';
  }
}

/**
 * Runs `work` behind the page's answer. Its own refusals (a rule that changed meanwhile) pass
 * through as they are; any other failure, or a stall past `withinMs`, becomes ChangeNotMade and the
 * change is settled.
 */
export async function changeStep<T>(
  work: () => Promise<T>,
  passThrough: (err: unknown) => boolean,
  withinMs = CHANGE_WITHIN_MS,
): Promise<T> {
  const givenUp = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the store within ${withinMs} ms`)), withinMs);
  });
  try {
    return await Promise.race([answering(givenUp.signal, work), stalled]);
  } catch (err) {
    // A refusal of the change's own was thrown before it wrote anything (inside its transaction,
    // which then commits nothing): there is nothing to settle.
    if (passThrough(err)) throw err;
    givenUp.abort(err);
    throw new ChangeNotMade(err);
  } finally {
    clearTimeout(timer);
  }
}
