import { Locale } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { FakeAttachmentSpec } from '../../testkit/fake-discord.ts';
import { ALICE, ART, GUILD, textOf, useHarness } from '../support/bot-harness.ts';
import { ephemeralReply } from './quota-helpers.ts';
import { figures, resultOf, sentRequests } from './result-helpers.ts';
import { expectSentCustomIdsParse, sentCustomIds } from './sent-custom-ids.ts';

const h = useHarness({ beforeClose: expectSentCustomIdsParse });

const COMMAND = 'Generate from this';
let nextId = 1;
/** An attachment as Discord's CDN serves it (a public URL the service can fetch). */
function file(filename: string, contentType: string): FakeAttachmentSpec {
  const id = String(1_400_000_000_000_000_000n + BigInt(nextId++));
  return {
    id,
    filename,
    contentType,
    url: `https://cdn.discordapp.com/attachments/${ART}/${id}/${filename}`,
  };
}

interface ModalSelect {
  custom_id: string;
  options: { label: string; value: string; description?: string }[];
}
/** The component of the modal's Label whose inner custom id is `customId`. */
function fieldOf(modal: { components: unknown[] }, customId: string): Record<string, unknown> | undefined {
  for (const c of modal.components as { component?: Record<string, unknown> }[]) {
    if (c.component?.custom_id === customId) return c.component;
  }
  return undefined;
}

describe('Generate from this', () => {
  it('submits the two images of a message as image_urls, on the model chosen in the modal', async () => {
    const [a, b] = [file('cat.png', 'image/png'), file('dog.jpg', 'image/jpeg')];
    const command = await h.messageCommand(COMMAND, { content: 'my pets', attachments: [a, b] });
    const modal = await h.modalOf(command);
    expect(modal.custom_id).toMatch(/^from:v1:[0-9a-f]{16}$/);
    const models = fieldOf(modal, 'model') as unknown as ModalSelect;
    // Image models first, then the video models that take the images (first frame and references).
    expect(models.options.map((o) => o.value)).toEqual([
      'lang-4o-image',
      'lang-image-2',
      'dream-4.5',
      'dream-5.0-lite',
      'nano-fruit-pro',
      'nano-fruit-2',
      'quick-video-1',
      'vista-3.1-fast',
      'orbit-2',
      'orbit-2-pro',
      'motion-2.0',
      'motion-2.0-fast',
    ]);
    // vista-3.1-lite takes no image; omni-flash-ext takes 1 or 3 images, never 2.
    expect(models.options.map((o) => o.value)).not.toContain('vista-3.1-lite');
    expect(models.options.map((o) => o.value)).not.toContain('omni-flash-ext');
    expect(models.options.find((o) => o.value === 'lang-image-2')?.description).toBe('about $0.016 · 1K');
    expect(fieldOf(modal, 'prompt')).toMatchObject({ style: 2, max_length: 2000, required: true });
    expect(sentRequests(h)).toEqual([]);
    // What the after-each check reads: the modal's own id, and its fields'.
    expect(sentCustomIds(h).modals).toEqual([modal.custom_id]);
    expect(sentCustomIds(h).fields).toEqual(expect.arrayContaining(['prompt', 'model']));

    const submit = await h.submitModal(modal.custom_id, {
      prompt: 'both of them on a sofa',
      model: ['lang-image-2'],
    });
    const made = await resultOf(h, submit);
    expect(sentRequests(h)).toEqual([
      { model: 'lang-image-2', prompt: 'both of them on a sofa', image_urls: [a.url, b.url] },
    ]);
    expect(made.job.type).toBe('image');
    expect(made.job.origin).toMatchObject({ action: 'message', generationId: null, channelId: ART });
    const target = (command as { data: { target_id: string } }).data.target_id;
    expect(made.job.origin?.messageId).toBe(target);
    const reply = h.deliveredMessage(submit);
    if (!reply) throw new Error('the result was not stored');
    expect(textOf(reply)).toContain(
      `Made from the attachments of [this message](https://discord.com/channels/${GUILD}/${ART}/${target})`,
    );
    expect((await figures(h, ALICE)).spentMicros).toBe(16_000);
  });

  it('offers only the motion models for a message with an audio file, and sends it as audio_urls', async () => {
    const song = file('song.mp3', 'audio/mpeg');
    const command = await h.messageCommand(COMMAND, { attachments: [song] });
    const modal = await h.modalOf(command);
    const models = fieldOf(modal, 'model') as unknown as ModalSelect;
    expect(models.options.map((o) => o.value)).toEqual(['motion-2.0', 'motion-2.0-fast']);
    expect(models.options.map((o) => o.description)).toEqual([
      'about $0.66 · 5 s · 480p',
      'about $0.528 · 5 s · 480p',
    ]);
  });

  it('refuses a message with no attachment, privately, and opens no modal', async () => {
    const command = await h.messageCommand(COMMAND, { content: 'just words' });
    const answer = await ephemeralReply(h, command);
    expect(answer.content).toBe(
      'This message has no image, video or audio attachment, so there is nothing to generate from. Nothing was sent or charged.',
    );
    expect(h.discord.modal(command.token)).toBeUndefined();
  });

  it("sends a file uploaded in the modal as a reference after the message's own", async () => {
    const photo = file('beach.png', 'image/png');
    const modal = await h.modalOf(await h.messageCommand(COMMAND, { attachments: [photo] }));
    expect(fieldOf(modal, 'uploads')).toMatchObject({ type: 19, required: false, max_values: 10 });

    const upload = file('hat.webp', 'image/webp');
    const submit = await h.submitModal(modal.custom_id, {
      prompt: 'the beach, with this hat',
      model: ['nano-fruit-2'],
      uploads: [upload],
    });
    await resultOf(h, submit);
    expect(sentRequests(h)).toEqual([
      { model: 'nano-fruit-2', prompt: 'the beach, with this hat', image_urls: [photo.url, upload.url] },
    ]);
  });

  it('refuses an upload that is not an image, video or audio file, and sends nothing', async () => {
    const modal = await h.modalOf(
      await h.messageCommand(COMMAND, { attachments: [file('a.png', 'image/png')] }),
    );
    const submit = await h.submitModal(modal.custom_id, {
      prompt: 'a poster',
      model: ['lang-image-2'],
      uploads: [file('notes.txt', 'text/plain')],
    });
    const answer = await ephemeralReply(h, submit);
    expect(answer.content).toBe(
      'The upload "notes.txt" is not an image, a video or an audio file (it is text/plain). Nothing was sent or charged.',
    );
    expect(sentRequests(h)).toEqual([]);
    expect((await figures(h, ALICE)).reservedMicros).toBe(0);
  });

  it('refuses an audio upload on an image model before anything is sent', async () => {
    const modal = await h.modalOf(
      await h.messageCommand(COMMAND, { attachments: [file('a.png', 'image/png')] }),
    );
    const submit = await h.submitModal(modal.custom_id, {
      prompt: 'a poster',
      model: ['lang-image-2'],
      uploads: [file('voice.ogg', 'audio/ogg')],
    });
    const answer = await ephemeralReply(h, submit);
    expect(answer.content).toContain('Only motion-2.0 and motion-2.0-fast take audio_urls.');
    expect(answer.content).toContain('Nothing was charged.');
    expect(sentRequests(h)).toEqual([]);
  });
});

