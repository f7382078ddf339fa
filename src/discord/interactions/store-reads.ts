/**
 * The store on a member's path, failing as promised. Discord wants an interaction's first answer
 * within 3 s (wall time); every store read or write a handler makes before that answer shares one
 * deadline, counted from when the interaction arrived, that leaves time for the answer itself. A
 * store that errs, or stalls past the deadline (a stopped Redis, a SQLite file locked by another
 * connection), gets the same private refusal: nothing was sent, nothing was charged, and an error id
 * that ties it to the log line. Once the interaction is answered (deferred), Discord's deadline no
 * longer applies and a read gets AFTER_ANSWER_MS of its own.
 *
 * A read given up on still runs and is simply dropped. A write given up on is settled so that
 * nothing of it stays: the reservation's release in generation/admission.ts, the Confirm's withdrawal in
 * confirm.ts, and every write of a member's defaults or an admin's /quota change, which runs
 * inside the step's `answering` context (late-writes.ts).
 */
import type { Interaction, RepliableInteraction } from 'discord.js';
import type { Localizer } from '../../i18n/index.ts';
import { answering } from '../../late-writes.ts';
import type { Logger } from '../../log.ts';
import { newErrorId, UserError } from './command.ts';
import { memberLocalizer } from './locale.ts';

/** Everything before the first answer, from the interaction's arrival (wall ms); the rest of 3 s carries the answer. */
export const FIRST_ANSWER_WITHIN_MS = 2_000;
/** One store operation once the interaction has been answered (wall ms). */
export const AFTER_ANSWER_MS = 5_000;
/** The most of an interaction's time in transit that is counted (wall ms). */
const MAX_TRANSIT_MS = 1_000;
/** Less time than this left: a step is not started (it would only leave work to undo). */
const MIN_STEP_MS = 50;

/**
 * The store failed or stalled on a member's path: the member sees the store fault with the error id,
 * in their language.
 */
export class StoreFaultError extends UserError {
  override name = 'StoreFaultError';
  readonly errorId: string;
  constructor(errorId: string, l: Localizer) {
    super(l.t('actions:errors.storeFaultWithId', { errorId }));
    this.errorId = errorId;
  }
}

/** A store operation that did not answer in time. */
export class StoreStalledError extends Error {
  override name = 'StoreStalledError';
}

const arrivals = new WeakMap<object, number>();

/**
 * Notes when the interaction arrived (the router's first step), for its deadline. Discord's clock
 * starts when it created the interaction (its id's time): the gateway's delay and this process's
 * lag are taken off too, up to a second, so that a clock set wrong here cannot eat the deadline.
 */
export function markArrival(interaction: Interaction, now = performance.now()): void {
  const inTransit = Math.min(Math.max(Date.now() - interaction.createdTimestamp, 0), MAX_TRANSIT_MS);
  arrivals.set(interaction, now - inTransit);
}

/** An interaction as far as its deadline goes: whether it has been answered yet. */
interface Answerable {
  readonly id: string;
  deferred?: boolean;
  replied?: boolean;
}

/** Wall ms left for store work on this interaction: before its first answer, of the shared deadline. */
export function storeTimeLeft(interaction: Answerable): number {
  if (interaction.deferred || interaction.replied) return AFTER_ANSWER_MS;
  const arrived = arrivals.get(interaction) ?? performance.now();
  return Math.max(0, arrived + FIRST_ANSWER_WITHIN_MS - performance.now());
}

/**
 * `work` within the time left (see storeTimeLeft), or StoreStalledError. Rejections pass through
 * as they are.
 */
export async function inTime<T>(interaction: Answerable, work: Promise<T>, what: string): Promise<T> {
  const ms = storeTimeLeft(interaction);
  // A plain timer, cleared when the work wins: `late` then never settles. (An aborted promise timer
  // built an AbortError and its stack on every store step of every interaction.)
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StoreStalledError(`the store did not answer ${what} within ${Math.round(ms)} ms`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A store operation on a member's path: within the deadline, and any failure (an error or a stall)
 * becomes the member's StoreFaultError, logged at error with its id (a UserError passes as it is). `work` is given a signal that
 * aborts when the step is given up, so that a write can check it before it lands; with too little
 * time left it is not started at all.
 */
export async function storeStep<T>(
  interaction: RepliableInteraction,
  logger: Logger,
  what: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const givenUp = new AbortController();
  try {
    if (storeTimeLeft(interaction) < MIN_STEP_MS)
      throw new StoreStalledError(`no time left for ${what} before Discord's deadline`);
    return await inTime(
      interaction,
      // A write inside is settled when the answer gives up, whether it landed yet or not (late-writes.ts).
      Promise.resolve().then(() => answering(givenUp.signal, () => work(givenUp.signal))),
      what,
    );
  } catch (err) {
    givenUp.abort(err);
    // What the member asked was refused for a reason of its own, not the store's.
    if (err instanceof UserError) throw err;
    const errorId = newErrorId();
    logger.error(
      { err, errorId, guildId: interaction.guildId, userId: interaction.user.id, step: what },
      'store fault on a member request; refused',
    );
    throw new StoreFaultError(errorId, memberLocalizer(interaction));
  }
}
