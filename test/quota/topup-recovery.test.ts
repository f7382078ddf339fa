/**
 * Top-ups across a crash between any two of the quota's writes (SQLite: on Redis one EXEC writes
 * all of a change or none of it). A scenario of two credits, a charge drawing on the first, the
 * first's take-back after Discord refunded it, and the generation's refund is run once whole, then
 * again with the process dying at each write of each money step in turn, the step sent again after
 * the restart (the purchases' intake credits again at the next start what it has not consumed; a
 * take-back is sent again here as a caller that retries would): the ledger, the audit log and the
 * figures end the same, each change made once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { crash, crashingStore } from './crashing-store.ts';
import { closeHarnessesAfterEach, openHarness, type QuotaHarness, USD } from './harness.ts';

const G = 'guild1';
const u1 = { guildId: G, userId: 'u1', roleIds: [] as string[] };

closeHarnessesAfterEach();
afterEach(() => {
  crash.at = undefined;
});

interface Run {
  h: QuotaHarness;
  reservationId?: string;
}

/** The scenario's steps, in order; each is what a caller sends, and sends again after a failure. */
const STEPS: { name: string; step: (r: Run) => Promise<unknown> }[] = [
  {
    name: 'credit',
    step: (r) =>
      r.h.quota.creditTopup({ ...u1, entitlementId: 'ent-1', skuId: 'sku-coins', micros: 1 * USD }),
  },
  {
    name: 'reserve',
    step: async (r) => {
      // The allowance is $0.10: the top-up holds the rest.
      const reserved = await r.h.quota.reserve({ ...u1, model: 'img', quoteMicros: 0.5 * USD });
      if (!reserved.ok) throw new Error(`refused: ${reserved.reason}`);
      r.reservationId = reserved.reservationId;
    },
  },
  {
    name: 'settle',
    step: (r) => r.h.quota.settle(r.reservationId ?? '', { generationId: 'gen-1', chargedMicros: 0.5 * USD }),
  },
  {
    name: 'second credit',
    step: (r) =>
      r.h.quota.creditTopup({ ...u1, entitlementId: 'ent-2', skuId: 'sku-coins', micros: 0.3 * USD }),
  },
  {
    name: 'take-back',
    step: (r) => r.h.quota.takeBackTopup({ guildId: G, entitlementId: 'ent-1', note: 'refunded' }),
  },
  { name: 'refund', step: (r) => r.h.quota.refund('gen-1', 'failed') },
];

async function openRun(): Promise<Run> {
  return {
    h: await openHarness({ wrapStore: crashingStore, defaults: { micros: 0.1 * USD, period: 'daily' } }),
  };
}

/** What the scenario leaves: the member's figures, the server's, the ledger and the audit log. */
async function outcome({ h }: Run) {
  const entries = await h.ledger.latest(G, 1_000);
  return {
    summary: await h.quota.summary(u1),
    serverSpent: (await h.admin.guildOverview(G)).spentMicros,
    // Reservation ids are random: the rest of each entry.
    ledger: entries.map(({ reservationId: _, ...e }) => e),
    audit: (await h.admin.auditPage(G)).records.map(({ action, by, detail }) => ({ action, by, detail })),
  };
}

/** How many writes each step makes, in a run without a crash. */
async function writesPerStep(): Promise<Map<string, number>> {
  const r = await openRun();
  const counts = new Map<string, number>();
  for (const { name, step } of STEPS) {
    let n = 0;
    crash.at = () => {
      n += 1;
      return false;
    };
    await step(r);
    counts.set(name, n);
  }
  crash.at = undefined;
  await r.h.close();
  return counts;
}

describe('top-ups across a crash between two writes', () => {
  it('replays every interrupted step to the same ledger, audit log and figures', async () => {
    const reference = await openRun();
    for (const { step } of STEPS) await step(reference);
    const expected = await outcome(reference);
    // What the scenario comes to (topups.test.ts says why); here each crash must only end the same.
    // $1.30 credited and $0.40 of it spent; the $1 purchase refunded by Discord takes back the $0.90
    // left, $0.10 owed; the generation's refund then gives the top-up its $0.40 back, which first
    // pays the $0.10: the $0.30 of the purchase kept is left, nothing owed.
    expect(expected.summary).toMatchObject({ topupLeftMicros: 0.3 * USD });
    expect(expected.summary.topupOwedMicros ?? 0).toBe(0);
    expect(expected.audit.map((r) => r.action).sort()).toEqual([
      'topup-credit',
      'topup-credit',
      'topup-take-back',
    ]);
    await reference.h.close();

    const writes = await writesPerStep();
    let crashes = 0;
    for (const [index, { name, step }] of STEPS.entries()) {
      if (name === 'reserve') continue;
      for (let k = 1; k <= (writes.get(name) ?? 0); k++) {
        const r = await openRun();
        for (const earlier of STEPS.slice(0, index)) await earlier.step(r);
        let n = 0;
        crash.at = () => {
          n += 1;
          return n === k;
        };
        await expect(step(r), `${name}, write ${k}`).rejects.toThrow('simulated crash');
        await r.h.restart();
        // Its caller sends it again, then the scenario goes on.
        await step(r);
        for (const later of STEPS.slice(index + 1)) await later.step(r);
        expect(await outcome(r), `${name}, crash at write ${k}`).toEqual(expected);
        await r.h.close();
        crashes += 1;
      }
    }
    expect(crashes).toBeGreaterThan(15);
  });
});
