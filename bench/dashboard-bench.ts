/**
 * The dashboard's figure (issue 33: p95 ≤ 100 ms server time for a server of 5,000 members and
 * 100,000 ledger entries): seeds such a server into a SQLite file (dashboard-seed.ts), then times,
 * in this process, the first page (the digest built from the whole ledger), warm pages (a spend of
 * 90 days and the members' first page, as the dashboard's home asks them) and a page after a few
 * new generations through the real service (the catch-up); and /quota report's own way of the
 * same 90 days, whose figures the dashboard's must equal. Prints the figures as JSON; asserts
 * nothing.
 *
 *   node bench/dashboard-bench.ts [--entries 100000] [--members 5000] [--pages 200]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import type { Clock } from '../src/clock.ts';
import { KeyvQuotaBackend } from '../src/quota/backend.ts';
import { createQuota } from '../src/quota/create.ts';
import { buildSpendReport, reportDays } from '../src/quota/spend-report.ts';
import { openStore } from '../src/store/open.ts';
import { seedDashboardLedger } from './dashboard-seed.ts';

const { values: args } = parseArgs({
  options: {
    entries: { type: 'string', default: '100000' },
    members: { type: 'string', default: '5000' },
    pages: { type: 'string', default: '200' },
  },
});

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
const round = (n: number) => Math.round(n * 10) / 10;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dashboard-bench-'));
  const store = await openStore(`sqlite://${join(dir, 'quota.sqlite')}`);
  try {
    const now = Date.parse('2026-06-15T15:00:00.000Z');
    let t = now;
    const clock: Clock = { now: () => t, sleep: () => Promise.resolve() };
    const backend = new KeyvQuotaBackend({
      state: store.namespace('quota'),
      ledger: store.namespace('quota-ledger'),
    });

    let started = process.hrtime.bigint();
    const seed = await seedDashboardLedger(backend.plain, {
      now,
      entries: Number(args.entries),
      members: Number(args.members),
    });
    const seedMs = ms(started);
    const defaults = { micros: 5_000_000, period: 'daily' as const, inFlightCap: 100 };
    const quota = createQuota({ store, clock, defaults, backend });
    const g = seed.guildId;
    const page = () =>
      Promise.all([quota.dashboard.spend(g, 90), quota.dashboard.members(g, { sort: 'spent', page: 1 })]);

    started = process.hrtime.bigint();
    const [first, table] = await page();
    const firstMs = ms(started);

    // /quota report's way, for comparison: the ledger walked back 90 days, then the figures.
    started = process.hrtime.bigint();
    const days = reportDays(90, t);
    const { entries, ...report } = buildSpendReport(await quota.ledger.since(g, days[0] as string), days);
    const reportMs = ms(started);
    const sameAsReport = isDeepStrictEqual(first, { ...report, entryCount: entries.length });

    const warm: number[] = [];
    for (let i = 0; i < Number(args.pages); i++) {
      started = process.hrtime.bigint();
      await page();
      warm.push(ms(started));
    }
    warm.sort((a, b) => a - b);

    // A few generations through the real journal, then a page: the catch-up.
    const catchUp: number[] = [];
    let journalMs = 0;
    let journalEntries = 0;
    for (let round = 0; round < 20; round++) {
      t += 1_000;
      started = process.hrtime.bigint();
      for (let i = 0; i < 5; i++) {
        const userId = seed.members[(round * 5 + i) * 37] as string;
        const r = await quota.service.reserve({
          guildId: g,
          userId,
          roleIds: [],
          model: 'dream-4.5',
          quoteMicros: 20_000,
        });
        if (!r.ok) throw new Error(`refused: ${r.reason}`);
        await quota.service.settle(r.reservationId, {
          generationId: `bench-${round}-${i}`,
          chargedMicros: 20_000,
        });
        journalEntries += 2;
      }
      journalMs += ms(started);
      started = process.hrtime.bigint();
      await page();
      catchUp.push(ms(started));
    }
    catchUp.sort((a, b) => a - b);

    console.log(
      JSON.stringify(
        {
          entries: seed.entries,
          members: seed.members.length,
          tableMembers: table.total,
          spend90: { entryCount: first.entryCount, netMicros: first.netMicros },
          seedMs: round(seedMs),
          firstPageMs: round(firstMs),
          quotaReport90: { ms: round(reportMs), sameFigures: sameAsReport },
          warmPage: {
            pages: warm.length,
            p50Ms: round(quantile(warm, 0.5)),
            p95Ms: round(quantile(warm, 0.95)),
            maxMs: round(warm.at(-1) ?? 0),
          },
          afterTenNewEntries: {
            pages: catchUp.length,
            p50Ms: round(quantile(catchUp, 0.5)),
            p95Ms: round(quantile(catchUp, 0.95)),
          },
          journalEntriesPerSecond: Math.round(journalEntries / (journalMs / 1000)),
          rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
        },
        null,
        2,
      ),
    );
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
