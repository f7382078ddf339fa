import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { afterAll, afterEach } from 'vitest';
import type { KeyedLock } from '../../src/locks.ts';
import { createQuota } from '../../src/quota/create.ts';
import type { QuotaAdmin, QuotaLedger, QuotaService } from '../../src/quota/service.ts';
import type { QuotaDefaults } from '../../src/quota/settings.ts';
import { RedisQuotaBackend } from '../../src/redis/quota-backend.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';

export const USD = 1_000_000;

/** Where the quota keeps its values: a real SQLite file (one process) or a real redis-server. */
export type Backend = 'sqlite' | 'redis';
export const BACKENDS: readonly Backend[] = ['sqlite', 'redis'];

let redis: Promise<RedisServer> | undefined;

/** One redis-server per test file, started by the first Redis harness; each harness has its own keys. */
export function sharedRedis(): Promise<RedisServer> {
  redis ??= startRedisServer();
  return redis;
}

/** Stops the file's redis-server, if one was started (call in afterAll). */
export async function stopSharedRedis(): Promise<void> {
  const server = redis;
  redis = undefined;
  await (await server)?.stop();
}

/** The harnesses opened and not yet closed, for closeHarnessesAfterEach. */
const unclosed = new Set<QuotaHarness>();

/**
 * Closes every harness a test opened once it ends, and the shared redis-server once the file ends:
 * call it once at the top of a file whose tests open harnesses.
 */
export function closeHarnessesAfterEach(): void {
  afterEach(async () => {
    const open = [...unclosed];
    unclosed.clear();
    for (const h of open) await h.close();
  });
  afterAll(stopSharedRedis);
}

/**
 * The quota (its service, admin and ledger) on a real store and a manual clock (not the e2e tests' Harness, which is the whole
 * bot: test/support/bot-harness.ts).
 */
export interface QuotaHarness {
  clock: ManualClock;
  store: Store;
  quota: QuotaService;
  /** The admins' changes and reads, over the same store as `quota`. */
  admin: QuotaAdmin;
  /** The ledger's reads, over the same store as `quota`. */
  ledger: QuotaLedger;
  backend: Backend;
  /** Closes the store and opens the same SQLite file (or the same Redis keys) with a fresh service, as after a restart. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

interface Opened {
  store: Store;
  quota: QuotaService;
  admin: QuotaAdmin;
  ledger: QuotaLedger;
  closeQuota(): Promise<void>;
}

/** A quota service over a real SQLite file in a temp dir (or a real Redis) and a manual clock. */
export async function openHarness(
  options: {
    start?: string;
    defaults?: QuotaDefaults;
    reservationTtlMs?: number;
    lock?: KeyedLock;
    wrapStore?: (store: Store) => Store;
    backend?: Backend;
  } = {},
): Promise<QuotaHarness> {
  const backend = options.backend ?? 'sqlite';
  const dir = mkdtempSync(join(tmpdir(), 'quota-test-'));
  const file = join(dir, 'quota.sqlite');
  const clock = new ManualClock(options.start ?? '2024-05-15T12:00:00.000Z');
  const defaults = options.defaults ?? { micros: 1 * USD, period: 'daily' };
  const server = backend === 'redis' ? await sharedRedis() : undefined;
  if (server && options.wrapStore) throw new Error('wrapStore is for the SQLite store');
  const prefix = `test-${randomUUID()}:`;
  const make = async (): Promise<Opened> => {
    const raw = await openStore(`sqlite://${file}`);
    const store = options.wrapStore ? options.wrapStore(raw) : raw;
    const common = {
      store,
      clock,
      defaults,
      ...(options.reservationTtlMs === undefined ? {} : { reservationTtlMs: options.reservationTtlMs }),
    };
    if (!server) {
      const { service, admin, ledger } = createQuota({
        ...common,
        ...(options.lock ? { lock: options.lock } : {}),
      });
      return { store, quota: service, admin, ledger, closeQuota: async () => undefined };
    }
    const client = createClient({ url: server.url });
    await client.connect();
    const redisBackend = new RedisQuotaBackend({
      client,
      prefix,
      ...(options.lock ? { lock: options.lock } : {}),
    });
    const { service, admin, ledger } = createQuota({ ...common, backend: redisBackend });
    return {
      store,
      quota: service,
      admin,
      ledger,
      async closeQuota() {
        await redisBackend.close();
        await client.close();
      },
    };
  };
  let opened = await make();
  let closed = false;
  const h: QuotaHarness = {
    clock,
    backend,
    store: opened.store,
    quota: opened.quota,
    admin: opened.admin,
    ledger: opened.ledger,
    async restart() {
      await opened.closeQuota();
      await opened.store.close();
      opened = await make();
      h.store = opened.store;
      h.quota = opened.quota;
      h.admin = opened.admin;
      h.ledger = opened.ledger;
    },
    async close() {
      // A test may close its harness itself before closeHarnessesAfterEach does: closed once.
      if (closed) return;
      closed = true;
      unclosed.delete(h);
      await opened.closeQuota();
      await opened.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  unclosed.add(h);
  return h;
}
