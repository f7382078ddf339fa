/**
 * A refusal's figures are the ones its decision used: what is left counts the requests admitted
 * ahead (acknowledged, not yet reserved), the takes it would cover are bounded by every limit that
 * applies, and asking again as the refusal advises passes the same check.
 */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/quota/decision.ts';
import type { ReserveRefusal } from '../../src/quota/service.ts';
import { BACKENDS, closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
const member = (userId: string) => ({ guildId: G, userId, roleIds: [] as string[] });
const image = (userId: string, count = 1) => ({
  ...member(userId),
  model: 'img',
  quoteMicros: 0.02 * USD,
  ...(count > 1 ? { count } : {}),
});

function refused(result: Awaited<ReturnType<QuotaHarness['quota']['reserve']>>): ReserveRefusal {
  if (result.ok) throw new Error('expected a refusal');
  return result;
}

let h: QuotaHarness;
closeHarnessesAfterEach();

describe.each(BACKENDS)('refusal figures on %s', (backend) => {
  it('counts a batch admitted ahead in what is left, and its advice is taken', async () => {
    // Room for 5 takes of $0.02; the in-flight cap out of the way.
    h = await openHarness({ backend, defaults: { micros: 0.1 * USD, period: 'daily' } });
    await h.admin.setInFlightCap(G, 20, 'admin');
    const first = await h.quota.admitAhead(image('u1', 4));
    if (!first.fits) throw new Error('expected the first batch admitted');
    // The second batch does not fit beside the first: it is reserved without an admission, and
    // its refusal says what its decision saw.
    expect((await h.quota.admitAhead(image('u1', 4))).fits).toBe(false);
    const second = refused(await h.quota.reserve(image('u1', 4)));
    expect(second).toMatchObject({
      reason: 'allowance',
      reservedMicros: 0.08 * USD,
      remainingMicros: 0.02 * USD,
      takesThatFit: 1,
    });
    expect((await h.quota.reserve(image('u1', 4), first.ticket)).ok).toBe(true);
    // The advice: count:1 fits; one more does not.
    expect((await h.quota.reserve(image('u1', second.takesThatFit))).ok).toBe(true);
    expect(refused(await h.quota.reserve(image('u1')))).toMatchObject({
      remainingMicros: 0,
      takesThatFit: 0,
    });
  });

  it('tells a burst of single requests what is left after the ones admitted ahead', async () => {
    h = await openHarness({ backend, defaults: { micros: 0.04 * USD, period: 'daily' } });
    const burst = await Promise.all(Array.from({ length: 5 }, () => h.quota.admitAhead(image('u1'))));
    expect(burst.filter((a) => a.fits)).toHaveLength(2);
    // The stored figures still show $0.04 left; the two admitted hold all of it.
    expect(refused(await h.quota.reserve(image('u1')))).toMatchObject({
      reason: 'allowance',
      remainingMicros: 0,
      reservedMicros: 0.04 * USD,
    });
  });

  it("tells every member the server budget's room after the batches admitted ahead", async () => {
    // A budget for 6 takes; each member's allowance is wide.
    h = await openHarness({ backend, defaults: { micros: 5 * USD, period: 'daily' } });
    await h.admin.setBudget(G, 0.12 * USD, 'admin');
    const admissions = await Promise.all(
      Array.from({ length: 10 }, (_, i) => h.quota.admitAhead(image(`m${i}`, 4))),
    );
    const admitted = admissions.flatMap((a, i) => (a.fits ? [{ i, ticket: a.ticket }] : []));
    expect(admitted).toHaveLength(1);
    const others = Array.from({ length: 10 }, (_, i) => i).filter((i) => i !== admitted[0]?.i);
    const refusals = await Promise.all(others.map((i) => h.quota.reserve(image(`m${i}`, 4))));
    for (const r of refusals) {
      const refusal = refused(r);
      expect(refusal.reason).toBe('budget');
      expect(refusal.budget).toMatchObject({ remainingMicros: 0.04 * USD, reservedMicros: 0.08 * USD });
      expect(refusal.takesThatFit).toBe(2);
    }
    const [first] = admitted;
    if (!first) throw new Error('expected one admitted');
    expect((await h.quota.reserve(image(`m${first.i}`, 4), first.ticket)).ok).toBe(true);
    // The advice, followed by the first to ask again, fits.
    expect((await h.quota.reserve(image(`m${others[0]}`, 2))).ok).toBe(true);
  });

  it('counts the takes of a batch admitted ahead against the in-flight cap', async () => {
    h = await openHarness({ backend, defaults: { micros: 5 * USD, period: 'daily' } });
    // The default cap is 3: a batch is admitted below it, and then holds 4 slots.
    const first = await h.quota.admitAhead(image('u1', 4));
    expect(first.fits).toBe(true);
    expect((await h.quota.admitAhead(image('u1', 4))).fits).toBe(false);
    expect(refused(await h.quota.reserve(image('u1', 4)))).toMatchObject({
      reason: 'in_flight',
      inFlight: 4,
      cap: 3,
    });
  });

  it('names the tighter limit when both refuse, so its takes fit both', async () => {
    // The allowance leaves 3 takes, the budget 2.
    h = await openHarness({ backend, defaults: { micros: 0.06 * USD, period: 'daily' } });
    await h.admin.setBudget(G, 0.04 * USD, 'admin');
    const refusal = refused(await h.quota.reserve(image('u1', 4)));
    expect(refusal).toMatchObject({ reason: 'budget', takesThatFit: 2 });
    expect((await h.quota.reserve(image('u1', refusal.takesThatFit))).ok).toBe(true);
  });
});

describe('the decision', () => {
  it('advises a count that its own check then admits, for any figures', () => {
    const none = { count: 0, micros: 0, guildMicros: 0 };
    for (let allowanceLeft = 0; allowanceLeft <= 100_000; allowanceLeft += 7_000) {
      for (const budgetLeft of [undefined, 0, 15_000, 33_000, 80_000]) {
        for (const aheadMicros of [0, 10_000, 40_000]) {
          for (let count = 1; count <= 4; count++) {
            const input = {
              figures: {
                allowanceMicros: 100_000,
                spentMicros: 100_000 - allowanceLeft,
                reservedMicros: 0,
                remainingMicros: allowanceLeft,
                resetsAt: null,
              },
              budget:
                budgetLeft === undefined
                  ? undefined
                  : {
                      budgetMicros: 200_000,
                      period: 'daily' as const,
                      spentMicros: 200_000 - budgetLeft,
                      reservedMicros: 0,
                      remainingMicros: budgetLeft,
                      resetsAt: null,
                    },
              inFlight: 0,
              cap: 10,
              ahead: { count: 1, micros: aheadMicros, guildMicros: aheadMicros },
              eachMicros: 10_000,
              count,
            };
            const refusal = decide(input);
            if (!refusal) continue;
            const left =
              refusal.reason === 'budget' ? refusal.budget?.remainingMicros : refusal.remainingMicros;
            // What it says is left is what bounds the takes it names.
            expect(refusal.takesThatFit).toBe(Math.min(count - 1, Math.floor((left ?? 0) / 10_000)));
            if (refusal.takesThatFit > 0) {
              expect(decide({ ...input, count: refusal.takesThatFit })).toBeUndefined();
            }
            expect(decide({ ...input, count: refusal.takesThatFit + 1 })).toBeDefined();
          }
        }
      }
    }
    // With nothing ahead and room for all, nothing is refused.
    expect(
      decide({
        figures: {
          allowanceMicros: 1,
          spentMicros: 0,
          reservedMicros: 0,
          remainingMicros: 1,
          resetsAt: null,
        },
        budget: undefined,
        inFlight: 0,
        cap: 1,
        ahead: none,
        eachMicros: 1,
        count: 1,
      }),
    ).toBeUndefined();
  });
});
