/**
 * Interactions whose parts disagree, as a modified client can send them: a custom id naming one
 * thing, pressed on a message (or in a server, or a channel) that shows another. Each is refused
 * privately, and nothing is sent, charged, posted, deleted or changed.
 */
import { type APIInteraction, MessageType } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { english } from '../../src/i18n/index.ts';
import { newMessage } from '../../testkit/fake-discord/payloads.ts';
import { stateOf } from '../../testkit/fake-discord/state.ts';
import { buttonInteraction, type FakeAttachmentSpec } from '../../testkit/fake-discord.ts';
import { ADMIN, ALICE, ART, BOB, GUILD, NSFW, OTHER, opt, useHarness } from '../support/bot-harness.ts';
import { adminAllows, ephemeralReply } from './quota-helpers.ts';
import {
  figures,
  makeResult,
  relabelButton,
  resultButton,
  resultOf,
  sentRequests,
} from './result-helpers.ts';
import { expectSentCustomIdsParse } from './sent-custom-ids.ts';

// The English texts expected below, read from the bot's texts themselves.
const NOT_HERE = english.t('actions:confirm.notHere');
const NOT_ON_THIS_MESSAGE = english.t('actions:press.notOnThisMessage');

const GUILD2 = '1300000000000000101';
const LOBBY = '1300000000000000102';

const h = useHarness({
  beforeClose: expectSentCustomIdsParse,
  extraGuilds: [
    {
      id: GUILD2,
      name: 'Elsewhere',
      channels: [{ id: LOBBY, name: 'lobby' }],
      members: [{ userId: ALICE, username: 'alice' }],
    },
  ],
});

/** A message a member wrote in a channel (no components, not the bot's). */
function memberMessage(channelId: string, authorId: string): string {
  const state = stateOf(h.discord);
  const message = newMessage(state, { channelId, type: MessageType.Default });
  message.author = { ...message.author, id: authorId, username: 'bob', bot: false };
  message.content = 'my own words';
  state.storeMessage(message, false);
  return message.id;
}

const isDeleted = (messageId: string) => stateOf(h.discord).messages.get(messageId)?.deleted === true;
const bobsResult = async () =>
  resultOf(
    h,
    await h.command('imagine', [opt.string('prompt', 'a blue boat'), opt.string('model', 'lang-4o-image')], {
      userId: BOB,
    }),
  );

