/**
 * Two "processes" on one real redis-server: two quota services, each with its own Redis
 * connections and its own in-process lock, so nothing but Redis keeps them apart. Money must stay
 * exact: the allowance and the server budget hold, a settle or refund sent by both is applied once,
 * and the ledger agrees with the figures to the micro-dollar.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { describe, expect, it } from 'vitest';
import { createQuota } from '../../src/quota/create.ts';
import type { LedgerEntry } from '../../src/quota/ledger.ts';
import type { QuotaAdmin, QuotaLedger, QuotaService, ReserveResult } from '../../src/quota/service.ts';
import type { QuotaDefaults } from '../../src/quota/settings.ts';
import { QuotaConflictError, type RedisClient, RedisQuotaBackend } from '../../src/redis/quota-backend.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { useRedisServer } from '../support/redis-server.ts';
import { USD } from './harness.ts';

const G = 'guild1';
const member = (userId: string) => ({ guildId: G, userId, roleIds: [] as string[] });

const server = useRedisServer();
const { closing } = server;

async function connect(): Promise<RedisClient> {
  const client = createClient({ url: server.url });
  await client.connect();
  closing.push(() => client.close());
  return client;
}

interface Process {
  quota: QuotaService;
  admin: QuotaAdmin;
  ledger: QuotaLedger;
  backend: RedisQuotaBackend;
}

/** One process's quota: its own client, backend, lock and store, on the keys under `prefix`. */
async function processOn(
  prefix: string,
  defaults: QuotaDefaults,
  wrap: (client: RedisClient) => RedisClient = (c) => c,
): Promise<Process> {
  const client = wrap(await connect());
  const backend = new RedisQuotaBackend({ client, prefix });
  const store: Store = await openStore('memory://');
  closing.push(async () => {
    await backend.close();
    await store.close();
  });
  const clock = new ManualClock('2024-05-15T12:00:00.000Z');
  const { service, admin, ledger } = createQuota({ store, clock, defaults, backend });
  return { backend, quota: service, admin, ledger };
}

/** Two processes on one fresh prefix; `wrapSecond`, given the first, wraps the second's connection. */
async function twoProcesses(
  defaults: QuotaDefaults,
  wrapSecond?: (first: Process) => (client: RedisClient) => RedisClient,
): Promise<[Process, Process]> {
  const prefix = `q-${randomUUID()}:`;
  const first = await processOn(prefix, defaults);
  return [first, await processOn(prefix, defaults, wrapSecond?.(first))];
}

/** What the ledger says: spend and open reservations per member and for the guild. */
function fromLedger(entries: LedgerEntry[]) {
  const spent = new Map<string, number>();
  const open = new Map<string, { userId: string; micros: number }>();
  for (const e of [...entries].sort((a, b) => a.seq - b.seq)) {
    const sign = e.kind === 'charge' ? 1 : e.kind === 'refund' ? -1 : 0;
    spent.set(e.userId, (spent.get(e.userId) ?? 0) + sign * e.amountMicros);
    if (e.kind === 'reserve' && e.reservationId) {
      open.set(e.reservationId, { userId: e.userId, micros: e.amountMicros });
    }
    if ((e.kind === 'release' || e.kind === 'charge') && e.reservationId) open.delete(e.reservationId);
  }
  const reserved = (userId?: string) =>
    [...open.values()]
      .filter((r) => userId === undefined || r.userId === userId)
      .reduce((sum, r) => sum + r.micros, 0);
  const guildSpent = [...spent.values()].reduce((a, b) => a + b, 0);
  return { spent, reserved, guildSpent };
}

/** Every figure either process shows agrees with the ledger, whose seqs are 1…n, each once. */
async function expectLedgerAgrees(processes: Process[], userIds: string[]): Promise<LedgerEntry[]> {
  const [a] = processes;
  if (!a) throw new Error('no process');
  const entries = await a.ledger.latest(G, 10_000);
  expect(entries.map((e) => e.seq).sort((x, y) => x - y)).toEqual(entries.map((_, i) => i + 1));
  const ledger = fromLedger(entries);
  for (const p of processes) {
    for (const userId of userIds) {
      const summary = await p.quota.summary(member(userId));
      expect(summary.spentMicros).toBe(ledger.spent.get(userId) ?? 0);
      expect(summary.reservedMicros).toBe(ledger.reserved(userId));
    }
    const overview = await p.admin.guildOverview(G);
    expect(overview.spentMicros).toBe(ledger.guildSpent);
    expect(overview.reservedMicros).toBe(ledger.reserved());
  }
  return entries;
}

