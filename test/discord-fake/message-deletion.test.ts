import {
  ChatInputCommandInteraction,
  DiscordAPIError,
  PermissionFlagsBits,
  RESTJSONErrorCodes,
  type TextChannel,
} from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { chatInputInteraction, messageCommandInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, BOB, GUILD } from '../../testkit/ids.ts';
import { type FakeWithClient, startFakeWithClient } from '../support/fake-discord-client.ts';

const P = PermissionFlagsBits;
const WITHOUT_MANAGE_MESSAGES = String(P.ViewChannel | P.SendMessages | P.ReadMessageHistory | P.EmbedLinks);

let w: FakeWithClient | undefined;

afterEach(async () => {
  await w?.close();
  w = undefined;
});

async function start(botPermissions?: string) {
  w = await startFakeWithClient({
    id: GUILD,
    channels: [{ id: ART, name: 'art' }],
    members: [{ userId: ALICE }, { userId: BOB }],
    ...(botPermissions ? { botPermissions } : {}),
  });
  return { w, art: w.client.channels.cache.get(ART) as TextChannel };
}

/** A member's message in #art (stored by the fake as the target of a context-menu command). */
function membersMessage(fake: FakeWithClient['fake']): string {
  const payload = messageCommandInteraction(fake, {
    commandName: 'Remix',
    target: { content: 'mine', authorId: BOB },
    channelId: ART,
    userId: ALICE,
  });
  return payload.data.target_id;
}

async function refusal(action: Promise<unknown>) {
  const err = await action.catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DiscordAPIError);
  return err as DiscordAPIError;
}

describe('deleting messages in the fake Discord', () => {
  it('lets the bot delete its own message without Manage Messages, and answers 10008 once it is gone', async () => {
    const { w, art } = await start(WITHOUT_MANAGE_MESSAGES);
    const sent = await art.send('temporary');
    await art.messages.delete(sent.id);
    expect(w.fake.messages(ART)).toEqual([]);
    const again = await refusal(art.messages.delete(sent.id));
    expect(again).toMatchObject({ status: 404, code: RESTJSONErrorCodes.UnknownMessage });
  });

  it("refuses to delete a member's message without Manage Messages (403 50013) and allows it with", async () => {
    const without = await start(WITHOUT_MANAGE_MESSAGES);
    const id = membersMessage(without.w.fake);
    const refused = await refusal(without.art.messages.delete(id));
    expect(refused).toMatchObject({ status: 403, code: RESTJSONErrorCodes.MissingPermissions });
    expect(without.w.fake.messages(ART).map((m) => m.id)).toEqual([id]);
    await without.w.close();

    const withIt = await start();
    const other = membersMessage(withIt.w.fake);
    await withIt.art.messages.delete(other);
    expect(withIt.w.fake.messages(ART)).toEqual([]);
  });

  it('deletes an interaction reply through its webhook and answers 10008 for a message it never sent', async () => {
    const { w } = await start();
    const payload = chatInputInteraction(w.fake, { commandName: 'imagine', channelId: ART, userId: ALICE });
    const command = await w.receive(payload);
    if (!(command instanceof ChatInputCommandInteraction)) throw new Error('expected a command');
    await command.reply('working');
    const reply = w.fake.originalMessage(payload.token);
    expect(reply).toBeDefined();
    await command.deleteReply();
    expect(w.fake.originalMessage(payload.token)).toBeUndefined();
    expect(w.fake.messages(ART)).toEqual([]);
    const unknown = await refusal(command.webhook.deleteMessage('1230000000000000999'));
    expect(unknown).toMatchObject({ status: 404, code: RESTJSONErrorCodes.UnknownMessage });
  });
});
