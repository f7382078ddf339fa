/**
 * A dashboard change behind its page's answer: a refusal of its own passes as it is and settles
 * nothing; a failure or a stall becomes "not made", and the work is told its answer gave up (the
 * quota's changes then settle themselves: late-writes.ts).
 */
import { describe, expect, it } from 'vitest';
import { answerGivenUp } from '../../src/late-writes.ts';
import { ChangeNotMade, changeStep } from '../../src/web/change-step.ts';

class Refusal extends Error {}
const isRefusal = (err: unknown) => err instanceof Refusal;

describe('a change made from a page', () => {
  it('returns what the work returns, its answer not given up', async () => {
    let signal: AbortSignal | undefined;
    const value = await changeStep(async () => {
      signal = answerGivenUp();
      return 42;
    }, isRefusal);
    expect(value).toBe(42);
    expect(signal?.aborted).toBe(false);
  });

  it('passes a refusal of its own through, without giving up its answer', async () => {
    let signal: AbortSignal | undefined;
    await expect(
      changeStep(async () => {
        signal = answerGivenUp();
        throw new Refusal('changed meanwhile');
      }, isRefusal),
    ).rejects.toBeInstanceOf(Refusal);
    expect(signal?.aborted).toBe(false);
  });

  it('turns a store failure into "not made" and gives the answer up', async () => {
    let signal: AbortSignal | undefined;
    await expect(
      changeStep(async () => {
        signal = answerGivenUp();
        throw new Error('SQLITE_BUSY');
      }, isRefusal),
    ).rejects.toBeInstanceOf(ChangeNotMade);
    expect(signal?.aborted).toBe(true);
  });

  it('gives up a change the store does not confirm in time, and tells the work so', async () => {
    let release: () => void = () => undefined;
    let signal: AbortSignal | undefined;
    const stalled = changeStep(
      () => {
        signal = answerGivenUp();
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      isRefusal,
      20,
    );
    await expect(stalled).rejects.toBeInstanceOf(ChangeNotMade);
    expect(signal?.aborted).toBe(true);
    release();
  });
});
