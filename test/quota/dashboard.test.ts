/**
 * The admins' dashboard's reads (src/quota/dashboard.ts) against what the bot answers today, on a
 * real SQLite file and a real redis-server: the server's spend is /quota report's
 * (buildSpendReport over the ledger's entries since the first day) to the micro-dollar, and each
 * member's line is /usage's (the service's summary), after months of reservations, charges,
 * releases, refunds, finishes and resets; the digest catches up with entries written since (on
 * Redis also by another process) reading only those; and the table pages, sorts and filters.
 */

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@keyv/redis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { KeyvQuotaBackend, type QuotaStateBackend, type Values } from '../../src/quota/backend.ts';
import { createQuota, type Quota } from '../../src/quota/create.ts';
import { DashboardReads } from '../../src/quota/dashboard.ts';
import type { QuotaDefaults } from '../../src/quota/settings.ts';
import { buildSpendReport, OTHERS, reportDays } from '../../src/quota/spend-report.ts';
import { GuildTransactions } from '../../src/quota/transactions.ts';
import type { MemberRow, MemberSort, ServerSpend } from '../../src/quota/types.ts';
import { RedisQuotaBackend } from '../../src/redis/quota-backend.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { seededRandom } from '../../testkit/seeded-random.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { BACKENDS, type Backend, sharedRedis, stopSharedRedis, USD } from './harness.ts';

const G = 'guild1';
const DEFAULTS: QuotaDefaults = { micros: 50 * USD, period: 'daily', inFlightCap: 100 };
const DAY = 86_400_000;

/** Counts the ledger entries read outside the transactions (the dashboard's reads). */
interface Counted {
  backend: QuotaStateBackend;
  ledgerReads: { keys: number };
}

function counted(inner: QuotaStateBackend): Counted {
  const ledgerReads = { keys: 0 };
  const ledger: Values = {
    get: (key) => inner.plain.ledger.get(key),
    getMany: (keys) => {
      ledgerReads.keys += keys.length;
      return inner.plain.ledger.getMany(keys);
    },
    set: (key, value) => inner.plain.ledger.set(key, value),
  };
  const backend: QuotaStateBackend = {
    plain: { state: inner.plain.state, ledger },
    transaction: (guildId, fn, committed) => inner.transaction(guildId, fn, committed),
    close: () => inner.close(),
  };
  return { backend, ledgerReads };
}

/** A quota over a real store, with its backend at hand; `another()` is a second process (Redis). */
interface World {
  clock: ManualClock;
  store: Store;
  quota: Quota;
  backend: QuotaStateBackend;
  ledgerReads: { keys: number };
  /** A second process's quota on the same Redis keys (its own connection, lock and digest). */
  another(): Promise<Quota>;
}

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close();
});
afterAll(stopSharedRedis);

async function openWorld(kind: Backend, start = '2024-03-01T10:00:00.000Z'): Promise<World> {
  const clock = new ManualClock(start);
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'dashboard-test-'));
    const store = await openStore(`sqlite://${join(dir, 'quota.sqlite')}`);
    closing.push(async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const inner = new KeyvQuotaBackend({
      state: store.namespace('quota'),
      ledger: store.namespace('quota-ledger'),
    });
    const { backend, ledgerReads } = counted(inner);
    const quota = createQuota({ store, clock, defaults: DEFAULTS, backend, reservationTtlMs: 0 });
    return {
      clock,
      store,
      quota,
      backend,
      ledgerReads,
      another: () => Promise.reject(new Error('one process on SQLite')),
    };
  }
  const server = await sharedRedis();
  const prefix = `dash-${randomUUID()}:`;
  const process = async (): Promise<{ quota: Quota; counted: Counted; store: Store }> => {
    const client = createClient({ url: server.url });
    await client.connect();
    const store = await openStore('memory://');
    const c = counted(new RedisQuotaBackend({ client, prefix }));
    closing.push(async () => {
      await c.backend.close();
      await client.close();
      await store.close();
    });
    const quota = createQuota({ store, clock, defaults: DEFAULTS, backend: c.backend, reservationTtlMs: 0 });
    return { quota, counted: c, store };
  };
  const first = await process();
  return {
    clock,
    store: first.store,
    quota: first.quota,
    backend: first.counted.backend,
    ledgerReads: first.counted.ledgerReads,
    another: async () => (await process()).quota,
  };
}

