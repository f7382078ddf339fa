import { describe, expect, it } from 'vitest';
import { BACKENDS, closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
const u1 = { guildId: G, userId: 'u1', roleIds: [] as string[] };

let h: QuotaHarness;
closeHarnessesAfterEach();

async function reserve(quoteMicros: number, model = 'img'): Promise<string> {
  const r = await h.quota.reserve({ ...u1, model, quoteMicros });
  if (!r.ok) throw new Error(`reservation refused: ${r.reason}`);
  return r.reservationId;
}
describe.each(BACKENDS)('quota on %s', (backend) => {
  describe('settle', () => {
    it('replaces the reservation with the charged price', async () => {
      h = await openHarness({ backend });
      const id = await reserve(0.3 * USD);
      expect(await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.25 * USD })).toEqual({
        chargedMicros: 0.25 * USD,
        alreadySettled: false,
      });
      expect(await h.quota.summary(u1)).toMatchObject({
        spentMicros: 0.25 * USD,
        reservedMicros: 0,
        remainingMicros: 0.75 * USD,
        inFlight: 1,
      });
    });

    it('records a charge larger than the quote as charged, leaving the member less', async () => {
      h = await openHarness({ backend });
      const id = await reserve(0.5 * USD);
      await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.9 * USD });
      expect(await h.quota.summary(u1)).toMatchObject({ spentMicros: 0.9 * USD, remainingMicros: 0.1 * USD });
      const [charge] = await h.ledger.forMember(G, 'u1', 1);
      expect(charge).toMatchObject({ kind: 'charge', amountMicros: 0.9 * USD, reservedMicros: 0.5 * USD });
      expect(charge?.note).toContain('more than the quote');
      // The next reservation only gets what is left.
      expect((await h.quota.reserve({ ...u1, model: 'img', quoteMicros: 0.2 * USD })).ok).toBe(false);
      expect((await h.quota.reserve({ ...u1, model: 'img', quoteMicros: 0.1 * USD })).ok).toBe(true);
    });

    it("tells whose a charged generation is, and lists the member's recent ones without a transaction", async () => {
      h = await openHarness({ backend });
      expect(await h.ledger.chargedTo('gen-1')).toBeUndefined();
      await h.quota.settle(await reserve(0.1 * USD), { generationId: 'gen-1', chargedMicros: 0.1 * USD });
      await h.quota.settle(await reserve(0.1 * USD), { generationId: 'gen-2', chargedMicros: 0.1 * USD });
      expect(await h.ledger.chargedTo('gen-2')).toEqual({ guildId: G, userId: 'u1' });
      expect(await h.ledger.recentGenerationIds(G, 'u1')).toEqual(['gen-2', 'gen-1']);
      expect(await h.ledger.recentGenerationIds(G, 'u2')).toEqual([]);
    });

    it('charges once when the same generation is settled twice', async () => {
      h = await openHarness({ backend });
      const id = await reserve(0.3 * USD);
      await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD });
      expect(await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD })).toEqual({
        chargedMicros: 0.3 * USD,
        alreadySettled: true,
      });
      expect((await h.quota.summary(u1)).spentMicros).toBe(0.3 * USD);
      expect((await h.ledger.latest(G)).filter((e) => e.kind === 'charge')).toHaveLength(1);
    });

    it('charges once when two settles of the same generation race', async () => {
      h = await openHarness({ backend });
      const id = await reserve(0.3 * USD);
      const results = await Promise.all([
        h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD }),
        h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD }),
      ]);
      expect(results.map((r) => r.alreadySettled).sort()).toEqual([false, true]);
      expect((await h.quota.summary(u1)).spentMicros).toBe(0.3 * USD);
    });

    it('changes nothing when a generation is settled again after the store is reopened', async () => {
      h = await openHarness({ backend });
      const id = await reserve(0.3 * USD);
      await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD });
      await h.restart();
      expect(await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.3 * USD })).toEqual({
        chargedMicros: 0.3 * USD,
        alreadySettled: true,
      });
      expect(await h.quota.summary(u1)).toMatchObject({
        spentMicros: 0.3 * USD,
        reservedMicros: 0,
        inFlight: 1,
      });
    });
  });

  describe('refund', () => {
    it('returns a failed generation’s charge once when the failure is seen twice', async () => {
      h = await openHarness({ backend });
      const id = await reserve(0.4 * USD);
      await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.4 * USD });
      expect(await h.quota.refund('gen-1', 'content_policy')).toEqual({
        refundedMicros: 0.4 * USD,
        alreadyRefunded: false,
      });
      expect(await h.quota.refund('gen-1')).toEqual({ refundedMicros: 0.4 * USD, alreadyRefunded: true });
      expect(await h.quota.summary(u1)).toMatchObject({
        spentMicros: 0,
        remainingMicros: 1 * USD,
        inFlight: 0,
      });
      const refunds = (await h.ledger.latest(G)).filter((e) => e.kind === 'refund');
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({
        generationId: 'gen-1',
        amountMicros: 0.4 * USD,
        note: 'content_policy',
      });
    });

    it('refunds once across a restart of the store', async () => {
      h = await openHarness({ backend });
      const id = await reserve(0.4 * USD);
      await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.4 * USD });
      await h.quota.refund('gen-1');
      await h.restart();
      expect(await h.quota.refund('gen-1')).toEqual({ refundedMicros: 0.4 * USD, alreadyRefunded: true });
      expect(await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.4 * USD })).toMatchObject({
        alreadySettled: true,
      });
      expect((await h.quota.summary(u1)).spentMicros).toBe(0);
    });

    it('refunds the charge once when refunds race', async () => {
      h = await openHarness({ backend });
      const id = await reserve(0.4 * USD);
      await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.4 * USD });
      const results = await Promise.all(Array.from({ length: 5 }, () => h.quota.refund('gen-1')));
      expect(results.filter((r) => !r.alreadyRefunded)).toHaveLength(1);
      expect((await h.quota.summary(u1)).spentMicros).toBe(0);
    });

    it('refunds nothing for a generation it never charged', async () => {
      h = await openHarness({ backend });
      expect(await h.quota.refund('unknown')).toEqual({ refundedMicros: 0, alreadyRefunded: false });
      expect(await h.quota.finish('unknown')).toEqual({ finished: false });
    });
  });

  describe('finish', () => {
    it('takes a completed generation out of flight once and keeps its charge', async () => {
      h = await openHarness({ backend });
      const id = await reserve(0.4 * USD);
      await h.quota.settle(id, { generationId: 'gen-1', chargedMicros: 0.4 * USD });
      expect(await h.quota.finish('gen-1')).toEqual({ finished: true });
      expect(await h.quota.finish('gen-1')).toEqual({ finished: false });
      await h.restart();
      expect(await h.quota.finish('gen-1')).toEqual({ finished: false });
      expect(await h.quota.summary(u1)).toMatchObject({ spentMicros: 0.4 * USD, inFlight: 0 });
    });
  });
});
