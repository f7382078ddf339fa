import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.ts';
import { Delivery, type DeliveryOptions } from '../../src/jobs/delivery.ts';
import type { JobContent, JobMessenger } from '../../src/jobs/delivery-ports.ts';
import { downloadCapped } from '../../src/jobs/download.ts';
import type { Job } from '../../src/jobs/job.ts';
import type { QuotaService } from '../../src/quota/service.ts';
import {
  deferred,
  ledgerOf,
  logger,
  type Proc,
  recoveryOf,
  reserved,
  submitterOf,
  summaryOf,
  useWorld,
} from './helpers.ts';

const SCALE = 20;
/** Clock ms a timer may seem early by: one real millisecond of rounding, with room to spare. */
const SLACK = 5 * SCALE;

interface MessengerCall {
  what: 'show' | 'report';
  at: number;
  job: Job;
  content?: JobContent;
  refundedMicros?: number;
  /** Whether the call threw (Discord could not be reached). */
  threw: boolean;
}

/** Our own interface to Discord, recorded; it can be told to fail its next calls. */
class RecordingMessenger implements JobMessenger {
  readonly calls: MessengerCall[] = [];
  failShows = 0;
  failReports = 0;
  private readonly waiters: { match: (c: MessengerCall) => boolean; resolve: () => void }[] = [];

  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  async show(job: Job, content: JobContent) {
    const threw = this.failShows > 0;
    if (threw) this.failShows -= 1;
    this.record({ what: 'show', at: this.clock.now(), job, content, threw });
    if (threw) throw new Error('Discord cannot be reached');
    return 'interaction' as const;
  }

  async reportFailure(job: Job, refundedMicros: number) {
    const threw = this.failReports > 0;
    if (threw) this.failReports -= 1;
    this.record({ what: 'report', at: this.clock.now(), job, refundedMicros, threw });
    if (threw) throw new Error('Discord cannot be reached');
    return 'thread' as const;
  }

  /** Resolves once a call matching `match` has been made. */
  waitFor(match: (c: MessengerCall) => boolean): Promise<void> {
    if (this.calls.some(match)) return Promise.resolve();
    const { promise, resolve } = deferred();
    this.waiters.push({ match, resolve });
    return promise;
  }

  shows(kind?: JobContent['kind']): MessengerCall[] {
    return this.calls.filter((c) => c.what === 'show' && (!kind || c.content?.kind === kind));
  }

  reports(): MessengerCall[] {
    return this.calls.filter((c) => c.what === 'report');
  }

