import { describe, expect, it, vi } from 'vitest';
import { type Admission, FairQueue, QueueCancelled } from '../../src/jobs/fair-queue.ts';

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

  it('tells the order in which waiting tasks will start, the same order pump follows', async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const blocker = gate(started, 'blocker');
    const all = [queue.run('x', blocker.task, 'blocker')];
    const add = (key: string, id: string) => all.push(queue.run(key, async () => void started.push(id), id));
    add('alice', 'a1');
    add('alice', 'a2');
    add('bob', 'b1');
    add('alice', 'a3');
    add('carol', 'c1');
    const predicted = queue.order();
    expect(predicted).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
    blocker.finish();
    await Promise.all(all);
    expect(started).toEqual(['blocker', ...predicted]);
  });

  it('tells the start order after a member was sent to the back and tasks were cancelled', async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const blocker = gate(started, 'blocker');
    const held = gate(started, 'm0-0');
    const all = [queue.run('x', blocker.task, 'blocker')];
    const add = (key: string, id: string) =>
      all.push(queue.run(key, async () => void started.push(id), id).catch(() => undefined));
    all.push(queue.run('m0', held.task, 'm0-0'));
    add('m0', 'm0-1');
    add('m1', 'm1-0');
    // m0-0 is taken and m0, with more waiting, goes behind m1.
    blocker.finish();
    await vi.waitFor(() => expect(started).toContain('m0-0'));
    // Uneven queues (member m has m + 1 tasks), interleaved as members press.
    for (let round = 0; round < 5; round++)
      for (let m = 1; m < 5; m++) if (round <= m && !(m === 1 && round === 0)) add(`m${m}`, `m${m}-${round}`);
    expect(queue.cancel('m3-1')).toBe(true);
    expect(queue.cancel('m2-0')).toBe(true);
    const predicted = queue.order();
    expect(predicted.slice(0, 4)).toEqual(['m1-0', 'm0-1', 'm2-1', 'm3-0']);
    held.finish();
    await Promise.all(all);
    expect(started).toEqual(['blocker', 'm0-0', ...predicted]);
  });

  it('reports every change of the waiting order', async () => {
    let changes = 0;
    const queue = new FairQueue(1, () => {
      changes += 1;
    });
    const blocker = gate([], 'blocker');
    const first = queue.run('x', blocker.task, 'blocker');
    const second = queue.run('y', async () => 'done', 'second');
    // Queued (started at once), queued (waits).
    expect(changes).toBe(2);
    expect(queue.order()).toEqual(['second']);
    blocker.finish();
    await first;
    await expect(second).resolves.toBe('done');
    // Each task's end frees the slot (the second one is taken, then ends).
    expect(changes).toBe(4);
  });

  it('cancels a waiting task, which never runs, and keeps everyone in turn', async () => {
    const queue = new FairQueue(1);
    const started: string[] = [];
    const blocker = gate(started, 'blocker');
    const all = [queue.run('x', blocker.task, 'blocker')];
    let ranCancelled = false;
    const cancelled = queue.run(
      'alice',
      async () => {
        ranCancelled = true;
      },
      'a1',
    );
    all.push(queue.run('bob', async () => void started.push('b1'), 'b1'));
    all.push(queue.run('alice', async () => void started.push('a2'), 'a2'));

    expect(queue.cancel('a1')).toBe(true);
    await expect(cancelled).rejects.toBeInstanceOf(QueueCancelled);
    // Alice keeps her turn for her next request.
    expect(queue.order()).toEqual(['a2', 'b1']);
    expect(queue.cancel('a1')).toBe(false);
    blocker.finish();
    await Promise.all(all);
    expect(ranCancelled).toBe(false);
    expect(started).toEqual(['blocker', 'a2', 'b1']);
    expect(queue.pending).toBe(0);
  });

  it('refuses to cancel a task taken in the same tick (its slot freed): the start wins, once', async () => {
    const queue = new FairQueue(1);
    const blocker = gate([], 'blocker');
    const first = queue.run('x', blocker.task, 'blocker');
    let runs = 0;
    const second = queue.run(
      'y',
      async () => {
        runs += 1;
      },
      'second',
    );
    blocker.finish();
    await first;
    // The slot was handed on synchronously when the blocker ended: nothing is left to cancel.
    expect(queue.cancel('second')).toBe(false);
    await second;
    expect(runs).toBe(1);
  });
});

