import { describe, expect, it } from 'vitest';
import { BACKENDS, closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
const member = (userId: string) => ({ guildId: G, userId, roleIds: [] as string[] });

let h: QuotaHarness;
closeHarnessesAfterEach();
describe.each(BACKENDS)('quota on %s', (backend) => {
  describe('reserve', () => {
    it('lets exactly 3 of 50 simultaneous $0.30 reservations through a $1.00 allowance', async () => {
      h = await openHarness({ backend });
      await h.admin.setInFlightCap(G, 100, 'admin');
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.3 * USD }),
        ),
      );
      const ok = results.filter((r) => r.ok);
      expect(ok).toHaveLength(3);
      expect(results.filter((r) => !r.ok && r.reason === 'allowance')).toHaveLength(47);
      const summary = await h.quota.summary(member('u1'));
      expect(summary.reservedMicros).toBe(0.9 * USD);
      expect(summary.remainingMicros).toBe(0.1 * USD);
    });

    it('keeps a server budget exact when several members reserve at the same time', async () => {
      // Each member could spend $5.00; the server as a whole only $1.00.
      h = await openHarness({ backend, defaults: { micros: 5 * USD, period: 'daily' } });
      await h.admin.setBudget(G, 1 * USD, 'admin');
      await h.admin.setInFlightCap(G, 100, 'admin');
      const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
      // Interleaved, so the winners are spread over the members.
      const results = await Promise.all(
        Array.from({ length: 10 }, () => users).flatMap((round) =>
          round.map((u) => h.quota.reserve({ ...member(u), model: 'img', quoteMicros: 0.25 * USD })),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(4);
      const denied = results.filter((r) => !r.ok);
      expect(denied.every((r) => !r.ok && r.reason === 'budget')).toBe(true);
      const overview = await h.admin.guildOverview(G);
      expect(overview.reservedMicros).toBe(1 * USD);
      expect(overview.remainingMicros).toBe(0);
    });

    it('counts charged spend of other members against the server budget', async () => {
      h = await openHarness({ backend });
      await h.admin.setBudget(G, 1 * USD, 'admin');
      const a = await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.6 * USD });
      if (!a.ok) throw new Error('expected a reservation');
      await h.quota.settle(a.reservationId, { generationId: 'gen-a', chargedMicros: 0.7 * USD });
      const b = await h.quota.reserve({ ...member('u2'), model: 'img', quoteMicros: 0.4 * USD });
      expect(b).toMatchObject({
        ok: false,
        reason: 'budget',
        remainingMicros: 1 * USD,
        budget: {
          budgetMicros: 1 * USD,
          spentMicros: 0.7 * USD,
          remainingMicros: 0.3 * USD,
          period: 'daily',
        },
      });
      expect((await h.quota.reserve({ ...member('u2'), model: 'img', quoteMicros: 0.3 * USD })).ok).toBe(
        true,
      );
    });

    it('tells a refused member the allowance, spent, reserved, remaining and reset time', async () => {
      h = await openHarness({ backend, start: '2024-05-15T12:00:00.000Z' });
      const a = await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.5 * USD });
      if (!a.ok) throw new Error('expected a reservation');
      await h.quota.settle(a.reservationId, { generationId: 'gen-a', chargedMicros: 0.4 * USD });
      await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.2 * USD });
      const refused = await h.quota.reserve({ ...member('u1'), model: 'vid', quoteMicros: 0.5 * USD });
      expect(refused).toEqual({
        ok: false,
        reason: 'allowance',
        allowanceMicros: 1 * USD,
        spentMicros: 0.4 * USD,
        reservedMicros: 0.2 * USD,
        remainingMicros: 0.4 * USD,
        resetsAt: new Date('2024-05-16T00:00:00.000Z'),
        takesThatFit: 0,
      });
    });

    it('refuses a fourth generation in flight and admits it once one finishes', async () => {
      h = await openHarness({ backend });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.1 * USD });
        if (!r.ok) throw new Error('expected a reservation');
        ids.push(r.reservationId);
      }
      expect(await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.1 * USD })).toMatchObject({
        ok: false,
        reason: 'in_flight',
        inFlight: 3,
        cap: 3,
      });
      // Settled but not finished: still in flight.
      await h.quota.settle(ids[0] as string, { generationId: 'gen-0', chargedMicros: 0.1 * USD });
      expect((await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.1 * USD })).ok).toBe(
        false,
      );
      expect(await h.quota.finish('gen-0')).toEqual({ finished: true });
      expect((await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.1 * USD })).ok).toBe(
        true,
      );
      // Another member has slots of their own.
      expect((await h.quota.reserve({ ...member('u2'), model: 'img', quoteMicros: 0.1 * USD })).ok).toBe(
        true,
      );
    });

    it('frees the in-flight slot of a refunded generation and of a released reservation', async () => {
      h = await openHarness({ backend });
      await h.admin.setInFlightCap(G, 1, 'admin');
      const a = await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.1 * USD });
      if (!a.ok) throw new Error('expected a reservation');
      await h.quota.settle(a.reservationId, { generationId: 'gen-a', chargedMicros: 0.1 * USD });
      expect((await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.1 * USD })).ok).toBe(
        false,
      );
      await h.quota.refund('gen-a');
      const b = await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.1 * USD });
      if (!b.ok) throw new Error('expected a reservation');
      await h.quota.release(b.reservationId);
      expect((await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.1 * USD })).ok).toBe(
        true,
      );
    });

    it('gives a released reservation back once, however often it is released', async () => {
      h = await openHarness({ backend });
      const r = await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.7 * USD });
      if (!r.ok) throw new Error('expected a reservation');
      expect((await h.quota.summary(member('u1'))).remainingMicros).toBe(0.3 * USD);
      expect(await h.quota.release(r.reservationId, 'submission failed')).toEqual({
        releasedMicros: 0.7 * USD,
        alreadyClosed: false,
      });
      expect(await h.quota.release(r.reservationId)).toEqual({ releasedMicros: 0, alreadyClosed: true });
      await h.restart();
      expect(await h.quota.release(r.reservationId)).toEqual({ releasedMicros: 0, alreadyClosed: true });
      const summary = await h.quota.summary(member('u1'));
      expect(summary).toMatchObject({
        spentMicros: 0,
        reservedMicros: 0,
        remainingMicros: 1 * USD,
        inFlight: 0,
      });
      const kinds = (await h.ledger.forMember(G, 'u1')).map((e) => [e.kind, e.amountMicros, e.note]);
      expect(kinds).toEqual([
        ['release', 0.7 * USD, 'submission failed'],
        ['reserve', 0.7 * USD, undefined],
      ]);
    });

    it('releases a reservation left open past its time to live, and still charges a late settle', async () => {
      h = await openHarness({ backend, reservationTtlMs: 15 * 60_000 });
      const r = await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.5 * USD });
      if (!r.ok) throw new Error('expected a reservation');
      h.clock.advance(16 * 60_000);
      const summary = await h.quota.summary(member('u1'));
      expect(summary).toMatchObject({ reservedMicros: 0, inFlight: 0, remainingMicros: 1 * USD });
      const [expired] = await h.ledger.forMember(G, 'u1', 1);
      expect(expired).toMatchObject({
        kind: 'release',
        amountMicros: 0.5 * USD,
        reservationId: r.reservationId,
      });
      // The service did take it after all: its price is what the balance paid.
      expect(
        await h.quota.settle(r.reservationId, { generationId: 'late', chargedMicros: 0.5 * USD }),
      ).toEqual({
        chargedMicros: 0.5 * USD,
        alreadySettled: false,
      });
      expect(await h.quota.summary(member('u1'))).toMatchObject({
        spentMicros: 0.5 * USD,
        reservedMicros: 0,
      });
    });

    it('says whether a reservation would fit, by the same rules, without writing anything', async () => {
      h = await openHarness({ backend, defaults: { micros: 1 * USD, period: 'daily' } });
      await h.admin.setBudget(G, 0.5 * USD, 'admin');
      const ask = (userId: string, usd: number) =>
        h.quota.wouldFit({ ...member(userId), model: 'img', quoteMicros: usd * USD });
      const ledgerBefore = (await h.ledger.latest(G)).length;
      expect(await ask('u1', 0.3)).toBe(true);
      // Beyond the server's budget, and beyond the member's allowance.
      expect(await ask('u1', 0.6)).toBe(false);
      expect(await h.quota.wouldFit({ ...member('u1'), model: 'img', quoteMicros: 1.2 * USD })).toBe(false);
      expect(await h.ledger.latest(G)).toHaveLength(ledgerBefore);
      expect((await h.quota.summary(member('u1'))).reservedMicros).toBe(0);
      // It counts what others hold: after u2 reserves $0.30, u1's $0.30 no longer fits the budget.
      expect((await h.quota.reserve({ ...member('u2'), model: 'img', quoteMicros: 0.3 * USD })).ok).toBe(
        true,
      );
      expect(await ask('u1', 0.3)).toBe(false);
      expect(await ask('u1', 0.2)).toBe(true);
    });

    it('says a member at the in-flight cap would not fit', async () => {
      h = await openHarness({ backend });
      await h.admin.setInFlightCap(G, 1, 'admin');
      expect((await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.01 * USD })).ok).toBe(
        true,
      );
      expect(await h.quota.wouldFit({ ...member('u1'), model: 'img', quoteMicros: 0.01 * USD })).toBe(false);
      expect(await h.quota.wouldFit({ ...member('u2'), model: 'img', quoteMicros: 0.01 * USD })).toBe(true);
    });

    it('admits ahead no more requests of a burst than the allowance holds, until each is done', async () => {
      h = await openHarness({ backend, defaults: { micros: 0.04 * USD, period: 'daily' } });
      const input = { ...member('u1'), model: 'img', quoteMicros: 0.02 * USD };
      const burst = await Promise.all(Array.from({ length: 10 }, () => h.quota.admitAhead(input)));
      const admitted = burst.filter((a) => a.fits);
      expect(admitted).toHaveLength(2);
      // What is admitted ahead counts for the plain check too, and for the server's budget.
      expect(await h.quota.wouldFit(input)).toBe(false);
      for (const a of admitted) if (a.fits) a.ticket.done();
      expect(await h.quota.wouldFit(input)).toBe(true);
      // A reservation counts only what is recorded: the request admitted ahead reserves its own room.
      const again = await h.quota.admitAhead(input);
      if (!again.fits) throw new Error('expected room for one');
      // Another request, refused by the fit check, cannot take through the lock the room admitted.
      const other = await h.quota.admitAhead(input);
      expect(other.fits).toBe(true);
      if (!other.fits) return;
      const third = await h.quota.reserve(input);
      expect(third.ok).toBe(false);
      // Each admitted request reserves its own room, and leaves the count as it does.
      expect((await h.quota.reserve(input, again.ticket)).ok).toBe(true);
      expect((await h.quota.reserve(input, other.ticket)).ok).toBe(true);
      expect(await h.quota.wouldFit(input)).toBe(false);
      expect((await h.quota.summary(member('u1'))).reservedMicros).toBe(0.04 * USD);
    });

    it('counts a request admitted ahead whose reservation is applied while the figures are read', async () => {
      h = await openHarness({ backend, defaults: { micros: 0.02 * USD, period: 'daily' } });
      // One image fits. However the check and the reservation interleave, the check never admits
      // a second: the first is in the figures it read, or in the count, or in both.
      for (let round = 0; round < 10; round++) {
        const userId = `r${round}`;
        const input = { ...member(userId), model: 'img', quoteMicros: 0.02 * USD };
        const first = await h.quota.admitAhead(input);
        if (!first.fits) throw new Error('expected room for one');
        const [reserved, second] = await Promise.all([
          h.quota.reserve(input, first.ticket),
          h.quota.admitAhead(input),
        ]);
        expect(reserved.ok).toBe(true);
        expect(second.fits).toBe(false);
      }
    });

    it('counts requests admitted ahead against the in-flight cap and the server budget', async () => {
      h = await openHarness({ backend });
      await h.admin.setInFlightCap(G, 1, 'admin');
      await h.admin.setBudget(G, 0.03 * USD, 'admin');
      const one = await h.quota.admitAhead({ ...member('u1'), model: 'img', quoteMicros: 0.02 * USD });
      expect(one.fits).toBe(true);
      // u1 is at its cap of 1 with the one admitted; u2 would pass the cap but not the budget.
      expect(await h.quota.wouldFit({ ...member('u1'), model: 'img', quoteMicros: 0.001 * USD })).toBe(false);
      expect(await h.quota.wouldFit({ ...member('u2'), model: 'img', quoteMicros: 0.02 * USD })).toBe(false);
      expect(await h.quota.wouldFit({ ...member('u2'), model: 'img', quoteMicros: 0.01 * USD })).toBe(true);
      if (one.fits) {
        one.ticket.done();
        one.ticket.done(); // once only
      }
      expect(await h.quota.wouldFit({ ...member('u2'), model: 'img', quoteMicros: 0.03 * USD })).toBe(true);
    });

    it('reserves a batch as a whole or not at all, and settles or releases each take on its own', async () => {
      h = await openHarness({ backend });
      // $1.00 allowance: 4 takes of $0.30 do not fit (2 would not be reserved either), 3 do.
      const four = await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.3 * USD, count: 4 });
      expect(four).toMatchObject({ ok: false, reason: 'allowance', reservedMicros: 0 });
      expect((await h.quota.summary(member('u1'))).reservedMicros).toBe(0);
      const three = await h.quota.reserve({
        ...member('u1'),
        model: 'img',
        quoteMicros: 0.3 * USD,
        count: 3,
      });
      if (!three.ok) throw new Error('expected the batch reserved');
      expect(new Set(three.reservationIds).size).toBe(3);
      expect(three.reservationId).toBe(three.reservationIds[0]);
      expect((await h.quota.summary(member('u1'))).reservedMicros).toBe(0.9 * USD);
      const [a, b, c] = three.reservationIds as [string, string, string];
      await h.quota.settle(a, { generationId: 'gen-a', chargedMicros: 0.25 * USD });
      await h.quota.release(b, 'not sent');
      await h.quota.settle(c, { generationId: 'gen-c', chargedMicros: 0.3 * USD });
      await h.quota.refund('gen-c', 'failed');
      const summary = await h.quota.summary(member('u1'));
      expect(summary).toMatchObject({ reservedMicros: 0, spentMicros: 0.25 * USD, inFlight: 1 });
    });

    it('admits a batch while the member is below the in-flight cap, then counts each take', async () => {
      h = await openHarness({ backend, defaults: { micros: 5 * USD, period: 'daily' } });
      const batch = await h.quota.reserve({
        ...member('u1'),
        model: 'img',
        quoteMicros: 0.1 * USD,
        count: 4,
      });
      expect(batch.ok).toBe(true);
      const next = await h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.1 * USD });
      expect(next).toMatchObject({ ok: false, reason: 'in_flight', inFlight: 4, cap: 3 });
    });

    it('keeps a batch within the server budget as a whole', async () => {
      h = await openHarness({ backend, defaults: { micros: 5 * USD, period: 'daily' } });
      await h.admin.setBudget(G, 1 * USD, 'admin');
      const batch = await h.quota.reserve({
        ...member('u1'),
        model: 'img',
        quoteMicros: 0.3 * USD,
        count: 4,
      });
      expect(batch).toMatchObject({ ok: false, reason: 'budget' });
      expect((await h.admin.guildOverview(G)).reservedMicros).toBe(0);
    });

    it('rejects amounts that are not integer micro-USD', async () => {
      h = await openHarness({ backend });
      await expect(h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: 0.5 })).rejects.toThrow(
        RangeError,
      );
      await expect(h.quota.reserve({ ...member('u1'), model: 'img', quoteMicros: -1 })).rejects.toThrow(
        RangeError,
      );
    });
  });
});
