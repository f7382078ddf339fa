/**
 * The results index kept in step with Discord by the running bot: a result is in it once shown, a
 * message deleted by anyone (a moderator in Discord) takes its result out through the gateway's
 * MESSAGE_DELETE, and the results delivered before the index existed are indexed at the first
 * start, with a progress line in the log.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GalleryQuery } from '../../src/results/result.ts';
import { ALICE, ART, GUILD, NO_THREADS, NSFW, OTHER, opt, useHarness } from '../support/bot-harness.ts';

const h = useHarness();
const everywhere = (text?: string): GalleryQuery => ({
  guildId: GUILD,
  viewableChannelIds: new Set([ART, NO_THREADS, NSFW, OTHER]),
  text,
  limit: 10,
});

async function make(prompt: string, channelId = ART) {
  const interaction = await h.command('imagine', [opt.string('prompt', prompt)], {
    channelId,
    userId: ALICE,
  });
  const job = await h.jobDone(interaction);
  const message = h.deliveredMessage(interaction);
  if (!message) throw new Error('no reply');
  return { job, message };
}

const found = async (text: string) =>
  (await h.bot.results.search(everywhere(text))).results.map((r) => r.generationId);

describe('the results index beside a running bot', () => {
  it('holds a result once it is shown, with the link Discord gave its file', async () => {
    const { job, message } = await make('an origami crane on a windowsill');
    await expect.poll(() => found('origami crane')).toEqual([job.generationId]);
    const result = await h.bot.results.get(GUILD, job.generationId);
    expect(result).toMatchObject({
      messageId: message.id,
      channelId: ART,
      viewChannelId: ART,
      userName: 'alice',
    });
    expect(result?.media).toMatchObject({ from: 'discord', url: message.attachments[0]?.url });
  });

  it('drops a result whose message a moderator deleted in Discord', async () => {
    const kept = await make('a lantern festival over the river');
    const deleted = await make('a lantern shop in the rain');
    await expect.poll(() => found('lantern')).toHaveLength(2);
    await h.discord.deleteMessage(ART, deleted.message.id);
    await expect.poll(() => found('lantern')).toEqual([kept.job.generationId]);
    expect(await h.bot.results.get(GUILD, deleted.job.generationId)).toBeUndefined();
  });

  it('marks a result of an age-restricted channel', async () => {
    const { job } = await make('a moody noir alley', NSFW);
    await expect
      .poll(async () => (await h.bot.results.get(GUILD, job.generationId))?.ageRestricted)
      .toBe(true);
  });

  it('indexes at the first start what was delivered before the index existed, and says so in the log', async () => {
    const { job } = await make('a brass telescope on a tripod');
    await expect.poll(() => found('telescope')).toEqual([job.generationId]);
    await h.restart(async () => {
      // As before this version: no index file at all.
      for (const suffix of ['', '-wal', '-shm'])
        rmSync(join(h.storeDir, `bot.results.sqlite${suffix}`), { force: true });
    });
    await expect.poll(() => found('telescope')).toEqual([job.generationId]);
    // Its file is the service's link: the job never read its Discord attachment.
    expect((await h.bot.results.get(GUILD, job.generationId))?.media?.from).toBe('service');
    expect(h.logs.some((line) => line.includes('results backfill: done'))).toBe(true);
  });
});
