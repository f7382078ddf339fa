/**
 * Where the quota's values live, and what makes one guild's operation a unit.
 *
 * The quota's logic (service.ts, admin.ts, journal.ts, state.ts) only reads and writes JSON values
 * by key, inside `transaction(guildId, fn)`. Two backends:
 * - keyv (here): one process. The transaction is the guild's KeyedLock; writes go straight to the
 *   store in the journal's crash-safe order (journal.ts), and the next operation replays whatever a
 *   crash interrupted.
 * - Redis (redis/quota-backend.ts): several processes. The transaction is optimistic (WATCH each key
 *   before reading it, buffer the writes, MULTI/EXEC them at the end, run the whole operation again
 *   when EXEC aborts), so every change is written entirely or not at all.
 */
import type Keyv from 'keyv';
import { createInProcessLock, type KeyedLock } from '../locks.ts';

/** JSON values by key. Reads hand out values the caller may change freely. */
export interface Values {
  get<T>(key: string): Promise<T | undefined>;
  /** The values at `keys`, in order (missing ones undefined). */
  getMany<T>(keys: readonly string[]): Promise<(T | undefined)[]>;
  set(key: string, value: unknown): Promise<void>;
}

/** What one guild's operation reads and writes through: the state values and the ledger's entries. */
export interface QuotaTx {
  /** guild:, member:, gen: (state.ts) and settings: (settings.ts) values. */
  state: Values;
  /** Ledger entries by `{guildId}:{seq}` (ledger.ts). */
  ledger: Values;
}

export interface QuotaStateBackend {
  /**
   * Runs `fn` as one unit of the guild's operations: no other operation on the guild interleaves
   * with it (keyv), or it commits only if none did and runs again otherwise (Redis). `fn` may run
   * more than once, so it must have no effect outside `tx` (a fresh Session per run).
   * `committed` runs once the run that counts is applied (on Redis after its EXEC), before the next
   * operation on the guild in this process starts: what must change in memory when the change is
   * stored (a request admitted ahead stops being counted) changes at that same point.
   */
  transaction<T>(guildId: string, fn: (tx: QuotaTx) => Promise<T>, committed?: () => void): Promise<T>;
  /** Reads outside a transaction: values that never change once written, or figures shown as-is. */
  readonly plain: QuotaTx;
  close(): Promise<void>;
}

/** A keyv namespace as Values (the store throws on errors: store/open.ts). */
export function keyvValues(keyv: Keyv): Values {
  // Copies only when keyv keeps the objects themselves (no serializer): otherwise every read is
  // a fresh parse already, and a second copy of a large guild record was a tenth of the bot's CPU
  // under load (benchmark profile).
  const copy: <T>(value: T) => T = keyv.serialize === undefined ? structuredClone : (value) => value;
  return {
    async get<T>(key: string) {
      const value = await keyv.get<T>(key);
      return value === undefined || value === null ? undefined : copy(value);
    },
    async getMany<T>(keys: readonly string[]) {
      if (keys.length === 0) return [];
      const found = await keyv.getMany<T>([...keys]);
      return found.map((v) => (v === undefined || v === null ? undefined : copy(v as T)));
    },
    async set(key, value) {
      await keyv.set(key, value);
    },
  };
}

/** The one-process backend over keyv namespaces: the guild's lock is the transaction. */
export class KeyvQuotaBackend implements QuotaStateBackend {
  readonly plain: QuotaTx;
  private readonly lock: KeyedLock;

  constructor(options: { state: Keyv; ledger: Keyv; lock?: KeyedLock }) {
    this.plain = { state: keyvValues(options.state), ledger: keyvValues(options.ledger) };
    this.lock = options.lock ?? createInProcessLock();
  }

  transaction<T>(guildId: string, fn: (tx: QuotaTx) => Promise<T>, committed?: () => void): Promise<T> {
    return this.lock.withLock(`quota:${guildId}`, async () => {
      const value = await fn(this.plain);
      committed?.();
      return value;
    });
  }

  async close(): Promise<void> {
    // The store belongs to the caller.
  }
}
