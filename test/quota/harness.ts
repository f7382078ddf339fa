import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeyedLock } from '../../src/locks.ts';
import { createQuotaService, type QuotaService } from '../../src/quota/service.ts';
import type { QuotaDefaults } from '../../src/quota/settings.ts';
import { openStore, type Store } from '../../src/store.ts';
import { ManualClock } from './manual-clock.ts';

export const USD = 1_000_000;

export interface Harness {
  clock: ManualClock;
  store: Store;
  quota: QuotaService;
  file: string;
  /** Closes the store and opens the same SQLite file again with a fresh service, as after a restart. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A quota service over a real SQLite file in a temp dir and a manual clock. */
export async function openHarness(
  options: {
    start?: string;
    defaults?: QuotaDefaults;
    reservationTtlMs?: number;
    lock?: KeyedLock;
    wrapStore?: (store: Store) => Store;
  } = {},
): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'quota-test-'));
  const file = join(dir, 'quota.sqlite');
  const clock = new ManualClock(options.start ?? '2024-05-15T12:00:00.000Z');
  const defaults = options.defaults ?? { micros: 1 * USD, period: 'daily' };
  const make = () => {
    const raw = openStore(`sqlite://${file}`);
    const store = options.wrapStore ? options.wrapStore(raw) : raw;
    const quota = createQuotaService({
      store,
      clock,
      defaults,
      ...(options.lock ? { lock: options.lock } : {}),
      ...(options.reservationTtlMs === undefined ? {} : { reservationTtlMs: options.reservationTtlMs }),
    });
    return { store, quota };
  };
  const h: Harness = {
    clock,
    file,
    ...make(),
    async restart() {
      await h.store.close();
      Object.assign(h, make());
    },
    async close() {
      await h.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}
