/**
 * The one place that opens keyv from STORE_URL.
 * - `sqlite://path/to/file.sqlite` (the default, under data/): one process.
 * - `memory://`: nothing persists (tests that do not restart).
 * - `redis://host:port[/db]`: every namespace on @keyv/redis (redis-namespaces.ts, loaded only
 *   then, like every module that loads the Redis client); the quota keeps its values in the
 *   same Redis through its own client instead (redis/open-quota-backend.ts), because its changes must be
 *   transactions, which keyv cannot express.
 * Every namespace (quota, jobs, ledger…) gets its own Keyv over its own adapter, because a keyv
 * adapter carries one namespace at a time.
 *
 * Money fails closed (docs/architecture.md): keyv swallows store errors by default (a failed read answers
 * "nothing", a failed write `false`), which let a broken store accept paid requests without
 * recording them. Every Keyv here throws instead (`throwOnErrors`), and every error is also logged.
 * `openCheckedStore` is what the bot starts with: it takes the SQLite file for this process alone
 * and proves the store can be written before anything else runs.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import Keyv from 'keyv';
import { type Logger, silentLogger } from '../log.ts';
import { withNativeJson } from './native-json.ts';
import { START_CHECK_DEADLINE_MS, shownRedisUrl, withDeadline } from './redis-start.ts';
import { lockSqliteFile } from './sqlite-lock.ts';

export interface Store {
  /** A keyv for one namespace of this store. The same namespace gives the same instance. */
  namespace(name: string): Keyv;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Told of every store error (they are thrown to the caller as well). */
  onError?: (err: unknown, namespace: string) => void;
  /** Where the Redis connection says it dropped a stalled server, or reopened. */
  log?: Pick<Logger, 'error' | 'warn' | 'info'>;
}

/** The store cannot be used at start: the bot stops with this one line (path and reason). */
export class StoreUnavailableError extends Error {}

/** Opens the store that STORE_URL names. Errors surface on use; see `openCheckedStore` for the start. */
export async function openStore(url: string, options: StoreOptions = {}): Promise<Store> {
  const spaces = new Map<string, Keyv>();
  const { make, close } = await storeMaker(url, options);
  return {
    namespace(name) {
      let keyv = spaces.get(name);
      if (!keyv) {
        keyv = withNativeJson(make(name));
        keyv.throwOnErrors = true;
        // Without a listener keyv drops the event; with throwOnErrors the caller gets it too.
        keyv.on('error', (err: unknown) => options.onError?.(err, name));
        spaces.set(name, keyv);
      }
      return keyv;
    },
    async close() {
      await Promise.all([...spaces.values()].map((k) => k.disconnect().catch(() => undefined)));
      spaces.clear();
      await close?.();
    },
  };
}

/**
 * Opens the store for the bot: takes the SQLite file's lock (a second process on the same file
 * would overspend allowances and share ledger sequence numbers), then writes and reads back a
 * probe value. Throws StoreUnavailableError, naming the path and the reason, when either fails.
 * On Redis it first connects once, with a deadline (redis-start.ts): an unreachable server, a
 * refused connection or a wrong password stops the start instead of waiting for ever.
 */
export async function openCheckedStore(url: string, options: StoreOptions = {}): Promise<Store> {
  const file = sqliteFile(url);
  const where = file && file !== ':memory:' ? `${url} (${resolve(file)})` : shownStoreUrl(url);
  if (isRedisUrl(url)) {
    const { checkRedisAtStart } = await import('./redis-client.ts');
    await checkRedisAtStart(url).catch((err: unknown) => {
      throw new StoreUnavailableError(`cannot reach Redis at ${where}: ${reasonOf(err)}`);
    });
  }
  let unlock: (() => Promise<void>) | undefined;
  if (file && file !== ':memory:') {
    try {
      mkdirSync(dirname(file), { recursive: true });
    } catch (err) {
      throw new StoreUnavailableError(`cannot create the folder of ${where}: ${reasonOf(err)}`);
    }
    const locked = await lockSqliteFile(file);
    if (!locked.ok) {
      throw new StoreUnavailableError(
        locked.busy
          ? `${where} is in use by another bot process. One process per SQLite file: stop the other one, or run several on Redis.`
          : `cannot lock ${where}: ${locked.reason}`,
      );
    }
    unlock = locked.release;
  }
  const store = await openStore(url, options);
  try {
    // Bounded: a Redis that went away since the check above must not hang the start either.
    await withDeadline(probe(store), START_CHECK_DEADLINE_MS);
  } catch (err) {
    await store.close();
    await unlock?.();
    throw new StoreUnavailableError(`cannot write ${where}: ${reasonOf(err)}`);
  }
  return {
    namespace: (name) => store.namespace(name),
    async close() {
      await store.close();
      await unlock?.();
    },
  };
}

