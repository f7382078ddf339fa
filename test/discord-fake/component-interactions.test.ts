import {
  ButtonInteraction,
  ChatInputCommandInteraction,
  DiscordAPIError,
  FileUploadBuilder,
  LabelBuilder,
  MessageContextMenuCommandInteraction,
  MessageType,
  ModalBuilder,
  ModalSubmitInteraction,
  Routes,
  StringSelectMenuBuilder,
  StringSelectMenuInteraction,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buttonInteraction,
  chatInputInteraction,
  messageCommandInteraction,
  modalSubmitInteraction,
  selectInteraction,
} from '../../testkit/fake-discord.ts';
import { ALICE, ART, BOB, GUILD } from '../../testkit/ids.ts';
import { type FakeWithClient, startFakeWithClient } from '../support/fake-discord-client.ts';

let w: FakeWithClient;

beforeEach(async () => {
  w = await startFakeWithClient({
    id: GUILD,
    channels: [{ id: ART, name: 'art' }],
    members: [
      { userId: ALICE, username: 'alice' },
      { userId: BOB, username: 'bob' },
    ],
  });
});

afterEach(async () => {
  await w?.close();
});

const at = { channelId: ART, userId: ALICE };

/** A bot message in #art, as the target of component interactions. */
async function botMessage(): Promise<string> {
  const sent = await w.client.rest.post(Routes.channelMessages(ART), { body: { content: 'result' } });
  return (sent as { id: string }).id;
}

function modal(customId: string) {
  return new ModalBuilder()
    .setCustomId(customId)
    .setTitle('Change the prompt')
    .addLabelComponents(
      new LabelBuilder()
        .setLabel('Prompt')
        .setTextInputComponent(
          new TextInputBuilder().setCustomId('prompt').setStyle(TextInputStyle.Paragraph),
        ),
    );
}

