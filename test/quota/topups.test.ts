/**
 * Top-ups in the quota, on SQLite and on Redis: a purchase credited once per entitlement (called
 * twice, raced, and across servers), spent after the period's allowance and surviving its reset, a
 * refund of a generation giving the top-up its part back, a refunded purchase taken back with what
 * was spent recorded as owed, a crash between the journal's writes replayed to the same figures,
 * and the report's CSV row of its own kind.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildSpendReport, reportDays, spendCsv } from '../../src/quota/spend-report.ts';
import { crash, crashingStore } from './crashing-store.ts';
import { BACKENDS, closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
const OTHER = 'guild2';
const u1 = { guildId: G, userId: 'u1', roleIds: [] as string[] };
const credit = (entitlementId: string, micros: number, guildId = G) =>
  h.quota.creditTopup({ guildId, userId: 'u1', entitlementId, skuId: 'sku-coins', micros });

let h: QuotaHarness;
closeHarnessesAfterEach();
afterEach(() => {
  crash.at = undefined;
});

async function reserve(quoteMicros: number): Promise<string> {
  const r = await h.quota.reserve({ ...u1, model: 'img', quoteMicros });
  if (!r.ok) throw new Error(`reservation refused: ${r.reason}`);
  return r.reservationId;
}

describe.each(BACKENDS)('top-ups on %s', (backend) => {
  it('credits an entitlement once, called twice, raced, or in another server', async () => {
    h = await openHarness({ backend, defaults: { micros: 0.1 * USD, period: 'daily' } });
    const raced = await Promise.all([credit('e1', 1 * USD), credit('e1', 1 * USD), credit('e1', 1 * USD)]);
    expect(raced.filter((r) => r.credited)).toHaveLength(1);
    expect(await credit('e1', 1 * USD)).toEqual({ credited: false });
    expect(await credit('e1', 1 * USD, OTHER)).toEqual({ credited: false });
    expect(await h.quota.summary(u1)).toMatchObject({ topupLeftMicros: 1 * USD, remainingMicros: 1.1 * USD });
    expect((await h.ledger.latest(G)).filter((e) => e.kind === 'topup')).toHaveLength(1);
    expect((await h.ledger.latest(OTHER)).filter((e) => e.kind === 'topup')).toHaveLength(0);
    // Not spend: the server's budget figures do not move.
    expect((await h.admin.guildOverview(G)).spentMicros).toBe(0);
    // In the audit log once, by the member, with what was bought.
    const credits = (await h.admin.auditPage(G)).records.filter((r) => r.action === 'topup-credit');
    expect(credits).toMatchObject([
      { by: 'u1', detail: { entitlementId: 'e1', skuId: 'sku-coins', micros: 1 * USD } },
    ]);
  });

  it('credits an entitlement once when two servers credit it at the same moment', async () => {
    h = await openHarness({ backend, defaults: { micros: 0.1 * USD, period: 'daily' } });
    // Each server's operations are a unit of their own: only the entitlement's record is shared.
    const raced = await Promise.all([
      credit('e1', 1 * USD, G),
      credit('e1', 1 * USD, OTHER),
      credit('e1', 1 * USD, G),
      credit('e1', 1 * USD, OTHER),
    ]);
    expect(raced.filter((r) => r.credited)).toHaveLength(1);
    const entries = [...(await h.ledger.latest(G)), ...(await h.ledger.latest(OTHER))];
    expect(entries.filter((e) => e.kind === 'topup')).toHaveLength(1);
  });

  it('is spent after the allowance, survives the period’s reset, and gets a refund’s part back', async () => {
    h = await openHarness({ backend, defaults: { micros: 0.1 * USD, period: 'daily' } });
    // Without a top-up, $0.50 does not fit $0.10.
    expect((await h.quota.reserve({ ...u1, model: 'img', quoteMicros: 0.5 * USD })).ok).toBe(false);
    await credit('e1', 1 * USD);
    const id = await reserve(0.5 * USD);
    await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.5 * USD });
    // $0.10 from the day's allowance, $0.40 from the top-up.
    expect(await h.quota.summary(u1)).toMatchObject({
      spentMicros: 0.1 * USD,
      topupLeftMicros: 0.6 * USD,
      remainingMicros: 0.6 * USD,
    });
    expect((await h.admin.guildOverview(G)).spentMicros).toBe(0.5 * USD);
    // The next day: a fresh allowance, the top-up as it was.
    h.clock.advance(24 * 60 * 60_000);
    expect(await h.quota.summary(u1)).toMatchObject({
      spentMicros: 0,
      topupLeftMicros: 0.6 * USD,
      remainingMicros: 0.7 * USD,
    });
    // A refund of yesterday's generation: the top-up gets its $0.40 back.
    await h.quota.refund('gen-1');
    expect(await h.quota.summary(u1)).toMatchObject({ topupLeftMicros: 1 * USD, remainingMicros: 1.1 * USD });
  });

  it('holds from the allowance first and the top-up after, across two requests held at once', async () => {
    h = await openHarness({ backend, defaults: { micros: 0.1 * USD, period: 'daily' } });
    await credit('e1', 1 * USD);
    const first = await reserve(0.08 * USD);
    const second = await reserve(0.08 * USD);
    // Settled in the other order: each charge draws what its own hold took from the top-up.
    await h.quota.settle(second, { generationId: 'gen-2', chargedMicros: 0.08 * USD });
    await h.quota.settle(first, { generationId: 'gen-1', chargedMicros: 0.08 * USD });
    expect(await h.quota.summary(u1)).toMatchObject({ spentMicros: 0.1 * USD, topupLeftMicros: 0.94 * USD });
    const charges = (await h.ledger.latest(G)).filter((e) => e.kind === 'charge');
    expect(charges.map((e) => [e.generationId, e.topupMicros ?? 0])).toEqual([
      ['gen-1', 0],
      ['gen-2', 0.06 * USD],
    ]);
  });

  it('takes back what is left of a refunded purchase, records the rest as owed, once', async () => {
    h = await openHarness({ backend, defaults: { micros: 0, period: 'daily' } });
    await credit('e1', 1 * USD);
    const id = await reserve(0.3 * USD);
    await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD });
    expect(await h.quota.takeBackTopup({ guildId: G, entitlementId: 'e1' })).toEqual({
      takenMicros: 0.7 * USD,
      owedMicros: 0.3 * USD,
    });
    expect(await h.quota.takeBackTopup({ guildId: G, entitlementId: 'e1' })).toEqual({
      takenMicros: 0.7 * USD,
      owedMicros: 0.3 * USD,
    });
    expect(await h.quota.summary(u1)).toMatchObject({
      topupLeftMicros: 0,
      topupOwedMicros: 0.3 * USD,
      remainingMicros: 0,
    });
    expect((await h.admin.auditPage(G)).records.map((r) => r.action)).toEqual([
      'topup-take-back',
      'topup-credit',
    ]);
    expect((await h.ledger.latest(G)).filter((e) => e.kind === 'topup').map((e) => e.amountMicros)).toEqual([
      -0.7 * USD,
      1 * USD,
    ]);
    // An entitlement never credited takes nothing back.
    expect(await h.quota.takeBackTopup({ guildId: G, entitlementId: 'e9' })).toEqual({
      takenMicros: 0,
      owedMicros: 0,
    });
  });

  it('writes a top-up in the report’s CSV as a row of its own kind, apart from the spend', async () => {
    h = await openHarness({ backend, defaults: { micros: 0.1 * USD, period: 'daily' } });
    await credit('e1', 2 * USD);
    const id = await reserve(0.5 * USD);
    await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.5 * USD });
    const days = reportDays(1, h.clock.now());
    const report = buildSpendReport(await h.ledger.since(G, days[0] as string), days);
    expect(report.netMicros).toBe(0.5 * USD);
    const rows = spendCsv(report, () => undefined)
      .trim()
      .split('\r\n')
      .slice(1);
    expect(rows.map((r) => r.split(',').slice(4).join(','))).toEqual([
      'topup,,,2.000000',
      'charge,img,gen-1,0.500000',
    ]);
  });
});

describe('a top-up after a crash between two writes', () => {
  it('is credited once when the process died after its ledger entry', async () => {
    h = await openHarness({ wrapStore: crashingStore, defaults: { micros: 0.1 * USD, period: 'daily' } });
    crash.at = (ns, key) => ns === 'quota' && key.startsWith('member:');
    await expect(credit('e1', 1 * USD)).rejects.toThrow('simulated crash');
    await h.restart();
    crash.at = undefined;
    expect(await credit('e1', 1 * USD)).toEqual({ credited: false });
    expect(await h.quota.summary(u1)).toMatchObject({ topupLeftMicros: 1 * USD });
  });

  it('is credited on the retry when the process died before its ledger entry', async () => {
    h = await openHarness({ wrapStore: crashingStore, defaults: { micros: 0.1 * USD, period: 'daily' } });
    crash.at = (ns) => ns === 'quota-ledger';
    await expect(credit('e1', 1 * USD)).rejects.toThrow('simulated crash');
    await h.restart();
    crash.at = undefined;
    expect(await credit('e1', 1 * USD)).toEqual({ credited: true });
    expect(await h.quota.summary(u1)).toMatchObject({ topupLeftMicros: 1 * USD });
    expect((await h.ledger.latest(G)).filter((e) => e.kind === 'topup')).toHaveLength(1);
  });
});
