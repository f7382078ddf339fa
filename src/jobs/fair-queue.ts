/**
 * Runs tasks in fair turns between keys (members): when many members wait for the shared
 * request budget, each gets one submission sent in turn, so nobody waits behind another
 * member's whole batch. At most `concurrency` tasks run at once; the rest wait here rather than
 * in the rate limiter's first-come queue.
 *
 * With an `Admission` (the rate limiter), a task also needs a pass to start, and whose turn it is
 * is decided when a pass is granted, not when it is asked for: the queue asks for as many passes
 * as it has tasks waiting and slots free, and gives each pass, once granted, to the task whose
 * turn it is then. A task taken before the budget let it go would hold its place in the
 * limiter's first-come queue: a batch of 4 taken into 4 free slots went out whole before another
 * member's request that came a moment later, however long the 4 waited for the budget.
 *
 * The queue is the one owner of whether a waiting task has started: `cancel` and the moment a
 * task is taken (`pump`, or a pass granted) both run synchronously here, so exactly one of them wins.
 */

/** Rejects `run` for a task cancelled while it waited: the task never ran. */
export class QueueCancelled extends Error {
  override name = 'QueueCancelled';
}

/** Where passes to start come from: the rate limiter, for submissions. */
export interface Admission<P> {
  /** Resolves with a pass once a task may start; rejects with the signal's reason when aborted. */
  acquire(signal: AbortSignal): Promise<P>;
  /** Takes back a pass granted when no task waited any more (all were cancelled meanwhile). */
  unused(pass: P): void;
}

interface Entry<P> {
  id: string;
  start: (pass: P | undefined) => void;
  fail: (err: Error) => void;
}

export class FairQueue<P = undefined> {
  private readonly waiting = new Map<string, Entry<P>[]>();
  /** Keys with waiting tasks, in turn order. */
  private readonly turns: string[] = [];
  private active = 0;
  private nextId = 0;
  /** Passes asked for and not granted yet, oldest first (each can be withdrawn). */
  private readonly asking = new Set<AbortController>();

  /** `onChange` is called whenever the waiting order changes (a task queued, taken or cancelled). */
  private readonly concurrency: number;
  private readonly onChange?: () => void;
  private readonly admission?: Admission<P>;

  constructor(concurrency: number, onChange?: () => void, admission?: Admission<P>) {
    this.concurrency = concurrency;
    this.onChange = onChange;
    this.admission = admission;
    if (!(concurrency >= 1)) throw new RangeError('concurrency must be at least 1');
  }

  /**
   * Runs `task` when it is `key`'s turn, a slot is free and (with an admission) a pass was
   * granted, which the task gets (undefined without an admission, or when asking failed). `id`
   * names the waiting task for `cancel` and `order` (unique among waiting tasks).
   */
  async run<T>(key: string, task: (pass: P | undefined) => Promise<T>, id = `#${this.nextId++}`): Promise<T> {
    const pass = await new Promise<P | undefined>((start, fail) => {
      const entry: Entry<P> = { id, start, fail };
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
      return await task(pass);
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
      // A pass asked for on its behalf is withdrawn, so that it is not spent on nobody.
      this.pump();
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
    let queues = this.turns.map((key) => this.waiting.get(key) as Entry<P>[]);
    for (let round = 0; queues.length > 0; round++) {
      for (const queue of queues) ids.push((queue[round] as Entry<P>).id);
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

  /**
   * How many of the first waiting tasks (in `order`) have a pass asked for on their behalf: they
   * start as soon as the budget allows, without waiting for another task to end.
   */
  get admitting(): number {
    return this.asking.size;
  }

  private pump(): void {
    if (this.admission) {
      this.ask(this.admission);
      return;
    }
    while (this.active < this.concurrency && this.turns.length > 0) this.take(undefined);
  }

  /** Asks for one pass per waiting task a free slot could take, and withdraws those asked for beyond. */
  private ask(admission: Admission<P>): void {
    const wanted = Math.min(this.pending, this.concurrency - this.active);
    while (this.asking.size > wanted) {
      // The latest asked, which the limiter would grant last.
      const latest = [...this.asking].at(-1) as AbortController;
      this.asking.delete(latest);
      latest.abort();
    }
    while (this.asking.size < wanted) {
      const asked = new AbortController();
      this.asking.add(asked);
      admission.acquire(asked.signal).then(
        (pass) => this.granted(admission, asked, pass),
        () => {
          if (!this.asking.delete(asked)) return;
          // The limiter failed without being told to stop: the task starts without a pass and
          // asks on its own (its send meets the same failure, and its member hears of it).
          this.granted(admission, asked, undefined);
        },
      );
    }
  }

  /** A pass came: it goes to whoever's turn it is now. */
  private granted(admission: Admission<P>, asked: AbortController, pass: P | undefined): void {
    this.asking.delete(asked);
    const taken = this.active < this.concurrency && this.turns.length > 0;
    if (taken) this.take(pass);
    // Withdrawn too late (granted as it was withdrawn): nobody takes it.
    else if (pass !== undefined) admission.unused(pass);
    // Asked again before the change is told, so that `admitting` is right when it is.
    this.ask(admission);
    if (taken) this.onChange?.();
  }

  /** Starts the first task of the key whose turn it is. */
  private take(pass: P | undefined): void {
    const key = this.turns.shift() as string;
    const queue = this.waiting.get(key) as Entry<P>[];
    const entry = queue.shift() as Entry<P>;
    // A member with more waiting goes to the back of the line.
    if (queue.length > 0) this.turns.push(key);
    else this.waiting.delete(key);
    this.active += 1;
    entry.start(pass);
  }
}