// ---- what the bot answers today ----------------------------------------------------------------

/** /quota report's figures (commands/quota/sub/report.ts), without the entries. */
async function reportOf(q: Quota, days: number, now: number): Promise<ServerSpend> {
  const window = reportDays(days, now);
  const {
    entries,
    topups: _topups,
    ...figures
  } = buildSpendReport(await q.ledger.since(G, window[0] as string), window);
  return { ...figures, entryCount: entries.length };
}

/** /usage's figures for everyone with an entry or an override, by user id. */
async function usageOf(q: Quota, ids: Iterable<string> = []): Promise<Map<string, MemberRow>> {
  const entries = await q.ledger.latest(G, 1_000_000);
  const settings = await q.admin.getSettings(G);
  const all = new Set([...entries.map((e) => e.userId), ...Object.keys(settings.overrides), ...ids]);
  const out = new Map<string, MemberRow>();
  for (const userId of all) {
    const s = await q.service.summary({ guildId: G, userId, roleIds: [] });
    const last = s.recent[0];
    out.set(userId, {
      userId,
      period: s.period,
      spentMicros: s.spentMicros,
      heldMicros: s.reservedMicros,
      inFlight: s.inFlight,
      override: settings.overrides[userId] ?? null,
      lastGeneration: last
        ? {
            generationId: last.generationId,
            ...(last.model === undefined ? {} : { model: last.model }),
            at: last.at.toISOString(),
          }
        : null,
    });
  }
  return out;
}

/** Every row of the dashboard's table, page by page. */
async function allRows(q: Quota, sort: MemberSort, pageSize = 7): Promise<MemberRow[]> {
  const rows: MemberRow[] = [];
  for (let page = 1; ; page++) {
    const p = await q.dashboard.members(G, { sort, page, pageSize });
    rows.push(...p.rows);
    if (p.rows.length < pageSize) {
      expect(rows).toHaveLength(p.total);
      return rows;
    }
  }
}

/** The dashboard answers as /quota report and /usage do, for every report length and sort. */
async function expectSameFigures(w: World, q: Quota = w.quota): Promise<Map<string, MemberRow>> {
  // The bot's answers first: their transactions would write what a crash left (nothing here).
  const now = w.clock.now();
  for (const days of [1, 7, 30, 90]) {
    expect(await q.dashboard.spend(G, days), `spend(${days})`).toEqual(await reportOf(q, days, now));
  }
  const usage = await usageOf(q);
  for (const sort of ['spent', 'held', 'last'] as const) {
    const rows = await allRows(q, sort);
    expect(new Map(rows.map((r) => [r.userId, r]))).toEqual(usage);
    expect(rows.map((r) => r.userId)).toEqual(ranked([...usage.values()], sort));
  }
  return usage;
}

/** The table's order, from the figures: the most first, then by user id. */
function ranked(rows: MemberRow[], sort: MemberSort): string[] {
  const key = (r: MemberRow) =>
    sort === 'spent'
      ? r.spentMicros
      : sort === 'held'
        ? r.heldMicros
        : r.lastGeneration
          ? Date.parse(r.lastGeneration.at)
          : -1;
  return [...rows].sort((a, b) => key(b) - key(a) || (a.userId < b.userId ? -1 : 1)).map((r) => r.userId);
}

// ---- the money's operations --------------------------------------------------------------------

/** A member's money moving through the real service: charges, holds, releases, refunds, finishes, resets. */
class Traffic {
  private readonly random = seededRandom(33);
  private gen = 0;
  /** Charged generations not refunded, oldest first. */
  readonly charged: string[] = [];
  readonly inFlight: string[] = [];
  readonly open: string[] = [];

  private readonly q: () => Quota;

  constructor(q: () => Quota) {
    this.q = q;
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T;
  }

