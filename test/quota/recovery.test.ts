import { afterEach, describe, expect, it } from 'vitest';
import { crash, crashingStore } from './crashing-store.ts';
import { closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
const u1 = { guildId: G, userId: 'u1', roleIds: [] as string[] };

let h: QuotaHarness;
closeHarnessesAfterEach();
afterEach(() => {
  crash.at = undefined;
});

async function open(): Promise<void> {
  h = await openHarness({ wrapStore: crashingStore });
}

async function reserve(quoteMicros: number): Promise<string> {
  const r = await h.quota.reserve({ ...u1, model: 'img', quoteMicros });
  if (!r.ok) throw new Error(`reservation refused: ${r.reason}`);
  return r.reservationId;
}

describe('recovery after a crash between two writes', () => {
  it('finishes a settle whose ledger entry was written but not its member and guild state', async () => {
    await open();
    const id = await reserve(0.3 * USD);
    crash.at = (ns, key) => ns === 'quota' && key.startsWith('member:');
    await expect(h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD })).rejects.toThrow(
      'simulated crash',
    );
    await h.restart();
    // The first call after the restart is the poller seeing the failure: it finds the charge.
    expect(await h.quota.refund('gen-1')).toEqual({ refundedMicros: 0.3 * USD, alreadyRefunded: false });
    expect(await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD })).toMatchObject({
      alreadySettled: true,
    });
    expect(await h.quota.summary(u1)).toMatchObject({ spentMicros: 0, reservedMicros: 0, inFlight: 0 });
    const kinds = (await h.ledger.latest(G)).map((e) => e.kind);
    expect(kinds).toEqual(['refund', 'charge', 'reserve']);
  });

  it('does not apply a charge twice when the member state was written but not the guild state', async () => {
    await open();
    const id = await reserve(0.3 * USD);
    crash.at = (ns, key) => ns === 'quota' && key.startsWith('guild:');
    await expect(h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD })).rejects.toThrow(
      'simulated crash',
    );
    await h.restart();
    expect(await h.quota.summary(u1)).toMatchObject({
      spentMicros: 0.3 * USD,
      reservedMicros: 0,
      remainingMicros: 0.7 * USD,
      inFlight: 1,
    });
    expect((await h.admin.guildOverview(G)).spentMicros).toBe(0.3 * USD);
    expect(await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD })).toMatchObject({
      alreadySettled: true,
    });
    expect((await h.quota.summary(u1)).spentMicros).toBe(0.3 * USD);
  });

  it('treats a settle that died before its ledger entry as never charged, and charges its retry once', async () => {
    await open();
    const id = await reserve(0.3 * USD);
    crash.at = (ns) => ns === 'quota-ledger';
    await expect(h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD })).rejects.toThrow(
      'simulated crash',
    );
    await h.restart();
    expect(await h.quota.refund('gen-1')).toEqual({ refundedMicros: 0, alreadyRefunded: false });
    expect(await h.quota.summary(u1)).toMatchObject({ spentMicros: 0, reservedMicros: 0.3 * USD });
    // Another entry takes the sequence number the lost charge had been given.
    await reserve(0.1 * USD);
    expect(await h.quota.refund('gen-1')).toEqual({ refundedMicros: 0, alreadyRefunded: false });
    expect(await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD })).toEqual({
      chargedMicros: 0.3 * USD,
      alreadySettled: false,
    });
    expect(await h.quota.summary(u1)).toMatchObject({ spentMicros: 0.3 * USD, reservedMicros: 0.1 * USD });
  });

  it('applies a refund once when it died after its ledger entry', async () => {
    await open();
    const id = await reserve(0.3 * USD);
    await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD });
    crash.at = (ns, key) => ns === 'quota' && key === 'gen:gen-1';
    await expect(h.quota.refund('gen-1')).rejects.toThrow('simulated crash');
    await h.restart();
    expect(await h.quota.refund('gen-1')).toEqual({ refundedMicros: 0.3 * USD, alreadyRefunded: true });
    expect(await h.quota.summary(u1)).toMatchObject({ spentMicros: 0, inFlight: 0 });
    expect((await h.ledger.latest(G)).filter((e) => e.kind === 'refund')).toHaveLength(1);
  });

  it('holds a journaled reservation whose caller crashed until it expires', async () => {
    h = await openHarness({ wrapStore: crashingStore, reservationTtlMs: 60_000 });
    crash.at = (ns, key) => ns === 'quota' && key.startsWith('guild:');
    await expect(h.quota.reserve({ ...u1, model: 'img', quoteMicros: 0.4 * USD })).rejects.toThrow(
      'simulated crash',
    );
    await h.restart();
    expect(await h.quota.summary(u1)).toMatchObject({ reservedMicros: 0.4 * USD, inFlight: 1 });
    h.clock.advance(60_000);
    expect(await h.quota.summary(u1)).toMatchObject({
      reservedMicros: 0,
      inFlight: 0,
      remainingMicros: 1 * USD,
    });
  });
});
