import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/jobs/job.ts';
import { Recovery } from '../../src/jobs/recovery.ts';
import type { SubmitterClient } from '../../src/jobs/submission.ts';
import { Submitter, type SubmitterOptions, type WaitProgress } from '../../src/jobs/submitter.ts';
import { ServerError } from '../../src/media/errors.ts';
import { createLocalRateLimiter } from '../../src/media/rate-limiter.ts';
import type { Generation } from '../../src/media/schemas.ts';
import {
  ALICE,
  BOB,
  deferred,
  ledgerOf,
  logger,
  type Proc,
  posts,
  quotaDyingInSettle,
  reserved,
  summaryOf,
  USD,
  useWorld,
} from './helpers.ts';

const w = useWorld();

/** A Submitter and the Recovery of one process, recording the jobs recovery hands on to be followed. */
function submitterOf(proc: Proc, client: SubmitterClient = w.client, extra: Partial<SubmitterOptions> = {}) {
  const followed: Job[] = [];
  const submitter = new Submitter({
    client,
    jobs: proc.jobs,
    intents: proc.intents,
    quota: proc.quota,
    clock: w.clock,
    logger,
    ...extra,
  });
  const recovery = new Recovery({
    intents: proc.intents,
    jobs: proc.jobs,
    submitter,
    quota: extra.quota ?? proc.quota,
    clock: w.clock,
    logger,
    follow: (job) => followed.push(job),
    deliver: () => {},
  });
  return { submitter, recovery, followed };
}

/** Every generation the simulator holds, newest first. */
async function generationsAtService(): Promise<Generation[]> {
  return (await w.newClient().listGenerations({ perPage: 100 })).generations;
}

