/**
 * KeyedLock (locks.ts) across processes: a lease in Redis per key, held while `fn` runs and
 * renewed in the background, so a holder that dies frees the key once its lease lapses. Callers
 * of one process first queue in process (InProcessLock), so Redis only sees one contender per
 * process. Money never relies on this lock alone (the quota's changes are atomic in Redis).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { InProcessLock, type KeyedLock, LockTimeoutError } from '../locks.ts';
import type { Logger } from '../log.ts';
import type { LeaseGrant, RedisLeases } from './lease.ts';

export interface RedisKeyedLockOptions {
  leases: RedisLeases;
  /** A holder that dies frees the key after this long (wall time). */
  ttlMs?: number;
  /** Gives up waiting for a key after this long (wall time): a stuck key must not hang a member. */
  waitMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

export class RedisKeyedLock implements KeyedLock {
  private readonly local = new InProcessLock();
  private readonly ttlMs: number;
  private readonly waitMs: number;

  private readonly o: RedisKeyedLockOptions;

  constructor(o: RedisKeyedLockOptions) {
    this.o = o;
    this.ttlMs = o.ttlMs ?? 10_000;
    this.waitMs = o.waitMs ?? 30_000;
  }

  withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return this.local.withLock(key, async () => {
      const name = `lock:${key}`;
      const grant = await this.take(name);
      const renewing = this.keepRenewed(name, grant);
      try {
        return await fn();
      } finally {
        renewing.abort();
        await this.o.leases.release(name, grant).catch((err: unknown) => {
          // It lapses on its own within ttlMs.
          this.o.logger?.warn({ err, key }, 'could not release a lock in Redis');
        });
      }
    });
  }

  /** Waits for the key, with a short growing pause between tries. */
  private async take(name: string): Promise<LeaseGrant> {
    const owner = `${this.o.leases.owner}:${randomUUID()}`;
    const deadline = Date.now() + this.waitMs;
    let pause = 5;
    for (;;) {
      const grant = await this.o.leases.acquire(name, this.ttlMs, owner);
      if (grant) return grant;
      if (Date.now() >= deadline) throw new LockTimeoutError(`${name} stayed held for ${this.waitMs} ms`);
      await delay(pause);
      pause = Math.min(100, pause * 2);
    }
  }

  private keepRenewed(name: string, grant: LeaseGrant): AbortController {
    const controller = new AbortController();
    void (async () => {
      try {
        for (;;) {
          await delay(this.ttlMs / 3, undefined, { signal: controller.signal });
          const kept = await this.o.leases.renew(name, grant, this.ttlMs);
          if (!kept) {
            this.o.logger?.warn({ name }, 'a lock lapsed while held');
            return;
          }
        }
      } catch {
        // Aborted when the holder finished; a failed renewal is logged by the next one or lapses.
      }
    })();
    return controller;
  }
}
