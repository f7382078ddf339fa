/**
 * Mutual exclusion by key. Callers only see `KeyedLock`, so that the in-process version here can
 * be replaced by a Redis-backed lock once several processes serve the same guilds (docs/operations.md,
 * "Several processes on Redis") without touching them.
 */
export interface KeyedLock {
  /** Runs `fn` once every earlier holder of `key` has finished; holders of other keys run freely. */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
}

/**
 * A lock that stayed held past the caller's wait (one across processes, held by another process).
 * Here, with the port, so that callers can tell it from other failures without knowing the adapter.
 */
export class LockTimeoutError extends Error {
  override name = 'LockTimeoutError';
}

/** A KeyedLock for one process: a promise chain per key, forgotten as soon as the key is idle. */
export class InProcessLock implements KeyedLock {
  // The tail of each key's chain: it settles when the last queued holder has finished.
  private readonly tails = new Map<string, Promise<void>>();

  async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => done);
    this.tails.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      // Only the last holder in the queue removes the key, so a busy key keeps its chain.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }

  /** How many keys are held or waited for (0 when idle); for tests and diagnostics. */
  get activeKeys(): number {
    return this.tails.size;
  }
}

/** Creates the in-process KeyedLock. */
export function createInProcessLock(): InProcessLock {
  return new InProcessLock();
}
