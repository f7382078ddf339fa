import { PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/index.ts';
import { ALICE, ART, BOB, componentsOf, GUILD, textOf, useHarness } from '../support/bot-harness.ts';
import { ephemeralReply } from './quota-helpers.ts';
import {
  figures,
  makeResult,
  relabelButton,
  resultButton,
  resultOf,
  sentRequests,
} from './result-helpers.ts';
import { expectSentCustomIdsParse, shapeOf } from './sent-custom-ids.ts';

// The English texts expected below, read from the bot's texts themselves.
const REPEATED_PRESS = english.t('actions:press.repeated');

const h = useHarness({ beforeClose: expectSentCustomIdsParse });

const PUBLIC_DEFER = 5;

describe('Again', () => {
  it('makes a second generation with the same model and parameters, as a new reply that names the result it came from', async () => {
    const first = await makeResult(h, 'imagine', {
      prompt: 'a lighthouse at dusk',
      model: 'lang-image-2',
      aspect_ratio: '16:9',
    });
    const card = h.deliveredMessage(first.interaction);
    if (!card) throw new Error('the result was not stored');
    const again = componentsOf(card).find((c) => c.label === 'Again');
    expect(again?.custom_id).toBe(resultButton('again', first.job));
    const press = await h.press(first.messageId, again?.custom_id ?? '');
    const answer = (await h.callbackOf(press)).body as { type: number; data?: { flags?: number } };
    expect(answer.type).toBe(PUBLIC_DEFER);
    expect((answer.data?.flags ?? 0) & (1 << 6)).toBe(0);

    const second = await resultOf(h, press);
    expect(second.job.generationId).not.toBe(first.job.generationId);
    expect(second.messageId).not.toBe(first.messageId);
    expect(sentRequests(h)).toEqual([
      { model: 'lang-image-2', prompt: 'a lighthouse at dusk', aspect_ratio: '16:9' },
      { model: 'lang-image-2', prompt: 'a lighthouse at dusk', aspect_ratio: '16:9' },
    ]);
    expect(second.job.origin).toEqual({
      action: 'again',
      generationId: first.job.generationId,
      guildId: first.job.reply.guildId,
      channelId: ART,
      messageId: first.messageId,
    });
    const reply = h.deliveredMessage(press);
    if (!reply) throw new Error('the new result was not stored');
    expect(textOf(reply)).toContain(
      `Again from [this result](https://discord.com/channels/${GUILD}/${ART}/${first.messageId})`,
    );
  });

  it('submits once when Again is double-clicked: the second press is told it is on its way', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'twice, quickly', model: 'lang-4o-image' });
    const id = resultButton('again', first.job);
    const [one, two] = [await h.press(first.messageId, id), await h.press(first.messageId, id)];
    const second = (await h.callbackOf(two)).body as { type: number; data?: { content?: string } };
    expect(second).toMatchObject({ type: 4, data: { content: REPEATED_PRESS } });
    await resultOf(h, one);
    expect(sentRequests(h)).toHaveLength(2);
    expect((await figures(h, ALICE)).spentMicros).toBe(2 * 20_000);
  });

  it('gives a motion request a new seed and keeps everything else', async () => {
    const first = await makeResult(h, 'video', {
      prompt: 'waves on rocks',
      model: 'motion-2.0-fast',
      duration: 4,
      seed: 42,
    });
    const press = await h.press(first.messageId, resultButton('again', first.job));
    await resultOf(h, press);
    const [, again] = sentRequests(h);
    expect(again).toEqual({
      model: 'motion-2.0-fast',
      prompt: 'waves on rocks',
      duration: 4,
      seed: expect.any(Number),
    });
    expect(again?.seed).not.toBe(42);
  });

  it('still works when pressed after a restart: everything is read from the store', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    await h.restart();
    const press = await h.press(first.messageId, resultButton('again', first.job));
    const second = await resultOf(h, press);
    expect(second.job.status).toBe('completed');
    expect(sentRequests(h).map((r) => r.prompt)).toEqual(['a red kite', 'a red kite']);
  });

  it("spends the quota of the member who pressed, not the original requester's", async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const aliceBefore = await figures(h, ALICE);
    expect(aliceBefore.spentMicros).toBe(20_000);

    const press = await h.press(first.messageId, resultButton('again', first.job), { userId: BOB });
    const second = await resultOf(h, press);
    expect(second.job.reply.userId).toBe(BOB);
    expect((await figures(h, BOB)).spentMicros).toBe(20_000);
    expect((await figures(h, ALICE)).spentMicros).toBe(20_000);
  });

  it('works from a card posted before the ids were versioned (a button pressed a week later)', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const legacy = `result:again:${first.job.generationId}`;
    relabelButton(h, first.messageId, resultButton('again', first.job), legacy);
    const second = await resultOf(h, await h.press(first.messageId, legacy));
    expect(sentRequests(h)).toHaveLength(2);
    expect(second.job.origin).toMatchObject({ action: 'again', generationId: first.job.generationId });
  });

  it('answers a result the bot does not know privately, and sends nothing', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    // A card whose generation the store does not have.
    relabelButton(h, first.messageId, resultButton('again', first.job), 'result:again:no-such-generation');
    const press = await h.press(first.messageId, 'result:again:no-such-generation');
    const answer = await ephemeralReply(h, press);
    expect(answer.content).toContain('This result is not known to the bot any more');
    expect(answer.content).toContain('Nothing was sent or charged');
    expect(sentRequests(h)).toHaveLength(1);
  });
  it("answers a result made in another server as unknown: its prompt and settings are not this server's", async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    await h.bot.services.jobs.update(first.job.generationId, (j) => ({
      reply: { ...j.reply, guildId: '1300000000000000999' },
    }));
    const answer = await ephemeralReply(h, await h.press(first.messageId, resultButton('vary', first.job)));
    expect(answer.content).toContain('This result is not known to the bot any more');
    expect(sentRequests(h)).toHaveLength(1);
  });
});

