import { describe, expect, it, vi } from 'vitest';
import { SendLine } from '../../src/jobs/send-line.ts';
import type { SubmitterClient } from '../../src/jobs/submission.ts';
import { type SendCapacity, Submitter, type WaitProgress } from '../../src/jobs/submitter.ts';
import { silentLogger } from '../../src/log.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { ALICE, BOB, deferred, ledgerOf, logger, posts, reserved, summaryOf, useWorld } from './helpers.ts';

const CAROL = '1300000000000000012';

const w = useWorld();

/**
 * A client whose first POST is held after the service answered it, until `release`: the one
 * slot of the fair queue stays taken, so every later submission waits its turn.
 */
function heldClient() {
  const held = deferred();
  let calls = 0;
  const client: SubmitterClient = {
    async createGeneration(req, opts) {
      calls += 1;
      const created = await w.client.createGeneration(req, opts);
      if (calls === 1) await held.promise;
      return created;
    },
    listGenerations: (q, opts) => w.client.listGenerations(q, opts),
  };
  return { client, release: () => held.resolve() };
}

/**
 * 60 requests a minute, none free, 12 of the last minute's status checks: each submission ahead
 * costs 1 s of budget, 1.25 s with the polls' share.
 */
const busy: SendCapacity = { limit: 60, windowMs: 60_000, available: () => 0, recentPolls: () => 12 };

function submitterWith(client: SubmitterClient, capacity = busy) {
  return new Submitter({
    client,
    jobs: w.proc.jobs,
    intents: w.proc.intents,
    quota: w.proc.quota,
    clock: w.clock,
    logger,
    concurrency: 1,
    capacity,
  });
}

