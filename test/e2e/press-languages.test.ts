/**
 * What a member reads after pressing something speaks their Discord language: the result buttons'
 * modals and menus, Confirm and Cancel on the confirmation card, and the refusals of a press. Here a
 * German and a Japanese member, each in a server whose own language is English.
 */
import { type APIInteraction, Locale } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { buttonInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, BOB, componentsOf, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { buttonUpdate, ephemeralReply } from './quota-helpers.ts';
import { makeResult, relabelButton, resultButton, resultOf, sentRequests } from './result-helpers.ts';
import { expectSentCustomIdsParse } from './sent-custom-ids.ts';

const h = useHarness({ beforeClose: expectSentCustomIdsParse });

const GERMAN = { locale: Locale.German };
const JAPANESE = { locale: Locale.Japanese };

/** A Label of a modal as the bot sent it. */
interface Label {
  label: string;
  description?: string;
  component: Record<string, unknown>;
}

/** /video in German that asks for confirmation: motion-2.0-fast at 480p for 5 s costs $0.528, above the default $0.50. */
const costlyVideoInGerman = () =>
  h.command(
    'video',
    [opt.string('prompt', 'a slow pan'), opt.string('model', 'motion-2.0-fast'), opt.integer('duration', 5)],
    GERMAN,
  );
const aliceFigures = () => h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });

describe('a German member', () => {
  it('presses Vary and gets the modal in German, with the model name and their prompt as they are', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'ein Leuchtturm', model: 'lang-4o-image' });
    const modal = await h.modalOf(await h.press(first.messageId, resultButton('vary', first.job), GERMAN));
    expect(modal.title).toBe(`Variieren: ${first.job.modelLabel}`);
    const [prompt, upload] = modal.components as Label[];
    expect(prompt?.label).toBe('Prompt');
    expect(prompt?.component.value).toBe('ein Leuchtturm');
    expect(upload?.label).toBe('Referenzbilder (optional)');
    expect(upload?.description).toBe(
      'Kommen zu den Referenzen dieser Anfrage hinzu; bei diesem Modell bis zu 10 Bilder.',
    );

    // A file that is not an image, a video or an audio file is refused in German, its name quoted.
    const notes = {
      id: '1400000000000000002',
      filename: 'notizen.txt',
      contentType: 'text/plain',
      url: `https://cdn.discordapp.com/attachments/${ART}/1400000000000000002/notizen.txt`,
    };
    const submit = await h.submitModal(
      modal.custom_id,
      { prompt: 'ein Leuchtturm bei Nacht', uploads: [notes] },
      GERMAN,
      { messageId: first.messageId },
    );
    expect((await ephemeralReply(h, submit)).content).toBe(
      'Die hochgeladene Datei „notizen.txt“ ist weder Bild noch Video noch Audiodatei (sondern text/plain). Es wurde nichts gesendet oder berechnet.',
    );
    expect(sentRequests(h)).toHaveLength(1);
  });

  it('presses Animate and reads the menu and the modal in German', async () => {
    const image = await makeResult(h, 'imagine', { prompt: 'a lighthouse', model: 'lang-4o-image' });
    const press = await h.press(image.messageId, resultButton('animate', image.job), GERMAN);
    const menu = await ephemeralReply(h, press);
    expect(menu.content).toContain('Wähle das Videomodell, das dieses Bild animiert.');
    const message = h.deliveredMessage(press);
    const [select] = componentsOf(message ?? {});
    const shown = menu.components[0]?.components[0] as
      | { placeholder?: string; options?: { value: string; description?: string }[] }
      | undefined;
    expect(shown?.placeholder).toBe('Videomodell');
    // The price in German money; the length and the resolution as they are.
    expect(shown?.options?.find((o) => o.value === 'quick-video-1')?.description).toBe(
      'etwa 0,18\u00a0$ · 6 s · 480p',
    );

    const choice = await h.select(message?.id ?? '', select?.custom_id ?? '', ['quick-video-1'], GERMAN);
    const modal = await h.modalOf(choice);
    expect(modal.title).toBe('Animieren mit Quick Video 1');
    expect((modal.components[0] as Label).label).toBe('Was im Video passiert');
  });

  it('cancels a confirmation and is told in German, with the amount in German money', async () => {
    const command = await costlyVideoInGerman();
    const { cancel } = await cardOf(command);
    const answer = await buttonUpdate(h, await pressOnCard(command, cancel, ALICE, Locale.German));
    expect(answer.content).toBe(
      'Abgebrochen. Es wurde nichts gesendet, und die dafür reservierten 0,528\u00a0$ stehen dir wieder zur Verfügung.',
    );
    expect((await aliceFigures()).reservedMicros).toBe(0);
  });

  it('confirms, and the card says in German that the request is on its way', async () => {
    const command = await costlyVideoInGerman();
    const { confirm } = await cardOf(command);
    const click = await pressOnCard(command, confirm, ALICE, Locale.German);
    await h.jobDone(click);
    const edit = await h.editOf(command, (c) =>
      String((c.body as { content?: string }).content).startsWith('Bestätigt'),
    );
    expect((edit.body as { content: string }).content).toBe(
      'Bestätigt: Deine Anfrage ist unterwegs; die Antwort im Kanal zeigt, wie es vorangeht.',
    );
  });

  it('is refused in German when a press does not belong to the message it was made on', async () => {
    const one = await makeResult(h, 'imagine', { prompt: 'one', model: 'lang-4o-image' });
    const two = await makeResult(h, 'imagine', { prompt: 'two', model: 'lang-4o-image' });
    const forged = await h.press(two.messageId, resultButton('again', one.job), GERMAN);
    expect((await ephemeralReply(h, forged)).content).toBe(
      'Das gehört nicht zu der Nachricht, an der es benutzt wurde, deshalb hat der Bot nichts getan. Es wurde nichts gesendet, berechnet oder geändert.',
    );
    expect(sentRequests(h)).toHaveLength(2);
  });

  it('is told in German, with an error id, when something breaks on the bot’s side', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a cat', model: 'lang-4o-image' });
    // A Vary submit without its prompt field (no honest client sends one): the bot cannot read it.
    const submit = await h.submitModal(resultButton('vary-modal', first.job), {}, GERMAN, {
      messageId: first.messageId,
    });
    const answer = await ephemeralReply(h, submit);
    expect(answer.content).toMatch(
      /^Bei uns ist etwas schiefgelaufen\. Wenn das öfter passiert, nenne einem Admin die Fehler-ID `[0-9a-f]{8}`\.$/,
    );
    const errorId = /`([0-9a-f]{8})`/.exec(answer.content)?.[1];
    expect(h.logs.some((line) => line.includes(`"errorId":"${errorId}"`))).toBe(true);
    expect(sentRequests(h)).toHaveLength(1);
  });
});