describe('Vary', () => {
  it('opens a modal with the prompt to edit, and sends the edited prompt with the same settings', async () => {
    const first = await makeResult(h, 'imagine', {
      prompt: 'a lighthouse at dusk',
      model: 'lang-image-2',
      aspect_ratio: '9:16',
      resolution: '2K',
    });
    const press = await h.press(first.messageId, resultButton('vary', first.job));
    const modal = await h.modalOf(press);
    expect(modal.custom_id).toBe(resultButton('vary-modal', first.job));
    const input = (modal.components[0] as { label: string; component: Record<string, unknown> }).component;
    expect(input).toMatchObject({
      custom_id: 'prompt',
      style: 2,
      value: 'a lighthouse at dusk',
      max_length: 2000,
      required: true,
    });
    expect(sentRequests(h)).toHaveLength(1);

    const submit = await h.submitModal(
      modal.custom_id,
      { prompt: 'a lighthouse at dawn' },
      {},
      { messageId: first.messageId },
    );
    const varied = await resultOf(h, submit);
    expect(sentRequests(h)[1]).toEqual({
      model: 'lang-image-2',
      prompt: 'a lighthouse at dawn',
      aspect_ratio: '9:16',
      resolution: '2K',
    });
    expect(varied.job.origin?.action).toBe('vary');
    expect(varied.job.origin?.generationId).toBe(first.job.generationId);
  });
  it('adds the images uploaded in the modal after the references the request had', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a cat', model: 'lang-4o-image' });
    const modal = await h.modalOf(await h.press(first.messageId, resultButton('vary', first.job)));
    const upload = (modal.components[1] as { component: Record<string, unknown> }).component;
    expect(upload).toMatchObject({ type: 19, custom_id: 'uploads', required: false, max_values: 10 });

    const hat = {
      id: '1400000000000000001',
      filename: 'hat.png',
      contentType: 'image/png',
      url: `https://cdn.discordapp.com/attachments/${ART}/1400000000000000001/hat.png`,
    };
    const submit = await h.submitModal(
      modal.custom_id,
      { prompt: 'a cat in this hat', uploads: [hat] },
      {},
      { messageId: first.messageId },
    );
    await resultOf(h, submit);
    expect(sentRequests(h)[1]).toEqual({
      model: 'lang-4o-image',
      prompt: 'a cat in this hat',
      image_urls: [hat.url],
    });
  });
  it('sends once when Discord delivers the same modal submit twice', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a cat', model: 'lang-4o-image' });
    const modal = await h.modalOf(await h.press(first.messageId, resultButton('vary', first.job)));
    const submit = await h.submitModal(
      modal.custom_id,
      { prompt: 'a cat in a hat' },
      {},
      { messageId: first.messageId },
    );
    await h.discord.sendInteraction(submit);
    await resultOf(h, submit);
    expect(sentRequests(h).map((r) => r.prompt)).toEqual(['a cat', 'a cat in a hat']);
    expect((await figures(h, ALICE)).spentMicros).toBe(40_000);
  });
});

