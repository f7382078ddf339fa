import { describe, expect, it } from 'vitest';
import { InProcessLock } from '../../src/locks.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('InProcessLock', () => {
  it('runs holders of one key one after the other, in arrival order', async () => {
    const lock = new InProcessLock();
    const order: string[] = [];
    let inside = 0;
    let maxInside = 0;
    const task = (name: string) =>
      lock.withLock('k', async () => {
        inside++;
        maxInside = Math.max(maxInside, inside);
        order.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, 2));
        order.push(`end ${name}`);
        inside--;
        return name;
      });
    const results = await Promise.all([task('a'), task('b'), task('c')]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(maxInside).toBe(1);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets holders of different keys run at the same time', async () => {
    const lock = new InProcessLock();
    const gate = deferred();
    const first = lock.withLock('a', () => gate.promise.then(() => 'a'));
    const second = await lock.withLock('b', async () => 'b');
    expect(second).toBe('b');
    gate.resolve();
    expect(await first).toBe('a');
  });

  it('passes the lock on when a holder throws', async () => {
    const lock = new InProcessLock();
    const failing = lock.withLock('k', async () => {
      throw new Error('boom');
    });
    const next = lock.withLock('k', async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
  });

  it('forgets a key once nobody holds or waits for it', async () => {
    const lock = new InProcessLock();
    const gate = deferred();
    const held = lock.withLock('k', () => gate.promise);
    const waiting = lock.withLock('k', async () => undefined);
    expect(lock.activeKeys).toBe(1);
    gate.resolve();
    await Promise.all([held, waiting]);
    expect(lock.activeKeys).toBe(0);
  });
});