describe('a Japanese member', () => {
  it("is told in Japanese that another member's confirmation is not theirs, and the card stays its owner's", async () => {
    const command = await h.command('video', [
      opt.string('prompt', 'a slow pan'),
      opt.string('model', 'motion-2.0-fast'),
      opt.integer('duration', 5),
    ]);
    const { confirm } = await cardOf(command);
    const answer = await ephemeralReply(h, await pressOnCard(command, confirm, BOB, Locale.Japanese));
    expect(answer.content).toBe(
      'この確認はあなたのものではありません。応答できるのはリクエストしたメンバーだけです。',
    );
    expect((await aliceFigures()).reservedMicros).toBe(528_000);
    expect(sentRequests(h)).toHaveLength(0);
  });

  it("is told in Japanese that they cannot delete another member's result, which stays", async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const press = await h.press(first.messageId, resultButton('delete', first.job), {
      userId: BOB,
      ...JAPANESE,
    });
    expect((await ephemeralReply(h, press)).content).toBe(
      'この結果を削除できるのは、リクエストしたメンバーか、ここでメッセージを管理できるメンバーだけです。何も変更されていません。',
    );
    expect(h.discord.messages(ART).some((m) => m.id === first.messageId)).toBe(true);
  });

  it('presses Again twice quickly: the second press is told in Japanese that the first is on its way', async () => {
    const first = await makeResult(h, 'imagine', { prompt: 'twice', model: 'lang-4o-image' });
    const id = resultButton('again', first.job);
    const one = await h.press(first.messageId, id, JAPANESE);
    const two = await h.press(first.messageId, id, JAPANESE);
    expect((await ephemeralReply(h, two)).content).toBe(
      'このボタンはたった今押されました。その操作はすでに処理中です。',
    );
    await resultOf(h, one);
    expect(sentRequests(h)).toHaveLength(2);
  });

  it('is told in Japanese that a video without a last frame cannot be continued, and that an unknown result gives nothing', async () => {
    const video = await makeResult(h, 'video', { prompt: 'a wave', model: 'motion-2.0-fast', duration: 4 });
    relabelButton(
      h,
      video.messageId,
      resultButton('details', video.job),
      resultButton('continue', video.job),
    );
    const continued = await h.press(video.messageId, resultButton('continue', video.job), JAPANESE);
    expect((await ephemeralReply(h, continued)).content).toBe(
      '生成サービスがこの結果の最終フレームを返さなかったため、続きを作れません。何も送信・請求されていません。',
    );

    relabelButton(h, video.messageId, resultButton('again', video.job), 'result:again:no-such-generation');
    const unknown = await h.press(video.messageId, 'result:again:no-such-generation', JAPANESE);
    expect((await ephemeralReply(h, unknown)).content).toBe(
      'この結果はもうボットに残っていないため、ここから新しく作ることはできません。何も送信・請求されていません。',
    );
    expect(sentRequests(h)).toHaveLength(1);
  });

  it('opens Continue with a Japanese modal', async () => {
    const video = await makeResult(h, 'video', {
      prompt: '波が立つ',
      model: 'motion-2.0-fast',
      duration: 4,
      return_last_frame: true,
    });
    const modal = await h.modalOf(
      await h.press(video.messageId, resultButton('continue', video.job), JAPANESE),
    );
    expect(modal.title).toBe(`続きを作成：${video.job.modelLabel}`);
    const [prompt] = modal.components as Label[];
    expect(prompt?.label).toBe('次に起きること');
    expect(prompt?.component.value).toBe('波が立つ');
  });
});

/** The confirmation card a command was answered with, and its two buttons. */
async function cardOf(command: APIInteraction): Promise<{ confirm: string; cancel: string }> {
  const card = await ephemeralReply(h, command);
  const [confirm, cancel] = card.components[0]?.components.map((b) => b.custom_id ?? '') ?? [];
  if (!confirm || !cancel) throw new Error('the card has no Confirm / Cancel buttons');
  return { confirm, cancel };
}

/** Presses a button of the card a command was answered with, as `userId` in `locale`. */
async function pressOnCard(
  command: APIInteraction,
  customId: string,
  userId: string,
  locale: Locale,
): Promise<APIInteraction> {
  const message = h.discord.originalMessage(command.token);
  if (!message) throw new Error('the card was not stored by the fake Discord');
  const click = buttonInteraction(h.discord, {
    customId,
    messageId: message.id,
    channelId: ART,
    userId,
    locale,
  });
  await h.discord.sendInteraction(click);
  return click;
}
