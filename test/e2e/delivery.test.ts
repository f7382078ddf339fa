import { type APIEmbed, type APIInteraction, ComponentType, Locale, MessageFlags } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { RecordedCall } from '../../testkit/fake-discord.ts';
import { ALICE, ART, componentsOf, NO_THREADS, opt, textOf, useHarness } from '../support/bot-harness.ts';
import { bodyOf, galleryOf, isCard, showsJob } from './card-helpers.ts';
import { expectSentCustomIdsParse } from './sent-custom-ids.ts';

const h = useHarness({ beforeClose: expectSentCustomIdsParse });

const embedOf = (call: RecordedCall) => (call.body as { embeds: APIEmbed[] }).embeds[0] as APIEmbed;
/**
 * The first embed of an edit, if it has one: the predicate of a wait sees every edit of the reply,
 * and one without embeds (an edit that carries only files or components) must not throw.
 */
const titleOf = (call: RecordedCall) =>
  (call.body as { embeds?: APIEmbed[] } | undefined)?.embeds?.[0]?.title;
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
    // Until the result, the reply is an embed (a slow POST may be preceded by the waiting view).
    const queued = await h.editOf(interaction, (c) => !isCard(c) && showsJob(c));
    expect(embedOf(queued).title).toMatch(/^Image · (Queued|Generating…)$/);
    expect(embedOf(queued).fields).toEqual(
      expect.arrayContaining([{ name: 'Price', value: '$0.10', inline: true }]),
    );

    const job = await h.jobDone(interaction);
    expect(job.deliveredVia).toBe('interaction');
    const [final] = editsWithFiles(interaction);
    expect(final?.files[0]?.name).toMatch(/\.png$/);
    expect(final?.files[0]?.data.subarray(1, 4).toString()).toBe('PNG');
    // The deferred reply could not carry the V2 flag: the delivering edit sets it and clears the embed.
    const card = final as RecordedCall;
    expect(isCard(card)).toBe(true);
    expect(bodyOf(card).content ?? '').toBe('');
    expect(bodyOf(card).embeds ?? []).toEqual([]);
    expect(galleryOf(bodyOf(card))).toEqual([`attachment://${final?.files[0]?.name}`]);
    const text = textOf(bodyOf(card));
    expect(text).toContain('a lighthouse at dusk');
    expect(text).toContain(`$0.10 charged · asked by <@${ALICE}>`);
    expect(bodyOf(card).allowed_mentions).toEqual({ parse: [] });
    expect(componentsOf(bodyOf(card)).map((b) => [b.label, b.custom_id])).toEqual([
      ['Again', `result:v1:again:${job.generationId}`],
      ['Vary', `result:v1:vary:${job.generationId}`],
      ['Animate', `result:v1:animate:${job.generationId}`],
      ['Higher resolution (2K)', `result:v1:higher-resolution:${job.generationId}`],
      ['Details', `result:v1:details:${job.generationId}`],
      ['Delete', `result:v1:delete:${job.generationId}`],
    ]);
    // What members see: the stored message is V2, its gallery showing the uploaded file.
    const stored = h.deliveredMessage(interaction);
    expect((stored?.flags ?? 0) & MessageFlags.IsComponentsV2).toBe(MessageFlags.IsComponentsV2);
    expect(stored?.embeds).toEqual([]);
    expect(galleryOf(stored ?? {})).toEqual([stored?.attachments[0]?.url]);
    expect(job.deliveredAt).toBeGreaterThanOrEqual(job.completedAt ?? Number.POSITIVE_INFINITY);
    expect(job.completedAt).toBeGreaterThan(job.createdAt);
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
    expect(textOf(bodyOf(final as RecordedCall))).toContain('$0.4224 charged');
    expect(galleryOf(bodyOf(final as RecordedCall))).toEqual([`attachment://${final?.files[0]?.name}`]);
    // No last frame was asked for: nothing to continue from.
    expect(componentsOf(bodyOf(final as RecordedCall)).map((b) => b.label)).not.toContain(
      'Continue from last frame',
    );
  });

  it('shows the last frame of a video made with return_last_frame beside it, with a Continue button', async () => {
    const interaction = await h.command('video', [
      opt.string('prompt', 'waves rolling in [sim:duration=20000]'),
      opt.string('model', 'motion-2.0-fast'),
      opt.integer('duration', 4),
      opt.boolean('return_last_frame', true),
    ]);
    const job = await h.jobDone(interaction);
    expect(job.output?.last_frame_url).toMatch(/-last-frame\.png$/);
    const [final] = editsWithFiles(interaction);
    const names = final?.files.map((f) => f.name) ?? [];
    expect(names).toEqual([
      expect.stringMatching(/^video-.*\.mp4$/),
      expect.stringMatching(/^last-frame-.*\.png$/),
    ]);
    expect(final?.files[1]?.data.subarray(1, 4).toString()).toBe('PNG');
    const body = bodyOf(final as RecordedCall);
    expect(galleryOf(body)).toEqual(names.map((n) => `attachment://${n}`));
    expect(textOf(body)).toContain('return last frame: yes');
    expect(componentsOf(body).map((b) => b.custom_id)).toContain(`result:v1:continue:${job.generationId}`);
    expect(componentsOf(body).find((b) => b.custom_id?.startsWith('result:v1:continue:'))?.label).toBe(
      'Continue from last frame',
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
    const final = await h.editOf(interaction, isCard);
    // One way to the file: the button (beside Details and Delete), not a second link in the text.
    const links = componentsOf(bodyOf(final)).filter((b) => b.url !== undefined);
    expect(links.map((b) => b.label)).toEqual(['Download video']);
    expect(links[0]?.url).toMatch(/download=1/);
    expect(textOf(bodyOf(final))).toContain(
      'larger than this channel accepts: open it with the button below.',
    );
    expect(textOf(bodyOf(final))).not.toMatch(/\]\(http/);
    // The service's URL takes the file's place in the gallery.
    expect(galleryOf(bodyOf(final))).toEqual([
      expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/files\/.*\.mp4$/),
    ]);
  });

  it("shows a German member's cards in German and reports the failure in the Japanese server's language", async () => {
    const interaction = await h.command(
      'imagine',
      [opt.string('prompt', 'etwas Verbotenes [sim:fail=content]'), opt.string('model', 'nano-fruit-pro')],
      { locale: Locale.German, guildLocale: Locale.Japanese },
    );
    const job = await h.jobDone(interaction);
    expect(job.status).toBe('failed');
    const failed = await h.editOf(interaction, (c) => titleOf(c) === 'Bild · Fehlgeschlagen');
    expect(embedOf(failed).fields).toEqual(
      expect.arrayContaining([
        { name: 'Preis', value: '0,10\u00a0$ berechnet, 0,10\u00a0$ erstattet', inline: true },
      ]),
    );
    const thread = await h.discord.waitForCall((c) => c.route === 'threadCreate');
    expect((thread.body as { name: string }).name).toBe('失敗：etwas Verbotenes [sim:fail=content]');
    const report = await h.discord.waitForCall(
      (c) => c.route === 'channelMessage' && c.path.includes(`/channels/${job.reply.messageId}/`),
    );
    const lines = (report.body as { content: string }).content.split('\n');
    expect(lines[0]).toBe('**画像の生成に失敗しました**（Nano Fruit Pro）。');
    expect(lines).toContain(
      `$0.10を<@${ALICE}>さんの利用枠に返金しました。失敗した生成はサービスから請求されません。`,
    );
    expect(lines.at(-1)).toBe(`-# 生成ID \`${job.generationId}\``);
  });

  it('reports a failure in a thread on the reply with the service error and the refund, once', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'something forbidden [sim:fail=content]'),
      opt.string('model', 'nano-fruit-pro'),
    ]);
    const job = await h.jobDone(interaction);
    expect(job.status).toBe('failed');
    const failedEdit = await h.editOf(interaction, (c) => titleOf(c) === 'Image · Failed');
    expect(failedEdit).toBeDefined();
    const thread = await h.discord.waitForCall((c) => c.route === 'threadCreate');
    expect(thread.path).toContain(`/channels/${ART}/messages/${job.reply.messageId}/threads`);
    const report = await h.discord.waitForCall(
      (c) => c.route === 'channelMessage' && c.path.includes(`/channels/${job.reply.messageId}/`),
    );
    const text = (report.body as { content: string }).content;
    expect(text).toContain('rejected by the content policy');
    expect(text).toContain(`$0.10 was returned to <@${ALICE}>'s allowance`);

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
    expect(body.content).toContain('$0.02 was returned');
    expect(body.message_reference?.message_id).toBe(job.reply.messageId);
  });

  it('falls back to the bot token when the interaction token has expired', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'a slow painting [sim:duration=30000]'),
    ]);
    await h.editOf(interaction, showsJob);
    h.discord.expireInteractionToken(interaction.token);
    const job = await h.jobDone(interaction);
    expect(job.deliveredVia).toBe('bot');
    const edit = h.discord.calls.find((c) => c.route === 'messageEdit' && c.files.length > 0);
    expect(edit?.path).toBe(`/channels/${ART}/messages/${job.reply.messageId}`);
    // The same card as through the interaction token.
    expect(isCard(edit as RecordedCall)).toBe(true);
    expect(bodyOf(edit as RecordedCall).embeds ?? []).toEqual([]);
    expect(textOf(bodyOf(edit as RecordedCall))).toContain('a slow painting');
    expect(componentsOf(bodyOf(edit as RecordedCall)).map((b) => b.custom_id)).toContain(
      `result:v1:again:${job.generationId}`,
    );
  });

  it('posts the result as a new message with the same card, pinging the requester only, when the reply is gone', async () => {
    const interaction = await h.command('imagine', [
      opt.string('prompt', 'a vanishing act for <@1300000000000000011> @everyone [sim:duration=30000]'),
    ]);
    await h.editOf(interaction, showsJob);
    const message = h.discord.originalMessage(interaction.token);
    h.discord.expireInteractionToken(interaction.token);
    await fetch(`${h.discord.apiUrl}/v10/channels/${ART}/messages/${message?.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bot ${h.discord.botToken}` },
    });
    const job = await h.jobDone(interaction);
    expect(job.deliveredVia).toBe('channel');
    const sent = h.discord.calls.find(
      (c) => c.route === 'channelMessage' && c.files.length > 0,
    ) as RecordedCall;
    const body = bodyOf(sent);
    expect(isCard(sent)).toBe(true);
    expect(body.content ?? '').toBe('');
    // A V2 message has no content: the mention is the first Text Display.
    expect(body.components?.[0]).toEqual({ type: ComponentType.TextDisplay, content: `<@${ALICE}>` });
    expect(body.allowed_mentions).toEqual({ users: [ALICE] });
    expect(galleryOf(body)).toEqual([`attachment://${sent.files[0]?.name}`]);
    expect(textOf(body)).toContain('a vanishing act');
    expect(componentsOf(body).map((b) => b.custom_id)).toEqual([
      `result:v1:again:${job.generationId}`,
      `result:v1:vary:${job.generationId}`,
      `result:v1:animate:${job.generationId}`,
      `result:v1:details:${job.generationId}`,
      `result:v1:delete:${job.generationId}`,
    ]);
  });
});
