/**
 * The quota's values in Redis, for several processes serving the same guilds (docs/operations.md,
 * "Several processes on Redis"): every money change is atomic, whichever process makes it.
 *
 * Design: optimistic transactions (WATCH/MULTI/EXEC), chosen over one Lua script per change so
 * that the quota's logic stays the one in state.ts, journal.ts and service.ts for both backends (a
 * script would be a second copy of every rule, in Lua, to keep in step). A transaction:
 *   1. WATCHes each key just before reading it (guild head first, then members, generations,
 *      settings, ledger entries), on a connection of its own: WATCH is per connection;
 *   2. runs the operation on what it read, buffering its writes (later reads see them);
 *   3. sends the writes as one MULTI/EXEC. Redis applies them all, or none when any watched key
 *      changed since it was watched; then the whole operation runs again from step 1 on fresh
 *      values, a bounded number of times, and fails closed (QuotaConflictError: callers treat it
 *      like any store error, so nothing is charged or submitted).
 * Operations that only read also end with an (empty) EXEC, so what they show is one snapshot.
 *
 * Ledger sequence numbers: a change appends entries at head+1… where the head is the guild value
 * it WATCHed, and every change rewrites that value; two processes that read the same head cannot
 * both commit, so a seq is never handed out twice (and entries are never overwritten). Entries,
 * the records and members they change and the new head are in the same EXEC, so there is never a
 * journal to replay (journal.ts's recovery finds nothing after the head).
 *
 * The guild's KeyedLock still runs in front (in-process by default): it keeps one process's own
 * operations on a guild from aborting each other, so conflicts only come from other processes. It
 * is an optimisation; correctness rests on EXEC alone.
 *
 * Keys (all under `prefix`, `quota:` by default): `state:{key}` for state.ts's and settings.ts's
 * values, `ledger:{guildId}:{seq}` for entries; JSON strings.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { RedisClientType } from '@keyv/redis';
import { createInProcessLock, type KeyedLock } from '../locks.ts';
import { type Logger, silentLogger } from '../log.ts';
import type { QuotaStateBackend, QuotaTx, Values } from '../quota/backend.ts';

/** A client as `createClient({ url })` of @keyv/redis (its @redis/client) makes it. */
export type RedisClient = RedisClientType;

export interface RedisQuotaBackendOptions {
  /** A client of the Redis to use; transactions run on duplicates of it (WATCH is per connection). */
  client: RedisClient;
  /** Prefix of every key; `quota:` by default. */
  prefix?: string;
  /** In front of the transaction, per guild (see above); in-process by default. */
  lock?: KeyedLock;
  /** How many times an operation runs before it fails closed; 25 by default. */
  maxAttempts?: number;
  /** Idle connections kept for transactions; more are opened while guilds are busy at once. */
  maxIdle?: number;
  /**
   * A run of a transaction that takes longer (wall ms) has its connection dropped: Redis stopped
   * answering, and node-redis would wait for ever for a command already sent. 5 s by default.
   */
  attemptTimeoutMs?: number;
  log?: Logger;
}

/** An operation lost to other processes' changes `maxAttempts` times in a row: nothing was written. */
export class QuotaConflictError extends Error {
  override name = 'QuotaConflictError';
}

// node-redis throws its WatchError when EXEC answers null; @keyv/redis does not re-export the class.
function isWatchAbort(err: unknown): boolean {
  return err instanceof Error && err.constructor.name === 'WatchError';
}

const parse = <T>(raw: string | null | undefined): T | undefined =>
  raw === null || raw === undefined ? undefined : (JSON.parse(raw) as T);

/** A transaction's connection that cannot be made in this long fails the operation (closed). */
const CONNECT_TIMEOUT_MS = 2_000;

export class RedisQuotaBackend implements QuotaStateBackend {
  readonly plain: QuotaTx;
  private readonly prefix: string;
  private readonly lock: KeyedLock;
  private readonly maxAttempts: number;
  private readonly maxIdle: number;
  private readonly attemptTimeoutMs: number;
  private readonly log: Logger;
  private readonly idle: RedisClient[] = [];
  private readonly open = new Set<RedisClient>();
  private closed = false;
  private aborted = 0;

  private readonly o: RedisQuotaBackendOptions;

  constructor(o: RedisQuotaBackendOptions) {
    this.o = o;
    this.prefix = o.prefix ?? 'quota:';
    this.lock = o.lock ?? createInProcessLock();
    this.maxAttempts = o.maxAttempts ?? 25;
    this.maxIdle = o.maxIdle ?? 4;
    this.attemptTimeoutMs = o.attemptTimeoutMs ?? 5_000;
    this.log = o.log ?? silentLogger;
    this.plain = {
      state: this.plainValues(`${this.prefix}state:`),
      ledger: this.plainValues(`${this.prefix}ledger:`),
    };
  }

  /** How many EXECs aborted because another process changed a watched key (for tests and metrics). */
  get conflicts(): number {
    return this.aborted;
  }

  transaction<T>(guildId: string, fn: (tx: QuotaTx) => Promise<T>, committed?: () => void): Promise<T> {
    return this.lock.withLock(`quota:${guildId}`, async () => {
      for (let attempt = 1; ; attempt++) {
        const done = await this.attempt(fn);
        if (done.ok) {
          committed?.();
          return done.value;
        }
        this.aborted++;
        if (attempt >= this.maxAttempts) {
          throw new QuotaConflictError(
            `quota of guild ${guildId}: changed by other processes ${attempt} times in a row; nothing was written`,
          );
        }
        this.log.debug({ guildId, attempt }, 'quota: transaction aborted by a concurrent change; again');
        // A short random pause, so that two processes that collided do not collide again in step.
        await delay(Math.floor(Math.random() * Math.min(50, 2 ** attempt)));
      }
    });
  }

