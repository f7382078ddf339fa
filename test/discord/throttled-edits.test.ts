import { describe, expect, it } from 'vitest';
import { ThrottledEdits } from '../../src/discord/generation/throttled-edits.ts';

describe('throttled edits', () => {
  it('shows the first at once, then only the newest after the interval, in order', async () => {
    const shown: { n: number; at: number }[] = [];
    const interval = 200;
    let secondShown!: () => void;
    const second = new Promise<void>((resolve) => {
      secondShown = resolve;
    });
    const edits = new ThrottledEdits(async (n: number) => {
      shown.push({ n, at: performance.now() });
      if (shown.length === 2) secondShown();
    }, interval);
    const pushedAt = performance.now();
    edits.push(1);
    edits.push(2);
    edits.push(3);
    // At once: in the next turns of the loop (each edit waits for a turn of its own, loop-turns.ts).
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(shown.map((s) => s.n)).toEqual([1]);
    // The next edit is waited for, not a timer of the test's: a loop held up past both deadlines
    // (a busy machine) would run the test's timer before the edit's turn, and see it missing.
    await second;
    await edits.close();
    expect(shown.map((s) => s.n)).toEqual([1, 3]);
    // Not before the interval. Node's timers truncate both their start (the loop's clock) and their
    // delay to whole milliseconds, so one may fire up to 2 ms early by performance.now().
    expect((shown[1] as { at: number }).at - pushedAt).toBeGreaterThanOrEqual(interval - 2);
  });

  it('drops what waits on close and resolves only after the edit on its way landed', async () => {
    const order: string[] = [];
    let finishEdit!: () => void;
    const edits = new ThrottledEdits((n: number) => {
      order.push(`start ${n}`);
      return new Promise<void>((resolve) => {
        finishEdit = () => {
          order.push(`done ${n}`);
          resolve();
        };
      });
    }, 60_000);
    edits.push(1);
    edits.push(2);
    await new Promise((r) => setImmediate(r));
    const closed = edits.close().then(() => order.push('closed'));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['start 1']);
    finishEdit();
    await closed;
    edits.push(3);
    expect(order).toEqual(['start 1', 'done 1', 'closed']);
  });

  it('keeps going after a failed edit', async () => {
    const shown: number[] = [];
    const edits = new ThrottledEdits(async (n: number) => {
      if (n === 1) throw new Error('Discord said no');
      shown.push(n);
    }, 0);
    edits.push(1);
    await new Promise((r) => setTimeout(r, 5));
    edits.push(2);
    await edits.close();
    expect(shown).toEqual([2]);
  });
});