const okIds = (results: ReserveResult[]) => results.flatMap((r) => (r.ok ? [r.reservationId] : []));

describe('the quota on Redis, shared by two processes', () => {
  it('lets exactly 5 of 50 concurrent reservations of one member through an allowance that fits 5', async () => {
    const [a, b] = await twoProcesses({ micros: 1 * USD, period: 'daily' });
    await a.admin.setInFlightCap(G, 100, 'admin');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? b : a).quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.2 * USD }),
      ),
    );
    expect(okIds(results)).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.reason === 'allowance')).toHaveLength(45);
    const entries = await expectLedgerAgrees([a, b], ['u1']);
    expect(entries.filter((e) => e.kind === 'reserve')).toHaveLength(5);
    expect((await b.quota.summary(member('u1'))).reservedMicros).toBe(1 * USD);
  });

  it('reserves batches from both processes all or nothing: 2 of 20 batches of 2 fit an allowance of 5 takes', async () => {
    const [a, b] = await twoProcesses({ micros: 1 * USD, period: 'daily' });
    await a.admin.setInFlightCap(G, 100, 'admin');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : a).quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.2 * USD, count: 2 }),
      ),
    );
    // Two batches (4 takes) fit; a third would need 6 of the 5: none of it is held.
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(2);
    expect(ok.flatMap((r) => (r.ok ? r.reservationIds : []))).toHaveLength(4);
    const entries = await expectLedgerAgrees([a, b], ['u1']);
    expect(entries.filter((e) => e.kind === 'reserve')).toHaveLength(4);
    expect((await b.quota.summary(member('u1'))).reservedMicros).toBe(0.8 * USD);
  });

  it('lets exactly 7 of 50 members through a server budget that fits 7', async () => {
    const [a, b] = await twoProcesses({ micros: 5 * USD, period: 'daily' });
    await b.admin.setBudget(G, 0.7 * USD, 'admin');
    const users = Array.from({ length: 50 }, (_, i) => `u${i}`);
    const results = await Promise.all(
      users.map((u, i) =>
        (i % 2 ? b : a).quota.reserve({ ...member(u), model: 'img', quoteMicros: 0.1 * USD }),
      ),
    );
    expect(okIds(results)).toHaveLength(7);
    expect(results.filter((r) => !r.ok && r.reason === 'budget')).toHaveLength(43);
    await expectLedgerAgrees([a, b], users);
    expect((await a.admin.guildOverview(G)).reservedMicros).toBe(0.7 * USD);
  });

  it('applies a settle, a release and a refund sent by both processes at once exactly once', async () => {
    const [a, b] = await twoProcesses({ micros: 1 * USD, period: 'daily' });
    await a.admin.setInFlightCap(G, 100, 'admin');
    const reserved = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : a).quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.2 * USD }),
      ),
    );
    const ids = okIds(reserved);
    expect(ids).toHaveLength(5);
    const [r1, r2, r3, r4, r5] = ids as [string, string, string, string, string];
    // Charged less than quoted, odd amounts: the figures must agree to the micro-dollar.
    const charges = [123_457, 98_765, 150_001];
    const settles = await Promise.all(
      [r1, r2, r3].flatMap((id, i) => {
        const charge = { generationId: `gen-${i}`, chargedMicros: charges[i] ?? 0 };
        return [a.quota.settle(id, charge), b.quota.settle(id, charge)];
      }),
    );
    expect(settles.filter((s) => !s.alreadySettled)).toHaveLength(3);
    expect(settles.filter((s) => s.alreadySettled)).toHaveLength(3);
    const releases = await Promise.all([a.quota.release(r4), b.quota.release(r4)]);
    expect(releases.filter((r) => !r.alreadyClosed)).toEqual([
      { releasedMicros: 0.2 * USD, alreadyClosed: false },
    ]);
    const refunds = await Promise.all([
      a.quota.refund('gen-1', 'failed'),
      b.quota.refund('gen-1', 'failed'),
      b.quota.refund('gen-2', 'failed'),
      a.quota.refund('gen-2', 'failed'),
    ]);
    expect(
      refunds
        .filter((r) => !r.alreadyRefunded)
        .map((r) => r.refundedMicros)
        .sort((x, y) => x - y),
    ).toEqual([98_765, 150_001]);
    expect(refunds.filter((r) => r.alreadyRefunded)).toHaveLength(2);
    const finishes = await Promise.all([a.quota.finish('gen-0'), b.quota.finish('gen-0')]);
    expect(finishes.filter((f) => f.finished)).toHaveLength(1);

    const entries = await expectLedgerAgrees([a, b], ['u1']);
    const kinds = entries.map((e) => e.kind).sort();
    expect(kinds).toEqual([
      'charge',
      'charge',
      'charge',
      'refund',
      'refund',
      'release',
      ...Array(5).fill('reserve'),
    ]);
    const summary = await a.quota.summary(member('u1'));
    expect(summary.spentMicros).toBe(123_457);
    // r5 is still open.
    expect(summary.reservedMicros).toBe(0.2 * USD);
    expect(summary.remainingMicros).toBe(1 * USD - 123_457 - 0.2 * USD);
    expect(r5).toBeDefined();
  });
});