describe('Continue from last frame', () => {
  it('starts a new video with the same settings from the last frame the service returned', async () => {
    const first = await makeResult(h, 'video', {
      prompt: 'a wave rises',
      model: 'motion-2.0-fast',
      duration: 4,
      seed: 42,
      return_last_frame: true,
    });
    const card = h.deliveredMessage(first.interaction);
    if (!card) throw new Error('the result was not stored');
    const button = componentsOf(card).find((c) => c.label === 'Continue from last frame');
    expect(button?.custom_id).toBe(resultButton('continue', first.job));
    // The simulator serves the frame from its own origin on 127.0.0.1: not public, but the
    // service's own output, which it can fetch.
    const lastFrame = first.job.output?.last_frame_url;
    expect(lastFrame).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\//);
    const modal = await h.modalOf(await h.press(first.messageId, button?.custom_id ?? ''));
    expect(modal.custom_id).toBe(resultButton('continue-modal', first.job));

    const submit = await h.submitModal(
      modal.custom_id,
      { prompt: 'the wave breaks' },
      {},
      { messageId: first.messageId },
    );
    const next = await resultOf(h, submit);
    expect(sentRequests(h)[1]).toEqual({
      model: 'motion-2.0-fast',
      prompt: 'the wave breaks',
      duration: 4,
      seed: 42,
      return_last_frame: true,
      image_urls: [lastFrame],
    });
    expect(next.job.origin).toMatchObject({ action: 'continue', generationId: first.job.generationId });
  });

  it('refuses a video without a last frame, and opens no modal', async () => {
    const first = await makeResult(h, 'video', { prompt: 'a wave', model: 'motion-2.0-fast', duration: 4 });
    // The card offers no Continue; one that did (put out before the job lost its frame) is refused.
    relabelButton(
      h,
      first.messageId,
      resultButton('details', first.job),
      resultButton('continue', first.job),
    );
    const press = await h.press(first.messageId, resultButton('continue', first.job));
    const answer = await ephemeralReply(h, press);
    expect(answer.content).toContain('returned no last frame for this result');
    expect(sentRequests(h)).toHaveLength(1);
  });
});

