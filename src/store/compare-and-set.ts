/**
 * Compare-and-set on a keyv namespace, on every store the bot runs on: a value is replaced only
 * while it is still the one read (late-writes.ts says why the writes behind an answer need it).
 *
 * - On Redis (@keyv/redis) it is one Lua script, which Redis runs alone: several processes may
 *   write the same key, and a command the bot saw fail may still run later (a dropped
 *   connection's), so only the server can compare and write at once. The script reads and writes
 *   the key and the text keyv itself does (its namespace prefix, its `{"value":…}` envelope), so
 *   the values stay readable with keyv's `get`, and values written before read the same.
 * - On SQLite and in memory, one process holds the store (sqlite-lock.ts), so a lock in the process
 *   makes the read, the comparison and the write one step. A write's promise settles only once
 *   SQLite has finished it (there is no time-out on this side), so nothing of it lands afterwards.
 *
 * The token a read hands out is the stored text (on SQLite, the value's JSON): equal tokens mean an
 * unchanged value when every write of the key carries an id of its own, as the member defaults' do.
 */
import type Keyv from 'keyv';
import { createInProcessLock } from '../locks.ts';

/** A value as read, for a compare-and-set: its stored text, or null for no value. */
export type Token = string | null;

export interface ConditionalValues {
  /** The value at `key` (undefined: none) and the token a compareAndSet names to replace it. */
  read<T>(key: string): Promise<{ value: T | undefined; token: Token }>;
  /** Writes `value` at `key` only if the key still holds what `token` names; whether it did. Throws when the store cannot answer. */
  compareAndSet(key: string, token: Token, value: unknown): Promise<boolean>;
}

/** The compare-and-set for `keyv`'s store: Redis's script, or the process's lock. */
export function conditionalValues(keyv: Keyv): ConditionalValues {
  const redis = redisAdapterOf(keyv);
  return redis ? onRedis(keyv, redis) : inProcess(keyv);
}

/** The part of @keyv/redis's adapter used here (duck-typed: this module does not load the client). */
interface RedisAdapter {
  namespace?: string | undefined;
  createKeyPrefix(key: string, namespace?: string): string;
  getClient(): Promise<RedisCommands>;
}

interface RedisCommands {
  get(key: string): Promise<string | null>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

function redisAdapterOf(keyv: Keyv): RedisAdapter | undefined {
  const store = keyv.store as Partial<RedisAdapter> | undefined;
  return typeof store?.createKeyPrefix === 'function' && typeof store.getClient === 'function'
    ? (store as RedisAdapter)
    : undefined;
}

/**
 * ARGV[1] '1' when a value is expected (its text in ARGV[2]), '0' when none is; ARGV[3] the new
 * text. Returns 1 when it wrote.
 */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current ~= ARGV[2] then return 0 end
elseif current then
  return 0
end
redis.call('SET', KEYS[1], ARGV[3])
return 1
`;

function onRedis(keyv: Keyv, adapter: RedisAdapter): ConditionalValues {
  // The key as keyv stores it: keyv's own `namespace:` prefix, then the adapter's `namespace::`.
  const stored = (key: string) =>
    adapter.createKeyPrefix(
      keyv.useKeyPrefix && keyv.namespace ? `${keyv.namespace}:${key}` : key,
      adapter.namespace,
    );
  return {
    async read<T>(key: string) {
      const raw = await (await adapter.getClient()).get(stored(key));
      if (raw === null) return { value: undefined, token: null };
      const data = (await keyv.deserializeData(raw)) as { value?: T } | undefined;
      return { value: data?.value ?? undefined, token: raw };
    },
    async compareAndSet(key, token, value) {
      const text = await keyv.serializeData({ value, expires: undefined });
      if (typeof text !== 'string') throw new Error('keyv did not serialize the value to text');
      const wrote = await (await adapter.getClient()).eval(COMPARE_AND_SET, {
        keys: [stored(key)],
        arguments: token === null ? ['0', '', text] : ['1', token, text],
      });
      return Number(wrote) === 1;
    },
  };
}

/** One lock per keyv in the process: two stores over the same keyv compare and set in turn. */
const locks = new WeakMap<Keyv, ReturnType<typeof createInProcessLock>>();

function inProcess(keyv: Keyv): ConditionalValues {
  let lock = locks.get(keyv);
  if (!lock) {
    lock = createInProcessLock();
    locks.set(keyv, lock);
  }
  const held = lock;
  const tokenOf = (value: unknown): Token => (value === undefined ? null : JSON.stringify(value));
  const get = async <T>(key: string) => {
    const value = (await keyv.get<T>(key)) ?? undefined;
    return { value, token: tokenOf(value) };
  };
  return {
    read: get,
    compareAndSet: (key, token, value) =>
      held.withLock(key, async () => {
        if ((await get(key)).token !== token) return false;
        await keyv.set(key, value);
        return true;
      }),
  };
}
