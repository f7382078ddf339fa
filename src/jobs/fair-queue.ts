/**
 * Runs tasks in fair turns between keys (members): when many members wait for the shared
 * request budget, each gets one submission sent in turn, so nobody waits behind another
 * member's whole batch. At most `concurrency` tasks run at once; the rest wait here rather than
 * in the rate limiter's first-come queue.
 *
 * The queue is the one owner of whether a waiting task has started: `cancel` and the moment a
 * task is taken (`pump`) both run synchronously here, so exactly one of them wins.
 */

/** Rejects `run` for a task cancelled while it waited: the task never ran. */
export class QueueCancelled extends Error {
  override name = 'QueueCancelled';
}

interface Entry {
  id: string;
  start: () => void;
  fail: (err: Error) => void;
}

export class FairQueue {
  private readonly waiting = new Map<string, Entry[]>();
  /** Keys with waiting tasks, in turn order. */
  private readonly turns: string[] = [];
  private active = 0;
  private nextId = 0;

  /** `onChange` is called whenever the waiting order changes (a task queued, taken or cancelled). */
  private readonly concurrency: number;
  private readonly onChange?: () => void;

  constructor(concurrency: number, onChange?: () => void) {
    this.concurrency = concurrency;
    this.onChange = onChange;
    if (!(concurrency >= 1)) throw new RangeError('concurrency must be at least 1');
  }

  /**
   * Runs `task` when it is `key`'s turn and a slot is free. `id` names the waiting task for
   * `cancel` and `order` (unique among waiting tasks).
   */
  async run<T>(key: string, task: () => Promise<T>, id = `#${this.nextId++}`): Promise<T> {
    await new Promise<void>((start, fail) => {
      const entry: Entry = { id, start, fail };
      const queue = this.waiting.get(key);
      if (queue) queue.push(entry);
      else {
        this.waiting.set(key, [entry]);
        this.turns.push(key);
      }
      this.pump();
      this.onChange?.();
    });
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.pump();
      this.onChange?.();
    }
  }

  /**
   * Removes a task that has not started: its `run` rejects with QueueCancelled and the task never
   * runs. False when no task of that id waits (it started, finished, or never was).
   */
  cancel(id: string): boolean {
    for (const [key, queue] of this.waiting) {
      const index = queue.findIndex((e) => e.id === id);
      if (index < 0) continue;
      const [entry] = queue.splice(index, 1);
      if (queue.length === 0) {
        this.waiting.delete(key);
        this.turns.splice(this.turns.indexOf(key), 1);
      }
      entry?.fail(new QueueCancelled('cancelled before it started'));
      this.onChange?.();
      return true;
    }
    return false;
  }

  /** The ids of the waiting tasks in the order they will start (as things stand: newcomers may cut in). */
  order(): string[] {
    // What pump() will do, without replaying it on copies (this runs at every change, for every
    // waiting task): round r takes the r-th task of each key that has one, keys in turn order,
    // since a key sent to the back of the line keeps its place among the others.
    const ids: string[] = [];
    let queues = this.turns.map((key) => this.waiting.get(key) as Entry[]);
    for (let round = 0; queues.length > 0; round++) {
      for (const queue of queues) ids.push((queue[round] as Entry).id);
      queues = queues.filter((queue) => queue.length > round + 1);
    }
    return ids;
  }

  /** How many tasks wait for their turn. */
  get pending(): number {
    let n = 0;
    for (const queue of this.waiting.values()) n += queue.length;
    return n;
  }

  /** How many tasks have started and not finished. */
  get running(): number {
    return this.active;
  }

  private pump(): void {
    while (this.active < this.concurrency && this.turns.length > 0) {
      const key = this.turns.shift() as string;
      const queue = this.waiting.get(key) as Entry[];
      const entry = queue.shift() as Entry;
      // A member with more waiting goes to the back of the line.
      if (queue.length > 0) this.turns.push(key);
      else this.waiting.delete(key);
      this.active += 1;
      entry.start();
    }
  }
}