describe('Animate', () => {
  /** An image whose service URL is on a public host, as a real service's is. */
  async function publicImage() {
    h.sim.injectNext({ outputUrl: 'https://media.example.invalid/lighthouse.png', durationMs: 2_000 });
    return makeResult(h, 'imagine', { prompt: 'a lighthouse', model: 'lang-4o-image' });
  }

  it('offers only the video models that take a first frame, with prices, and sends the image as image_urls[0]', async () => {
    const image = await publicImage();
    const press = await h.press(image.messageId, resultButton('animate', image.job));
    const menu = await ephemeralReply(h, press);
    const message = h.deliveredMessage(press);
    if (!message) throw new Error('the menu was not stored');
    const [select] = componentsOf(message);
    expect(select?.custom_id).toBe(resultButton('animate-model', image.job));
    expect(select?.options?.map((o) => o.value)).toEqual([
      'quick-video-1',
      'vista-3.1-fast',
      'orbit-2',
      'orbit-2-pro',
      'motion-2.0',
      'motion-2.0-fast',
      'omni-flash-ext',
    ]);
    expect(select?.options?.find((o) => o.value === 'quick-video-1')).toEqual({
      label: 'Quick Video 1',
      value: 'quick-video-1',
      description: 'about $0.18 · 6 s · 480p',
    });
    expect(menu.content).toContain('nothing is charged before you send it');

    const choice = await h.select(message.id, select?.custom_id ?? '', ['quick-video-1']);
    const modal = await h.modalOf(choice);
    expect(modal.custom_id).toBe(resultButton('animate-modal', image.job, 'quick-video-1'));
    expect(sentRequests(h)).toHaveLength(1);

    const submit = await h.submitModal(
      modal.custom_id,
      { prompt: 'the beam sweeps the sea' },
      {},
      {
        messageId: message.id,
      },
    );
    const video = await resultOf(h, submit);
    expect(sentRequests(h)[1]).toEqual({
      model: 'quick-video-1',
      prompt: 'the beam sweeps the sea',
      image_urls: ['https://media.example.invalid/lighthouse.png'],
    });
    expect(video.job.type).toBe('video');
    expect(video.job.origin).toMatchObject({ action: 'animate', generationId: image.job.generationId });
    expect((await figures(h, ALICE)).spentMicros).toBe(20_000 + 180_000);

    // Every id the bot sent on the way (two cards, the menu, the modal) parses back (checked after
    // each test); here, that it saw them all.
    expect(new Set(expectSentCustomIdsParse(h).map(shapeOf))).toEqual(
      new Set([
        ...['again', 'vary', 'animate', 'higher-resolution', 'details', 'delete'].map((a) => `result:${a}`),
        'result:animate-model',
        'result:animate-modal',
      ]),
    );
  });

  it("animates an image on the service's own origin, though the built-in simulator's is 127.0.0.1", async () => {
    const image = await makeResult(h, 'imagine', { prompt: 'a lighthouse', model: 'lang-4o-image' });
    expect(image.job.output?.url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const press = await h.press(image.messageId, resultButton('animate', image.job));
    await ephemeralReply(h, press);
    const menu = h.deliveredMessage(press);
    const [select] = componentsOf(menu ?? {});
    const choice = await h.select(menu?.id ?? '', select?.custom_id ?? '', ['quick-video-1']);
    const modal = await h.modalOf(choice);
    const submit = await h.submitModal(
      modal.custom_id,
      { prompt: 'the beam turns' },
      {},
      { messageId: menu?.id },
    );
    const video = await resultOf(h, submit);
    expect(video.job.status).toBe('completed');
    expect(sentRequests(h)[1]?.image_urls).toEqual([image.job.output?.url]);
  });

  it('refuses, before anything is reserved, an image on a private address that is not the service', async () => {
    h.sim.injectNext({ outputUrl: 'http://10.1.2.3/lighthouse.png', durationMs: 2_000 });
    const image = await makeResult(h, 'imagine', { prompt: 'a lighthouse', model: 'lang-4o-image' });
    const answer = await ephemeralReply(
      h,
      await h.press(image.messageId, resultButton('animate', image.job)),
    );
    expect(answer.content).toContain(
      "This image's address at the generation service is not a public address",
    );
    expect(answer.content).toContain('Nothing was sent or charged');
    expect((await figures(h, ALICE)).reservedMicros).toBe(0);
  });
});

describe('Higher resolution', () => {
  it('shows a confirmation card with the price of the next resolution and sends nothing until Confirm', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a harbour', model: 'lang-image-2' });
    const press = await h.press(first.messageId, resultButton('higher-resolution', first.job));
    const card = await ephemeralReply(h, press);
    expect(card.content).toContain('**This request costs about $0.032.**');
    expect(sentRequests(h)).toHaveLength(1);
    expect((await figures(h, ALICE)).reservedMicros).toBe(32_000);

    const confirm = card.components[0]?.components[0]?.custom_id ?? '';
    expect(confirm).toMatch(/^confirmation:v1:confirm:/);
    const cardMessage = h.deliveredMessage(press);
    if (!cardMessage) throw new Error('the card was not stored');
    const click = await h.press(cardMessage.id, confirm);
    const upscaled = await resultOf(h, click);
    expect(sentRequests(h)[1]).toEqual({ model: 'lang-image-2', prompt: 'a harbour', resolution: '2K' });
    expect(upscaled.job.origin?.action).toBe('higher-resolution');
    expect((await figures(h, ALICE)).spentMicros).toBe(16_000 + 32_000);
  });

  it('works from a card posted before the ids were versioned, where it was called upscale', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a harbour', model: 'lang-image-2' });
    const legacy = `result:upscale:${first.job.generationId}`;
    relabelButton(h, first.messageId, resultButton('higher-resolution', first.job), legacy);
    const card = await ephemeralReply(h, await h.press(first.messageId, legacy));
    expect(card.content).toContain('**This request costs about $0.032.**');
    expect((await figures(h, ALICE)).reservedMicros).toBe(32_000);
  });
});

