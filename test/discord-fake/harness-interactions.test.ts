import { InteractionResponseType, MessageFlags } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { ALICE, ART, BOB, type Harness, useHarness } from '../support/bot-harness.ts';

// The harness's interaction helpers reach the real bot: each arrives as the kind discord.js routes to
// its handler, and the bot's refusal of an id it does not know comes back on the same interaction.
const h = useHarness({ per: 'file' });

/** The bot's answer to an interaction it has no handler for: an ephemeral message, nothing else. */
async function refusedEphemerally(interaction: Parameters<Harness['callbackOf']>[0]) {
  const call = await h.callbackOf(interaction);
  expect(call.status).toBe(204);
  const body = call.body as { type: number; data: { content: string; flags: number } };
  expect(body.type).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect(body.data.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
  return body.data.content;
}

describe('harness helpers for components, modals and message commands', () => {
  it('presses a button, chooses in a select and submits a modal on a message, from alice by default', async () => {
    const target = await h.messageCommand('Not a command', { content: 'a picture', authorId: BOB });
    expect(await refusedEphemerally(target)).toMatch(/not known to the bot/);
    const messageId = (target.data as { target_id: string }).target_id;
    expect(h.discord.messages(ART).some((m) => m.id === messageId)).toBe(true);

    const press = await h.press(messageId, 'nothing:here');
    expect(press.member?.user.id).toBe(ALICE);
    expect(press.channel?.id).toBe(ART);
    // Bob's message carries no such button: refused before any handler is looked for.
    expect(await refusedEphemerally(press)).toMatch(/does not belong to the message/);
    await expect(h.modalOf(press)).rejects.toThrow(/not a modal/);

    const select = await h.select(messageId, 'nothing:here', ['a'], { userId: BOB });
    expect(select.member?.user.id).toBe(BOB);
    expect(await refusedEphemerally(select)).toMatch(/does not belong to the message/);

    const submit = await h.submitModal(
      'nothing:here',
      { prompt: 'x', size: ['1024x1024'] },
      {},
      { messageId },
    );
    expect(submit.message?.id).toBe(messageId);
    expect(await refusedEphemerally(submit)).toMatch(/not known to the bot/);
    expect(h.deliveredMessage(submit)?.flags).toBe(MessageFlags.Ephemeral);
  });
});
