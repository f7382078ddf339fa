/**
 * The one place that opens keyv from STORE_URL.
 * - `sqlite://path/to/file.sqlite` (the default, under data/): one process.
 * - `memory://`: nothing persists (tests that do not restart).
 * Every namespace (quota, jobs, ledger…) gets its own Keyv over its own adapter, because a keyv
 * adapter carries one namespace at a time.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import KeyvSqlite from '@keyv/sqlite';
import Keyv from 'keyv';

export interface Store {
  /** A keyv for one namespace of this store. The same namespace gives the same instance. */
  namespace(name: string): Keyv;
  close(): Promise<void>;
}

/** Opens the store that STORE_URL names. */
export function openStore(url: string): Store {
  const spaces = new Map<string, Keyv>();
  const make = storeMaker(url);
  return {
    namespace(name) {
      let keyv = spaces.get(name);
      if (!keyv) {
        keyv = make(name);
        spaces.set(name, keyv);
      }
      return keyv;
    },
    async close() {
      await Promise.all([...spaces.values()].map((k) => k.disconnect()));
      spaces.clear();
    },
  };
}

function storeMaker(url: string): (namespace: string) => Keyv {
  if (url === 'memory://' || url === 'memory:') {
    return (namespace) => new Keyv({ namespace });
  }
  if (url.startsWith('sqlite://')) {
    const file = url.slice('sqlite://'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    return (namespace) => {
      // busyTimeout: several connections (one per namespace) write to the same file.
      const adapter = new KeyvSqlite({ uri: url, busyTimeout: 10_000 });
      // Write-ahead logging with NORMAL sync: a write costs no fsync of its own, so a burst of
      // reservations is not paced by the disk; committed data survives a crash of the process
      // (only a power loss can take the last transactions). The first statements on the
      // connection, so every later query runs with them.
      void adapter
        .query('PRAGMA journal_mode=WAL')
        .then(() => adapter.query('PRAGMA synchronous=NORMAL'))
        .catch(() => undefined);
      return new Keyv({ store: adapter, namespace });
    };
  }
  throw new Error(`STORE_URL must start with sqlite:// or memory:// (got a ${url.split(':')[0]}: URL)`);
}
