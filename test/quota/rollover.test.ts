import { describe, expect, it } from 'vitest';
import type { Period } from '../../src/quota/periods.ts';
import { BACKENDS, closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
const u1 = { guildId: G, userId: 'u1', roleIds: [] as string[] };

let h: QuotaHarness;
closeHarnessesAfterEach();

async function spend(micros: number, generationId: string): Promise<void> {
  const r = await h.quota.reserve({ ...u1, model: 'img', quoteMicros: micros });
  if (!r.ok) throw new Error(`reservation refused: ${r.reason}`);
  await h.quota.settle(r.reservationId, { generationId, chargedMicros: micros });
  await h.quota.finish(generationId);
}
describe.each(BACKENDS)('quota on %s', (backend) => {
  async function withPeriod(period: Period, start: string): Promise<void> {
    h = await openHarness({ backend, start, defaults: { micros: 1 * USD, period } });
  }

  describe('period rollover at the UTC boundary', () => {
    it('gives a daily allowance back at 00:00 UTC, not a millisecond before', async () => {
      await withPeriod('daily', '2024-05-15T08:00:00.000Z');
      await spend(0.8 * USD, 'g1');
      h.clock.set('2024-05-15T23:59:59.999Z');
      expect(await h.quota.summary(u1)).toMatchObject({
        spentMicros: 0.8 * USD,
        remainingMicros: 0.2 * USD,
        resetsAt: new Date('2024-05-16T00:00:00.000Z'),
      });
      h.clock.set('2024-05-16T00:00:00.000Z');
      expect(await h.quota.summary(u1)).toMatchObject({
        spentMicros: 0,
        remainingMicros: 1 * USD,
        resetsAt: new Date('2024-05-17T00:00:00.000Z'),
      });
    });

    it('keeps a weekly allowance spent until Monday 00:00 UTC', async () => {
      await withPeriod('weekly', '2024-05-15T08:00:00.000Z'); // a Wednesday
      await spend(0.8 * USD, 'g1');
      h.clock.set('2024-05-19T23:59:59.999Z'); // Sunday
      expect(await h.quota.summary(u1)).toMatchObject({
        period: 'weekly',
        spentMicros: 0.8 * USD,
        resetsAt: new Date('2024-05-20T00:00:00.000Z'),
      });
      h.clock.set('2024-05-20T00:00:00.000Z'); // Monday
      expect(await h.quota.summary(u1)).toMatchObject({ spentMicros: 0, remainingMicros: 1 * USD });
    });

    it('keeps a monthly allowance spent until the 1st of the next month', async () => {
      await withPeriod('monthly', '2024-05-01T00:00:00.000Z');
      await spend(0.5 * USD, 'g1');
      h.clock.set('2024-05-20T10:00:00.000Z');
      await spend(0.3 * USD, 'g2');
      h.clock.set('2024-05-31T23:59:59.999Z');
      expect(await h.quota.summary(u1)).toMatchObject({
        spentMicros: 0.8 * USD,
        resetsAt: new Date('2024-06-01T00:00:00.000Z'),
      });
      h.clock.set('2024-06-01T00:00:00.000Z');
      expect(await h.quota.summary(u1)).toMatchObject({ spentMicros: 0, remainingMicros: 1 * USD });
    });

    it('never resets a total allowance, even more than a year later', async () => {
      await withPeriod('total', '2024-05-15T08:00:00.000Z');
      await spend(0.8 * USD, 'g1');
      h.clock.set('2025-09-01T00:00:00.000Z');
      expect(await h.quota.summary(u1)).toMatchObject({
        period: 'total',
        spentMicros: 0.8 * USD,
        remainingMicros: 0.2 * USD,
        resetsAt: null,
      });
      const refused = await h.quota.reserve({ ...u1, model: 'img', quoteMicros: 0.3 * USD });
      expect(refused).toMatchObject({ ok: false, reason: 'allowance', resetsAt: null });
    });

    it('charges a reservation made before midnight to the day it was made', async () => {
      await withPeriod('daily', '2024-05-15T23:59:00.000Z');
      const r = await h.quota.reserve({ ...u1, model: 'img', quoteMicros: 0.6 * USD });
      if (!r.ok) throw new Error('expected a reservation');
      h.clock.set('2024-05-16T00:01:00.000Z');
      // The open reservation belongs to yesterday: today's allowance is whole.
      expect(await h.quota.summary(u1)).toMatchObject({
        reservedMicros: 0,
        remainingMicros: 1 * USD,
        inFlight: 1,
      });
      await h.quota.settle(r.reservationId, { generationId: 'g1', chargedMicros: 0.6 * USD });
      expect(await h.quota.summary(u1)).toMatchObject({ spentMicros: 0, remainingMicros: 1 * USD });
      const [charge] = await h.ledger.forMember(G, 'u1', 1);
      expect(charge).toMatchObject({ kind: 'charge', day: '2024-05-15', at: '2024-05-16T00:01:00.000Z' });
      // A refund arriving today gives back yesterday's spend, not extra room today.
      await h.quota.refund('g1');
      expect((await h.quota.summary(u1)).remainingMicros).toBe(1 * USD);
      const yesterday = await h.ledger.forPeriod(G, 'daily', new Date('2024-05-15T12:00:00.000Z'));
      expect(yesterday.map((e) => e.kind)).toEqual(['refund', 'charge', 'reserve']);
      expect(await h.ledger.forPeriod(G, 'daily')).toEqual([]);
    });

    it('resets the server budget with the default period', async () => {
      h = await openHarness({
        backend,
        start: '2024-05-15T20:00:00.000Z',
        defaults: { micros: 5 * USD, period: 'daily' },
      });
      await h.admin.setBudget(G, 1 * USD, 'admin');
      await spend(1 * USD, 'g1');
      expect(await h.quota.reserve({ ...u1, model: 'img', quoteMicros: 0.1 * USD })).toMatchObject({
        ok: false,
        reason: 'budget',
      });
      h.clock.set('2024-05-16T00:00:00.000Z');
      expect((await h.quota.reserve({ ...u1, model: 'img', quoteMicros: 0.1 * USD })).ok).toBe(true);
    });
  });
});
