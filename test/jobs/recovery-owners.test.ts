/**
 * Recovery with several processes on one store: a submission another process saved is left alone
 * while that process runs (it may still be waiting to send the POST, and releasing its reservation
 * would let the generation go out unpaid), and resolved like any interrupted one once it is gone.
 */
import { describe, expect, it } from 'vitest';
import { IntentStore } from '../../src/jobs/intents.ts';
import type { SubmitterClient } from '../../src/jobs/submission.ts';
import { InProcessLock, type KeyedLock } from '../../src/locks.ts';
import { ServerError } from '../../src/media/errors.ts';
import { type Proc, recoveryOf, reserved, submitterOf, summaryOf, useWorld } from './helpers.ts';

const w = useWorld();

/** A process's recovery, as process `owner` sees the store, with `alive` telling who runs. */
function recoveryAs(proc: Proc, owner: string, alive: Set<string>, lock?: KeyedLock) {
  const intents = new IntentStore(proc.keyv, proc.lock, owner, async (o) => alive.has(o));
  const recovery = recoveryOf(w, proc, {
    intents,
    ownerAlive: async (o) => alive.has(o),
    ...(lock ? { lock } : {}),
  });
  return { intents, recovery };
}

describe('recovery of submissions another process saved', () => {
  it('leaves them while their process runs, and resolves them once it is gone', async () => {
    // Process A reserved and saved its intent; its POST waits for a turn.
    const intentsA = new IntentStore(w.proc.keyv, w.proc.lock, 'process-a');
    const input = await reserved(w.proc.quota, { prompt: 'still waiting in process A' });
    await intentsA.save({ input, startedAt: w.clock.now() });
    expect((await intentsA.get(input.reservationId))?.owner).toBe('process-a');

    // Process B starts (a rolling restart) and recovers what it finds.
    const b = await w.openProc();
    const intentsB = new IntentStore(b.keyv, b.lock, 'process-b');
    const alive = new Set(['process-a', 'process-b']);
    const recovery = recoveryOf(w, b, { intents: intentsB, ownerAlive: async (owner) => alive.has(owner) });
    const requestsBefore = w.sim.requests.length;
    expect(await recovery.recoverInterrupted()).toBe(0);
    // Untouched: not searched for, its reservation still held, its intent still there.
    expect(w.sim.requests.length).toBe(requestsBefore);
    expect((await summaryOf(b.quota)).reservedMicros).toBe(input.quotedMicros);
    expect(await intentsB.list()).toEqual([input.reservationId]);

    // A dies before sending: B's next recovery finds nothing at the service and releases the hold.
    alive.delete('process-a');
    expect(await recovery.recoverInterrupted()).toBe(0);
    expect((await summaryOf(b.quota)).reservedMicros).toBe(0);
    expect(await intentsB.list()).toEqual([]);
  });

  it('is resolved once when two processes recover a dead one at the same time', async () => {
    // Process A sent its POST and died before the answer: the generation exists, its job does not.
    const intentsA = new IntentStore(w.proc.keyv, w.proc.lock, 'process-a');
    const input = await reserved(w.proc.quota, { prompt: 'sent by A before it died' });
    const startedAt = w.clock.now();
    await intentsA.save({ input, startedAt });
    await w.client.createGeneration(input.request);

    // B and C both recover it at once, under the lock their store shares (Redis's on Redis).
    const alive = new Set(['process-b', 'process-c']);
    const lock = new InProcessLock();
    const b = recoveryAs(await w.openProc(), 'process-b', alive, lock);
    const c = recoveryAs(await w.openProc(), 'process-c', alive, lock);
    const adopted = await Promise.all([b.recovery.recoverInterrupted(), c.recovery.recoverInterrupted()]);
    expect(adopted[0] + adopted[1]).toBe(1);
    expect(await b.intents.list()).toEqual([]);
    expect(await summaryOf(w.proc.quota)).toMatchObject({
      spentMicros: input.quotedMicros,
      reservedMicros: 0,
    });
  });

  it("never adopts the generation of another running process's identical submission still in progress", async () => {
    const prompt = 'the same prompt in two processes';
    // B (running) sent its POST; the service created the generation, and B has not recorded it yet.
    const bInput = await reserved(w.proc.quota, { prompt, userId: 'member-b' });
    await new IntentStore(w.proc.keyv, w.proc.lock, 'process-b').save({
      input: bInput,
      startedAt: w.clock.now(),
    });
    await w.client.createGeneration(bInput.request);
    // A (dead) had the same request, never sent.
    const aInput = await reserved(w.proc.quota, { prompt, userId: 'member-a' });
    await new IntentStore(w.proc.keyv, w.proc.lock, 'process-a').save({
      input: aInput,
      startedAt: w.clock.now(),
    });

    // C recovers A's submission: the generation matches, but it may be B's, so it waits.
    const alive = new Set(['process-b', 'process-c']);
    const proc = await w.openProc();
    const c = recoveryAs(proc, 'process-c', alive);
    expect(await c.recovery.recoverInterrupted()).toBe(0);
    expect((await summaryOf(proc.quota, 'member-a')).reservedMicros).toBe(aInput.quotedMicros);
    expect((await c.intents.list()).sort()).toEqual([aInput.reservationId, bInput.reservationId].sort());

    // B dies too: nothing of either runs any more, and the one generation is adopted once.
    alive.delete('process-b');
    expect(await c.recovery.recoverInterrupted()).toBe(1);
    expect(await c.intents.list()).toEqual([]);
  });

  it("leaves a lost answer unconfirmed rather than adopt another running process's identical submission", async () => {
    const prompt = 'the same prompt, answer lost in A';
    // B (running) sent its POST and the service created the generation; B has not recorded it yet.
    const bInput = await reserved(w.proc.quota, { prompt, userId: 'member-b' });
    await new IntentStore(w.proc.keyv, w.proc.lock, 'process-b').save({
      input: bInput,
      startedAt: w.clock.now(),
    });
    await w.client.createGeneration(bInput.request);
    // A's POST of the same request fails without creating anything, so A searches.
    const alive = new Set(['process-a', 'process-b']);
    const intents = new IntentStore(w.proc.keyv, w.proc.lock, 'process-a', async (o) => alive.has(o));
    const failing: SubmitterClient = {
      createGeneration: async () => {
        throw new ServerError('POST /generations answered 500', { status: 500 });
      },
      listGenerations: (q, opts) => w.client.listGenerations(q, opts),
    };
    const a = submitterOf(w, { ...w.proc, intents }, { client: failing });
    const outcome = await a.submit(await reserved(w.proc.quota, { prompt, userId: 'member-a' }));
    expect(outcome.kind).toBe('unconfirmed');
    expect(await w.proc.jobs.open()).toEqual([]);
  });
});
