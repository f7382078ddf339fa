import type { RecordedCall } from './types.ts';

interface Waiter {
  pred: (c: RecordedCall) => boolean;
  resolve: (c: RecordedCall) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** The calls the fake received, and the tests waiting for one of them. */
export class CallLog {
  readonly calls: RecordedCall[] = [];
  private readonly waiters = new Set<Waiter>();

  record(call: RecordedCall): void {
    this.calls.push(call);
    for (const waiter of this.waiters) {
      if (waiter.pred(call)) {
        this.waiters.delete(waiter);
        clearTimeout(waiter.timer);
        waiter.resolve(call);
      }
    }
  }

  waitFor(pred: (c: RecordedCall) => boolean, timeoutMs = 10_000): Promise<RecordedCall> {
    const seen = this.calls.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        pred,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new Error(`no matching call within ${timeoutMs} ms; saw:\n${this.describe()}`));
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  /** Fail whoever still waits: the fake is going away. */
  close(): void {
    for (const waiter of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error(`fake Discord closed while waiting for a call; saw:\n${this.describe()}`));
    }
    this.waiters.clear();
  }

  private describe(): string {
    if (this.calls.length === 0) return '  (no calls)';
    return this.calls.map((c) => `  ${c.method} ${c.path} [${c.route}] -> ${c.status}`).join('\n');
  }
}