  private micros(): number {
    return 1_000 + Math.floor(this.random() * 400_000);
  }

  async reserve(userId: string, model = this.pick(MODELS)): Promise<string> {
    const r = await this.q().service.reserve({
      guildId: G,
      userId,
      roleIds: [],
      model,
      quoteMicros: this.micros(),
    });
    if (!r.ok) throw new Error(`refused: ${r.reason}`);
    return r.reservationId;
  }

  async settle(reservationId: string): Promise<string> {
    const generationId = `gen-${++this.gen}`;
    await this.q().service.settle(reservationId, { generationId, chargedMicros: this.micros() });
    this.charged.push(generationId);
    this.inFlight.push(generationId);
    return generationId;
  }

  /** A day's worth: charges, a release, a refund, finishes, a hold left open and one settled late. */
  async day(members: readonly string[]): Promise<void> {
    // A hold from an earlier day settled today: its money belongs to the reservation's day.
    const late = this.open.shift();
    if (late) await this.settle(late);
    for (let i = 0; i < 6; i++) await this.settle(await this.reserve(this.pick(members)));
    await this.q().service.release(await this.reserve(this.pick(members)));
    const refunded = this.charged.splice(Math.floor(this.random() * this.charged.length), 1)[0];
    if (refunded) await this.q().service.refund(refunded, 'failed');
    for (let i = 0; i < 4 && this.inFlight.length > 2; i++) {
      await this.q().service.finish(this.inFlight.shift() as string);
    }
    if (this.random() < 0.5) this.open.push(await this.reserve(this.pick(members)));
  }
}

const MODELS = Array.from({ length: 11 }, (_, i) => `model-${i}`);
const MEMBERS = Array.from({ length: 9 }, (_, i) => `10${i}`);

