/**
 * Delivery against Discord answering badly for good, with the real DiscordMessenger on a real
 * discord.js Client logged in to the fake Discord, the real quota and store, and the simulator.
 * Here (not end to end) so that the backoff can be short and the attempts few.
 */
import { Writable } from 'node:stream';
import { type Client, InteractionResponseType, Routes } from 'discord.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { DiscordMessenger } from '../../src/discord/generation/messenger.ts';
import { Delivery } from '../../src/jobs/delivery.ts';
import type { DeliveryQuota } from '../../src/jobs/delivery-ports.ts';
import { downloadCapped } from '../../src/jobs/download.ts';
import type { Job } from '../../src/jobs/job.ts';
import { Submitter } from '../../src/jobs/submitter.ts';
import { createLogger } from '../../src/log.ts';
import { chatInputInteraction, type FakeDiscord, type FakeFault } from '../../testkit/fake-discord.ts';
import { useFakeWithClient } from '../support/fake-discord-client.ts';
import { ALICE, CHANNEL, deferred, GUILD, logger, model, reserved, summaryOf, useWorld } from './helpers.ts';

const w = useWorld({ scale: 20 });
const discord = useFakeWithClient({
  id: GUILD,
  channels: [{ id: CHANNEL, name: 'art' }],
  members: [{ userId: ALICE }],
});
let fake: FakeDiscord;
let client: Client<true>;
beforeEach(() => {
  fake = discord.fake;
  client = discord.client as Client<true>;
});

/** A deferred /imagine reply in the fake Discord, and a completed job that must be delivered to it. */
function completedJob(): Promise<Job> {
  return jobFor('a red fox [sim:duration=0]');
}

/** A deferred /imagine reply in the fake Discord, and a job for `prompt` that must be delivered to it. */
async function jobFor(prompt: string): Promise<Job> {
  const interaction = chatInputInteraction(fake, {
    commandName: 'imagine',
    channelId: CHANNEL,
    userId: ALICE,
  });
  await fake.sendInteraction(interaction);
  await client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
    body: { type: InteractionResponseType.DeferredChannelMessageWithSource },
    auth: false,
  });
  const input = await reserved(w.proc.quota, { prompt });
  input.reply = {
    ...input.reply,
    applicationId: fake.applicationId,
    interactionToken: interaction.token,
    interactionAt: w.clock.now(),
    messageId: fake.originalMessage(interaction.token)?.id ?? null,
  };
  const submitter = new Submitter({
    client: w.client,
    jobs: w.proc.jobs,
    intents: w.proc.intents,
    quota: w.proc.quota,
    clock: w.clock,
    logger,
  });
  const outcome = await submitter.submit(input);
  if (outcome.kind !== 'submitted') throw new Error(`not submitted: ${outcome.kind}`);
  return outcome.job;
}

/** Delivery through the real messenger; resolves `done` with the job when it is done. */
function realDelivery(maxAttempts: number, quota: DeliveryQuota = w.proc.quota) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _enc, next) {
      lines.push(String(chunk));
      next();
    },
  });
  const log = createLogger({ level: 'info', destination });
  const done = deferred<Job>();
  let doneCount = 0;
  const delivery = new Delivery({
    jobs: w.proc.jobs,
    messenger: new DiscordMessenger(client, w.clock, log, { get: model }),
    quota,
    clock: w.clock,
    logger: log,
    download: (url, cap, opts) => downloadCapped(url, cap, { ...opts, allowOrigins: [w.sim.origin] }),
    minEditIntervalMs: 0,
    retryBaseMs: 1_000,
    maxAttempts,
    onDone: (job) => {
      doneCount += 1;
      done.resolve(job);
    },
  });
  const errors = () =>
    lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level >= 50);
  return { delivery, done: done.promise, doneCount: () => doneCount, errors };
}

/** Every edit of the reply, by any route, and every new message, answered this way from now on. */
function everyMessage(answer: Pick<FakeFault, 'kind' | 'status' | 'code'>): FakeFault {
  return {
    ...answer,
    times: Number.POSITIVE_INFINITY,
    match: (r) => ['webhookEdit', 'messageEdit', 'channelMessage'].includes(r.route),
  };
}