  /** One run of `fn` on its own connection: its result once EXEC applied its writes, or not ok. */
  private async attempt<T>(fn: (tx: QuotaTx) => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    const conn = await this.takeInTime();
    const writes = new Map<string, string>();
    let clean = false;
    // A stalled server: the connection goes, so every command on it fails now. The WATCHes go with
    // it. An EXEC already sent may or may not have been applied, as after a crash: the caller hears
    // a store error (a reservation it does not know of expires; settling and finishing are retried,
    // and each happens once per generation whatever the retries).
    let stalled = false;
    const watchdog = setTimeout(() => {
      stalled = true;
      this.log.error(
        { timeoutMs: this.attemptTimeoutMs },
        'quota: Redis did not answer a transaction; dropping its connection',
      );
      if (conn.isOpen) conn.destroy();
    }, this.attemptTimeoutMs);
    try {
      const tx: QuotaTx = {
        state: this.txValues(conn, `${this.prefix}state:`, writes),
        ledger: this.txValues(conn, `${this.prefix}ledger:`, writes),
      };
      const value = await fn(tx);
      const multi = conn.multi();
      for (const [key, json] of writes) multi.set(key, json);
      try {
        await multi.exec();
      } catch (err) {
        if (!isWatchAbort(err)) throw err;
        clean = true;
        return { ok: false };
      }
      clean = true;
      return { ok: true, value };
    } catch (err) {
      if (stalled)
        throw new Error(`Redis did not answer the quota's transaction within ${this.attemptTimeoutMs} ms`, {
          cause: err,
        });
      throw err;
    } finally {
      clearTimeout(watchdog);
      // A connection left watching (fn threw) is closed rather than reused with stale WATCHes.
      this.give(conn, clean && !stalled);
    }
  }

  private txValues(conn: RedisClient, prefix: string, writes: Map<string, string>): Values {
    return {
      async get<T>(key: string) {
        const k = prefix + key;
        const pending = writes.get(k);
        if (pending !== undefined) return parse<T>(pending);
        // Sent together on this connection: WATCH reaches Redis before GET.
        const [, raw] = await Promise.all([conn.watch(k), conn.get(k)]);
        return parse<T>(raw);
      },
      async getMany<T>(keys: readonly string[]) {
        if (keys.length === 0) return [];
        const full = keys.map((key) => prefix + key);
        const [, raws] = await Promise.all([conn.watch(full), conn.mGet(full)]);
        return full.map((k, i) => {
          const pending = writes.get(k);
          return parse<T>(pending ?? raws[i]);
        });
      },
      async set(key: string, value: unknown) {
        writes.set(prefix + key, JSON.stringify(value));
      },
    };
  }

  private plainValues(prefix: string): Values {
    const client = this.o.client;
    return {
      async get<T>(key: string) {
        return parse<T>(await client.get(prefix + key));
      },
      async getMany<T>(keys: readonly string[]) {
        if (keys.length === 0) return [];
        const raws = await client.mGet(keys.map((key) => prefix + key));
        return raws.map((raw) => parse<T>(raw));
      },
      async set(key: string, value: unknown) {
        // Only for values outside any money change; the quota itself writes in transactions.
        await client.set(prefix + key, JSON.stringify(value));
      },
    };
  }

  /** A connection for a run, or an error once the run's time is up (a server that does not answer the handshake). */
  private async takeInTime(): Promise<RedisClient> {
    const taking = this.take();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new Error(`Redis did not give the quota a connection within ${this.attemptTimeoutMs} ms`)),
        this.attemptTimeoutMs,
      );
    });
    try {
      return await Promise.race([taking, late]);
    } catch (err) {
      // One that comes after all is not used.
      void taking.then((conn) => this.discard(conn)).catch(() => undefined);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private async take(): Promise<RedisClient> {
    if (this.closed) throw new Error('the quota backend is closed');
    for (let conn = this.idle.pop(); conn; conn = this.idle.pop()) {
      if (conn.isReady) return conn;
      this.discard(conn);
    }
    // A new connection to a Redis that is down would wait for it (reconnecting); the caller
    // must hear at once that nothing can be recorded. The given client tells whether it is up.
    if (!this.o.client.isReady) throw new Error('Redis is not connected: the quota cannot record anything');
    // Its first connect must not wait for a Redis that went down a moment ago (the given client
    // may not have noticed yet): no reconnecting, and a bounded connect. A transaction connection
    // that drops later is discarded, never reconnected.
    const socket = {
      ...this.o.client.options?.socket,
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: false,
    };
    const conn = this.o.client.duplicate({ socket } as Parameters<
      RedisClient['duplicate']
    >[0]) as RedisClient;
    // Without a listener a connection error would end the process; the command fails all the same.
    conn.on('error', (err: unknown) => this.log.warn({ err }, 'quota: Redis connection error'));
    this.open.add(conn);
    try {
      await conn.connect();
    } catch (err) {
      this.discard(conn);
      throw err;
    }
    return conn;
  }

  private give(conn: RedisClient, clean: boolean): void {
    if (clean && !this.closed && this.idle.length < this.maxIdle && conn.isReady) {
      this.idle.push(conn);
      return;
    }
    this.discard(conn);
  }

  private discard(conn: RedisClient): void {
    this.open.delete(conn);
    // A connection that died on its own is closed already (destroy would throw).
    if (conn.isOpen) conn.destroy();
  }

  /** Closes the transaction connections (the client given belongs to the caller). */
  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    await Promise.all([...this.open].map((c) => c.close().catch(() => this.discard(c))));
    this.open.clear();
  }
}
