import {
  ChatInputCommandInteraction,
  type Client,
  DiscordAPIError,
  Events,
  type Interaction,
  type Message,
  type TextChannel,
} from 'discord.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatInputInteraction, type FakeDiscord, faults } from '../../testkit/fake-discord.ts';
import { ALICE, ART, GUILD } from '../../testkit/ids.ts';
import { useFakeWithClient } from '../support/fake-discord-client.ts';
import { SNIFFABLE_PNG } from '../support/png.ts';

const discord = useFakeWithClient({
  id: GUILD,
  channels: [{ id: ART, name: 'art' }],
  members: [{ userId: ALICE }],
});
let fake: FakeDiscord;
let client: Client;
beforeEach(() => {
  ({ fake, client } = discord);
});

async function receiveCommand(beforeSending?: (id: string) => void) {
  const payload = chatInputInteraction(fake, { commandName: 'imagine', channelId: ART, userId: ALICE });
  beforeSending?.(payload.id);
  const received = new Promise<Interaction>((resolve) => client.once(Events.InteractionCreate, resolve));
  await fake.sendInteraction(payload);
  const interaction = await received;
  if (!(interaction instanceof ChatInputCommandInteraction)) throw new Error('expected a chat input command');
  return { payload, interaction };
}

describe('faults the fake Discord can inject', () => {
  it('loses the answer to a defer it carried out, so the retry of discord.js meets 40060', async () => {
    const { payload, interaction } = await receiveCommand((id) =>
      fake.injectFault(faults.lostCallbackAnswer(id)),
    );
    const failure = await interaction.deferReply().catch((err: unknown) => err);

    expect(failure).toBeInstanceOf(DiscordAPIError);
    expect(failure).toMatchObject({ status: 400, code: 40060 });
    const callbacks = fake.calls.filter((c) => c.route === 'interactionCallback');
    expect(callbacks.map((c) => [c.status, c.fault])).toEqual([
      [502, 'lose-answer'],
      [400, undefined],
    ]);
    // Discord did defer it: the original response exists and is loading.
    expect(fake.originalMessage(payload.token)).toBeDefined();
  });

  it('answers every upload with 413 code 40005 and carries out nothing, while messages without files pass', async () => {
    fake.injectFault(faults.uploadsTooLarge());
    const { payload, interaction } = await receiveCommand();
    await interaction.deferReply();

    const failure = await interaction
      .editReply({ content: 'here', files: [SNIFFABLE_PNG] })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(DiscordAPIError);
    expect(failure).toMatchObject({ status: 413, code: 40005 });
    expect(fake.originalMessage(payload.token)?.attachments).toEqual([]);
    await interaction.editReply({ content: 'a link instead' });
    expect(fake.originalMessage(payload.token)?.content).toBe('a link instead');
  });

  it('carries out a held request without ever answering it', async () => {
    fake.injectFault(faults.holdAnswer((r) => r.route === 'channelMessage'));
    const channel = client.channels.cache.get(ART) as TextChannel;
    let answered = false;
    void channel.send('into the void').then(
      () => {
        answered = true;
      },
      () => undefined,
    );

    const held = await fake.waitForCall((c) => c.route === 'channelMessage');
    expect(held).toMatchObject({ fault: 'hold', status: 200 });
    // Another request, answered, sees what the held one did (discord.js queues requests of one
    // route behind each other, so it must be another route).
    const seen = await channel.messages.fetch({ limit: 10 });
    expect(seen.map((m) => m.content)).toEqual(['into the void']);
    expect(answered).toBe(false);
  });

  it('carries out a late request at once and answers it once the test lets it', async () => {
    const channel = client.channels.cache.get(ART) as TextChannel;
    const message = await channel.send('soon gone');
    const carriedOut = Promise.withResolvers<void>();
    const letAnswer = Promise.withResolvers<void>();
    fake.injectFault(
      faults.answerLate(
        (r) => r.route === 'messageDelete',
        async () => {
          carriedOut.resolve();
          await letAnswer.promise;
        },
      ),
    );
    let answered = false;
    const deleting = message.delete().then(() => {
      answered = true;
    });
    await carriedOut.promise;
    // Deleted while the answer still waits.
    expect(fake.messages(ART).map((m) => m.id)).not.toContain(message.id);
    expect(answered).toBe(false);
    letAnswer.resolve();
    await deleting;
    expect(answered).toBe(true);
  });

  it('answers a second message with the same enforced nonce with the first one instead of a copy', async () => {
    const channel = client.channels.cache.get(ART) as TextChannel;
    const first: Message = await channel.send({ content: 'once', nonce: 'n-1', enforceNonce: true });
    const second: Message = await channel.send({ content: 'once', nonce: 'n-1', enforceNonce: true });

    expect(second.id).toBe(first.id);
    expect(fake.messages(ART)).toHaveLength(1);
  });

  it('refuses a second thread on the same message with 160004 and serves the thread and its messages', async () => {
    const channel = client.channels.cache.get(ART) as TextChannel;
    const message = await channel.send('a reply');
    const thread = await message.startThread({ name: 'first' });
    await thread.send('a report');

    const again = await channel.threads
      .create({ startMessage: message.id, name: 'second' })
      .catch((err: unknown) => err);
    expect(again).toMatchObject({ status: 400, code: 160004 });
    const fetched = await client.channels.fetch(message.id, { force: true });
    expect(fetched?.isThread()).toBe(true);
    if (!fetched?.isThread()) return;
    const messages = await fetched.messages.fetch({ limit: 50 });
    expect(messages.map((m) => m.content)).toEqual(['a report']);
  });
});
