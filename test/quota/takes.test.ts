/**
 * `count`'s one range (quota/takes.ts): what the commands' definitions carry, what a stored default
 * is read against, and what the quota reserves by.
 */
import { describe, expect, it } from 'vitest';
import { TAKES, takesOf, takesSchema } from '../../src/quota/takes.ts';

describe('the takes of one request', () => {
  it('are 1 when absent, and the count asked for from 1 to 4', () => {
    expect(TAKES).toEqual({ min: 1, max: 4 });
    expect(takesOf(undefined)).toBe(1);
    for (const count of [1, 2, 3, 4]) expect(takesOf(count)).toBe(count);
  });

  it('refuse, never clamp, a count outside 1 to 4 or not whole', () => {
    for (const count of [0, 5, -1, 2.5, Number.NaN]) {
      expect(() => takesOf(count)).toThrow(RangeError);
      expect(takesSchema.safeParse(count).success).toBe(false);
    }
  });
});