describe('submitter', () => {
  it('persists the job and settles the reservation at the price the 201 stated, not the quote', async () => {
    const { submitter, followed } = submitterOf(w.proc);
    // The quote (an estimate) is above what the service will charge (0.02 USD).
    const input = await reserved(w.proc.quota, { prompt: 'a red fox', quotedMicros: 30_000 });

    const outcome = await submitter.submit(input);

    expect(outcome.kind).toBe('submitted');
    const job = outcome.kind === 'submitted' ? outcome.job : undefined;
    const [generation] = await generationsAtService();
    expect(job?.generationId).toBe(generation?.id);
    expect(await w.proc.jobs.get(generation?.id as string)).toMatchObject({
      generationId: generation?.id,
      type: 'image',
      model: 'lang-4o-image',
      prompt: 'a red fox',
      reservationId: input.reservationId,
      quotedMicros: 30_000,
      chargedMicros: 20_000,
      step: 'following',
      status: 'pending',
    });
    // A fresh submission is followed by its caller, once the queued embed is up.
    expect(followed).toEqual([]);
    expect(await summaryOf(w.proc.quota)).toMatchObject({
      spentMicros: 20_000,
      reservedMicros: 0,
      inFlight: 1,
    });
    expect(await ledgerOf(w.proc.ledger)).toEqual([
      expect.objectContaining({ kind: 'reserve', amountMicros: 30_000 }),
      expect.objectContaining({ kind: 'charge', amountMicros: 20_000, generationId: generation?.id }),
    ]);
    expect(posts(w.sim)).toHaveLength(1);
    // Nothing is left for a restart to recover.
    const before = w.sim.requests.length;
    expect(await submitterOf(await w.openProc()).recovery.recoverInterrupted()).toBe(0);
    expect(w.sim.requests.length).toBe(before);
  });

  it('releases the reservation and says so when the shared balance cannot pay (402)', async () => {
    const { submitter, followed } = submitterOf(w.proc);
    w.sim.setBalanceUsd(0.01);
    const input = await reserved(w.proc.quota, { prompt: 'a red fox' });

    const outcome = await submitter.submit(input);

    expect(outcome).toEqual({ kind: 'insufficient_balance' });
    expect(posts(w.sim).map((r) => r.status)).toEqual([402]);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: 0, reservedMicros: 0, inFlight: 0 });
    expect((await ledgerOf(w.proc.ledger)).map((e) => e.kind)).toEqual(['reserve', 'release']);
    expect(await w.proc.jobs.open()).toEqual([]);
    expect(followed).toEqual([]);
    expect(await submitterOf(await w.openProc()).recovery.recoverInterrupted()).toBe(0);
  });

  it('releases the reservation and hands back the field errors when the service rejects the request (422)', async () => {
    const { submitter, followed } = submitterOf(w.proc);
    const input = await reserved(w.proc.quota, { prompt: 'a red fox [sim:status=422]' });

    const outcome = await submitter.submit(input);

    expect(outcome.kind).toBe('rejected');
    expect(outcome.kind === 'rejected' && outcome.fieldErrors.image_urls).toEqual([
      'The image could not be downloaded from the given URL.',
    ]);
    expect(posts(w.sim).map((r) => r.status)).toEqual([422]);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: 0, reservedMicros: 0, inFlight: 0 });
    expect((await ledgerOf(w.proc.ledger)).map((e) => e.kind)).toEqual(['reserve', 'release']);
    expect(followed).toEqual([]);
  });

  it('adopts from the list, without a second POST, a generation created although the POST was answered 500', async () => {
    const { submitter, followed } = submitterOf(w.proc);
    const input = await reserved(w.proc.quota, { prompt: 'a red fox [sim:status=500-after-create]' });

    const outcome = await submitter.submit(input);

    expect(posts(w.sim).map((r) => r.status)).toEqual([500]);
    const [generation, ...others] = await generationsAtService();
    expect(others).toEqual([]);
    expect(outcome.kind).toBe('submitted');
    expect(outcome.kind === 'submitted' && outcome.job.generationId).toBe(generation?.id);
    expect(await w.proc.jobs.get(generation?.id as string)).toMatchObject({
      chargedMicros: input.quotedMicros,
      step: 'following',
    });
    expect(followed).toEqual([]);
    // Charged once at the service and once in the member's quota.
    expect(w.sim.balanceMicros()).toBe(100 * USD - 20_000);
    expect(await summaryOf(w.proc.quota)).toMatchObject({
      spentMicros: 20_000,
      reservedMicros: 0,
      inFlight: 1,
    });
    expect((await ledgerOf(w.proc.ledger)).map((e) => e.kind)).toEqual(['reserve', 'charge']);
  });

  it('keeps the reservation of an unconfirmed 500 through the grace period, then releases it when nothing was created', async () => {
    const { submitter, recovery, followed } = submitterOf(w.proc);
    const input = await reserved(w.proc.quota, { prompt: 'a red fox [sim:status=500]' });

    const outcome = await submitter.submit(input);

    // The service may still record a generation a moment after answering 500: nothing is released yet.
    expect(outcome.kind).toBe('unconfirmed');
    expect(posts(w.sim).map((r) => r.status)).toEqual([500]);
    expect(await summaryOf(w.proc.quota)).toMatchObject({
      spentMicros: 0,
      reservedMicros: input.quotedMicros,
    });
    expect(await recovery.recoverInterrupted(60_000)).toBe(0);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ reservedMicros: input.quotedMicros });

    // Past the grace period the search finds nothing: the reservation goes back.
    await w.clock.sleep(60_000);
    expect(await recovery.recoverInterrupted(60_000)).toBe(0);
    expect(await generationsAtService()).toEqual([]);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: 0, reservedMicros: 0, inFlight: 0 });
    expect((await ledgerOf(w.proc.ledger)).map((e) => e.kind)).toEqual(['reserve', 'release']);
    expect(await w.proc.jobs.open()).toEqual([]);
    expect(followed).toEqual([]);
  });

  it('never releases a reservation the service confirmed, even when recording the charge fails; recovery settles it', async () => {
    let failSettle = true;
    const flakyQuota = {
      settle: async (...args: Parameters<typeof w.proc.quota.settle>) => {
        if (failSettle) {
          failSettle = false;
          throw new Error('store hiccup');
        }
        return w.proc.quota.settle(...args);
      },
      release: (...args: Parameters<typeof w.proc.quota.release>) => w.proc.quota.release(...args),
    };
    const { submitter, recovery, followed } = submitterOf(w.proc, w.client, { quota: flakyQuota });
    const input = await reserved(w.proc.quota, { prompt: 'a red fox' });

    await expect(submitter.submit(input)).rejects.toThrow('store hiccup');
    // The 201 came: the money stays reserved rather than being handed back.
    expect(await summaryOf(w.proc.quota)).toMatchObject({
      reservedMicros: input.quotedMicros,
      spentMicros: 0,
    });

    await recovery.recoverInterrupted();
    const [generation] = await generationsAtService();
    expect(posts(w.sim)).toHaveLength(1);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ reservedMicros: 0, spentMicros: 20_000 });
    expect(followed.map((j) => j.generationId)).toEqual([generation?.id]);
  });

  it('leaves an unconfirmed submission alone while an identical one still waits for its answer', async () => {
    const gate = deferred();
    let calls = 0;
    const client: SubmitterClient = {
      createGeneration: async (req) => {
        calls += 1;
        // The first POST fails ambiguously without creating anything; the second is slow.
        if (calls === 1) throw new ServerError('POST /generations answered 500', { status: 500 });
        await gate.promise;
        return w.client.createGeneration(req);
      },
      listGenerations: (q, opts) => w.client.listGenerations(q, opts),
    };
    const { submitter, recovery } = submitterOf(w.proc, client);
    const first = await reserved(w.proc.quota, { prompt: 'the same fox' });
    const second = await reserved(w.proc.quota, { prompt: 'the same fox', userId: BOB });

    expect((await submitter.submit(first)).kind).toBe('unconfirmed');
    const pending = submitter.submit(second);
    await w.clock.sleep(60_000);
    // Past the grace period, but the search could find the second one's generation: wait.
    expect(await recovery.recoverInterrupted(60_000)).toBe(0);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ reservedMicros: first.quotedMicros });

    gate.resolve();
    expect((await pending).kind).toBe('submitted');
    // Now the search finds only a generation that is already a job: the first reservation goes back.
    expect(await recovery.recoverInterrupted(60_000)).toBe(0);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ reservedMicros: 0, spentMicros: 0 });
    expect(await summaryOf(w.proc.quota, BOB)).toMatchObject({ reservedMicros: 0, spentMicros: 20_000 });
  });

  it('adopts the generation when the answer to the POST is lost to an unexpected error', async () => {
    const lossy: SubmitterClient = {
      createGeneration: async (req) => {
        await w.client.createGeneration(req);
        throw new TypeError('socket hang up while reading the answer');
      },
      listGenerations: (q, opts) => w.client.listGenerations(q, opts),
    };
    const { submitter } = submitterOf(w.proc, lossy);
    const input = await reserved(w.proc.quota, { prompt: 'a red fox' });

    const outcome = await submitter.submit(input);

    const [generation] = await generationsAtService();
    expect(outcome.kind === 'submitted' && outcome.job.generationId).toBe(generation?.id);
    expect(posts(w.sim)).toHaveLength(1);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: 20_000, reservedMicros: 0 });
  });

  it('adopts on the next start a generation whose POST went out just before the process died', async () => {
    const posted = deferred();
    const dying: SubmitterClient = {
      createGeneration: async (req) => {
        await w.client.createGeneration(req);
        posted.resolve();
        // The process dies before it learns the answer: this call never returns.
        return new Promise(() => {});
      },
      listGenerations: (q, opts) => w.client.listGenerations(q, opts),
    };
    const input = await reserved(w.proc.quota, { prompt: 'a red fox' });
    void submitterOf(w.proc, dying).submitter.submit(input);
    await posted.promise;
    await w.proc.store.close();

    const next = await w.openProc();
    const { recovery, followed } = submitterOf(next);
    expect(await recovery.recoverInterrupted()).toBe(1);

    const [generation] = await generationsAtService();
    const job = await next.jobs.get(generation?.id as string);
    expect(job).toMatchObject({
      reservationId: input.reservationId,
      step: 'following',
      chargedMicros: 20_000,
    });
    expect(followed.map((j) => j.generationId)).toEqual([generation?.id]);
    expect(await summaryOf(next.quota)).toMatchObject({
      spentMicros: 20_000,
      reservedMicros: 0,
      inFlight: 1,
    });
    expect((await ledgerOf(next.ledger)).map((e) => e.kind)).toEqual(['reserve', 'charge']);
    expect(posts(w.sim)).toHaveLength(1);

    // Recovered once: a second pass (or a third process) finds nothing left to do.
    expect(await recovery.recoverInterrupted()).toBe(0);
    expect(await submitterOf(await w.openProc()).recovery.recoverInterrupted()).toBe(0);
    expect((await ledgerOf(next.ledger)).map((e) => e.kind)).toEqual(['reserve', 'charge']);
    expect((await next.jobs.open()).map((j) => j.generationId)).toEqual([generation?.id]);
  });

  it('releases on the next start the reservation of a submission that died before its POST went out', async () => {
    const called = deferred();
    const dying: SubmitterClient = {
      createGeneration: () => {
        called.resolve();
        return new Promise(() => {});
      },
      listGenerations: (q, opts) => w.client.listGenerations(q, opts),
    };
    const input = await reserved(w.proc.quota, { prompt: 'a red fox' });
    void submitterOf(w.proc, dying).submitter.submit(input);
    await called.promise;
    await w.proc.store.close();

    const next = await w.openProc();
    const { recovery, followed } = submitterOf(next);
    expect(await recovery.recoverInterrupted()).toBe(0);

    expect(posts(w.sim)).toEqual([]);
    expect(followed).toEqual([]);
    expect(await next.jobs.open()).toEqual([]);
    expect(await summaryOf(next.quota)).toMatchObject({ spentMicros: 0, reservedMicros: 0, inFlight: 0 });
    expect(await ledgerOf(next.ledger)).toEqual([
      expect.objectContaining({ kind: 'reserve', reservationId: input.reservationId }),
      expect.objectContaining({ kind: 'release', reservationId: input.reservationId }),
    ]);
    expect(await recovery.recoverInterrupted()).toBe(0);
  });

  it('settles on the next start a submission whose job was saved just before the process died', async () => {
    const input = await reserved(w.proc.quota, { prompt: 'a red fox' });
    // The process dies while settling: the job is saved, the reservation still open.
    const dies = quotaDyingInSettle(w.proc.quota);
    void submitterOf(w.proc, w.client, { quota: dies.quota }).submitter.submit(input);
    await dies.settling;
    await w.proc.store.close();

    const next = await w.openProc();
    const { recovery } = submitterOf(next);
    await recovery.recoverInterrupted();

    const [generation] = await generationsAtService();
    expect(await next.jobs.get(generation?.id as string)).toMatchObject({ step: 'following' });
    // The reservation becomes the job's charge; it is not given back as if nothing had been created.
    expect(await summaryOf(next.quota)).toMatchObject({
      spentMicros: 20_000,
      reservedMicros: 0,
      inFlight: 1,
    });
    expect((await ledgerOf(next.ledger)).map((e) => e.kind)).toEqual(['reserve', 'charge']);
  });

  it('keeps a possibly created generation for recovery when the search for it fails', async () => {
    let serviceDown = true;
    const flaky: SubmitterClient = {
      createGeneration: (req) => w.client.createGeneration(req),
      listGenerations: (q, opts) =>
        serviceDown
          ? Promise.reject(new ServerError('GET /generations: server error (503)', { status: 503 }))
          : w.client.listGenerations(q, opts),
    };
    const input = await reserved(w.proc.quota, { prompt: 'a red fox [sim:status=500-after-create]' });
    await submitterOf(w.proc, flaky).submitter.submit(input);
    serviceDown = false;

    // The service charged the shared balance for it: the next start must find and adopt it.
    const next = await w.openProc();
    await submitterOf(next).recovery.recoverInterrupted();
    const [generation] = await generationsAtService();
    expect(w.sim.balanceMicros()).toBe(100 * USD - 20_000);
    expect(await next.jobs.get(generation?.id as string)).toMatchObject({ step: 'following' });
    expect(await summaryOf(next.quota)).toMatchObject({ spentMicros: 20_000, reservedMicros: 0 });
  });

  it('adopts distinct generations for two identical submissions whose POSTs were both answered 500, at once or through recovery', async () => {
    // Both answers come late and both searches read the list at about the same time, as when two
    // members' 500s arrive together (held for each other, up to a few seconds, to make it certain).
    let searches = 0;
    const bothRead = deferred();
    const client: SubmitterClient = {
      createGeneration: (req) => w.client.createGeneration(req),
      listGenerations: async (q, opts) => {
        const answer = await w.client.listGenerations(q, opts);
        if (++searches === 2) bothRead.resolve();
        await Promise.race([bothRead.promise, w.clock.sleep(5_000)]);
        return answer;
      },
    };
    const { submitter, recovery, followed } = submitterOf(w.proc, client);
    const prompt = 'a red fox [sim:status=500-after-create] [sim:delay=100]';
    const alice = await reserved(w.proc.quota, { prompt });
    const bob = await reserved(w.proc.quota, { prompt, userId: BOB });

    const outcomes = await Promise.all([submitter.submit(alice), submitter.submit(bob)]);
    // One whose answer came while the other still waited for its own cannot tell the two
    // generations apart: it is left unconfirmed, and recovery adopts what is left.
    for (const o of outcomes) expect(['submitted', 'unconfirmed']).toContain(o.kind);
    await recovery.recoverInterrupted();

    const atService = (await generationsAtService()).map((g) => g.id).sort();
    expect(atService).toHaveLength(2);
    const adopted = [
      ...outcomes.flatMap((o) => (o.kind === 'submitted' ? [o.job.generationId] : [])),
      ...followed.map((j) => j.generationId),
    ].sort();
    expect(adopted).toEqual(atService);
    expect(await summaryOf(w.proc.quota, ALICE)).toMatchObject({ spentMicros: 20_000, reservedMicros: 0 });
    expect(await summaryOf(w.proc.quota, BOB)).toMatchObject({ spentMicros: 20_000, reservedMicros: 0 });
  });

  it('tells the member it waits when the request budget holds the answer back', async () => {
    const limiter = createLocalRateLimiter({ limit: 1, windowMs: 30_000, clock: w.clock });
    const { submitter } = submitterOf(w.proc, w.newClient(limiter));
    // Another caller of the token has just used the whole budget.
    await limiter.acquire('poll');
    const input = await reserved(w.proc.quota, { prompt: 'a red fox' });
    let waitingAt: number | undefined;
    const notices: WaitProgress[] = [];
    const waiting = deferred<WaitProgress>();

    const outcome = submitter.submit(input, (progress) => {
      notices.push(progress);
      waitingAt ??= w.clock.now();
      waiting.resolve(progress);
    });
    // Held back by the budget, it is still in the fair queue (taken only once a request is
    // granted): next, and it can still be cancelled.
    expect(await waiting.promise).toMatchObject({ ahead: 0, cancellable: true });
    expect(posts(w.sim)).toEqual([]);

    expect((await outcome).kind).toBe('submitted');
    // Then, when the budget let it go, that it is being sent.
    expect(notices.map((p) => p.cancellable)).toEqual([true, false]);
    expect(posts(w.sim)[0]?.at).toBeGreaterThan(waitingAt as number);
  });

  it('tells the member their request was sent, not that it waits for capacity, when the service is slow to answer', async () => {
    const NOTICE_MS = 2_000;
    // The service has the POST; its answer reaches the submitter only once the member was told.
    const answered = deferred();
    const told = deferred();
    const client: SubmitterClient = {
      createGeneration: async (req, opts) => {
        const created = await w.client.createGeneration(req, opts);
        answered.resolve();
        await told.promise;
        return created;
      },
      listGenerations: (q, opts) => w.client.listGenerations(q, opts),
    };
    // The notice's wait ends only after the POST is on its way, however slow the machine.
    const clock = {
      now: () => w.clock.now(),
      sleep: (ms: number, signal?: AbortSignal) =>
        ms === NOTICE_MS ? answered.promise.then(() => w.clock.sleep(ms, signal)) : w.clock.sleep(ms, signal),
    };
    const { submitter } = submitterOf(w.proc, client, { waitingNoticeMs: NOTICE_MS, clock });
    const input = await reserved(w.proc.quota, { prompt: 'a red fox' });
    const notices: WaitProgress[] = [];

    const outcome = submitter.submit(input, (progress) => {
      notices.push(progress);
      told.resolve();
    });

    expect((await outcome).kind).toBe('submitted');
    // One notice, once the POST had reached the service: sent, waiting for its answer.
    expect(notices).toEqual([expect.objectContaining({ sent: true, cancellable: false })]);
    expect(posts(w.sim)).toHaveLength(1);
  });

  it('counts the wait for capacity from when the reservation was made, so a confirmed request never goes out on a reservation about to expire', async () => {
    // The whole budget is taken for an hour: nothing can be sent.
    const limiter = createLocalRateLimiter({ limit: 1, windowMs: 60 * 60_000, clock: w.clock });
    await limiter.acquire('poll');
    const { submitter } = submitterOf(w.proc, w.newClient(limiter));
    const input = await reserved(w.proc.quota, { prompt: 'a red fox' });
    // Reserved nine and a half minutes ago (the member took that long to confirm).
    input.reservedAt = w.clock.now() - 9.5 * 60_000;
    const started = w.clock.now();

    const outcome = await submitter.submit(input);

    expect(outcome.kind).toBe('gave_up');
    // Half a minute of waiting, not ten.
    expect(w.clock.now() - started).toBeLessThan(2 * 60_000);
    expect(posts(w.sim)).toEqual([]);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: 0, reservedMicros: 0 });
  });

  it('does not tell the member it waits when the answer comes quickly', async () => {
    const { submitter } = submitterOf(w.proc, w.client, { waitingNoticeMs: 30_000 });
    const input = await reserved(w.proc.quota, { prompt: 'a red fox' });
    let notices = 0;

    expect((await submitter.submit(input, () => notices++)).kind).toBe('submitted');
    // Past the notice time: the answer cancelled it.
    await w.clock.sleep(32_000);
    expect(notices).toBe(0);
  });
});
