import { describe, expect, it } from 'vitest';
import type { UsagePage, UsageRecord } from '../../src/media/schemas.ts';
import {
  DRIFT_MAX_PAGES,
  DRIFT_MAX_SERVERS,
  type DriftSources,
  driftFor,
  readDriftFigures,
  unrecordedMicros,
} from '../../src/quota/drift.ts';
import type { LedgerEntry } from '../../src/quota/ledger.ts';

const AT = new Date('2026-03-10T12:00:00Z');

function record(id: number, usd: number, createdAt: string): UsageRecord {
  return {
    id,
    model_key: 'lang_4o_image',
    generation_type: 'image',
    amount_usd: usd,
    source: 'api',
    created_at: createdAt,
  } as UsageRecord;
}

const entry = (kind: LedgerEntry['kind'], amountMicros: number) => ({ kind, amountMicros }) as LedgerEntry;

/** Ledgers by guild, and a usage log served newest first in pages of `perPage`. */
function sources(ledgers: Record<string, LedgerEntry[]>, log: UsageRecord[]) {
  const pagesRead: number[] = [];
  const s: DriftSources = {
    quotaLedger: { forPeriod: async (guildId) => ledgers[guildId] ?? [] },
    media: {
      listUsage: async (q = {}) => {
        const perPage = q.perPage ?? 25;
        const page = q.page ?? 1;
        pagesRead.push(page);
        const result: UsagePage = {
          data: log.slice((page - 1) * perPage, page * perPage),
          current_page: page,
          per_page: perPage,
          total: log.length,
        } as UsagePage;
        return result;
      },
    },
  };
  return { s, pagesRead };
}

describe('the drift', () => {
  it("sums every server's charges minus refunds and the usage log since the period's start", async () => {
    const { s } = sources(
      {
        a: [entry('charge', 100_000), entry('reserve', 999_999), entry('refund', 20_000)],
        b: [entry('charge', 50_000)],
      },
      [
        record(3, 0.15, '2026-03-10T11:00:00Z'),
        record(2, 0.1, '2026-03-10T01:00:00Z'),
        record(1, 5, '2026-03-09T23:00:00Z'), // yesterday: not in today's period
      ],
    );
    const figures = await readDriftFigures(s, { guildIds: ['a', 'b'], period: 'daily', at: AT }, {});
    expect(figures.since.toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect([...(figures.ledgers ?? [])]).toEqual([
      ['a', 80_000],
      ['b', 50_000],
    ]);
    expect(figures.serviceMicros).toBe(250_000);
    expect(figures.serviceComplete).toBe(true);

    const drift = driftFor(figures, 'a', 80_000);
    expect(drift).toMatchObject({
      ledgerMicros: 130_000,
      serverMicros: 80_000,
      serversCompared: 2,
      botServers: 2,
    });
    expect(unrecordedMicros(drift)).toBe(120_000);
  });

  it('says nothing about unrecorded charges when the log was not read to the start of the period', async () => {
    const log = Array.from({ length: DRIFT_MAX_PAGES * 100 + 1 }, (_, i) =>
      record(10_000 - i, 0.01, '2026-03-10T11:00:00Z'),
    );
    const { s, pagesRead } = sources({ a: [] }, log);
    const figures = await readDriftFigures(s, { guildIds: ['a'], period: 'daily', at: AT }, {});
    expect(pagesRead).toEqual([1, 2, 3, 4, 5]);
    expect(figures.serviceComplete).toBe(false);
    expect(unrecordedMicros(driftFor(figures, 'a', 0))).toBeNull();
  });

  it('does not add up the ledgers of more than DRIFT_MAX_SERVERS servers, and then compares nothing', async () => {
    const ids = Array.from({ length: DRIFT_MAX_SERVERS + 1 }, (_, i) => `g${i}`);
    const { s } = sources({}, [record(1, 1, '2026-03-10T11:00:00Z')]);
    const figures = await readDriftFigures(s, { guildIds: ids, period: 'daily', at: AT }, {});
    expect(figures.ledgers).toBeNull();
    const drift = driftFor(figures, 'g0', 0);
    expect(drift).toMatchObject({ serversCompared: 0, botServers: DRIFT_MAX_SERVERS + 1 });
    expect(unrecordedMicros(drift)).toBeNull();
  });
});