/**
 * A real write, read back and removed: a store that answers reads but drops writes fails here.
 * The key is this probe's own: processes starting together on one Redis would otherwise read each
 * other's value and each take the store for broken.
 */
async function probe(store: Store): Promise<void> {
  const keyv = store.namespace('meta');
  const value = { pid: process.pid, at: Date.now(), nonce: randomUUID() };
  const key = `probe:${value.nonce}`;
  await keyv.set(key, value);
  const back = await keyv.get<typeof value>(key);
  if (back?.nonce !== value.nonce) throw new Error('a value written could not be read back');
  await keyv.delete(key);
}

function reasonOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0] ?? text;
}

/** STORE_URL as messages and logs show it: a Redis URL without its password. */
export function shownStoreUrl(url: string): string {
  return isRedisUrl(url) ? shownRedisUrl(url) : url;
}

/** redis:// or rediss:// (TLS). */
export function isRedisUrl(url: string): boolean {
  return /^rediss?:\/\//.test(url);
}

export function sqliteFile(url: string): string | undefined {
  return url.startsWith('sqlite://') ? url.slice('sqlite://'.length) : undefined;
}

interface StoreMaker {
  make(namespace: string): Keyv;
  /** Closes what the namespaces share (the Redis connection). */
  close?(): Promise<void>;
}

async function storeMaker(url: string, options: StoreOptions): Promise<StoreMaker> {
  if (url === 'memory://' || url === 'memory:') {
    return { make: (namespace) => new Keyv({ namespace }) };
  }
  const file = sqliteFile(url);
  if (file !== undefined) {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    return {
      make: (namespace) => {
        // busyTimeout: several connections (one per namespace) write to the same file.
        // iterationLimit: keyv.iterator() reads this many rows a query (OFFSET paging, each page
        // a generator nested in the last): at its default of 10, listing 20,000 jobs took 32 s.
        const adapter = new KeyvSqlite({ uri: url, busyTimeout: 10_000, iterationLimit: 1_000 });
        // Write-ahead logging with NORMAL sync: a write costs no fsync of its own, so a burst of
        // reservations is not paced by the disk; committed data survives a crash of the process
        // (only a power loss can take the last transactions). The first statements on the
        // connection, so every later query runs with them. A store that cannot take them fails
        // its first real query too, where the error surfaces.
        void adapter
          .query('PRAGMA journal_mode=WAL')
          .then(() => adapter.query('PRAGMA synchronous=NORMAL'))
          .catch(() => undefined);
        return new Keyv({ store: adapter, namespace });
      },
    };
  }
  if (isRedisUrl(url)) {
    // Loaded here only: a bot on SQLite never loads the Redis client (about 6 MB; redis-client.ts).
    const { redisStoreMaker } = await import('./redis-namespaces.ts');
    return redisStoreMaker(url, options.log ?? silentLogger);
  }
  throw new Error(
    `STORE_URL must start with sqlite://, memory:// or redis:// (got a ${url.split(':')[0]}: URL)`,
  );
}

/** Logs store errors at error level: a store fault is what an operator must see first. */
export function logStoreErrors(logger: Logger): StoreOptions['onError'] {
  return (err, namespace) => logger.error({ err, namespace }, 'store error');
}
