import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../src/jobs/fair-queue.ts';

/** A task that finishes when the test says so, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    task: async () => {
      log.push(name);
      await done;
    },
    finish,
  };
}

describe('fair queue', () => {
  it('serves members in turns instead of first come first served', async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const blocker = gate(started, 'blocker');
    const all = [queue.run('x', blocker.task)];
    // Alice queues her whole batch before Bob and Carol ask once each.
    for (const n of [1, 2, 3]) all.push(queue.run('alice', async () => void started.push(`alice${n}`)));
    all.push(queue.run('bob', async () => void started.push('bob1')));
    all.push(queue.run('carol', async () => void started.push('carol1')));
    all.push(queue.run('bob', async () => void started.push('bob2')));
    blocker.finish();
    await Promise.all(all);
    expect(started).toEqual(['blocker', 'alice1', 'bob1', 'carol1', 'alice2', 'bob2', 'alice3']);
  });

  it('never runs more than its concurrency at once', async () => {
    const queue = new FairQueue(2);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setImmediate(r));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 20 }, (_, i) => queue.run(`m${i % 5}`, task)));
    expect(peak).toBe(2);
    expect(queue.pending).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const queue = new FairQueue(1);
    await expect(queue.run('a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run('a', async () => 42)).resolves.toBe(42);
  });
});