/** An admission whose passes the test grants one by one, in the order they were asked for. */
function handAdmission() {
  const asked: { signal: AbortSignal; grant: (pass: string) => void }[] = [];
  const unused: string[] = [];
  const admission: Admission<string> = {
    acquire: (signal) =>
      new Promise<string>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        asked.push({ signal, grant: resolve });
      }),
    unused: (pass) => void unused.push(pass),
  };
  /** Grants the oldest pass still asked for (not withdrawn), then lets the queue hand it on. */
  const grantNext = async (pass: string) => {
    const next = asked.find((a) => !a.signal.aborted);
    if (!next) throw new Error('no pass is asked for');
    asked.splice(asked.indexOf(next), 1);
    next.grant(pass);
    await new Promise((r) => setImmediate(r));
  };
  const pending = () => asked.filter((a) => !a.signal.aborted).length;
  return { admission, grantNext, pending, asked, unused };
}

describe('fair queue with an admission (the request budget)', () => {
  it('gives each pass, once granted, to whoever’s turn it is then, not to the task it was asked for', async () => {
    const hand = handAdmission();
    const queue = new FairQueue<string>(4, undefined, hand.admission);
    const started: string[] = [];
    const all: Promise<void>[] = [];
    const add = (key: string, id: string) =>
      all.push(queue.run(key, async (pass) => void started.push(`${id}<-${pass}`), id));
    // Alice's batch fills the four slots' asks before Bob joins; nothing is taken before a pass.
    for (const n of [1, 2, 3, 4]) add('alice', `alice${n}`);
    expect(hand.pending()).toBe(4);
    add('bob', 'bob1');
    expect(queue.pending).toBe(5);
    expect(queue.running).toBe(0);
    for (const pass of ['p1', 'p2', 'p3', 'p4', 'p5']) await hand.grantNext(pass);
    await Promise.all(all);
    expect(started).toEqual(['alice1<-p1', 'bob1<-p2', 'alice2<-p3', 'alice3<-p4', 'alice4<-p5']);
  });

  it('asks for no more passes than slots are free, and for the next as a task ends', async () => {
    const hand = handAdmission();
    const queue = new FairQueue<string>(2, undefined, hand.admission);
    const started: string[] = [];
    const gates = ['a', 'b', 'c'].map((id) => gate(started, id));
    const all = gates.map((g, i) => queue.run(`m${i}`, g.task, `m${i}`));
    expect(hand.pending()).toBe(2);
    await hand.grantNext('p1');
    await hand.grantNext('p2');
    // Both slots taken: the third waits without a pass asked for it.
    expect(started).toEqual(['a', 'b']);
    expect(hand.pending()).toBe(0);
    gates[0]?.finish();
    await all[0];
    expect(hand.pending()).toBe(1);
    await hand.grantNext('p3');
    expect(started).toEqual(['a', 'b', 'c']);
    gates[1]?.finish();
    gates[2]?.finish();
    await Promise.all(all);
  });

  it('withdraws the pass asked for a cancelled task, and takes back one granted when nobody waits', async () => {
    const hand = handAdmission();
    const queue = new FairQueue<string>(1, undefined, hand.admission);
    let ran = 0;
    const cancelled = queue.run('alice', async () => void ran++, 'a1');
    const [first] = hand.asked;
    expect(queue.admitting).toBe(1);
    expect(queue.cancel('a1')).toBe(true);
    await expect(cancelled).rejects.toBeInstanceOf(QueueCancelled);
    expect(first?.signal.aborted).toBe(true);
    expect(queue.admitting).toBe(0);

    // A pass granted in the same tick as its task is cancelled (the limiter had let it go) is
    // handed back, not given to nobody.
    const raced = queue.run('bob', async () => void ran++, 'b1');
    const second = hand.asked.at(-1);
    second?.grant('late');
    expect(queue.cancel('b1')).toBe(true);
    await expect(raced).rejects.toBeInstanceOf(QueueCancelled);
    await new Promise((r) => setImmediate(r));
    expect(hand.unused).toEqual(['late']);
    expect(ran).toBe(0);

    // The next task gets a pass of its own.
    const next = queue.run('carol', async (pass) => pass, 'c1');
    await hand.grantNext('p3');
    await expect(next).resolves.toBe('p3');
  });
});