  private record(call: MessengerCall) {
    this.calls.push(call);
    for (const waiter of this.waiters.filter((x) => x.match(call))) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}

/** The real quota, counting the delivery steps it is asked for. */
function counted(quota: QuotaService) {
  const counts = { finish: 0, refund: 0 };
  return {
    counts,
    quota: {
      finish: (id: string) => {
        counts.finish += 1;
        return quota.finish(id);
      },
      refund: (id: string, note?: string) => {
        counts.refund += 1;
        return quota.refund(id, note);
      },
    },
  };
}

const w = useWorld({ scale: SCALE });

/** A delivery of one process, with a recording messenger and the real quota; `done(id)` waits for onDone. */
function deliveryOf(proc: Proc, extra: Partial<DeliveryOptions> = {}) {
  const messenger = new RecordingMessenger(w.clock);
  const { counts, quota } = counted(proc.quota);
  const finished = new Map<string, ReturnType<typeof deferred<Job>>>();
  const doneOf = (id: string) => {
    let d = finished.get(id);
    if (!d) {
      d = deferred<Job>();
      finished.set(id, d);
    }
    return d;
  };
  const delivery = new Delivery({
    jobs: proc.jobs,
    messenger,
    quota,
    clock: w.clock,
    logger,
    download: (url, cap, opts) => downloadCapped(url, cap, { ...opts, allowOrigins: [w.sim.origin] }),
    minEditIntervalMs: 5_000,
    retryBaseMs: 1_000,
    onDone: (job) => doneOf(job.generationId).resolve(job),
    ...extra,
  });
  return { delivery, messenger, counts, done: (id: string) => doneOf(id).promise };
}

/** Submits through the real Submitter; `shown` records the queued embed as the command handler does. */
async function submitJob(
  prompt: string,
  options: { shown?: boolean; attachmentSizeLimit?: number } = {},
): Promise<Job> {
  const submitter = submitterOf(w, w.proc);
  const input = await reserved(w.proc.quota, { prompt, attachmentSizeLimit: options.attachmentSizeLimit });
  const outcome = await submitter.submit(input);
  if (outcome.kind !== 'submitted') throw new Error(`not submitted: ${outcome.kind}`);
  const id = outcome.job.generationId;
  if (!options.shown) return outcome.job;
  const now = w.clock.now();
  return (await w.proc.jobs.update(id, (j) => ({ editedAt: now, shownStatus: j.status }))) as Job;
}

/**
 * A job whose generation the content policy rejects when processing would start (0.2 s in);
 * resolves once the service says it failed.
 */
async function failedJob(shown = true): Promise<Job> {
  const job = await submitJob('a red fox [sim:fail=content] [sim:duration=2000]', { shown });
  await w.clock.sleep(500);
  return job;
}

/** What the poller would learn about the job now. */
function statusOf(job: Job) {
  return w.client.getGeneration(job.generationId);
}

describe('delivery', () => {
  it('edits the progress only when the state changes, and never within the edit interval', async () => {
    const { delivery, messenger } = deliveryOf(w.proc, { minEditIntervalMs: 20_000 });
    // Pending for 3 s, then processing for the rest of the minute.
    const job = await submitJob('a red fox [sim:duration=60000]', { shown: true });

    delivery.onStatus(await statusOf(job));
    await delivery.idle();
    expect(messenger.calls).toEqual([]);

    // Processing now, but the queued embed went up less than 20 s ago.
    await w.clock.sleep(3_300);
    const processing = await statusOf(job);
    expect(processing.status).toBe('processing');
    delivery.onStatus(processing);
    await delivery.idle();
    expect(messenger.calls).toEqual([]);
    expect(await w.proc.jobs.get(job.generationId)).toMatchObject({
      status: 'processing',
      shownStatus: 'pending',
    });

    // Once the interval has passed, the next report of the same state makes the edit.
    await w.clock.sleep(job.editedAt + 20_000 + SLACK - w.clock.now());
    delivery.onStatus(await statusOf(job));
    await delivery.idle();
    expect(messenger.shows('progress')).toHaveLength(1);
    expect((messenger.calls[0]?.at as number) - job.editedAt).toBeGreaterThanOrEqual(20_000 - SLACK);
    expect(await w.proc.jobs.get(job.generationId)).toMatchObject({
      status: 'processing',
      shownStatus: 'processing',
      step: 'following',
    });

    // No change, no edit.
    delivery.onStatus(await statusOf(job));
    delivery.onStatus(await statusOf(job));
    await delivery.idle();
    expect(messenger.calls).toHaveLength(1);
  });

  it("edits a running job's card once when its model's usual time has passed, so it can say it takes longer", async () => {
    const { delivery, messenger } = deliveryOf(w.proc);
    const submitted = await submitJob('a red fox [sim:duration=60000]', { shown: true });
    // The model usually takes 10 s (Submitter sets this from the times the bot has seen).
    const job = (await w.proc.jobs.update(submitted.generationId, (j) => ({
      expectedFinishAt: j.createdAt + 10_000,
    }))) as Job;
    const expectedAt = job.expectedFinishAt as number;

    // Processing: the change of state is shown, well before the usual time.
    await w.clock.sleep(Math.max(0, job.editedAt + 5_000 + SLACK - w.clock.now()));
    delivery.onStatus(await statusOf(job));
    await delivery.idle();
    expect(messenger.shows('progress')).toHaveLength(1);

    // No news before the usual time: no edit.
    delivery.onStatus(await statusOf(job));
    await delivery.idle();
    expect(messenger.shows('progress')).toHaveLength(1);

    // Past it (and past the edit interval): one edit, drawn after the usual time, then no more.
    await w.clock.sleep(Math.max(0, expectedAt + 5_000 + SLACK - w.clock.now()));
    for (let i = 0; i < 3; i++) {
      delivery.onStatus(await statusOf(job));
      await delivery.idle();
    }
    const shows = messenger.shows('progress');
    expect(shows).toHaveLength(2);
    expect(shows[1]?.at).toBeGreaterThanOrEqual(expectedAt);
    expect(shows[1]?.job.status).toBe('processing');
  });

  it('reads nothing from the store for a state it has shown, however many list answers report it', async () => {
    let reads = 0;
    const jobs = new Proxy(w.proc.jobs, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver);
        if (prop !== 'get' || typeof value !== 'function')
          return typeof value === 'function' ? value.bind(target) : value;
        return (...args: unknown[]) => {
          reads++;
          return value.apply(target, args);
        };
      },
    });
    const { delivery, messenger, done } = deliveryOf(w.proc, { jobs });
    // Long enough that it is still processing when asked, however busy the machine (the clock
    // runs 50 times faster than the wall).
    const job = await submitJob('a red fox [sim:duration=120000]', { shown: true });
    await w.clock.sleep(Math.max(0, job.editedAt + 5_000 + SLACK - w.clock.now()));
    const processing = await statusOf(job);
    expect(processing.status).toBe('processing');
    delivery.onStatus(processing);
    await delivery.idle();
    expect(messenger.shows('progress')).toHaveLength(1);

    const before = reads;
    for (let i = 0; i < 5; i++) delivery.onStatus(processing);
    await delivery.idle();
    expect(reads).toBe(before);
    // News goes through: the finish is read, and delivered.
    await w.clock.sleep(Math.max(0, job.createdAt + 120_000 + SLACK - w.clock.now()));
    delivery.onStatus(await statusOf(job));
    await done(job.generationId);
    expect(reads).toBeGreaterThan(before);
    expect(messenger.shows('result')).toHaveLength(1);
  });

  it('makes the final edit a short gap after a progress edit, not the progress interval, and never drops it', async () => {
    const { delivery, messenger, done } = deliveryOf(w.proc, {
      minEditIntervalMs: 20_000,
      finalEditGapMs: 8_000,
    });
    // Pending for 0.6 s, processing until 6 s.
    const job = await submitJob('a red fox [sim:duration=6000]');
    await w.clock.sleep(1_000);
    delivery.onStatus(await statusOf(job));
    await messenger.waitFor((c) => c.content?.kind === 'progress');

    await w.clock.sleep(6_000);
    const completed = await statusOf(job);
    expect(completed.status).toBe('completed');
    delivery.onStatus(completed);
    const delivered = await done(job.generationId);

    expect(messenger.calls.map((c) => c.content?.kind)).toEqual(['progress', 'result']);
    const [progress, result] = messenger.calls as [MessengerCall, MessengerCall];
    // Completed 6 s after the progress edit: the result waits out the 8 s gap, not the 20 s of
    // the progress interval (the clock runs 50 times faster than the wall: a busy machine's pause
    // shows as seconds, so the upper bound is the interval it must not wait for, not 8 s exactly).
    expect(result.at - progress.at).toBeGreaterThanOrEqual(8_000 - SLACK);
    expect(result.at - progress.at).toBeLessThan(20_000);
    expect(result.content).toMatchObject({ kind: 'result', file: { name: expect.stringMatching(/\.png$/) } });
    expect(delivered).toMatchObject({ step: 'done', shownStatus: 'completed' });
  });

  it('delivers a completed generation once: quota finished, file attached, job done', async () => {
    const { delivery, messenger, counts, done } = deliveryOf(w.proc);
    const job = await submitJob('a red fox [sim:duration=0]');
    const completed = await statusOf(job);
    expect(completed.status).toBe('completed');

    // The poller may report the same finish twice.
    delivery.onStatus(completed);
    delivery.onStatus(completed);
    const delivered = await done(job.generationId);
    await delivery.idle();

    expect(counts.finish).toBe(1);
    expect(messenger.calls).toHaveLength(1);
    const content = messenger.calls[0]?.content;
    const expected = Buffer.from(await (await fetch(completed.output?.url as string)).arrayBuffer());
    expect(content).toEqual({
      kind: 'result',
      file: { name: `image-${job.generationId.slice(0, 8)}.png`, data: expected },
    });
    expect(content?.kind === 'result' && content.file?.data.subarray(1, 4).toString()).toBe('PNG');
    expect(delivered).toMatchObject({ step: 'done', status: 'completed', deliveredVia: 'interaction' });
    expect(await w.proc.jobs.get(job.generationId)).toMatchObject({ step: 'done', shownStatus: 'completed' });
    expect(await w.proc.jobs.open()).toEqual([]);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: 20_000, inFlight: 0 });
  });

  it('sends a link instead of a file larger than the attachment limit', async () => {
    const { delivery, messenger, done } = deliveryOf(w.proc);
    const job = await submitJob('a red fox [sim:duration=0] [sim:bytes=300000]', {
      attachmentSizeLimit: 100_000,
    });

    delivery.onStatus(await statusOf(job));
    await done(job.generationId);

    expect(messenger.calls.map((c) => c.content)).toEqual([{ kind: 'result', linkReason: 'too_large' }]);
    expect(await w.proc.jobs.get(job.generationId)).toMatchObject({ step: 'done' });
  });

  it('refunds a failed generation once when the poller reports the failure twice', async () => {
    const { delivery, messenger, counts, done } = deliveryOf(w.proc);
    const job = await failedJob();
    const failed = await statusOf(job);
    expect(failed.status).toBe('failed');

    delivery.onStatus(failed);
    delivery.onStatus(failed);
    const delivered = await done(job.generationId);
    await delivery.idle();

    expect(counts.refund).toBe(1);
    expect(messenger.shows().map((c) => c.content)).toEqual([{ kind: 'failed' }]);
    expect(messenger.reports().map((c) => c.refundedMicros)).toEqual([20_000]);
    expect(delivered).toMatchObject({
      step: 'done',
      status: 'failed',
      refunded: true,
      refundedMicros: 20_000,
      reported: true,
      error: 'The prompt was rejected by the content policy.',
    });
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: 0, inFlight: 0 });
    expect((await ledgerOf(w.proc.ledger)).map((e) => e.kind)).toEqual(['reserve', 'charge', 'refund']);
  });

  it('retries a failure report that could not be sent without refunding again', async () => {
    const { delivery, messenger, counts, done } = deliveryOf(w.proc);
    messenger.failReports = 1;
    const job = await failedJob();

    delivery.onStatus(await statusOf(job));
    const delivered = await done(job.generationId);

    expect(counts.refund).toBe(1);
    expect(messenger.shows()).toHaveLength(1);
    expect(messenger.reports().map((c) => c.threw)).toEqual([true, false]);
    expect(delivered).toMatchObject({ step: 'done', reported: true, deliveryAttempts: 1 });
    expect((await ledgerOf(w.proc.ledger)).map((e) => e.kind)).toEqual(['reserve', 'charge', 'refund']);
  });

  it('after a crash while reporting a failure, the next process reports it once and does not refund again', async () => {
    // The first process refunds and shows the failure, then cannot report it and dies before retrying.
    const frozen: Clock = { now: () => w.clock.now(), sleep: () => new Promise(() => {}) };
    const first = deliveryOf(w.proc, { clock: frozen });
    first.messenger.failReports = 1;
    // (Never shown before, so the frozen clock is not needed for an edit slot.)
    const job = await failedJob(false);
    first.delivery.onStatus(await statusOf(job));
    await first.messenger.waitFor((c) => c.what === 'report');
    await first.delivery.idle();
    await w.proc.store.close();

    const next = await w.openProc();
    const [open, ...more] = await next.jobs.open();
    expect(more).toEqual([]);
    expect(open).toMatchObject({
      generationId: job.generationId,
      step: 'delivering',
      refunded: true,
      shownStatus: 'failed',
      reported: false,
      deliveryAttempts: 1,
    });
    const second = deliveryOf(next);
    second.delivery.resume(open as Job);
    const delivered = await second.done(job.generationId);

    expect(first.counts.refund).toBe(1);
    expect(second.counts.refund).toBe(0);
    expect(second.messenger.shows()).toEqual([]);
    expect(second.messenger.reports().map((c) => c.refundedMicros)).toEqual([20_000]);
    expect(delivered).toMatchObject({ step: 'done', reported: true });
    expect(await next.jobs.open()).toEqual([]);
    expect(await summaryOf(next.quota)).toMatchObject({ spentMicros: 0, inFlight: 0 });
    expect((await ledgerOf(next.ledger)).map((e) => e.kind)).toEqual(['reserve', 'charge', 'refund']);
  });

  it('shows the failure in the reply of a generation that had already failed when recovery adopted it', async () => {
    // The POST goes out, then the process dies before it learns the answer.
    const posted = deferred();
    const dying = submitterOf(w, w.proc, {
      client: {
        createGeneration: async (req) => {
          await w.client.createGeneration(req);
          posted.resolve();
          return new Promise(() => {});
        },
        listGenerations: (q, opts) => w.client.listGenerations(q, opts),
      },
    });
    void dying.submit(
      await reserved(w.proc.quota, { prompt: 'a red fox [sim:fail=content] [sim:duration=2000]' }),
    );
    await posted.promise;
    await w.proc.store.close();
    // While the bot is down, the content policy rejects the generation.
    await w.clock.sleep(500);

    const next = await w.openProc();
    const adopted: Job[] = [];
    const recovering = recoveryOf(w, next, { follow: (job) => adopted.push(job) });
    expect(await recovering.recoverInterrupted()).toBe(1);
    const job = adopted[0] as Job;
    const { delivery, messenger, counts, done } = deliveryOf(next);
    delivery.onStatus(await statusOf(job));
    await done(job.generationId);

    // Nothing but the deferred reply was ever shown: the failure must replace it.
    expect(messenger.shows().map((c) => c.content)).toEqual([{ kind: 'failed' }]);
    expect(messenger.reports()).toHaveLength(1);
    expect(counts.refund).toBe(1);
  });

  it('keeps the job delivering and retries with growing waits while Discord cannot be reached', async () => {
    const { delivery, messenger, done } = deliveryOf(w.proc, { retryBaseMs: 1_000 });
    messenger.failShows = 2;
    const job = await submitJob('a red fox [sim:duration=0]');

    delivery.onStatus(await statusOf(job));
    const delivered = await done(job.generationId);

    const shows = messenger.shows('result');
    expect(shows.map((c) => c.threw)).toEqual([true, true, false]);
    // Each attempt starts from the stored job: still delivering, its failed attempts counted.
    expect(shows.map((c) => [c.job.step, c.job.deliveryAttempts])).toEqual([
      ['delivering', 0],
      ['delivering', 1],
      ['delivering', 2],
    ]);
    const [a, b, c] = shows.map((s) => s.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(1_000 - SLACK);
    expect(c - b).toBeGreaterThanOrEqual(2_000 - SLACK);
    expect(delivered).toMatchObject({ step: 'done', deliveryAttempts: 2, deliveredVia: 'interaction' });
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: 20_000, inFlight: 0 });
  });
});