describe.each(BACKENDS)('the dashboard on %s', (kind) => {
  it('answers /quota report and /usage to the micro-dollar over months, across days and periods', async () => {
    const w = await openWorld(kind);
    const t = new Traffic(() => w.quota);
    const admin = w.quota.admin;
    await admin.setOverride(G, '101', 80 * USD, 'monthly', 'admin');
    await admin.setOverride(G, '102', 200 * USD, 'total', 'admin');
    await admin.setOverride(G, '103', 60 * USD, 'weekly', 'admin');
    await admin.setOverride(G, '900', 5 * USD, undefined, 'admin'); // an allowance, no entry yet
    const start = w.clock.now();
    // Uneven days, so that reports begin and end at every sort of point; checked along the way
    // (each check catches the digest up from the last), past 90 days (the oldest days dropped).
    const checks = new Set([0, 3, 8, 31, 62, 93, 101]);
    let held = false;
    let inFlight = false;
    for (const d of [0, 1, 2, 3, 6, 8, 9, 15, 29, 31, 40, 58, 62, 75, 88, 89, 90, 93, 100, 101]) {
      w.clock.set(start + d * DAY + (d % 5) * 3_600_000);
      await t.day(MEMBERS);
      if (d === 9 || d === 62) await admin.resetSpend(G, '101', 'admin', 'reset');
      if (d === 40) await admin.resetSpend(G, '102', 'admin', 'reset');
      if (d === 89) await admin.resetSpend(G, '104', 'admin', 'reset');
      if (d === 93) {
        // A refund, today, of a charge more than 90 days old: in neither report.
        await w.quota.service.refund('gen-1', 'late');
      }
      if (checks.has(d)) {
        const usage = [...(await expectSameFigures(w)).values()];
        held ||= usage.some((r) => r.heldMicros > 0);
        inFlight ||= usage.some((r) => r.inFlight > 0);
      }
    }
    // The checks saw what each figure is made of: holds, generations in flight, series folded into others.
    expect({ held, inFlight }).toEqual({ held: true, inFlight: true });
    const spend = await w.quota.dashboard.spend(G, 90);
    expect(spend.byMember.keys).toContain(OTHERS);
    expect(spend.byModel.keys).toContain(OTHERS);
    expect(spend.refundedMicros).toBeGreaterThan(0);
    // The clock moves on without entries: the report's days move, the periods reset.
    w.clock.set(start + 130 * DAY);
    await expectSameFigures(w);
  });

  it('counts only the allowance’s part of a charge a top-up paid, as /usage does', async () => {
    const w = await openWorld(kind);
    const { service, admin } = w.quota;
    await admin.setOverride(G, '201', 1 * USD, 'daily', 'admin');
    await service.creditTopup({
      guildId: G,
      userId: '201',
      entitlementId: 'e-201',
      skuId: 'sku',
      micros: 5 * USD,
    });
    const held = await service.reserve({
      guildId: G,
      userId: '201',
      roleIds: [],
      model: 'img',
      quoteMicros: 3 * USD,
    });
    if (!held.ok) throw new Error(`refused: ${held.reason}`);
    await service.settle(held.reservationId, { generationId: 'gen-201', chargedMicros: 3 * USD });
    const usage = await expectSameFigures(w);
    expect(usage.get('201')?.spentMicros).toBe(1 * USD);
  });

  it('catches up with what was written since, reading only the new entries, once for pages asked together', async () => {
    const w = await openWorld(kind);
    const t = new Traffic(() => w.quota);
    for (let d = 0; d < 3; d++) {
      w.clock.set(Date.parse('2024-03-01T10:00:00.000Z') + d * DAY);
      await t.day(MEMBERS);
    }
    const head = async () => (await w.quota.ledger.latest(G, 1))[0]?.seq ?? 0;
    let before = w.ledgerReads.keys;
    await w.quota.dashboard.spend(G, 30);
    expect(w.ledgerReads.keys - before).toBe(await head()); // the first page: all of them
    await expectSameFigures(w);

    // Written by this process, then (Redis) by another on the same keys: both caught up.
    const seen = await head();
    await t.day(MEMBERS);
    let writer = w.quota;
    if (kind === 'redis') {
      writer = await w.another();
      await new Traffic(() => writer).day(MEMBERS);
      await writer.admin.resetSpend(G, '105', 'admin');
    }
    const now = await head();
    before = w.ledgerReads.keys;
    const pages = await Promise.all([
      w.quota.dashboard.spend(G, 7),
      w.quota.dashboard.members(G, { sort: 'spent', page: 1 }),
      w.quota.dashboard.spend(G, 7),
      w.quota.dashboard.members(G, { sort: 'last', page: 1 }),
    ]);
    expect(w.ledgerReads.keys - before).toBe(now - seen);
    expect(pages[0]).toEqual(pages[2]);
    expect(pages[0]).toEqual(await reportOf(w.quota, 7, w.clock.now()));
    await expectSameFigures(w);
    // The other process's own digest, built from the shared ledger, answers the same.
    if (kind === 'redis') await expectSameFigures(w, writer);
  });
});