describe('component and modal interactions through a real discord.js client', () => {
  it('delivers a string select with its values and the message it sits on', async () => {
    const messageId = await botMessage();
    const payload = selectInteraction(w.fake, {
      ...at,
      customId: 'result:style:1',
      messageId,
      values: ['noir'],
    });
    const select = await w.receive(payload);
    if (!(select instanceof StringSelectMenuInteraction)) throw new Error('expected a string select');
    expect(select.customId).toBe('result:style:1');
    expect(select.values).toEqual(['noir']);
    expect(select.message.id).toBe(messageId);
    await select.update({ content: 'noir chosen' });
    expect(w.fake.messages(ART).find((m) => m.id === messageId)?.content).toBe('noir chosen');
  });

  it('reads text inputs, string selects and uploaded files of a Label-layout modal submit', async () => {
    const payload = modalSubmitInteraction(w.fake, {
      ...at,
      customId: 'result:edit:1',
      fields: {
        prompt: 'a fox at dusk',
        size: ['1024x1024'],
        reference: [
          {
            id: '1210000000000000099',
            filename: 'fox.png',
            url: 'https://cdn.example.test/fox.png',
            contentType: 'image/png',
            size: 4096,
          },
        ],
      },
    });
    const submit = await w.receive(payload);
    if (!(submit instanceof ModalSubmitInteraction)) throw new Error('expected a modal submit');
    expect(submit.customId).toBe('result:edit:1');
    expect(submit.fields.getTextInputValue('prompt')).toBe('a fox at dusk');
    expect(submit.fields.getStringSelectValues('size')).toEqual(['1024x1024']);
    const files = submit.fields.getUploadedFiles('reference', true);
    expect([...files.values()].map((a) => ({ name: a.name, size: a.size, type: a.contentType }))).toEqual([
      { name: 'fox.png', size: 4096, type: 'image/png' },
    ]);
    expect(submit.isFromMessage()).toBe(false);
    // Without the message the modal came from, there is nothing to update.
    const refused = await submit.deferUpdate().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DiscordAPIError);
    expect(refused).toMatchObject({ status: 400 });
  });

  it('lets a modal opened from a message update that message', async () => {
    const messageId = await botMessage();
    const submit = await w.receive(
      modalSubmitInteraction(w.fake, {
        ...at,
        customId: 'result:edit:1',
        fields: { prompt: 'x' },
        messageId,
      }),
    );
    if (!(submit instanceof ModalSubmitInteraction) || !submit.isFromMessage()) {
      throw new Error('expected a modal submit from a message');
    }
    expect(submit.message.id).toBe(messageId);
    await submit.update({ content: 'edited from the modal' });
    expect(w.fake.messages(ART).find((m) => m.id === messageId)?.content).toBe('edited from the modal');
  });

  it('records a modal opened from a button, a slash command and a message command', async () => {
    const messageId = await botMessage();
    const press = buttonInteraction(w.fake, { ...at, customId: 'result:edit:1', messageId });
    const button = await w.receive(press);
    if (!(button instanceof ButtonInteraction)) throw new Error('expected a button');
    await button.showModal(
      modal('edit:1').addLabelComponents(
        new LabelBuilder()
          .setLabel('Size')
          .setStringSelectMenuComponent(
            new StringSelectMenuBuilder()
              .setCustomId('size')
              .addOptions({ label: 'Square', value: '1024x1024' }),
          ),
        new LabelBuilder()
          .setLabel('Reference')
          .setFileUploadComponent(new FileUploadBuilder().setCustomId('ref')),
      ),
    );
    expect(w.fake.modal(press.token)).toMatchObject({
      custom_id: 'edit:1',
      title: 'Change the prompt',
      components: [
        { type: 18, label: 'Prompt', component: { type: 4, custom_id: 'prompt' } },
        { type: 18, component: { type: 3, custom_id: 'size' } },
        { type: 18, component: { type: 19, custom_id: 'ref' } },
      ],
    });

    const slash = chatInputInteraction(w.fake, { ...at, commandName: 'imagine' });
    const command = await w.receive(slash);
    if (!(command instanceof ChatInputCommandInteraction)) throw new Error('expected a command');
    await command.showModal(modal('imagine'));
    expect(w.fake.modal(slash.token)?.custom_id).toBe('imagine');

    const context = messageCommandInteraction(w.fake, {
      ...at,
      commandName: 'Remix',
      target: { content: 'x' },
    });
    const menu = await w.receive(context);
    if (!(menu instanceof MessageContextMenuCommandInteraction)) throw new Error('expected a context menu');
    await menu.showModal(modal('remix'));
    expect(w.fake.modal(context.token)?.custom_id).toBe('remix');
  });

  it('refuses a modal in answer to a modal submit', async () => {
    const payload = modalSubmitInteraction(w.fake, { ...at, customId: 'm', fields: { prompt: 'x' } });
    await w.receive(payload);
    const refused = await w.client.rest
      .post(Routes.interactionCallback(payload.id, payload.token), {
        body: { type: 9, data: modal('again').toJSON() },
        auth: false,
      })
      .catch((err: unknown) => err);
    expect(refused).toMatchObject({ status: 400, code: 50035 });
    expect(w.fake.modal(payload.token)).toBeUndefined();
  });

  it('delivers a message context-menu command with its target and attachments, and the target can be fetched', async () => {
    const payload = messageCommandInteraction(w.fake, {
      ...at,
      commandName: 'Remix this',
      target: {
        content: 'my cat',
        authorId: BOB,
        attachments: [
          {
            id: '1210000000000000098',
            filename: 'cat.png',
            url: 'https://cdn.example.test/cat.png',
            contentType: 'image/png',
            width: 512,
            height: 512,
          },
        ],
      },
    });
    expect(payload.data.resolved.messages[payload.data.target_id]?.attachments[0]?.ephemeral).toBeUndefined();
    const menu = await w.receive(payload);
    if (!(menu instanceof MessageContextMenuCommandInteraction)) throw new Error('expected a context menu');
    expect(menu.commandName).toBe('Remix this');
    expect(menu.targetMessage.content).toBe('my cat');
    expect(menu.targetMessage.author.id).toBe(BOB);
    expect(menu.targetMessage.attachments.first()).toMatchObject({ name: 'cat.png', width: 512 });
    const fetched = await w.client.rest.get(Routes.channelMessage(ART, menu.targetId));
    expect(fetched).toMatchObject({ id: menu.targetId, content: 'my cat', author: { id: BOB } });

    await menu.reply({ content: 'on it' });
    expect(w.fake.originalMessage(payload.token)?.type).toBe(MessageType.ContextMenuCommand);
  });
});
