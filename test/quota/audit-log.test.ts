/**
 * The quota's audit log kept for ever (src/quota/audit-log.ts), on a real SQLite file and on a real
 * redis-server: every change of a server's rules is numbered in order with where it was made, the
 * rule it changed and the rule's value before and after; more than the settings' short list holds
 * is kept and paged back by number; a record from before the numbering has its list numbered first;
 * a change made on a value its admin saw is refused, writing nothing, when the rule holds another
 * (also when two admins save the same rule at once, and on Redis when the run is run again after a
 * conflict); a change settled after its answer gave up still leaves its records.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { describe, expect, it } from 'vitest';
import { answering, FENCED_LOG, UNDONE_LOG } from '../../src/late-writes.ts';
import { createLogger } from '../../src/log.ts';
import { auditKey } from '../../src/quota/audit-log.ts';
import { createQuota } from '../../src/quota/create.ts';
import { type AuditRecord, ChangedMeanwhile } from '../../src/quota/rule-fields.ts';
import type { AuditEntry, QuotaDefaults } from '../../src/quota/settings.ts';
import type { QuotaAdmin } from '../../src/quota/types.ts';
import { type RedisClient, RedisQuotaBackend } from '../../src/redis/quota-backend.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { useRedisServer } from '../support/redis-server.ts';
import { crash, crashingStore } from './crashing-store.ts';
import { BACKENDS, type Backend, USD } from './harness.ts';

const G = '100000000000000001';
const ALICE = '200000000000000001';
const ADMIN = '300000000000000001';
const OTHER_ADMIN = '300000000000000002';
const DEFAULTS: QuotaDefaults = { micros: 1 * USD, period: 'daily' };

const server = useRedisServer();
const { closing } = server;

/** One process's quota admin, with the raw state values it keeps (to plant a legacy record, or look for a key). */
interface Opened {
  admin: QuotaAdmin;
  raw: { get(key: string): Promise<unknown>; set(key: string, value: unknown): Promise<void> };
  /** Resolves at the next settle of a change whose answer gave up (its log line). */
  settled(): Promise<string>;
  /** EXECs that aborted on a conflict (Redis only). */
  conflicts(): number;
}

/** A logger whose settle lines wake `settled()`. */
function settleWatch(): { logger: ReturnType<typeof createLogger>; settled: () => Promise<string> } {
  let waiting: ((msg: string) => void)[] = [];
  const logger = createLogger({
    level: 'info',
    destination: {
      write: (line: string) => {
        const { msg } = JSON.parse(line) as { msg: string };
        if (msg === UNDONE_LOG || msg === FENCED_LOG) for (const resolve of waiting.splice(0)) resolve(msg);
      },
    },
  });
  closing.push(async () => {
    waiting = [];
  });
  return { logger, settled: () => new Promise((resolve) => waiting.push(resolve)) };
}

