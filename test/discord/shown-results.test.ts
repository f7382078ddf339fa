/**
 * The messenger records each finished result it shows in the results index (generation/
 * shown-results.ts), with what the message Discord answered with says: its id and channel and the
 * attachment's link. The real DiscordMessenger on a discord.js client logged in to the fake
 * Discord, and an index in memory.
 */
import { randomUUID } from 'node:crypto';
import { ChannelType, type Client, InteractionResponseType, Routes, type TextChannel } from 'discord.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { DiscordMessenger } from '../../src/discord/generation/messenger.ts';
import { fileName } from '../../src/jobs/attachment-names.ts';
import type { BatchTake } from '../../src/jobs/batches.ts';
import type { Job } from '../../src/jobs/job.ts';
import type { ResultContent } from '../../src/jobs/result-content.ts';
import { ResultsRecorder } from '../../src/results/recorder.ts';
import { SIM_MODELS } from '../../src/sim/models.ts';
import { chatInputInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, DEFAULT_GUILD, GUILD, NSFW } from '../../testkit/ids.ts';
import { useFakeWithClient } from '../support/fake-discord-client.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { MemoryResultsIndex } from '../support/memory-results-index.ts';
import { SNIFFABLE_PNG } from '../support/png.ts';
import { recordingLogger } from '../support/recording-logger.ts';
import { jobFixture } from './job-fixture.ts';

const discord = useFakeWithClient(DEFAULT_GUILD);
const catalog = { get: (slug: string) => SIM_MODELS.find((m) => m.slug === slug) };
const START = Date.UTC(2026, 2, 1, 12);

let clock: ManualClock;
let index: MemoryResultsIndex;
let log: ReturnType<typeof recordingLogger>;
let messenger: DiscordMessenger;
beforeEach(() => {
  clock = new ManualClock(START);
  index = new MemoryResultsIndex();
  log = recordingLogger();
  messenger = new DiscordMessenger(
    discord.client as Client<true>,
    clock,
    log.logger,
    catalog,
    new ResultsRecorder(index, log.logger),
  );
});

/** A deferred /imagine reply in `channelId` of the fake, and a finished job to show in it. */
async function jobIn(channelId: string, over: Partial<Job> = {}): Promise<Job> {
  const interaction = chatInputInteraction(discord.fake, {
    commandName: 'imagine',
    channelId,
    userId: ALICE,
  });
  await discord.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
    body: { type: InteractionResponseType.DeferredChannelMessageWithSource },
    auth: false,
  });
  const generationId = randomUUID();
  return jobFixture({
    generationId,
    output: { url: `https://media.example.com/${generationId}.png`, content_type: 'image/png' },
    completedAt: START - 1_000,
    ...over,
    reply: {
      applicationId: discord.fake.applicationId,
      interactionToken: interaction.token,
      interactionAt: clock.now(),
      guildId: GUILD,
      channelId,
      messageId: discord.fake.originalMessage(interaction.token)?.id ?? null,
      userId: ALICE,
      userName: 'Alice the Painter',
      ...over.reply,
    },
  });
}

const attached = (job: Job): ResultContent => ({
  kind: 'result',
  file: { name: fileName(job), data: SNIFFABLE_PNG },
});

/** The message as the fake holds it now. */
const stored = (channelId: string, messageId: string) => {
  const message = discord.fake.messages(channelId).find((m) => m.id === messageId);
  if (!message) throw new Error(`no message ${messageId} in ${channelId}`);
  return message;
};

const recorded = async (job: Job) => {
  await index.until(() => index.results.has(job.generationId));
  const result = index.results.get(job.generationId);
  if (!result) throw new Error('not recorded');
  return result;
};

