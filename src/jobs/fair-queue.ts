/**
 * Runs tasks in fair turns between keys (members): when many members wait for the shared
 * request budget, each gets one submission sent in turn, so nobody waits behind another
 * member's whole batch. At most `concurrency` tasks run at once; the rest wait here rather than
 * in the rate limiter's first-come queue.
 */
export class FairQueue {
  private readonly waiting = new Map<string, (() => void)[]>();
  /** Keys with waiting tasks, in turn order. */
  private readonly turns: string[] = [];
  private active = 0;

  constructor(private readonly concurrency: number) {
    if (!(concurrency >= 1)) throw new RangeError('concurrency must be at least 1');
  }

  /** Runs `task` when it is `key`'s turn and a slot is free. */
  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    await new Promise<void>((start) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push(start);
      else {
        this.waiting.set(key, [start]);
        this.turns.push(key);
      }
      this.pump();
    });
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.pump();
    }
  }

  /** How many tasks wait for their turn. */
  get pending(): number {
    let n = 0;
    for (const queue of this.waiting.values()) n += queue.length;
    return n;
  }

  private pump(): void {
    while (this.active < this.concurrency && this.turns.length > 0) {
      const key = this.turns.shift() as string;
      const queue = this.waiting.get(key) as (() => void)[];
      const start = queue.shift() as () => void;
      // A member with more waiting goes to the back of the line.
      if (queue.length > 0) this.turns.push(key);
      else this.waiting.delete(key);
      this.active += 1;
      start();
    }
  }
}