/** The quota on a fresh SQLite file (`wrap`: as test/quota/crashing-store.ts wraps it). */
async function openSqlite(wrap: (store: Store) => Store = (s) => s): Promise<Opened> {
  const dir = mkdtempSync(join(tmpdir(), 'audit-log-'));
  const store = wrap(await openStore(`sqlite://${join(dir, 'quota.sqlite')}`));
  closing.push(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const { logger, settled } = settleWatch();
  const clock = new ManualClock('2024-05-15T12:00:00.000Z');
  const { admin } = createQuota({ store, clock, defaults: DEFAULTS, log: logger });
  const state = store.namespace('quota');
  return {
    admin,
    raw: {
      get: async (key) => (await state.get(key)) ?? undefined,
      set: async (key, value) => {
        await state.set(key, value);
      },
    },
    settled,
    conflicts: () => 0,
  };
}

/** One "process" on the redis-server: its own client, backend and in-process lock, on the keys under `prefix`. */
async function openRedis(prefix: string, wrap: (c: RedisClient) => RedisClient = (c) => c): Promise<Opened> {
  const client = createClient({ url: server.url }) as RedisClient;
  await client.connect();
  const backend = new RedisQuotaBackend({ client: wrap(client), prefix });
  const store = await openStore('memory://');
  closing.push(async () => {
    await backend.close();
    await store.close();
    await client.close();
  });
  const { logger, settled } = settleWatch();
  const clock = new ManualClock('2024-05-15T12:00:00.000Z');
  const { admin } = createQuota({ store, clock, defaults: DEFAULTS, backend, log: logger });
  prefixes.set(admin, prefix);
  return {
    admin,
    raw: {
      get: async (key) => {
        const json = await client.get(`${prefix}state:${key}`);
        return json === null ? undefined : JSON.parse(json);
      },
      set: async (key, value) => {
        await client.set(`${prefix}state:${key}`, JSON.stringify(value));
      },
    },
    settled,
    conflicts: () => backend.conflicts,
  };
}

const open = (backend: Backend): Promise<Opened> =>
  backend === 'sqlite' ? openSqlite() : openRedis(`audit-${randomUUID()}:`);

/** Every record of the guild, newest first, page by page; and the pages' sizes. */
async function allRecords(
  admin: QuotaAdmin,
  limit: number,
): Promise<{ records: AuditRecord[]; sizes: number[] }> {
  const records: AuditRecord[] = [];
  const sizes: number[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await admin.auditPage(G, before === undefined ? { limit } : { before, limit });
    records.push(...page.records);
    sizes.push(page.records.length);
    if (page.older === null) return { records, sizes };
    before = page.older;
  }
}

describe.each(BACKENDS)('the audit log on %s', (backend) => {
  it('numbers each change in order, with where it was made, its rule and its value before and after', async () => {
    const { admin } = await open(backend);
    await admin.setDefault(G, 2 * USD, 'weekly', ADMIN);
    await admin.setOverride(G, ALICE, 3 * USD, undefined, ADMIN, { via: 'web' });
    await admin.allowChannel(G, '400000000000000001', ADMIN, { via: 'command' });
    await admin.setAlerts(G, { channelId: '400000000000000002' }, ADMIN, { via: 'web' });
    await admin.clearOverride(G, ALICE, OTHER_ADMIN);

    const page = await admin.auditPage(G);
    expect(page.older).toBeNull();
    expect(page.records.map((r) => [r.n, r.action, r.via, r.by])).toEqual([
      [5, 'clear-override', 'command', OTHER_ADMIN],
      [4, 'set-alerts', 'web', ADMIN],
      [3, 'allow-channel', 'command', ADMIN],
      [2, 'set-override', 'web', ADMIN],
      [1, 'set-default', 'command', ADMIN],
    ]);
    const byN = new Map(page.records.map((r) => [r.n, r]));
    expect(byN.get(1)).toMatchObject({
      field: { kind: 'default' },
      before: { micros: 1 * USD, period: 'daily' },
      after: { micros: 2 * USD, period: 'weekly' },
    });
    expect(byN.get(2)).toMatchObject({
      field: { kind: 'override', userId: ALICE },
      before: null,
      after: { micros: 3 * USD },
    });
    expect(byN.get(3)).toMatchObject({
      field: { kind: 'channels' },
      before: [],
      after: ['400000000000000001'],
    });
    expect(byN.get(4)).toMatchObject({
      field: { kind: 'alerts' },
      before: { channelId: null, belowMicros: 5 * USD },
      after: { channelId: '400000000000000002', belowMicros: 5 * USD },
    });
    expect(byN.get(5)).toMatchObject({
      field: { kind: 'override', userId: ALICE },
      before: { micros: 3 * USD },
      after: null,
    });
    // The short list /quota reads is kept as it was, now saying where each change was made.
    expect((await admin.auditLog(G)).map((e) => [e.action, e.via])).toEqual([
      ['clear-override', 'command'],
      ['set-alerts', 'web'],
      ['allow-channel', 'command'],
      ['set-override', 'web'],
      ['set-default', 'command'],
    ]);
  });

  it('keeps every change, beyond the 200 the settings list holds, and pages them back by number', async () => {
    const { admin } = await open(backend);
    for (let i = 1; i <= 230; i++) await admin.setBudget(G, i * USD, ADMIN);

    const { records, sizes } = await allRecords(admin, 100);
    expect(sizes).toEqual([100, 100, 30]);
    expect(records.map((r) => r.n)).toEqual(Array.from({ length: 230 }, (_, i) => 230 - i));
    for (const r of records) {
      expect(r).toMatchObject({ action: 'set-budget', field: { kind: 'budget' }, after: r.n * USD });
      expect(r.before).toBe((r.n - 1) * USD);
    }
    const first = await admin.auditPage(G, { limit: 100 });
    expect(first.older).toBe(131);
    expect((await admin.auditPage(G, { before: 131, limit: 100 })).older).toBe(31);
    expect((await admin.auditPage(G, { before: 31, limit: 100 })).older).toBeNull();
    // 50 a page unless asked, never more than 100; nothing below the first.
    expect((await admin.auditPage(G)).records).toHaveLength(50);
    expect((await admin.auditPage(G, { limit: 500 })).records).toHaveLength(100);
    expect(await admin.auditPage(G, { before: 1 })).toEqual({ records: [], older: null });
    expect(await admin.auditLog(G)).toHaveLength(200);
  });

  it("numbers a record's list from before the numbering, oldest first, at its first change", async () => {
    const { admin, raw } = await open(backend);
    const legacy: AuditEntry[] = [
      {
        at: '2024-05-01T10:00:00.000Z',
        by: ADMIN,
        action: 'set-default',
        detail: { micros: 2 * USD, period: 'weekly' },
      },
      {
        at: '2024-05-02T10:00:00.000Z',
        by: ADMIN,
        action: 'set-override',
        detail: { userId: ALICE, micros: USD },
      },
      { at: '2024-05-03T10:00:00.000Z', by: ADMIN, action: 'allow-channel', detail: { channelId: '4000' } },
    ];
    await raw.set(`settings:${G}`, {
      settings: {
        default: { micros: 2 * USD, period: 'weekly' },
        roles: {},
        overrides: { [ALICE]: { micros: USD } },
        budgetMicros: 0,
        allowedChannels: ['4000'],
      },
      audit: legacy,
    });
    // Read as numbered before any change writes them.
    const seen = await admin.auditPage(G);
    expect(seen.records.map((r) => [r.n, r.action, r.via])).toEqual([
      [3, 'allow-channel', 'command'],
      [2, 'set-override', 'command'],
      [1, 'set-default', 'command'],
    ]);
    expect(seen.records[1]?.field).toEqual({ kind: 'override', userId: ALICE });

    await admin.setBudget(G, 9 * USD, ADMIN, { via: 'web' });
    const page = await admin.auditPage(G);
    expect(page.records.map((r) => [r.n, r.action, r.via, r.at])).toEqual([
      [4, 'set-budget', 'web', '2024-05-15T12:00:00.000Z'],
      [3, 'allow-channel', 'command', legacy[2]?.at],
      [2, 'set-override', 'command', legacy[1]?.at],
      [1, 'set-default', 'command', legacy[0]?.at],
    ]);
    expect(page.records.slice(1)).toEqual(seen.records);
    // Each is a value of its own now, and the settings record remembers the last number.
    expect(await raw.get(auditKey(G, 1))).toMatchObject({ n: 1, action: 'set-default' });
    expect(await raw.get(`settings:${G}`)).toMatchObject({ auditSeq: 4 });
    expect(await admin.auditLog(G)).toHaveLength(4);
  });

  it('refuses a change made on a value the rule no longer holds, writing nothing, and says what changed it', async () => {
    const { admin, raw } = await open(backend);
    await admin.setBudget(G, 5 * USD, OTHER_ADMIN, { via: 'web' });
    // A change of another rule after it: the latest record of the budget is still the first.
    await admin.setDefault(G, 2 * USD, 'weekly', ADMIN);
    const settingsBefore = await raw.get(`settings:${G}`);

    const refused = await admin.setBudget(G, 9 * USD, ADMIN, { via: 'web', expect: 0 }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ChangedMeanwhile);
    const e = refused as ChangedMeanwhile;
    expect(e.field).toEqual({ kind: 'budget' });
    expect(e.current).toBe(5 * USD);
    expect(e.latest).toMatchObject({ n: 1, by: OTHER_ADMIN, via: 'web', before: 0, after: 5 * USD });

    expect(await raw.get(`settings:${G}`)).toEqual(settingsBefore);
    expect(await raw.get(auditKey(G, 3))).toBeUndefined();
    expect((await admin.auditPage(G)).records.map((r) => r.n)).toEqual([2, 1]);
    expect((await admin.getSettings(G)).budgetMicros).toBe(5 * USD);
  });

  it('applies a change made on the value the rule holds, also a rule not set (null)', async () => {
    const { admin } = await open(backend);
    await admin.setBudget(G, 5 * USD, ADMIN);
    await admin.setBudget(G, 6 * USD, ADMIN, { via: 'web', expect: 5 * USD });
    await admin.setOverride(G, ALICE, 2 * USD, 'weekly', ADMIN, { via: 'web', expect: null });
    await admin.setDefault(G, 3 * USD, 'monthly', ADMIN, {
      via: 'web',
      expect: { micros: 1 * USD, period: 'daily' },
    });
    const settings = await admin.getSettings(G);
    expect(settings.budgetMicros).toBe(6 * USD);
    expect(settings.overrides[ALICE]).toEqual({ micros: 2 * USD, period: 'weekly' });
    expect(settings.default).toEqual({ micros: 3 * USD, period: 'monthly' });
    expect((await admin.auditPage(G)).records.map((r) => r.n)).toEqual([4, 3, 2, 1]);
  });

  it('lets exactly one of two changes made at once on the same value land; the other is told', async () => {
    const { admin } = await open(backend);
    // On Redis a second process of its own, on the same keys, so nothing but Redis keeps them apart.
    const other = backend === 'sqlite' ? admin : await secondProcessOf(admin);
    const results = await Promise.allSettled([
      admin.setOverride(G, ALICE, 2 * USD, undefined, ADMIN, { via: 'web', expect: null }),
      other.setOverride(G, ALICE, 3 * USD, undefined, OTHER_ADMIN, { via: 'web', expect: null }),
    ]);
    const landed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(landed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toBeInstanceOf(ChangedMeanwhile);
    const page = await admin.auditPage(G);
    expect(page.records).toHaveLength(1);
    const [record] = page.records;
    expect((refused[0] as ChangedMeanwhile).latest).toEqual(record);
    expect((refused[0] as ChangedMeanwhile).current).toEqual(record?.after);
    expect((await admin.getSettings(G)).overrides[ALICE]).toEqual(record?.after);
  });

  it('still records a change settled after its answer gave up, and its settle', async () => {
    const { admin, settled } = await open(backend);
    // The change landed; its answer gave up afterwards (a later step of the answer stalled): taken back.
    const answer = new AbortController();
    const undone = settled();
    await answering(answer.signal, () =>
      admin.setOverride(G, ALICE, 7 * USD, undefined, ADMIN, { via: 'web' }),
    );
    answer.abort(new Error('the answer gave up'));
    expect(await undone).toBe(UNDONE_LOG);

    // A change whose answer gave up before it ran: fenced off.
    const late = new AbortController();
    late.abort(new Error('the answer gave up'));
    const fenced = settled();
    await expect(answering(late.signal, () => admin.setBudget(G, 4 * USD, ADMIN))).rejects.toThrow();
    expect(await fenced).toBe(FENCED_LOG);

    const page = await admin.auditPage(G);
    const [notApplied, undo, change] = page.records;
    expect(page.records).toHaveLength(3);
    expect(change).toMatchObject({
      n: 1,
      action: 'set-override',
      via: 'web',
      field: { kind: 'override', userId: ALICE },
      before: null,
      after: { micros: 7 * USD },
    });
    expect(undo).toMatchObject({
      n: 2,
      action: 'undo',
      settles: change?.changeId,
      field: { kind: 'override', userId: ALICE },
      before: { micros: 7 * USD },
      after: null,
      detail: { of: 'set-override' },
    });
    expect(notApplied).toMatchObject({
      n: 3,
      action: 'not-applied',
      field: { kind: 'budget' },
      before: 0,
      after: 0,
      detail: { of: 'set-budget' },
    });
    expect(await admin.getSettings(G)).toMatchObject({ overrides: {}, budgetMicros: 0 });
  });
});

describe('a crash between the numbered record and the settings record, on SQLite', () => {
  it('leaves a record no page reads, and the next change writes over it', async () => {
    const { admin, raw } = await openSqlite(crashingStore);
    await admin.setBudget(G, 1 * USD, ADMIN);
    crash.at = (namespace, key) => namespace === 'quota' && key === `settings:${G}`;
    await expect(admin.setBudget(G, 2 * USD, ADMIN)).rejects.toThrow(/simulated crash/);
    // The numbered record was written; the settings record, the commit point, was not.
    expect(await raw.get(auditKey(G, 2))).toMatchObject({ n: 2, after: 2 * USD });
    expect((await admin.auditPage(G)).records.map((r) => r.n)).toEqual([1]);
    expect((await admin.getSettings(G)).budgetMicros).toBe(1 * USD);

    await admin.setDefault(G, 3 * USD, 'weekly', ADMIN);
    const page = await admin.auditPage(G);
    expect(page.records.map((r) => [r.n, r.action])).toEqual([
      [2, 'set-default'],
      [1, 'set-budget'],
    ]);
    expect(await raw.get(auditKey(G, 2))).toMatchObject({ n: 2, action: 'set-default' });
  });
});

describe('a change made on a value, run again on Redis after a conflict', () => {
  it('checks the value again in the run that counts, and is refused when another process changed it', async () => {
    const prefix = `audit-${randomUUID()}:`;
    const b = await openRedis(prefix);
    // A's first EXEC finds B's change of the same rule landed between A's reads and it.
    const a = await openRedis(
      prefix,
      beforeFirstExec(() => b.admin.setBudget(G, 3 * USD, OTHER_ADMIN, { via: 'web', expect: 0 })),
    );
    const refused = await a.admin.setBudget(G, 2 * USD, ADMIN, { via: 'web', expect: 0 }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(a.conflicts()).toBe(1);
    expect(refused).toBeInstanceOf(ChangedMeanwhile);
    expect(refused).toMatchObject({ current: 3 * USD, latest: { n: 1, by: OTHER_ADMIN, after: 3 * USD } });
    expect((await a.admin.auditPage(G)).records.map((r) => [r.n, r.by])).toEqual([[1, OTHER_ADMIN]]);
    expect((await a.admin.getSettings(G)).budgetMicros).toBe(3 * USD);
  });
});

/** Processes opened on Redis, by their admin, so a test can open a second on the same keys. */
const prefixes = new WeakMap<QuotaAdmin, string>();

async function secondProcessOf(admin: QuotaAdmin): Promise<QuotaAdmin> {
  const prefix = prefixes.get(admin);
  if (!prefix) throw new Error('not a Redis process of this file');
  return (await openRedis(prefix)).admin;
}

/**
 * A client whose transactions run `meanwhile` once, just before their first EXEC: another
 * process's change lands between this one's reads and its commit.
 */
function beforeFirstExec(meanwhile: () => Promise<unknown>): (client: RedisClient) => RedisClient {
  let pending = true;
  const bind = <T extends object>(target: T, prop: string | symbol) => {
    const value = Reflect.get(target, prop, target);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  const wrapConnection = (conn: RedisClient): RedisClient =>
    new Proxy(conn, {
      get(target, prop) {
        if (prop !== 'multi') return bind(target, prop);
        return () => {
          const multi = target.multi();
          const exec = multi.exec.bind(multi);
          return Object.assign(multi, {
            exec: async (...args: Parameters<typeof exec>) => {
              if (pending) {
                pending = false;
                await meanwhile();
              }
              return exec(...args);
            },
          });
        };
      },
    });
  return (client) =>
    new Proxy(client, {
      get(target, prop) {
        if (prop === 'duplicate')
          return (...args: unknown[]) => wrapConnection(target.duplicate(...(args as [])));
        return bind(target, prop);
      },
    });
}
