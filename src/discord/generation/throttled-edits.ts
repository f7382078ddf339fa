import { loopTurn } from '../../loop-turns.ts';

/**
 * Edits of one reply that come faster than Discord should see them (a waiting request's place
 * changes with every send): one at a time, in order, at most one per interval of wall time (Discord
 * rate-limits webhook edits in wall time, whatever the bot's clock says); an edit that waits is
 * replaced by a newer one. `close` drops what waits and resolves once the edit on its way landed,
 * so the next edit of the reply (the job's embed) cannot be overtaken by a stale one.
 */
export class ThrottledEdits<T> {
  private chain: Promise<void> = Promise.resolve();
  private waiting: { value: T } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private lastAt = Number.NEGATIVE_INFINITY;
  private closed = false;

  private readonly edit: (value: T) => Promise<unknown>;
  private readonly minIntervalMs: number;

  constructor(edit: (value: T) => Promise<unknown>, minIntervalMs = 3_000) {
    this.edit = edit;
    this.minIntervalMs = minIntervalMs;
  }

  /** Shows `value` now, or when the interval since the last edit has passed (unless newer comes first). */
  push(value: T): void {
    if (this.closed) return;
    this.waiting = { value };
    if (this.timer) return;
    const wait = this.lastAt + this.minIntervalMs - performance.now();
    if (wait <= 0) this.flush();
    else
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush();
      }, wait);
  }

  /** Drops the waiting edit and resolves when the one on its way is done. Best effort: errors are swallowed. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting = undefined;
    await this.chain;
  }

  private flush(): void {
    const next = this.waiting;
    this.waiting = undefined;
    if (!next || this.closed) return;
    this.lastAt = performance.now();
    this.chain = this.chain
      // Many cards' edits fall due together (every waiting member's place changes): one per turn,
      // after any delivery waiting for one.
      .then(() => loopTurn('later'))
      .then(() => this.edit(next.value))
      .then(
        () => undefined,
        () => undefined,
      );
  }
}