describe('a single result, shown', () => {
  it('by the interaction token: recorded with its message, channel, attachment link and the member name', async () => {
    const job = await jobIn(ART);
    expect(await messenger.show(job, attached(job))).toBe('interaction');
    const result = await recorded(job);
    const messageId = job.reply.messageId ?? '';
    const attachment = stored(ART, messageId).attachments.find((a) => a.filename === fileName(job));
    expect(attachment).toBeDefined();
    expect(result).toMatchObject({
      generationId: job.generationId,
      guildId: GUILD,
      channelId: ART,
      viewChannelId: ART,
      messageId,
      userId: ALICE,
      userName: 'Alice the Painter',
      media: { url: attachment?.url, contentType: 'image/png', from: 'discord' },
      ageRestricted: false,
      // Delivery records the time right after: the time it was shown.
      deliveredAt: START,
    });
  });

  it('by the bot token once the interaction token is too old', async () => {
    const job = await jobIn(ART);
    clock.advance(20 * 60_000);
    expect(await messenger.show(job, attached(job))).toBe('bot');
    const result = await recorded(job);
    expect(result.messageId).toBe(job.reply.messageId);
    expect(result.media?.url).toBe(stored(ART, job.reply.messageId ?? '').attachments[0]?.url);
  });

  it('as a new message when the reply cannot be edited: recorded with the new message', async () => {
    const job = await jobIn(ART, { reply: { messageId: null } as Job['reply'] });
    clock.advance(20 * 60_000);
    expect(await messenger.show(job, attached(job))).toBe('channel');
    const result = await recorded(job);
    const posted = discord.fake.messages(ART).at(-1);
    expect(result.messageId).toBe(posted?.id);
    expect(result.media?.url).toBe(posted?.attachments.find((a) => a.filename === fileName(job))?.url);
  });

  it('in an age-restricted channel: recorded as such', async () => {
    const job = await jobIn(NSFW);
    await messenger.show(job, attached(job));
    expect((await recorded(job)).ageRestricted).toBe(true);
  });

  it("as a link card: recorded with the service's link; with none when the link was refused", async () => {
    const linked = await jobIn(ART);
    await messenger.show(linked, { kind: 'result', linkReason: 'too_large' });
    expect((await recorded(linked)).media).toEqual({
      url: linked.output?.url,
      contentType: 'image/png',
      from: 'service',
    });
    const refused = await jobIn(ART);
    await messenger.show(refused, { kind: 'result', linkReason: 'refused' });
    expect((await recorded(refused)).media).toBeNull();
  });

  it("in a public thread under its channel's view; in a private thread under its own", async () => {
    const art = discord.client.channels.cache.get(ART) as TextChannel;
    for (const type of [ChannelType.PublicThread, ChannelType.PrivateThread] as const) {
      const thread = await art.threads.create({ name: `results ${type}`, type });
      const job = await jobIn(ART, { reply: { channelId: thread.id, messageId: null } as Job['reply'] });
      clock.advance(20 * 60_000);
      expect(await messenger.show(job, attached(job))).toBe('channel');
      const result = await recorded(job);
      expect(result.channelId).toBe(thread.id);
      expect(result.viewChannelId).toBe(type === ChannelType.PublicThread ? ART : thread.id);
    }
  });

  it('names the member as Discord does now for a job stored before names were kept', async () => {
    const job = await jobIn(ART);
    delete job.reply.userName;
    await messenger.show(job, attached(job));
    expect((await recorded(job)).userName).toBe('alice');
  });

  it('records nothing for progress or a failure', async () => {
    const job = await jobIn(ART);
    await messenger.show({ ...job, status: 'processing' }, { kind: 'progress' });
    await messenger.show({ ...job, status: 'failed' }, { kind: 'failed' });
    // A result shown after them is the first and only one the index hears of.
    const shown = await jobIn(ART);
    await messenger.show(shown, attached(shown));
    await recorded(shown);
    expect(index.calls).toEqual([`put ${shown.generationId}`]);
  });
});

describe('an index that fails', () => {
  it('never fails a delivery: the error is logged', async () => {
    index.putBehaviour = new Error('disk full');
    const job = await jobIn(ART);
    expect(await messenger.show(job, attached(job))).toBe('interaction');
    await index.until(() => index.calls.includes(`put ${job.generationId}`));
    await expect
      .poll(() => log.lines.map((l) => l.msg))
      .toContain('cannot add a result to the results index');
  });

  it('never slows a delivery: an index that does not answer is not waited for', async () => {
    index.putBehaviour = 'hang';
    const job = await jobIn(ART);
    expect(await messenger.show(job, attached(job))).toBe('interaction');
    const second = await jobIn(ART);
    expect(await messenger.show(second, attached(second))).toBe('interaction');
  });
});

describe("a batch's reply", () => {
  it('records each take once its own result is in the message, with its own attachment', async () => {
    const batch = { id: randomUUID(), size: 2 };
    const first = await jobIn(ART, { batch: { ...batch, index: 0 } });
    const second = { ...(await jobIn(ART)), reply: first.reply, batch: { ...batch, index: 1 } };
    const done = (job: Job, index: number): BatchTake => ({
      index,
      state: 'done',
      job,
      content: { kind: 'result', file: { name: fileName(job), data: SNIFFABLE_PNG } },
    });

    await messenger.show(first, {
      kind: 'batch',
      takes: [done(first, 0), { index: 1, state: 'generating', job: { ...second, status: 'processing' } }],
    });
    const one = await recorded(first);
    expect(one.batch).toEqual({ ...batch, index: 0 });
    expect(index.results.has(second.generationId)).toBe(false);

    // The second take's edit uploads both files again: the first take's link is the new one.
    await messenger.show(second, { kind: 'batch', takes: [done(first, 0), done(second, 1)] });
    const two = await recorded(second);
    await index.until(() => index.results.get(first.generationId)?.media?.url !== one.media?.url);
    const message = stored(ART, first.reply.messageId ?? '');
    const urlOf = (name: string) => message.attachments.find((a) => a.filename === name)?.url;
    expect(index.results.get(first.generationId)?.media?.url).toBe(urlOf(`take1-${fileName(first)}`));
    expect(two.media?.url).toBe(urlOf(`take2-${fileName(second)}`));
    expect(two).toMatchObject({ messageId: first.reply.messageId, batch: { ...batch, index: 1 } });
  });

  it('records the done takes of a redraw too (its files are uploaded anew)', async () => {
    const batch = { id: randomUUID(), size: 1 };
    const job = await jobIn(ART, { batch: { ...batch, index: 0 } });
    await messenger.showBatch(
      {
        id: batch.id,
        size: 1,
        reply: job.reply,
        prompt: job.prompt,
        model: job.model,
        modelLabel: job.modelLabel,
        simulated: false,
      },
      [
        {
          index: 0,
          state: 'done',
          job,
          content: attached(job),
        },
      ],
    );
    const result = await recorded(job);
    expect(result.media?.url).toBe(
      stored(ART, job.reply.messageId ?? '').attachments.find((a) => a.filename === `take1-${fileName(job)}`)
        ?.url,
    );
  });
});
