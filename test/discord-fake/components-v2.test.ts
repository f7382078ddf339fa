import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChatInputCommandInteraction,
  ContainerBuilder,
  DiscordAPIError,
  EmbedBuilder,
  FileBuilder,
  MediaGalleryBuilder,
  MessageFlags,
  SectionBuilder,
  type TextChannel,
  TextDisplayBuilder,
  ThumbnailBuilder,
} from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chatInputInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, GUILD } from '../../testkit/ids.ts';
import { componentsOf, textOf } from '../support/bot-harness.ts';
import { type FakeWithClient, startFakeWithClient } from '../support/fake-discord-client.ts';
import { SNIFFABLE_PNG } from '../support/png.ts';

let w: FakeWithClient;
let art: TextChannel;

beforeEach(async () => {
  w = await startFakeWithClient({
    id: GUILD,
    channels: [{ id: ART, name: 'art' }],
    members: [{ userId: ALICE }],
  });
  art = w.client.channels.cache.get(ART) as TextChannel;
});

afterEach(async () => {
  await w?.close();
});

/** A result card as Components V2: text, the image from an upload, and buttons inside one container. */
function card(imageName = 'result.png') {
  return new ContainerBuilder()
    .addTextDisplayComponents(new TextDisplayBuilder().setContent('**a fox at dusk** · 1024×1024'))
    .addMediaGalleryComponents(
      new MediaGalleryBuilder().addItems((item) => item.setURL(`attachment://${imageName}`)),
    )
    .addActionRowComponents(
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('result:retry:1').setLabel('Retry').setStyle(ButtonStyle.Secondary),
        new ButtonBuilder()
          .setURL('https://example.test/full')
          .setLabel('Full size')
          .setStyle(ButtonStyle.Link),
      ),
    );
}

const file = (name = 'result.png') => new AttachmentBuilder(SNIFFABLE_PNG, { name });

async function refusal(action: Promise<unknown>) {
  const err = await action.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DiscordAPIError);
  return err as DiscordAPIError;
}

describe('Components V2 messages in the fake Discord', () => {
  it('stores a V2 message with its upload resolved in the gallery, readable by componentsOf and textOf', async () => {
    const sent = await art.send({
      flags: MessageFlags.IsComponentsV2,
      components: [card()],
      files: [file()],
    });
    const stored = w.fake.messages(ART).find((m) => m.id === sent.id);
    if (!stored) throw new Error('the message was not stored');
    expect((stored.flags ?? 0) & MessageFlags.IsComponentsV2).toBe(MessageFlags.IsComponentsV2);
    const attachment = stored.attachments[0];
    expect(attachment?.filename).toBe('result.png');
    expect(stored.components).toMatchObject([
      {
        type: 17,
        components: [
          { type: 10 },
          { type: 12, items: [{ media: { url: attachment?.url, attachment_id: attachment?.id } }] },
          { type: 1 },
        ],
      },
    ]);
    expect(w.fake.attachmentData(attachment?.id ?? '')).toEqual(SNIFFABLE_PNG);
    expect(componentsOf(stored)).toEqual([
      { type: 2, custom_id: 'result:retry:1', label: 'Retry' },
      { type: 2, label: 'Full size', url: 'https://example.test/full' },
    ]);
    expect(textOf(stored)).toBe('**a fox at dusk** · 1024×1024');
    // discord.js reads it back as a V2 message.
    expect(sent.flags.has(MessageFlags.IsComponentsV2)).toBe(true);
  });

  it('resolves a thumbnail and a file component, and refuses a File component with a web url', async () => {
    const section = new SectionBuilder()
      .addTextDisplayComponents(new TextDisplayBuilder().setContent('settings'))
      .setThumbnailAccessory(new ThumbnailBuilder().setURL('attachment://thumb.png'));
    const sent = await art.send({
      flags: MessageFlags.IsComponentsV2,
      components: [section, new FileBuilder().setURL('attachment://request.json')],
      files: [file('thumb.png'), new AttachmentBuilder(Buffer.from('{}'), { name: 'request.json' })],
    });
    const stored = w.fake.messages(ART).find((m) => m.id === sent.id);
    const [thumb, json] = stored?.attachments ?? [];
    expect(stored?.components).toMatchObject([
      { type: 9, accessory: { type: 11, media: { url: thumb?.url } } },
      { type: 13, file: { url: json?.url, attachment_id: json?.id } },
    ]);

    const web = await refusal(
      art.send({
        flags: MessageFlags.IsComponentsV2,
        components: [{ type: 13, file: { url: 'https://x.test/a.json' } }],
      }),
    );
    expect(web).toMatchObject({ status: 400, code: 50035 });
  });

  it('takes a V2 card as the edit of a deferred interaction reply', async () => {
    const payload = chatInputInteraction(w.fake, { commandName: 'imagine', channelId: ART, userId: ALICE });
    const command = await w.receive(payload);
    if (!(command instanceof ChatInputCommandInteraction)) throw new Error('expected a command');
    await command.deferReply();
    await command.editReply({ flags: MessageFlags.IsComponentsV2, components: [card()], files: [file()] });
    const original = w.fake.originalMessage(payload.token);
    expect((original?.flags ?? 0) & MessageFlags.Loading).toBe(0);
    expect(textOf(original ?? {})).toContain('a fox at dusk');
    expect(original?.components).toMatchObject([
      { components: [{}, { items: [{ media: { url: original?.attachments[0]?.url } }] }, {}] },
    ]);
  });

  it('refuses content, embeds, no components or an unknown attachment:// beside the V2 flag', async () => {
    const v2 = MessageFlags.IsComponentsV2;
    const cases: [Promise<unknown>, string][] = [
      [art.send({ flags: v2, content: 'hello', components: [card()], files: [file()] }), 'content'],
      [
        art.send({
          flags: v2,
          embeds: [new EmbedBuilder().setTitle('t')],
          components: [card()],
          files: [file()],
        }),
        'embeds',
      ],
      [art.send({ flags: v2, files: [file()] }), 'components'],
      [art.send({ flags: v2, components: [card('missing.png')], files: [file()] }), 'components'],
    ];
    for (const [attempt, field] of cases) {
      const err = await refusal(attempt);
      expect(err).toMatchObject({ status: 400, code: 50035 });
      expect(Object.keys((err.rawError as { errors?: object }).errors ?? {})).toEqual([field]);
    }
    expect(w.fake.messages(ART)).toEqual([]);
  });

  it('refuses V2 components without the flag, and an edit that drops the flag', async () => {
    const classic = await refusal(art.send({ components: [card()], files: [file()] }));
    expect(classic).toMatchObject({ status: 400, code: 50035 });

    const sent = await art.send({
      flags: MessageFlags.IsComponentsV2,
      components: [card()],
      files: [file()],
    });
    const dropped = await refusal(
      sent.edit({ flags: MessageFlags.SuppressEmbeds, content: 'plain again', components: [] }),
    );
    expect(dropped).toMatchObject({ status: 400, code: 50035, rawError: { errors: { flags: {} } } });
    // An edit that keeps the flag (or does not mention flags) goes through.
    await sent.edit({ components: [new TextDisplayBuilder().setContent('retrying…')] });
    const stored = w.fake.messages(ART).find((m) => m.id === sent.id);
    expect(stored && textOf(stored)).toBe('retrying…');
    expect((stored?.flags ?? 0) & MessageFlags.IsComponentsV2).toBe(MessageFlags.IsComponentsV2);
  });
});