describe('a result button pressed on a message that does not show that result', () => {
  it("Delete naming the presser's own result, pressed on another member's card, deletes nothing", async () => {
    const alice = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const bob = await bobsResult();
    const press = await h.press(bob.messageId, resultButton('delete', alice.job), { userId: ALICE });
    const answer = await ephemeralReply(h, press);
    expect(answer.content).toBe(NOT_ON_THIS_MESSAGE);
    expect(isDeleted(bob.messageId)).toBe(false);
    expect(isDeleted(alice.messageId)).toBe(false);
    expect(h.discord.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('Delete pressed on a message a member wrote deletes nothing', async () => {
    const alice = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const written = memberMessage(ART, BOB);
    const answer = await ephemeralReply(h, await h.press(written, resultButton('delete', alice.job)));
    expect(answer.content).toBe(NOT_ON_THIS_MESSAGE);
    expect(isDeleted(written)).toBe(false);
    expect(h.discord.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it("Again naming one member's result, pressed on another's card, sends nothing", async () => {
    const alice = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const bob = await bobsResult();
    const answer = await ephemeralReply(h, await h.press(bob.messageId, resultButton('again', alice.job)));
    expect(answer.content).toBe(NOT_ON_THIS_MESSAGE);
    expect(sentRequests(h)).toHaveLength(2);
  });

  it("Vary's modal submitted from another member's card, or from no message, sends nothing", async () => {
    const alice = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const bob = await bobsResult();
    const modalId = resultButton('vary-modal', alice.job);
    const fromBob = await h.submitModal(
      modalId,
      { prompt: 'a green kite' },
      {},
      { messageId: bob.messageId },
    );
    expect((await ephemeralReply(h, fromBob)).content).toBe(NOT_ON_THIS_MESSAGE);
    const fromNowhere = await h.submitModal(modalId, { prompt: 'a green kite' });
    expect((await ephemeralReply(h, fromNowhere)).content).toBe(NOT_ON_THIS_MESSAGE);
    expect(sentRequests(h)).toHaveLength(2);
  });

  it('a /balance page pressed on a result card leaves the card as it was', async () => {
    const alice = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const before = structuredClone(h.deliveredMessage(alice.interaction));
    const press = await h.press(alice.messageId, 'balance:page:2', { userId: ADMIN });
    expect((await ephemeralReply(h, press)).content).toBe(NOT_ON_THIS_MESSAGE);
    expect(h.deliveredMessage(alice.interaction)).toEqual(before);
  });

  it('a queue Cancel pressed on a message that does not carry it is refused', async () => {
    const alice = await makeResult(h, 'imagine', { prompt: 'a red kite', model: 'lang-4o-image' });
    const forged = `queue:cancel:${GUILD}:${ALICE}:00000000-0000-4000-8000-000000000000`;
    expect((await ephemeralReply(h, await h.press(alice.messageId, forged))).content).toBe(
      NOT_ON_THIS_MESSAGE,
    );
  });
});

describe("a queue Cancel from another server than its reservation's", () => {
  it('is refused even on a message that carries it', async () => {
    const elsewhere = await resultOf(
      h,
      await h.command('imagine', [opt.string('prompt', 'a lamp'), opt.string('model', 'lang-4o-image')], {
        guildId: GUILD2,
        channelId: LOBBY,
      }),
    );
    // A Cancel naming a reservation of the first server, on a bot message in the second.
    const cancel = `queue:cancel:${GUILD}:${ALICE}:00000000-0000-4000-8000-000000000000`;
    relabelButton(h, elsewhere.messageId, resultButton('again', elsewhere.job), cancel);
    const press = await h.press(elsewhere.messageId, cancel, { guildId: GUILD2, channelId: LOBBY });
    expect((await ephemeralReply(h, press)).content).toBe(NOT_ON_THIS_MESSAGE);
  });
});

/** The costly-request card's Confirm custom id, for a command run by Alice. */
async function confirmIdOf(command: APIInteraction): Promise<string> {
  const card = await ephemeralReply(h, command);
  const confirm = card.components[0]?.components[0]?.custom_id;
  if (!confirm) throw new Error('no Confirm button on the card');
  return confirm;
}

/** motion-2.0-fast for 5 s at 480p costs $0.528, above the default $0.50 threshold. */
const costlyVideo = (channelId = ART) =>
  h.command(
    'video',
    [opt.string('prompt', 'a slow pan'), opt.string('model', 'motion-2.0-fast'), opt.integer('duration', 5)],
    { channelId },
  );

async function pressOn(messageId: string, customId: string, channelId: string, guildId?: string) {
  const click = buttonInteraction(h.discord, {
    customId,
    messageId,
    channelId,
    userId: ALICE,
    ...(guildId ? { guildId } : {}),
  });
  await h.discord.sendInteraction(click);
  return click;
}

describe('a confirmation answered somewhere else than where it was asked', () => {
  /** A result of Alice's in the other server: a bot message there to press on. */
  const resultElsewhere = async () =>
    resultOf(
      h,
      await h.command('imagine', [opt.string('prompt', 'a lamp'), opt.string('model', 'lang-4o-image')], {
        guildId: GUILD2,
        channelId: LOBBY,
      }),
    );

  /** Nothing sent but the lamp; the card's money still held in the first server, none spent. */
  async function expectNothingSentOrCharged() {
    expect(sentRequests(h).map((r) => r.prompt)).toEqual(['a lamp']);
    const held = await figures(h, ALICE);
    expect(held.spentMicros).toBe(0);
    expect(held.reservedMicros).toBe(528_000); // released by Cancel or expiry
    const g2 = await h.bot.services.quota.summary({ guildId: GUILD2, userId: ALICE, roleIds: [] });
    expect(g2.spentMicros).toBe(20_000);
  }

  it('a Confirm made in one server, pressed on a message in another, sends nothing and charges neither', async () => {
    const confirm = await confirmIdOf(await costlyVideo());
    const elsewhere = await resultElsewhere();
    const forged = await pressOn(elsewhere.messageId, confirm, LOBBY, GUILD2);
    expect((await ephemeralReply(h, forged)).content).toBe(NOT_ON_THIS_MESSAGE);
    await expectNothingSentOrCharged();
  });

  it("a Confirm pressed in another server on a message that carries it is refused by the record's own check", async () => {
    const confirm = await confirmIdOf(await costlyVideo());
    const elsewhere = await resultElsewhere();
    relabelButton(h, elsewhere.messageId, resultButton('again', elsewhere.job), confirm);
    const carried = await pressOn(elsewhere.messageId, confirm, LOBBY, GUILD2);
    expect((await ephemeralReply(h, carried)).content).toBe(NOT_HERE);
    await expectNothingSentOrCharged();
  });

  /** quick-video-1 in spicy mode for 20 s ($0.60, above the threshold), asked in the age-restricted channel. */
  const spicyVideo = () =>
    h.command(
      'video',
      [
        opt.string('prompt', 'after hours'),
        opt.string('model', 'quick-video-1'),
        opt.string('mode', 'spicy'),
        opt.integer('duration', 20),
      ],
      { channelId: NSFW },
    );

  it('a spicy video confirmed in an ordinary channel is not posted there', async () => {
    const spicy = await spicyVideo();
    const confirm = await confirmIdOf(spicy);
    const ordinary = await makeResult(h, 'imagine', { prompt: 'a lamp', model: 'lang-4o-image' });
    relabelButton(h, ordinary.messageId, resultButton('again', ordinary.job), confirm);
    const press = await pressOn(ordinary.messageId, confirm, ART);
    expect((await ephemeralReply(h, press)).content).toBe(NOT_HERE);
    expect(sentRequests(h).map((r) => r.model)).toEqual(['lang-4o-image']);
  });

  it('a spicy video confirmed after its channel lost its age restriction is not sent', async () => {
    const spicy = await spicyVideo();
    const confirm = await confirmIdOf(spicy);
    const card = h.discord.originalMessage(spicy.token);
    if (!card) throw new Error('the card was not stored');
    // An admin turns the age restriction off: Discord tells the bot (CHANNEL_UPDATE).
    const channel = stateOf(h.discord).channels.get(NSFW)?.api as { nsfw?: boolean } | undefined;
    if (!channel) throw new Error('no such channel in the fake');
    channel.nsfw = false;
    await h.discord.dispatch('CHANNEL_UPDATE', channel);
    await vi.waitFor(() =>
      expect((h.bot.client.channels.cache.get(NSFW) as { nsfw?: boolean } | undefined)?.nsfw).toBe(false),
    );
    // The card's own Confirm, on its own message, in its own channel.
    const click = buttonInteraction(h.discord, {
      customId: confirm,
      messageId: card.id,
      channelId: NSFW,
      userId: ALICE,
    });
    await h.discord.sendInteraction(click);
    expect((await ephemeralReply(h, click)).content).toBe(
      'The spicy mode can be used only in age-restricted channels.',
    );
    expect(sentRequests(h)).toEqual([]);
  });

  it("checks the channel's rules again at Confirm: a channel taken off the allow-list sends nothing", async () => {
    const command = await costlyVideo();
    const confirm = await confirmIdOf(command);
    await adminAllows(h, OTHER);
    const card = h.discord.originalMessage(command.token);
    if (!card) throw new Error('the card was not stored');
    const press = await pressOn(card.id, confirm, ART);
    expect((await ephemeralReply(h, press)).content).toContain(`Generations can be made only in <#${OTHER}>`);
    expect(sentRequests(h)).toEqual([]);
    expect((await figures(h, ALICE)).spentMicros).toBe(0);
  });
});

describe('"Generate from this" submitted in another channel', () => {
  it('finds nothing and sends nothing', async () => {
    const image: FakeAttachmentSpec = {
      id: '1400000000000000901',
      filename: 'cat.png',
      contentType: 'image/png',
      url: `https://cdn.discordapp.com/attachments/${ART}/1400000000000000901/cat.png`,
    };
    const command = await h.messageCommand('Generate from this', { content: 'my cat', attachments: [image] });
    const modal = await h.modalOf(command);
    const submit = await h.submitModal(
      modal.custom_id,
      { prompt: 'the cat, sleeping', model: ['lang-image-2'] },
      {
        channelId: OTHER,
      },
    );
    expect((await ephemeralReply(h, submit)).content).toContain('This form is no longer open');
    expect(sentRequests(h)).toEqual([]);
  });
});
