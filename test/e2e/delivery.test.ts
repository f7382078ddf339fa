import type { APIEmbed, APIInteraction } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALICE, ART, type Harness, NO_THREADS, opt, startHarness } from '../support/bot-harness.ts';
import type { RecordedCall } from '../support/fake-discord.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h?.close();
});

const embedOf = (call: RecordedCall) => (call.body as { embeds: APIEmbed[] }).embeds[0] as APIEmbed;
const posts = () => h.sim.requests.filter((r) => r.method === 'POST');
const editsWithFiles = (interaction: APIInteraction) =>
  h.discord.calls.filter(
    (c) => c.route === 'webhookEdit' && c.path.includes(interaction.token) && c.files.length > 0,
  );

describe('delivering results', () => {
  it('defers publicly, shows the queued job, then edits the reply with the image attached', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'a lighthouse at dusk'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    expect((await h.callbackOf(interaction)).body).toMatchObject({ type: 5 });
    const queued = await h.editOf(interaction);
    expect(embedOf(queued).title).toMatch(/^Image · (Queued|Generating…)$/);
    expect(embedOf(queued).fields).toEqual(
      expect.arrayContaining([{ name: 'Price', value: '$0.1000', inline: true }]),
    );

    const job = await h.jobDone(interaction);
    expect(job.deliveredVia).toBe('interaction');
    const [final] = editsWithFiles(interaction);
    expect(final?.files[0]?.name).toMatch(/\.png$/);
    expect(final?.files[0]?.data.subarray(1, 4).toString()).toBe('PNG');
    const embed = embedOf(final as RecordedCall);
    expect(embed.title).toBe('Image · Done');
    expect(embed.image?.url).toBe(`attachment://${final?.files[0]?.name}`);
    expect(embed.description).toBe('a lighthouse at dusk');
    expect(embed.fields).toEqual(
      expect.arrayContaining([{ name: 'Requested by', value: `<@${ALICE}>`, inline: true }]),
    );
    expect(posts()).toHaveLength(1);
    expect(editsWithFiles(interaction)).toHaveLength(1);
  });

  it('attaches a finished video as an .mp4', async () => {
    const interaction = await h.command('video', [
      opt.string('prompt', 'waves rolling in [sim:duration=20000]'),
      opt.string('model', 'motion-2.0-fast'),
      opt.integer('duration', 4),
    ]);
    const job = await h.jobDone(interaction);
    expect(job.status).toBe('completed');
    const [final] = editsWithFiles(interaction);
    expect(final?.files[0]?.name).toMatch(/\.mp4$/);
    expect(final?.files[0]?.data.subarray(4, 8).toString()).toBe('ftyp');
    expect(embedOf(final as RecordedCall).fields).toEqual(
      expect.arrayContaining([{ name: 'Price', value: '$0.4224', inline: true }]),
    );
  });

  it('delivers an output larger than the attachment limit as a link with a download button', async () => {
    const interaction = await h.command(
      'video',
      [
        opt.string('prompt', 'a long take [sim:duration=20000] [sim:bytes=4096]'),
        opt.string('model', 'quick-video-1'),
      ],
      { attachmentSizeLimit: 2048 },
    );
    await h.jobDone(interaction);
    expect(editsWithFiles(interaction)).toHaveLength(0);
    const final = await h.editOf(interaction, (c) => embedOf(c)?.title === 'Video · Done');
    const body = final.body as { components: { components: { url: string; label: string }[] }[] };
    const button = body.components[0]?.components[0];
    expect(button?.label).toBe('Download video');
    expect(button?.url).toMatch(/download=1/);
    expect(JSON.stringify(embedOf(final).fields)).toMatch(/larger than this channel accepts/);
  });

  it('reports a failure in a thread on the reply with the service error and the refund, once', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'something forbidden [sim:fail=content]'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    const job = await h.jobDone(interaction);
    expect(job.status).toBe('failed');
    const failedEdit = await h.editOf(interaction, (c) => embedOf(c)?.title === 'Image · Failed');
    expect(failedEdit).toBeDefined();
    const thread = await h.discord.waitForCall((c) => c.route === 'threadCreate');
    expect(thread.path).toContain(`/channels/${ART}/messages/${job.reply.messageId}/threads`);
    const report = await h.discord.waitForCall(
      (c) => c.route === 'channelMessage' && c.path.includes(`/channels/${job.reply.messageId}/`),
    );
    const text = (report.body as { content: string }).content;
    expect(text).toContain('rejected by the content policy');
    expect(text).toContain(`$0.1000 was returned to <@${ALICE}>'s quota`);

    const summary = await h.bot.services.quota.summary({
      guildId: job.reply.guildId as string,
      userId: ALICE,
      roleIds: [],
    });
    expect(summary.spentMicros).toBe(0);
    expect(summary.recent[0]?.status).toBe('refunded');
    expect(h.discord.calls.filter((c) => c.route === 'threadCreate')).toHaveLength(1);
  });

  it('reports a failure as a reply in the channel where no thread can be opened', async () => {
    const interaction = await h.command(
      'imagine',
      [opt.string('prompt', 'a broken machine [sim:fail=infrastructure] [sim:duration=3000]')],
      { channelId: NO_THREADS },
    );
    const job = await h.jobDone(interaction);
    const report = await h.discord.waitForCall(
      (c) =>
        c.route === 'channelMessage' && c.path === `/channels/${NO_THREADS}/messages` && c.status === 200,
    );
    const body = report.body as { content: string; message_reference?: { message_id: string } };
    expect(body.content).toContain('internal error');
    expect(body.content).toContain('$0.0200 was returned');
    expect(body.message_reference?.message_id).toBe(job.reply.messageId);
  });

  it('falls back to the bot token when the interaction token has expired', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'a slow painting [sim:duration=30000]'),
    ]);
    await h.editOf(interaction);
    h.discord.expireInteractionToken(interaction.token);
    const job = await h.jobDone(interaction);
    expect(job.deliveredVia).toBe('bot');
    const edit = h.discord.calls.find((c) => c.route === 'messageEdit' && c.files.length > 0);
    expect(edit?.path).toBe(`/channels/${ART}/messages/${job.reply.messageId}`);
    expect(embedOf(edit as RecordedCall).title).toBe('Image · Done');
  });

  it('posts the result as a new message mentioning the requester when the reply is gone', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'a vanishing act [sim:duration=30000]'),
    ]);
    await h.editOf(interaction);
    const message = h.discord.originalMessage(interaction.token);
    h.discord.expireInteractionToken(interaction.token);
    await fetch(`${h.discord.apiUrl}/v10/channels/${ART}/messages/${message?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bot ${h.discord.botToken}` },
    });
    const job = await h.jobDone(interaction);
    expect(job.deliveredVia).toBe('channel');
    const sent = h.discord.calls.find((c) => c.route === 'channelMessage' && c.files.length > 0);
    expect((sent?.body as { content?: string } | undefined)?.content).toBe(`<@${ALICE}>`);
    expect(
      (sent?.body as { allowed_mentions?: { users: string[] } } | undefined)?.allowed_mentions?.users,
    ).toEqual([ALICE]);
  });
});
