/**
 * How many takes one request makes: the one home of `count`'s range. A member asks for up to four
 * takes of the same request (a media gallery holds four), all reserved together or none. The
 * commands' option definitions carry this range, so the router refuses a count outside it before
 * any handler runs (discord/interactions/option-checks.ts); a member's stored default is read
 * against it (member-defaults.ts); the quota reserves by it.
 */
import { z } from 'zod';

export const TAKES = { min: 1, max: 4 } as const;

/** A count of takes as stored or asked for: a whole number in TAKES. */
export const takesSchema = z.number().int().min(TAKES.min).max(TAKES.max);

/**
 * The takes a request makes: `count`, or 1 when absent. A count outside TAKES is a bug of the
 * caller (the router refused it from members), so it throws rather than clamps: nothing is
 * reserved for a count nobody checked.
 */
export function takesOf(count: number | undefined): number {
  const takes = count ?? 1;
  if (!takesSchema.safeParse(takes).success) {
    throw new RangeError(`count must be a whole number from ${TAKES.min} to ${TAKES.max}, not ${takes}`);
  }
  return takes;
}