describe('Details', () => {
  it('answers privately with the generation id and the seed', async () => {
    const first = await makeResult(h, 'video', {
      prompt: 'waves on rocks',
      model: 'motion-2.0-fast',
      duration: 4,
      seed: 42,
    });
    const press = await h.press(first.messageId, resultButton('details', first.job), { userId: BOB });
    await ephemeralReply(h, press);
    const shown = h.deliveredMessage(press);
    if (!shown) throw new Error('the details were not stored');
    const text = textOf(shown);
    expect(text).toContain(first.job.generationId);
    expect(text).toMatch(/seed\W+42/);
    expect(sentRequests(h)).toHaveLength(1);
  });
});

describe('Delete', () => {
  const stillThere = (messageId: string) => h.discord.messages(ART).some((m) => m.id === messageId);

  it('deletes the result when the requester presses it', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const press = await h.press(first.messageId, resultButton('delete', first.job));
    const edit = await h.editOf(press);
    expect((edit.body as { content: string }).content).toBe('The result was deleted.');
    expect(stillThere(first.messageId)).toBe(false);
    // The job keeps its spend: deleting a message is not a refund.
    expect((await figures(h, ALICE)).spentMicros).toBe(20_000);
  });

  it('refuses another member without Manage Messages, and keeps the message', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const answer = await ephemeralReply(
      h,
      await h.press(first.messageId, resultButton('delete', first.job), { userId: BOB }),
    );
    expect(answer.content).toContain('Only the member who asked for this result');
    expect(stillThere(first.messageId)).toBe(true);
    expect(h.discord.calls.filter((c) => c.route === 'messageDelete' || c.route === 'webhookDelete')).toEqual(
      [],
    );
  });

  it('lets a member with Manage Messages delete it', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const press = await h.press(first.messageId, resultButton('delete', first.job), {
      userId: BOB,
      memberPermissions: String(PermissionFlagsBits.ViewChannel | PermissionFlagsBits.ManageMessages),
    });
    const edit = await h.editOf(press);
    expect((edit.body as { content: string }).content).toBe('The result was deleted.');
    expect(stillThere(first.messageId)).toBe(false);
  });
});