describe('what a delivered result carries', () => {
  /** An image job the service has completed, and the generation the poller would report. */
  async function completed() {
    const job = await submitJob('a red fox [sim:duration=1000]', { shown: true });
    await w.clock.sleep(1_200);
    const generation = await statusOf(job);
    if (generation.status !== 'completed' || !generation.output) throw new Error('not completed');
    return { job, generation, output: generation.output };
  }

  it('records when the service completed the job (its completed_at) and when the result reached Discord', async () => {
    const { delivery, done } = deliveryOf(w.proc, { minEditIntervalMs: 0 });
    const { job, generation } = await completed();
    const seen = w.clock.now();
    delivery.onStatus(generation);
    const delivered = await done(job.generationId);
    expect(delivered.completedAt).toBe(Date.parse(generation.completed_at ?? ''));
    expect(delivered.completedAt).toBeLessThanOrEqual(seen);
    expect(delivered.deliveredAt).toBeGreaterThanOrEqual(seen);
  });

  it('takes the time the bot saw the job finished when the service gives no valid completed_at', async () => {
    const { delivery, done } = deliveryOf(w.proc, { minEditIntervalMs: 0 });
    const { job, generation } = await completed();
    const before = w.clock.now();
    delivery.onStatus({ ...generation, completed_at: 'not a time' });
    const delivered = await done(job.generationId);
    expect(delivered.completedAt).toBeGreaterThanOrEqual(before);
    expect(delivered.completedAt).toBeLessThanOrEqual(delivered.deliveredAt ?? 0);
  });

  it('attaches the last frame the service returned beside the result, and never fetches one on a private address', async () => {
    const { delivery, messenger, done } = deliveryOf(w.proc, { minEditIntervalMs: 0 });
    const first = await completed();
    // The simulator's own PNG stands in for a last frame.
    delivery.onStatus({ ...first.generation, output: { ...first.output, last_frame_url: first.output.url } });
    await done(first.job.generationId);
    const [shown] = messenger.shows('result');
    const content = shown?.content as Extract<JobContent, { kind: 'result' }>;
    expect(content.file?.name).toMatch(/^image-.*\.png$/);
    expect(content.lastFrame?.file?.name).toBe(`last-frame-${first.job.generationId.slice(0, 8)}.png`);
    expect(content.lastFrame?.file?.data.subarray(1, 4).toString()).toBe('PNG');

    const second = await completed();
    delivery.onStatus({
      ...second.generation,
      output: { ...second.output, last_frame_url: 'http://10.0.0.1/frame.png' },
    });
    await done(second.job.generationId);
    const refused = messenger.shows('result').at(-1)?.content as Extract<JobContent, { kind: 'result' }>;
    expect(refused.file).toBeDefined();
    expect(refused.lastFrame).toEqual({ linkReason: 'refused' });
  });
});
