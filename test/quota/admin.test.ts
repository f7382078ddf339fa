import { describe, expect, it } from 'vitest';
import { BACKENDS, closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
const m = (userId: string) => ({ guildId: G, userId, roleIds: [] as string[] });

let h: QuotaHarness;
closeHarnessesAfterEach();

async function spend(userId: string, micros: number, generationId: string, model = 'img'): Promise<void> {
  const r = await h.quota.reserve({ ...m(userId), model, quoteMicros: micros });
  if (!r.ok) throw new Error(`reservation refused: ${r.reason}`);
  await h.quota.settle(r.reservationId, { generationId, chargedMicros: micros });
}
describe.each(BACKENDS)('quota on %s', (backend) => {
  describe('resetSpend', () => {
    it('zeroes the member’s spend for this period with an adjust entry naming the admin', async () => {
      h = await openHarness({ backend, defaults: { micros: 1 * USD, period: 'weekly' } });
      await spend('u1', 0.6 * USD, 'g1');
      await h.quota.finish('g1');
      h.clock.advance(86_400_000);
      await spend('u1', 0.3 * USD, 'g2');
      await h.quota.finish('g2');
      expect(await h.admin.resetSpend(G, 'u1', 'admin-7')).toEqual({ adjustedMicros: -0.9 * USD });
      expect(await h.quota.summary(m('u1'))).toMatchObject({ spentMicros: 0, remainingMicros: 1 * USD });
      const [adjust] = await h.ledger.forMember(G, 'u1', 1);
      expect(adjust).toMatchObject({ kind: 'adjust', amountMicros: -0.9 * USD, by: 'admin-7', userId: 'u1' });
      // The reset holds even if the admin switches the default period to daily afterwards.
      await h.admin.setDefault(G, 1 * USD, 'daily', 'admin-7');
      expect((await h.quota.summary(m('u1'))).spentMicros).toBe(0);
    });

    it('gives the member room but does not hand the server budget back', async () => {
      h = await openHarness({ backend, defaults: { micros: 1 * USD, period: 'daily' } });
      await h.admin.setBudget(G, 2 * USD, 'admin');
      await spend('u1', 1 * USD, 'g1');
      await h.admin.resetSpend(G, 'u1', 'admin');
      const overview = await h.admin.guildOverview(G);
      expect(overview).toMatchObject({ spentMicros: 1 * USD, remainingMicros: 1 * USD });
    });

    it('resets a total allowance too', async () => {
      h = await openHarness({ backend, defaults: { micros: 1 * USD, period: 'total' } });
      await spend('u1', 0.7 * USD, 'g1');
      h.clock.set('2025-01-01T00:00:00.000Z');
      await spend('u1', 0.2 * USD, 'g2');
      expect((await h.admin.resetSpend(G, 'u1', 'admin')).adjustedMicros).toBe(-0.9 * USD);
      expect((await h.quota.summary(m('u1'))).spentMicros).toBe(0);
    });
  });

  describe('summary', () => {
    it('shows allowance, spent, reserved, remaining, reset time, in flight and the last 10 generations', async () => {
      h = await openHarness({
        backend,
        start: '2024-05-15T12:00:00.000Z',
        defaults: { micros: 5 * USD, period: 'daily' },
      });
      await h.admin.setInFlightCap(G, 20, 'admin');
      for (let i = 1; i <= 12; i++) {
        h.clock.advance(1000);
        await spend('u1', 0.1 * USD, `g${i}`, i % 2 ? 'img' : 'vid');
      }
      for (let i = 1; i <= 10; i++) await h.quota.finish(`g${i}`);
      await h.quota.refund('g10');
      await h.quota.reserve({ ...m('u1'), model: 'img', quoteMicros: 0.25 * USD });
      await h.restart();
      const summary = await h.quota.summary(m('u1'));
      expect(summary).toMatchObject({
        guildId: G,
        userId: 'u1',
        allowanceMicros: 5 * USD,
        period: 'daily',
        source: 'default',
        spentMicros: 1.1 * USD,
        reservedMicros: 0.25 * USD,
        remainingMicros: 3.65 * USD,
        resetsAt: new Date('2024-05-16T00:00:00.000Z'),
        inFlight: 3,
        inFlightCap: 20,
      });
      expect(summary.recent).toHaveLength(10);
      expect(summary.recent.slice(0, 4)).toEqual([
        {
          generationId: 'g12',
          model: 'vid',
          chargedMicros: 0.1 * USD,
          status: 'in_flight',
          at: expect.any(Date),
        },
        {
          generationId: 'g11',
          model: 'img',
          chargedMicros: 0.1 * USD,
          status: 'in_flight',
          at: expect.any(Date),
        },
        {
          generationId: 'g10',
          model: 'vid',
          chargedMicros: 0.1 * USD,
          status: 'refunded',
          at: expect.any(Date),
        },
        {
          generationId: 'g9',
          model: 'img',
          chargedMicros: 0.1 * USD,
          status: 'completed',
          at: expect.any(Date),
        },
      ]);
      expect(summary.recent.at(-1)?.generationId).toBe('g3');
    });
  });

  describe('guildOverview', () => {
    it('shows the budget, this period’s spend and reservations, and the top spenders', async () => {
      h = await openHarness({ backend, defaults: { micros: 5 * USD, period: 'daily' } });
      await h.admin.setBudget(G, 10 * USD, 'admin');
      await spend('u1', 1 * USD, 'a1');
      await spend('u2', 3 * USD, 'b1');
      await spend('u3', 2 * USD, 'c1');
      await spend('u3', 2 * USD, 'c2');
      await h.quota.refund('c2');
      await h.quota.reserve({ ...m('u1'), model: 'img', quoteMicros: 0.5 * USD });
      const overview = await h.admin.guildOverview(G, { top: 2 });
      expect(overview).toEqual({
        guildId: G,
        period: 'daily',
        defaultAllowance: { micros: 5 * USD, period: 'daily' },
        budgetMicros: 10 * USD,
        spentMicros: 6 * USD,
        reservedMicros: 0.5 * USD,
        remainingMicros: 3.5 * USD,
        resetsAt: new Date('2024-05-16T00:00:00.000Z'),
        inFlight: 4,
        inFlightCap: 3,
        topSpenders: [
          { userId: 'u2', spentMicros: 3 * USD },
          { userId: 'u3', spentMicros: 2 * USD },
        ],
      });
    });

    it('reports no remaining budget when the server has none', async () => {
      h = await openHarness({ backend });
      expect(await h.admin.guildOverview(G)).toMatchObject({
        budgetMicros: 0,
        remainingMicros: null,
        topSpenders: [],
      });
    });
  });

  describe('ledger', () => {
    it('writes an entry for every kind, with the generation, model, amount, time and admin', async () => {
      h = await openHarness({ backend, start: '2024-05-15T12:00:00.000Z' });
      const a = await h.quota.reserve({ ...m('u1'), model: 'img', quoteMicros: 0.3 * USD });
      const b = await h.quota.reserve({ ...m('u1'), model: 'vid', quoteMicros: 0.2 * USD });
      if (!a.ok || !b.ok) throw new Error('expected reservations');
      await h.quota.settle(a.reservationId, { generationId: 'gen-a', chargedMicros: 0.35 * USD });
      await h.quota.release(b.reservationId);
      await h.quota.refund('gen-a', 'failed: timeout');
      await h.admin.resetSpend(G, 'u1', 'admin-1');
      const entries = await h.ledger.latest(G, 100);
      expect(entries.map((e) => e.seq)).toEqual([6, 5, 4, 3, 2, 1]);
      expect(entries.reverse()).toEqual([
        {
          seq: 1,
          guildId: G,
          userId: 'u1',
          reservationId: a.reservationId,
          model: 'img',
          amountMicros: 0.3 * USD,
          kind: 'reserve',
          at: '2024-05-15T12:00:00.000Z',
          day: '2024-05-15',
        },
        expect.objectContaining({ seq: 2, kind: 'reserve', model: 'vid', amountMicros: 0.2 * USD }),
        expect.objectContaining({
          seq: 3,
          kind: 'charge',
          generationId: 'gen-a',
          reservationId: a.reservationId,
          model: 'img',
          amountMicros: 0.35 * USD,
          reservedMicros: 0.3 * USD,
        }),
        expect.objectContaining({
          seq: 4,
          kind: 'release',
          reservationId: b.reservationId,
          amountMicros: 0.2 * USD,
        }),
        expect.objectContaining({
          seq: 5,
          kind: 'refund',
          generationId: 'gen-a',
          model: 'img',
          amountMicros: 0.35 * USD,
          note: 'failed: timeout',
        }),
        expect.objectContaining({ seq: 6, kind: 'adjust', amountMicros: 0, by: 'admin-1', userId: 'u1' }),
      ]);
      expect((await h.ledger.forMember(G, 'u2')).length).toBe(0);
    });

    it('keeps each guild’s ledger and quota apart', async () => {
      h = await openHarness({ backend });
      await h.quota.reserve({
        guildId: 'gA',
        userId: 'u1',
        roleIds: [],
        model: 'img',
        quoteMicros: 0.9 * USD,
      });
      expect(
        (
          await h.quota.reserve({
            guildId: 'gB',
            userId: 'u1',
            roleIds: [],
            model: 'img',
            quoteMicros: 0.9 * USD,
          })
        ).ok,
      ).toBe(true);
      expect(await h.ledger.latest('gA')).toHaveLength(1);
      expect(await h.ledger.latest('gB')).toHaveLength(1);
    });
  });
});