/** Lets promise chains run (a few turns of the microtask queue and one of the event loop). */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a submission waiting for its turn', () => {
  it('is told its place in the order the fair queue sends, each time that place changes, then that it is being sent', async () => {
    const { client, release } = heldClient();
    const submitter = submitterWith(client);
    const input = (prompt: string, userId: string) => reserved(w.proc.quota, { prompt, userId });
    const first = submitter.submit(await input('first', ALICE));
    await turn();
    const reports = new Map<string, WaitProgress[]>();
    const submit = async (name: string, userId: string) => {
      const list: WaitProgress[] = [];
      reports.set(name, list);
      const queued = deferred();
      const before = w.clock.now();
      const outcome = submitter.submit(await input(name, userId), (p) => {
        list.push(p);
        queued.resolve();
      });
      await queued.promise;
      return { outcome, before };
    };
    const b = await submit('alice-2', ALICE);
    const c = await submit('bob-1', BOB);
    const d = await submit('alice-3', ALICE);
    // Bob's turn comes before Alice's third request, and so does Carol's, who asks last.
    expect(reports.get('alice-3')?.map((p) => p.ahead)).toEqual([2]);
    const e = await submit('carol-1', CAROL);
    expect(reports.get('alice-3')?.map((p) => p.ahead)).toEqual([2, 3]);
    expect(reports.get('carol-1')?.map((p) => p.ahead)).toEqual([2]);
    // One request is taken (the first) and two wait ahead: its own is the fourth of the budget,
    // 1 s each at 60 a minute, slowed by a fifth for the status checks' share.
    const [carol] = reports.get('carol-1') ?? [];
    expect(carol?.cancellable).toBe(true);
    expect(carol?.sendAt).toBeGreaterThanOrEqual(e.before + 5_000);
    expect(carol?.sendAt).toBeLessThanOrEqual(w.clock.now() + 5_000);

    release();
    for (const s of [first, b.outcome, c.outcome, d.outcome, e.outcome])
      expect((await s).kind).toBe('submitted');
    expect(reports.get('alice-3')?.map((p) => [p.ahead, p.cancellable])).toEqual([
      [2, true],
      [3, true],
      [2, true],
      [1, true],
      [0, true],
      [0, false],
    ]);
    expect(posts(w.sim).map((r) => (r.body as { prompt: string }).prompt)).toEqual([
      'first',
      'alice-2',
      'bob-1',
      'carol-1',
      'alice-3',
    ]);
  });

  it('expects to be sent at once when the budget has room for everything ahead', async () => {
    const { client, release } = heldClient();
    const submitter = submitterWith(client, { ...busy, available: () => 10 });
    const first = submitter.submit(await reserved(w.proc.quota, { prompt: 'first' }));
    await turn();
    const reports: WaitProgress[] = [];
    const queued = deferred();
    const second = submitter.submit(await reserved(w.proc.quota, { prompt: 'second', userId: BOB }), (p) => {
      reports.push(p);
      queued.resolve();
    });
    await queued.promise;
    expect(reports[0]?.ahead).toBe(0);
    expect(reports[0]?.sendAt).toBeLessThanOrEqual(w.clock.now());
    release();
    await first;
    await second;
  });

  it('cancelled by its member before it is sent: never sent, its reservation released, nothing left for recovery', async () => {
    const { client, release } = heldClient();
    const submitter = submitterWith(client);
    const first = submitter.submit(await reserved(w.proc.quota, { prompt: 'first' }));
    await turn();
    const input = await reserved(w.proc.quota, { prompt: 'waiting', userId: BOB });
    const shown = deferred<WaitProgress>();
    const outcome = submitter.submit(input, (p) => shown.resolve(p));
    expect((await shown.promise).cancellable).toBe(true);
    expect(await summaryOf(w.proc.quota, BOB)).toMatchObject({ reservedMicros: 20_000 });

    expect(await submitter.cancel(input.reservationId, ALICE)).toEqual({ kind: 'not_yours' });
    // Another process (the one after a restart) does not hold it: no longer waiting there.
    expect(await submitterWith(w.client).cancel(input.reservationId, BOB)).toEqual({ kind: 'not_waiting' });
    expect(await submitter.cancel(input.reservationId, BOB)).toEqual({
      kind: 'cancelled',
      quotedMicros: input.quotedMicros,
      released: true,
    });
    expect(await outcome).toEqual({ kind: 'cancelled', released: true });
    expect(await summaryOf(w.proc.quota, BOB)).toMatchObject({
      reservedMicros: 0,
      spentMicros: 0,
      inFlight: 0,
    });
    expect(await w.proc.intents.list()).not.toContain(input.reservationId);
    // Pressed again, or after it is gone (a restart): no longer waiting.
    expect(await submitter.cancel(input.reservationId, BOB)).toEqual({ kind: 'not_waiting' });

    release();
    expect((await first).kind).toBe('submitted');
    expect(posts(w.sim).map((r) => (r.body as { prompt: string }).prompt)).toEqual(['first']);
    const ledger = await ledgerOf(w.proc.ledger);
    expect(ledger.filter((e) => e.reservationId === input.reservationId).map((e) => e.kind)).toEqual([
      'reserve',
      'release',
    ]);
  });

  it('cancelled at any moment around its send: exactly one of the cancel and the send wins', async () => {
    const seen = new Set<string>();
    for (let delay = 0; delay <= 12; delay++) {
      // Two members a round, so that no member's in-flight limit refuses a reservation.
      const [someone, member] = [0, 1].map((n) => String(1300000000000000100n + BigInt(2 * delay + n)));
      const { client, release } = heldClient();
      const submitter = submitterWith(client);
      const first = submitter.submit(
        await reserved(w.proc.quota, { prompt: `first ${delay}`, userId: someone }),
      );
      await turn();
      const input = await reserved(w.proc.quota, { prompt: `raced ${delay}`, userId: member });
      const queued = deferred();
      const outcome = submitter.submit(input, () => queued.resolve());
      await queued.promise;
      // The slot frees a few microtasks after the release; the cancel comes `delay` microtasks later.
      release();
      for (let i = 0; i < delay; i++) await Promise.resolve();
      const cancel = await submitter.cancel(input.reservationId, member as string);
      const result = await outcome;
      await first;
      const sent = posts(w.sim).some((r) => (r.body as { prompt: string }).prompt === `raced ${delay}`);
      if (cancel.kind === 'cancelled') {
        expect(result.kind).toBe('cancelled');
        expect(sent).toBe(false);
        expect(await summaryOf(w.proc.quota, member)).toMatchObject({ reservedMicros: 0, spentMicros: 0 });
      } else {
        expect(cancel).toEqual({ kind: 'sending' });
        expect(result.kind).toBe('submitted');
        expect(sent).toBe(true);
      }
      seen.add(cancel.kind);
    }
    // Both sides of the race were exercised.
    expect([...seen].sort()).toEqual(['cancelled', 'sending']);
  });

  it('refuses to cancel a request already sent, and one that finished', async () => {
    const posting = deferred();
    const client: SubmitterClient = {
      createGeneration: (req, opts) => {
        posting.resolve();
        return w.client.createGeneration(req, opts);
      },
      listGenerations: (q, opts) => w.client.listGenerations(q, opts),
    };
    const submitter = submitterWith(client, { ...busy, available: () => 10 });
    const input = await reserved(w.proc.quota, { prompt: 'quick' });
    const outcome = submitter.submit(input);
    await posting.promise;
    // Taken at once (a free slot): on its way, not cancellable.
    expect(await submitter.cancel(input.reservationId, ALICE)).toEqual({ kind: 'sending' });
    expect((await outcome).kind).toBe('submitted');
    expect(await submitter.cancel(input.reservationId, ALICE)).toEqual({ kind: 'not_waiting' });
    expect(posts(w.sim)).toHaveLength(1);
  });
});

