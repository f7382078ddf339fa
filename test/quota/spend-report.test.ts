/**
 * The spend report's figures and CSV, from a real quota service's ledger on a real SQLite file:
 * the report adds up to what the ledger charged less refunded in its days, refunds count
 * negative, holds and resets are not spend, and a member's name cannot become a formula.
 */
import { describe, expect, it } from 'vitest';
import { ledgerChargedMicros } from '../../src/quota/drift.ts';
import {
  buildSpendReport,
  CSV_HEADER,
  csvText,
  OTHERS,
  reportDays,
  spendCsv,
  usdDecimal,
} from '../../src/quota/spend-report.ts';
import { usdToMicrosExact as micros, parseCsv } from '../support/csv.ts';
import { closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
let h: QuotaHarness;
closeHarnessesAfterEach();

async function spend(userId: string, model: string, micros: number, generationId: string): Promise<void> {
  const r = await h.quota.reserve({ guildId: G, userId, roleIds: [], model, quoteMicros: micros });
  if (!r.ok) throw new Error(`reservation refused: ${r.reason}`);
  await h.quota.settle(r.reservationId, { generationId, chargedMicros: micros });
}

describe('reportDays', () => {
  it('lists the UTC days ending today, oldest first, and refuses a length out of range', () => {
    expect(reportDays(3, Date.parse('2024-03-01T05:00:00Z'))).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(reportDays(1, Date.parse('2024-03-01T23:59:59Z'))).toEqual(['2024-03-01']);
    expect(() => reportDays(0, 0)).toThrow(RangeError);
    expect(() => reportDays(91, 0)).toThrow(RangeError);
  });
});

describe('the spend report from the ledger', () => {
  it('adds up to the charges less the refunds of its days, by member (top few and the rest) and by model', async () => {
    h = await openHarness({
      start: '2024-05-10T12:00:00.000Z',
      defaults: { micros: 100 * USD, period: 'daily' },
    });
    // Before the report's days: left out.
    await spend('old', 'img', 5 * USD, 'gen-old');
    h.clock.set('2024-05-13T09:00:00.000Z');
    await spend('u1', 'img', 0.4 * USD, 'gen-1');
    await spend('u2', 'vid', 1.25 * USD, 'gen-2');
    await spend('u3', 'img', 0.1 * USD, 'gen-3');
    h.clock.set('2024-05-14T09:00:00.000Z');
    await spend('u1', 'vid', 2 * USD, 'gen-4');
    await spend('u4', 'img', 0.05 * USD, 'gen-5');
    await h.quota.refund('gen-4', 'failed');
    // A refund written in the report's days for a charge of an earlier day belongs to that day: out.
    await h.quota.refund('gen-old', 'failed late');
    // A hold never settled and an admin's reset: not spend.
    await h.quota.reserve({ guildId: G, userId: 'u2', roleIds: [], model: 'img', quoteMicros: 0.3 * USD });
    await h.admin.resetSpend(G, 'u3', 'admin');

    const days = reportDays(2, h.clock.now());
    const ledger = await h.ledger.since(G, days[0] ?? '');
    const report = buildSpendReport(ledger, days, { topMembers: 2 });

    expect(report.netMicros).toBe(ledgerChargedMicros(ledger));
    expect(report.netMicros).toBe(1.8 * USD);
    expect(report.chargedMicros).toBe(3.8 * USD);
    expect(report.refundedMicros).toBe(2 * USD);
    expect(report.entries.map((e) => e.kind)).toEqual([
      'charge',
      'charge',
      'charge',
      'charge',
      'charge',
      'refund',
    ]);
    expect(report.entries.some((e) => e.userId === 'old')).toBe(false);

    // u2 1.25, u1 0.40 (2.00 charged and refunded), u3 and u4 together.
    expect(report.byMember.keys).toEqual(['u2', 'u1', OTHERS]);
    expect(report.byMember.totals).toEqual({ u2: 1.25 * USD, u1: 0.4 * USD, [OTHERS]: 0.15 * USD });
    expect(report.byMember.points).toEqual([
      { day: '2024-05-13', key: 'u2', micros: 1.25 * USD },
      { day: '2024-05-13', key: 'u1', micros: 0.4 * USD },
      { day: '2024-05-13', key: OTHERS, micros: 0.1 * USD },
      { day: '2024-05-14', key: OTHERS, micros: 0.05 * USD },
    ]);
    expect(report.byModel.keys).toEqual(['vid', 'img']);
    expect(report.byModel.totals).toEqual({ vid: 1.25 * USD, img: 0.55 * USD });
    const sumOf = (points: { micros: number }[]) => points.reduce((s, p) => s + p.micros, 0);
    expect(sumOf(report.byMember.points)).toBe(report.netMicros);
    expect(sumOf(report.byModel.points)).toBe(report.netMicros);
  });

  it('writes one CSV row per charge or refund whose amounts sum to the ledger, refunds negative', async () => {
    h = await openHarness({ defaults: { micros: 100 * USD, period: 'daily' } });
    await spend('u1', 'img', 0.132 * USD, 'gen-1');
    await spend('u2', 'vid', 1_000_001, 'gen-2');
    await h.quota.refund('gen-2', 'failed');
    await spend('u2', 'img', 0.25 * USD, 'gen-3');
    const days = reportDays(30, h.clock.now());
    const ledger = await h.ledger.since(G, days[0] ?? '');
    const report = buildSpendReport(ledger, days);

    const rows = parseCsv(spendCsv(report, (id) => ({ u1: 'alice' })[id]));
    expect(rows[0]).toEqual(CSV_HEADER);
    const body = rows.slice(1);
    expect(body).toHaveLength(4);
    const amount = CSV_HEADER.indexOf('amount_usd');
    expect(body.map((r) => r[CSV_HEADER.indexOf('kind')])).toEqual(['charge', 'charge', 'refund', 'charge']);
    expect(body[2]?.[amount]).toBe('-1.000001');
    expect(body.reduce((s, r) => s + micros(r[amount] ?? ''), 0)).toBe(ledgerChargedMicros(ledger));
    expect(body[0]?.slice(2, 7)).toEqual(['u1', 'alice', 'charge', 'img', 'gen-1']);
    expect(body[1]?.[3]).toBe('');
  });

  it('says nothing was spent with no rows when the days hold no charge', async () => {
    h = await openHarness();
    const r = await h.quota.reserve({
      guildId: G,
      userId: 'u1',
      roleIds: [],
      model: 'img',
      quoteMicros: USD / 2,
    });
    if (r.ok) await h.quota.release(r.reservationId);
    const days = reportDays(7, h.clock.now());
    const report = buildSpendReport(await h.ledger.since(G, days[0] ?? ''), days);
    expect(report.entries).toEqual([]);
    expect(report.byMember).toEqual({ keys: [], totals: {}, points: [] });
    expect(spendCsv(report, () => undefined)).toBe(`${CSV_HEADER.join(',')}\r\n`);
  });
});

describe('CSV cells', () => {
  it('keeps a member name from becoming a formula, and quotes what would break the row', () => {
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText('+1')).toBe("'+1");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvText('\t=1')).toBe("'\t=1");
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('line\nbreak')).toBe('"line\nbreak"');
    expect(csvText('plain name')).toBe('plain name');
  });

  it('writes exact USD from micro-USD', () => {
    expect(usdDecimal(132_000)).toBe('0.132000');
    expect(usdDecimal(-1_000_001)).toBe('-1.000001');
    expect(usdDecimal(0)).toBe('0.000000');
    expect(usdDecimal(12_345_678_901)).toBe('12345.678901');
  });

  it('escapes an untrusted name in the CSV of a report', async () => {
    h = await openHarness();
    await spend('u1', 'img', 0.1 * USD, 'gen-1');
    const days = reportDays(1, h.clock.now());
    const report = buildSpendReport(await h.ledger.since(G, days[0] ?? ''), days);
    const csv = spendCsv(report, () => '=cmd|"/c calc"!A1');
    expect(csv).toContain(`,"'=cmd|""/c calc""!A1",`);
    expect(parseCsv(csv)[1]?.[3]).toBe(`'=cmd|"/c calc"!A1`);
  });
});