describe('Generate from this in the member’s language', () => {
  it('opens the form in German, with the references counted and the prices in German', async () => {
    const [a, b] = [file('katze.png', 'image/png'), file('hund.jpg', 'image/jpeg')];
    const command = await h.messageCommand(
      COMMAND,
      { content: 'meine Haustiere', attachments: [a, b] },
      { locale: Locale.German },
    );
    const modal = await h.modalOf(command);
    expect(modal.title).toBe('Aus dieser Nachricht generieren');
    const labels = (modal.components as { label?: string; description?: string }[]).map((c) => c.label);
    expect(labels).toContain('Modell');
    const model = (modal.components as { label?: string; description?: string }[]).find(
      (c) => c.label === 'Modell',
    );
    expect(model?.description).toBe('Die Modelle, die 2 Bilder nehmen; Preise mit ihren Standardwerten.');
    const models = fieldOf(modal, 'model') as unknown as ModalSelect;
    expect(models.options.find((o) => o.value === 'lang-image-2')?.description).toBe(
      'etwa 0,016\u00a0$ · 1K',
    );
  });

  it('refuses a message without attachments in Japanese', async () => {
    const command = await h.messageCommand(COMMAND, { content: 'ただの文章' }, { locale: Locale.Japanese });
    expect((await ephemeralReply(h, command)).content).toBe(
      'このメッセージには画像・動画・音声の添付ファイルがないため、生成の元にできるものがありません。何も送信・請求されていません。',
    );
  });
});