describe('the expected send time', () => {
  // Time stands still: nothing sleeps long enough to wake.
  const clock = new ManualClock(1_000_000);
  const line = (capacity: SendCapacity) => new SendLine(1, { clock, logger: silentLogger, capacity });

  it('gives submissions what the last window’s status checks left of the budget', () => {
    // 60 a minute: 1 s a request; with 30 polls of 60, submissions get one request in two.
    expect(
      line({ limit: 60, windowMs: 60_000, available: () => 0, recentPolls: () => 0 }).estimateSendAt(2),
    ).toBe(1_000_000 + 3_000);
    expect(
      line({ limit: 60, windowMs: 60_000, available: () => 0, recentPolls: () => 30 }).estimateSendAt(2),
    ).toBe(1_000_000 + 6_000);
  });

  it('never counts on less than the share the limiter guarantees, nor on more than the whole budget', () => {
    // Every request of the last minute a poll: still one in two for submissions (one overtake).
    expect(
      line({ limit: 60, windowMs: 60_000, available: () => 0, recentPolls: () => 60 }).estimateSendAt(0),
    ).toBe(1_000_000 + 2_000);
    // What is free now goes at once.
    expect(
      line({ limit: 60, windowMs: 60_000, available: () => 3, recentPolls: () => 0 }).estimateSendAt(2),
    ).toBe(1_000_000);
  });

  it('assumes the poller’s typical share where the limiter does not count its polls', () => {
    expect(line({ limit: 60, windowMs: 60_000, available: () => 0 }).estimateSendAt(16)).toBe(
      1_000_000 + Math.ceil(17_000 / 0.85),
    );
  });

  it('is sent only if the rules of where it posts still allow it when its turn comes, else released unsent', async () => {
    const { client, release } = heldClient();
    const submitter = submitterWith(client);
    let asked = 0;
    const first = submitter.submit({
      ...(await reserved(w.proc.quota, { prompt: 'first', userId: ALICE })),
      recheck: async () => {
        asked += 1;
        return undefined;
      },
    });
    await vi.waitFor(() => expect(submitter.sending).toBe(1));
    // Bob's request waits for the slot; meanwhile its channel was taken off the allow-list.
    const second = submitter.submit({
      ...(await reserved(w.proc.quota, { prompt: 'second', userId: BOB })),
      recheck: async () => 'Generations can be made only in #art.',
    });
    await vi.waitFor(() => expect(submitter.waiting).toBe(1));
    expect((await summaryOf(w.proc.quota, BOB)).reservedMicros).toBeGreaterThan(0);
    release();
    expect((await first).kind).toBe('submitted');
    // The one sent at once was not asked again: it had no place in line.
    expect(asked).toBe(0);
    expect(await second).toEqual({ kind: 'refused', reason: 'Generations can be made only in #art.' });
    expect(posts(w.sim).map((r) => (r.body as { prompt: string }).prompt)).toEqual(['first']);
    expect((await summaryOf(w.proc.quota, BOB)).reservedMicros).toBe(0);
  });

  it('is not sent when the rules cannot be read when its turn comes', async () => {
    const { client, release } = heldClient();
    const submitter = submitterWith(client);
    const first = submitter.submit(await reserved(w.proc.quota, { prompt: 'first', userId: ALICE }));
    await vi.waitFor(() => expect(submitter.sending).toBe(1));
    const second = submitter.submit({
      ...(await reserved(w.proc.quota, { prompt: 'second', userId: BOB })),
      recheck: async () => {
        throw new Error('store down');
      },
    });
    await vi.waitFor(() => expect(submitter.waiting).toBe(1));
    release();
    await first;
    expect((await second).kind).toBe('refused');
    expect(posts(w.sim)).toHaveLength(1);
    expect((await summaryOf(w.proc.quota, BOB)).reservedMicros).toBe(0);
  });
});
