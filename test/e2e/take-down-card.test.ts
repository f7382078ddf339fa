/**
 * A take-down from the result card, through the fake Discord: a member with Manage Messages
 * presses Delete on Alice's result; the message is gone, the gallery's index and its search no
 * longer have it by the time the presser is told, the audit log has a `take-down` by that member
 * naming Alice and the channel, and Alice's ledger has no refund (the result was made). Alice
 * deleting her own result writes nothing in the audit log.
 */
import { PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import type { GalleryQuery } from '../../src/results/result.ts';
import { ALICE, ART, BOB, GUILD, useHarness } from '../support/bot-harness.ts';
import { figures, makeResult, resultButton } from './result-helpers.ts';

const h = useHarness();
const MODERATOR_PERMISSIONS = String(PermissionFlagsBits.ViewChannel | PermissionFlagsBits.ManageMessages);

const search = async (text: string) => {
  const query: GalleryQuery = { guildId: GUILD, viewableChannelIds: new Set([ART]), text, limit: 10 };
  return (await h.bot.results.search(query)).results.map((r) => r.generationId);
};
const stillThere = (messageId: string) => h.discord.messages(ART).some((m) => m.id === messageId);
const audit = async () => (await h.bot.services.quotaAdmin.auditPage(GUILD)).records;

describe("a member with Manage Messages deleting Alice's result from its card", () => {
  it('takes it down: the message and the gallery entry gone at once, audited as theirs, Alice not refunded', async () => {
    const result = await makeResult(h, 'imagine', { prompt: 'a grumpy walrus', model: 'lang-4o-image' });
    await expect.poll(() => search('walrus')).toEqual([result.job.generationId]);
    const spent = (await figures(h, ALICE)).spentMicros;
    expect(spent).toBeGreaterThan(0);

    const press = await h.press(result.messageId, resultButton('delete', result.job), {
      userId: BOB,
      memberPermissions: MODERATOR_PERMISSIONS,
    });
    const edit = await h.editOf(press);
    expect((edit.body as { content: string }).content).toBe('The result was deleted.');

    // Gone everywhere by the time Bob is told.
    expect(stillThere(result.messageId)).toBe(false);
    expect(await h.bot.results.get(GUILD, result.job.generationId)).toBeUndefined();
    expect(await search('walrus')).toEqual([]);

    const [record, ...older] = await audit();
    expect(older).toEqual([]);
    expect(record).toMatchObject({
      action: 'take-down',
      by: BOB,
      via: 'command',
      detail: {
        generationId: result.job.generationId,
        messageId: result.messageId,
        channelId: ART,
        authorId: ALICE,
        prompt: 'a grumpy walrus',
      },
    });
    expect(record?.field).toBeUndefined();

    // Made, so charged: no refund, the spend stands.
    const entries = await h.bot.services.quotaLedger.forMember(GUILD, ALICE, 50);
    expect(entries.map((e) => e.kind)).not.toContain('refund');
    expect((await figures(h, ALICE)).spentMicros).toBe(spent);
  });

  it('says it is deleted, and records it, when the message was gone already (taken down on the dashboard meanwhile)', async () => {
    const result = await makeResult(h, 'imagine', { prompt: 'a startled puffin', model: 'lang-4o-image' });
    // Gone before the press reaches the bot (the gateway's word of it not yet heard).
    await h.discord.deleteMessage(ART, result.messageId);
    const press = await h.press(result.messageId, resultButton('delete', result.job), {
      userId: BOB,
      memberPermissions: MODERATOR_PERMISSIONS,
    });
    const edit = await h.editOf(press);
    expect((edit.body as { content: string }).content).toBe('The result was deleted.');
    expect(await h.bot.results.get(GUILD, result.job.generationId)).toBeUndefined();
    expect((await audit()).map((r) => [r.action, r.by])).toEqual([['take-down', BOB]]);
  });

  it('writes nothing in the audit log when Alice deletes her own result', async () => {
    const result = await makeResult(h, 'imagine', { prompt: 'a sleepy otter', model: 'lang-4o-image' });
    await expect.poll(() => search('otter')).toEqual([result.job.generationId]);
    const press = await h.press(result.messageId, resultButton('delete', result.job), {
      memberPermissions: MODERATOR_PERMISSIONS,
    });
    await h.editOf(press);
    expect(stillThere(result.messageId)).toBe(false);
    expect(await search('otter')).toEqual([]);
    expect(await audit()).toEqual([]);
    const entries = await h.bot.services.quotaLedger.forMember(GUILD, ALICE, 50);
    expect(entries.map((e) => e.kind)).not.toContain('refund');
  });
});