/**
 * A client whose transactions run `meanwhile` once, just before the first EXEC, on that
 * transaction's connection: another process's change lands between this one's reads and its
 * commit, or the connection dies there.
 */
function beforeFirstExec(meanwhile: (conn: RedisClient) => unknown): (client: RedisClient) => RedisClient {
  let pending = true;
  const wrapConnection = (conn: RedisClient): RedisClient =>
    new Proxy(conn, {
      get(target, prop) {
        if (prop === 'multi') {
          return () => {
            const multi = target.multi();
            const exec = multi.exec.bind(multi);
            return Object.assign(multi, {
              exec: async (...args: Parameters<typeof exec>) => {
                if (pending) {
                  pending = false;
                  await meanwhile(target);
                }
                return exec(...args);
              },
            });
          };
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return (client) =>
    new Proxy(client, {
      get(target, prop) {
        if (prop === 'duplicate') return () => wrapConnection(target.duplicate());
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
}

describe('conflicts between processes', () => {
  it('runs an operation again when another process changed the guild between its reads and its EXEC', async () => {
    const [b, a] = await twoProcesses({ micros: 1 * USD, period: 'daily' }, (b) =>
      beforeFirstExec(() => b.quota.reserve({ ...member('u2'), model: 'img', quoteMicros: 0.4 * USD })),
    );
    const first = await a.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.3 * USD });
    expect(first.ok).toBe(true);
    // A's first EXEC aborted (B's reserve moved the head A had read), and A's second run wrote.
    expect(a.backend.conflicts).toBe(1);
    expect(b.backend.conflicts).toBe(0);
    const entries = await expectLedgerAgrees([a, b], ['u1', 'u2']);
    expect(entries.map((e) => [e.seq, e.userId, e.amountMicros])).toEqual(
      expect.arrayContaining([
        [1, 'u2', 0.4 * USD],
        [2, 'u1', 0.3 * USD],
      ]),
    );
  });

  it('fails closed, writing nothing, when every attempt is overtaken', async () => {
    const prefix = `q-${randomUUID()}:`;
    const client = await connect();
    const other = await connect();
    const backend = new RedisQuotaBackend({ client, prefix, maxAttempts: 3 });
    closing.push(() => backend.close());
    let runs = 0;
    const run = backend.transaction(G, async (tx) => {
      runs++;
      const guild = (await tx.state.get<{ seq: number }>(`guild:${G}`)) ?? { seq: 0 };
      // Another process moves the head after every read.
      await other.set(`${prefix}state:guild:${G}`, JSON.stringify({ seq: guild.seq + 10 }));
      await tx.ledger.set(`${G}:${guild.seq + 1}`, { seq: guild.seq + 1 });
      await tx.state.set(`guild:${G}`, { seq: guild.seq + 1 });
    });
    await expect(run).rejects.toBeInstanceOf(QuotaConflictError);
    expect(runs).toBe(3);
    expect(backend.conflicts).toBe(3);
    expect(await other.get(`${prefix}state:guild:${G}`)).toBe(JSON.stringify({ seq: 30 }));
    expect(await other.keys(`${prefix}ledger:*`)).toEqual([]);
  });

  it('writes nothing when the connection dies before EXEC, and the next operation goes through', async () => {
    // A process that dies after its reads (and its buffered writes) but before EXEC.
    const [b, a] = await twoProcesses({ micros: 1 * USD, period: 'daily' }, () =>
      beforeFirstExec((conn) => conn.destroy()),
    );
    await expect(
      a.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.3 * USD }),
    ).rejects.toThrow();
    expect(await b.ledger.latest(G)).toEqual([]);
    expect((await b.quota.summary(member('u1'))).reservedMicros).toBe(0);
    // The same process carries on over a new connection.
    expect((await a.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.3 * USD })).ok).toBe(true);
    const entries = await expectLedgerAgrees([a, b], ['u1']);
    expect(entries.map((e) => [e.seq, e.kind])).toEqual([[1, 'reserve']]);
  });
});