describe('the members table', () => {
  it('pages, sorts (the most first, then by id), and keeps only the ids asked, with zeros for those with nothing', async () => {
    const w = await openWorld('sqlite', '2024-05-15T12:00:00.000Z');
    const s = w.quota.service;
    const charge = async (userId: string, micros: number, generationId: string, model = 'img') => {
      const r = await s.reserve({ guildId: G, userId, roleIds: [], model, quoteMicros: micros });
      if (!r.ok) throw new Error(r.reason);
      await s.settle(r.reservationId, { generationId, chargedMicros: micros });
      w.clock.advance(1_000);
    };
    await charge('a', 2 * USD, 'g-a');
    await charge('b', 3 * USD, 'g-b', 'vid');
    await charge('c', 2 * USD, 'g-c');
    await charge('d', 1 * USD, 'g-d');
    await s.refund('g-d');
    const held = await s.reserve({
      guildId: G,
      userId: 'c',
      roleIds: [],
      model: 'img',
      quoteMicros: 4 * USD,
    });
    await s.reserve({ guildId: G, userId: 'e', roleIds: [], model: 'img', quoteMicros: 4 * USD });
    await w.quota.admin.setOverride(G, 'f', 9 * USD, 'weekly', 'admin');
    await s.finish('g-a');
    const d = w.quota.dashboard;

    const ids = async (sort: MemberSort) => (await d.members(G, { sort, page: 1 })).rows.map((r) => r.userId);
    expect(await ids('spent')).toEqual(['b', 'a', 'c', 'd', 'e', 'f']);
    expect(await ids('held')).toEqual(['c', 'e', 'a', 'b', 'd', 'f']);
    // d's charge was refunded: still its last generation.
    expect(await ids('last')).toEqual(['d', 'c', 'b', 'a', 'e', 'f']);

    const page2 = await d.members(G, { sort: 'spent', page: 2, pageSize: 4 });
    expect(page2).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page2.rows.map((r) => r.userId)).toEqual(['e', 'f']);
    expect((await d.members(G, { sort: 'spent', page: 3, pageSize: 4 })).rows).toEqual([]);

    const only = await d.members(G, { sort: 'spent', page: 1, only: ['zz', 'f', 'c', 'c'] });
    expect(only.total).toBe(3);
    expect(only.rows).toEqual([
      {
        userId: 'c',
        period: 'daily',
        spentMicros: 2 * USD,
        heldMicros: 4 * USD,
        inFlight: 2,
        override: null,
        lastGeneration: { generationId: 'g-c', model: 'img', at: '2024-05-15T12:00:02.000Z' },
      },
      {
        userId: 'f',
        period: 'weekly',
        spentMicros: 0,
        heldMicros: 0,
        inFlight: 0,
        override: { micros: 9 * USD, period: 'weekly' },
        lastGeneration: null,
      },
      {
        userId: 'zz',
        period: 'daily',
        spentMicros: 0,
        heldMicros: 0,
        inFlight: 0,
        override: null,
        lastGeneration: null,
      },
    ]);
    expect(held.ok).toBe(true);
    await expectSameFigures(w);
  });

  it('refuses a report or a page out of range', async () => {
    const w = await openWorld('sqlite');
    const d = w.quota.dashboard;
    await expect(d.spend(G, 0)).rejects.toThrow(RangeError);
    await expect(d.spend(G, 91)).rejects.toThrow(RangeError);
    await expect(d.members(G, { sort: 'spent', page: 0 })).rejects.toThrow(RangeError);
    await expect(d.members(G, { sort: 'spent', page: 1, pageSize: 101 })).rejects.toThrow(RangeError);
    await expect(d.members(G, { sort: 'name' as MemberSort, page: 1 })).rejects.toThrow(RangeError);
    expect(await d.members(G, { sort: 'spent', page: 1 })).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
  });
});

describe('the digests kept', () => {
  it('drops the least recently seen guild and one unseen for a while, and builds it again exactly', async () => {
    const w = await openWorld('sqlite');
    const guilds = new GuildTransactions({
      store: w.store,
      clock: w.clock,
      defaults: DEFAULTS,
      backend: w.backend,
    });
    const dashboard = new DashboardReads(guilds, DEFAULTS, { maxGuilds: 1, idleMs: 60 * 60_000, batch: 7 });
    const t = new Traffic(() => w.quota);
    await t.day(MEMBERS);
    await t.day(MEMBERS);
    const head = (await w.quota.ledger.latest(G, 1))[0]?.seq ?? 0;
    const reads = async (run: () => Promise<unknown>) => {
      const before = w.ledgerReads.keys;
      await run();
      return w.ledgerReads.keys - before;
    };
    const expected = await reportOf(w.quota, 30, w.clock.now());
    expect(await reads(() => dashboard.spend(G, 30))).toBe(head);
    expect(await reads(() => dashboard.spend(G, 30))).toBe(0);
    // Another guild takes the only place: the first is read again, to the same figures.
    await dashboard.spend('guild2', 30);
    expect(await reads(() => dashboard.spend(G, 30))).toBe(head);
    w.clock.advance(60 * 60_000 + 1);
    let again: ServerSpend | undefined;
    expect(await reads(async () => (again = await dashboard.spend(G, 30)))).toBe(head);
    expect(again).toEqual(await reportOf(w.quota, 30, w.clock.now()));
    expect(expected.entryCount).toBeGreaterThan(0);
  });
});