const messageCalls = () =>
  fake.calls.filter((c) => ['webhookEdit', 'messageEdit', 'channelMessage'].includes(c.route));

describe('delivery when Discord keeps failing', () => {
  it('gives up after the last attempt while Discord answers 503, with the job done, delivered nowhere, and an error logged', async () => {
    const job = await completedJob();
    fake.injectFault(everyMessage({ kind: 'refuse', status: 503 }));
    const { delivery, done, doneCount, errors } = realDelivery(3);

    delivery.onStatus(await w.client.getGeneration(job.generationId));
    const given = await done;
    await delivery.idle();

    expect(given).toMatchObject({ step: 'done', deliveredVia: 'none', deliveryAttempts: 3 });
    expect(await w.proc.jobs.get(job.generationId)).toMatchObject({ step: 'done', deliveredVia: 'none' });
    expect(errors().map((e) => e.msg)).toEqual(['delivery still failing after every attempt; giving up']);
    // Three attempts, each with discord.js's own retries of a 5xx; then nothing more.
    const made = messageCalls().length;
    expect(made).toBeGreaterThanOrEqual(3);
    await w.clock.sleep(10_000);
    expect(messageCalls()).toHaveLength(made);
    expect(doneCount()).toBe(1);
    // The money was settled by the time the delivery was given up: charged once, nothing held.
    expect(await summaryOf(w.proc.quota)).toMatchObject({
      spentMicros: job.chargedMicros,
      reservedMicros: 0,
    });
  });

  it('tries the link once when Discord refuses the message for good (400), then gives up without retrying', async () => {
    const job = await completedJob();
    fake.injectFault(everyMessage({ kind: 'refuse', status: 400, code: 50035 }));
    const { delivery, done, errors } = realDelivery(12);

    delivery.onStatus(await w.client.getGeneration(job.generationId));
    const given = await done;
    await delivery.idle();

    expect(given).toMatchObject({ step: 'done', deliveredVia: 'none', deliveryAttempts: 1 });
    // The file, then the link: both refused, neither sent again.
    expect(messageCalls().map((c) => [c.route, c.files.length])).toEqual([
      ['webhookEdit', 1],
      ['webhookEdit', 0],
    ]);
    expect(errors().map((e) => e.msg)).toEqual(['Discord refused the delivery for good; giving up']);
    await w.clock.sleep(10_000);
    expect(messageCalls()).toHaveLength(2);
  });

  it('ends a job whose result cannot be shown at all (a javascript: output url) once, without retrying it', async () => {
    const job = await completedJob();
    const { delivery, done, doneCount } = realDelivery(12);
    const generation = await w.client.getGeneration(job.generationId);
    if (!generation.output) throw new Error('the simulator gave no output');

    delivery.onStatus({ ...generation, output: { ...generation.output, url: 'javascript:alert(1)' } });
    const given = await done;
    await delivery.idle();

    // Shown as a link that could not be fetched, or (while rendering refuses such a url) given up
    // at once: either way done after one attempt, never retried.
    expect(given.step).toBe('done');
    expect(given.deliveryAttempts).toBeLessThanOrEqual(1);
    const made = messageCalls().length;
    await w.clock.sleep(10_000);
    expect(messageCalls()).toHaveLength(made);
    expect(doneCount()).toBe(1);
  });

  it('still reports a failure and its refund in the thread when Discord refuses to show the failed state', async () => {
    const job = await jobFor('a red fox [sim:fail=content] [sim:duration=1000]');
    fake.injectFault({
      kind: 'refuse',
      status: 400,
      code: 50035,
      times: Number.POSITIVE_INFINITY,
      match: (r) => r.route === 'webhookEdit' || r.route === 'messageEdit',
    });
    const { delivery, done, doneCount } = realDelivery(12);
    let generation = await w.client.getGeneration(job.generationId);
    while (generation.status !== 'failed') {
      await w.clock.sleep(200);
      generation = await w.client.getGeneration(job.generationId);
    }

    delivery.onStatus(generation);
    const reported = await done;
    await delivery.idle();

    expect(reported).toMatchObject({ step: 'done', refunded: true, reported: true });
    const thread = fake.messages(job.reply.messageId ?? '');
    expect(thread.filter((m) => m.content.includes(job.generationId))).toHaveLength(1);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: 0, reservedMicros: 0 });
    expect(doneCount()).toBe(1);
  });

  it('never gives up a job whose quota step has not gone through: it is retried past the last attempt, then delivered', async () => {
    const job = await completedJob();
    let failures = 4;
    const quota: DeliveryQuota = {
      finish: async (id) => {
        if (failures-- > 0) throw new Error('the store cannot be written');
        return w.proc.quota.finish(id);
      },
      refund: (id, note) => w.proc.quota.refund(id, note),
    };
    const { delivery, done } = realDelivery(2, quota);

    delivery.onStatus(await w.client.getGeneration(job.generationId));
    const delivered = await done;

    expect(delivered).toMatchObject({ step: 'done', deliveredVia: 'interaction', deliveryAttempts: 4 });
    // The member's in-flight slot was given back, and the charge stands once.
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: job.chargedMicros, inFlight: 0 });
    // The result was shown by the first attempt; the retries only had the quota step left.
    expect(messageCalls().map((c) => [c.route, c.files.length])).toEqual([['webhookEdit', 1]]);
  });

  it('gives a refused result up once, after its quota step, when Discord refuses it while that step still waits', async () => {
    const job = await completedJob();
    fake.injectFault(everyMessage({ kind: 'refuse', status: 400, code: 50035 }));
    const store = deferred<void>();
    let finishes = 0;
    const quota: DeliveryQuota = {
      finish: async (id) => {
        finishes += 1;
        await store.promise;
        return w.proc.quota.finish(id);
      },
      refund: (id, note) => w.proc.quota.refund(id, note),
    };
    const { delivery, done, doneCount } = realDelivery(12, quota);

    delivery.onStatus(await w.client.getGeneration(job.generationId));
    // The file, then the link: both refused while the quota step is held.
    await fake.waitForCall((c) => c.route === 'webhookEdit' && c.files.length === 0);
    expect(doneCount()).toBe(0);
    store.resolve();

    // Given up once the quota step went through, not retried as if it had failed.
    expect(await done).toMatchObject({ step: 'done', deliveredVia: 'none', deliveryAttempts: 1 });
    await delivery.idle();
    expect(finishes).toBe(1);
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: job.chargedMicros, inFlight: 0 });
    expect(messageCalls()).toHaveLength(2);
  });

  it('shows a result while its quota step still waits for the store, and records it done only after that step', async () => {
    const job = await completedJob();
    const store = deferred<void>();
    const finishing = deferred<void>();
    const quota: DeliveryQuota = {
      finish: async (id) => {
        finishing.resolve();
        await store.promise;
        return w.proc.quota.finish(id);
      },
      refund: (id, note) => w.proc.quota.refund(id, note),
    };
    const { delivery, done, doneCount } = realDelivery(2, quota);

    delivery.onStatus(await w.client.getGeneration(job.generationId));
    await finishing.promise;
    await fake.waitForCall((c) => c.route === 'webhookEdit' && c.files.length === 1);

    // On screen, but not done: the in-flight slot is still held and the job still open.
    expect(doneCount()).toBe(0);
    expect(await w.proc.jobs.get(job.generationId)).toMatchObject({ step: 'delivering' });
    expect(await summaryOf(w.proc.quota)).toMatchObject({ inFlight: 1 });

    store.resolve();
    expect(await done).toMatchObject({ step: 'done', deliveredVia: 'interaction' });
    expect(await summaryOf(w.proc.quota)).toMatchObject({ spentMicros: job.chargedMicros, inFlight: 0 });
    expect(messageCalls()).toHaveLength(1);
  });
});
