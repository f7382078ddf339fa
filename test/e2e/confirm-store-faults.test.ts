/**
 * A Confirm the store answers too late: the member is told privately, in time, that nothing was
 * sent; when the store records the Confirm after all, it is taken back (the hold released, the
 * card's request cancelled), so that what the member was told stays true.
 */
import { join } from 'node:path';
import { InteractionResponseType, MessageFlags } from 'discord.js';
import { describe, expect, it, vi } from 'vitest';
import { english } from '../../src/i18n/index.ts';
import { buttonInteraction } from '../../testkit/fake-discord.ts';
import { ALICE, ART, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { holdWriteLock } from '../support/sqlite-lock.ts';
import { ephemeralReply } from './quota-helpers.ts';
import { sentRequests } from './result-helpers.ts';

// The English texts expected below, read from the bot's texts themselves.
const STORE_FAULT = english.t('actions:errors.storeFault');

// Real time: the card's five minutes must outlast the store's stall.
const h = useHarness({ timeScale: 1 });

const aliceFigures = () => h.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });

describe('a Confirm the store records too late', () => {
  it('is refused in time, then taken back: nothing sent, the hold released', async () => {
    // motion-2.0-fast for 5 s costs $0.528, above the default $0.50 threshold.
    const command = await h.command('video', [
      opt.string('prompt', 'a slow pan'),
      opt.string('model', 'motion-2.0-fast'),
      opt.integer('duration', 5),
    ]);
    const card = await ephemeralReply(h, command);
    const confirm = card.components[0]?.components[0]?.custom_id ?? '';
    const message = h.discord.originalMessage(command.token);
    if (!message) throw new Error('the card was not stored');
    expect((await aliceFigures()).reservedMicros).toBe(528_000);

    // Another connection holds the store's write lock: the Confirm's write waits behind it.
    const lock = await holdWriteLock(join(h.storeDir, 'bot.sqlite'));
    let released = false;
    try {
      const click = buttonInteraction(h.discord, {
        customId: confirm,
        messageId: message.id,
        channelId: ART,
        userId: ALICE,
      });
      await h.discord.sendInteraction(click);
      const answer = (await h.callbackOf(click)).body as {
        type: number;
        data: { content: string; flags: number };
      };
      expect(answer.type).toBe(InteractionResponseType.ChannelMessageWithSource);
      expect(answer.data.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
      expect(answer.data.content).toContain(STORE_FAULT);
      await lock.release();
      released = true;
    } finally {
      if (!released) await lock.release();
    }
    // The Confirm lands once the lock is gone, and is taken back: the hold is released.
    await vi.waitFor(async () => expect((await aliceFigures()).reservedMicros).toBe(0), {
      timeout: 15_000,
      interval: 100,
    });
    expect(sentRequests(h)).toEqual([]);
    // The card's request is cancelled: a later press can no longer send it.
    const id = confirm.split(':').at(-1) ?? '';
    expect((await h.bot.services.confirmations.get(id))?.state).toBe('cancelled');
    expect(sentRequests(h)).toEqual([]);
  });
});
