/**
 * The moderation log through the fake Discord (`/quota moderation`): one line per generation sent
 * and per prompt the server's rules refused, in the channel the admins named, pinging nobody; the
 * prompt hidden behind a spoiler when it was asked in an age-restricted channel; exactly once across
 * a restart, also when Discord made the message but its answer was lost; and when the channel
 * cannot be posted in, the alerts channel hears it once while the generations go on.
 */
import { type APIMessage, PermissionFlagsBits } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeFault } from '../../testkit/fake-discord.ts';
import {
  ADMIN,
  ALICE,
  ART,
  GUILD,
  type Harness,
  NSFW,
  OTHER,
  opt,
  startHarness,
} from '../support/bot-harness.ts';
import { entity, ephemeralReply, resolvedChannel, sub, textOf } from './quota-helpers.ts';
import { resultOf } from './result-helpers.ts';

/** #general is the moderation log; #no-threads (made unwritable where needed) its broken twin. */
const LOG = OTHER;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start(): Promise<Harness> {
  h = await startHarness({ botOptions: { moderationSweepMs: 100 } });
  return h;
}

/** `/quota moderation` as the admin; the bot's private answer. */
async function moderation(bot: Harness, options: unknown[]) {
  return ephemeralReply(
    bot,
    await bot.command('quota', [sub('moderation', options)], {
      userId: ADMIN,
      resolved: resolvedChannel(LOG, 'general'),
    }),
  );
}

/** The bot's messages in the log channel, oldest first. */
const lines = (bot: Harness, channelId = LOG): APIMessage[] =>
  bot.discord.messages(channelId).filter((m) => m.author.id === bot.discord.botUserId);

/** Waits until the log channel holds `count` lines. */
function linesCount(bot: Harness, count: number, channelId = LOG): Promise<unknown> {
  return bot.discord.waitForCall(() => lines(bot, channelId).length >= count);
}

/** Every post to the log channel fails while `failing.on`: answered 502 after the message was made, or refused with 500. */
function logPostsFail(kind: 'lose-answer' | 'refuse') {
  const failing = { on: true };
  const fault: FakeFault = {
    kind,
    status: kind === 'refuse' ? 500 : 502,
    times: Number.POSITIVE_INFINITY,
    match: (r) => failing.on && r.method === 'POST' && r.path === `/channels/${LOG}/messages`,
  };
  return { fault, failing };
}

describe('the moderation log', () => {
  it('posts one line per generation and per refused prompt, pinging nobody, spoilered from age-restricted channels', async () => {
    const bot = await start();
    expect((await moderation(bot, [])).content).toMatch(/^The moderation log is off\./);
    expect((await moderation(bot, [entity.channel('channel', LOG)])).content).toContain(
      `The moderation log goes to <#${LOG}>`,
    );
    const shown = await ephemeralReply(bot, await bot.command('quota', [sub('show')], { userId: ADMIN }));
    expect(textOf(shown)).toContain(`Moderation log: in <#${LOG}>`);

    const asked = await bot.command('imagine', [opt.string('prompt', 'a **bold** fox\nin snow')]);
    const { job, messageId } = await resultOf(bot, asked);
    await bot.bot.moderation.idle();
    const [first] = lines(bot);
    expect(lines(bot)).toHaveLength(1);
    expect(first?.content).toBe(
      `🖼️ <@${ALICE}> · https://discord.com/channels/${GUILD}/${ART}/${messageId} · ${job.modelLabel} · $${(job.chargedMicros / 1e6).toFixed(2)} · a \\*\\*bold\\*\\* fox in snow`,
    );
    // Pinging nobody: the post allowed no mentions.
    const post = bot.discord.calls.find((c) => c.method === 'POST' && c.path === `/channels/${LOG}/messages`);
    expect((post?.body as { allowed_mentions?: unknown } | undefined)?.allowed_mentions).toEqual({
      parse: [],
    });

    // From the age-restricted channel: the prompt behind a spoiler.
    await resultOf(
      bot,
      await bot.command('imagine', [opt.string('prompt', 'a moonlit owl')], { channelId: NSFW }),
    );
    await bot.bot.moderation.idle();
    expect(lines(bot)[1]?.content).toMatch(
      new RegExp(
        `^🖼️ <@${ALICE}> · https://discord\\.com/channels/${GUILD}/${NSFW}/\\d+ · .* · \\|\\|a moonlit owl\\|\\|$`,
      ),
    );

    // A refusal by the prompt rules: a line, and nothing sent.
    await bot.bot.services.quotaAdmin.addPromptPattern(GUILD, 'wolf*', ADMIN);
    const refused = await ephemeralReply(
      bot,
      await bot.command('imagine', [opt.string('prompt', 'two wolfish dogs howling')]),
    );
    expect(refused.content).toContain('a word this server does not allow');
    const rules = await ephemeralReply(bot, await bot.command('quota', [sub('show')], { userId: ADMIN }));
    expect(textOf(rules)).toContain('Prompt rules: 1 · /quota prompts list');
    await linesCount(bot, 3);
    await bot.bot.moderation.idle();
    expect(lines(bot)[2]?.content).toMatch(
      new RegExp(
        `^⛔ <@${ALICE}> · <#${ART}> · .* · refused by the prompt rules, nothing sent · two wolfish dogs howling$`,
      ),
    );

    // Off: nothing more is logged.
    expect((await moderation(bot, [opt.boolean('off', true)])).content).toMatch(
      /^The moderation log is off\./,
    );
    await resultOf(bot, await bot.command('imagine', [opt.string('prompt', 'a quiet heron')]));
    await bot.bot.moderation.idle();
    expect(lines(bot)).toHaveLength(3);
  });

  it('posts each line exactly once across a restart, though Discord made the message before its answer was lost', async () => {
    const bot = await start();
    await moderation(bot, [entity.channel('channel', LOG)]);
    const { fault, failing } = logPostsFail('lose-answer');
    bot.discord.injectFault(fault);
    const first = await resultOf(bot, await bot.command('imagine', [opt.string('prompt', 'a red kite')]));
    const second = await resultOf(bot, await bot.command('imagine', [opt.string('prompt', 'a grey heron')]));
    await bot.bot.moderation.idle();
    // Discord made both messages; the bot never heard so, and still owes both lines.
    expect(lines(bot)).toHaveLength(2);
    expect(await bot.bot.services.jobs.get(first.job.generationId)).toBeDefined();

    await bot.restart(async () => {
      failing.on = false;
    });
    // The new process's first sweep posts what is owed: Discord answers with the messages it made.
    await bot.bot.moderation.idle();
    await bot.bot.moderation.sweep();
    const posts = bot.discord.calls.filter(
      (c) => c.method === 'POST' && c.path === `/channels/${LOG}/messages` && c.status === 200,
    );
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(lines(bot).map((m) => m.content.split(' · ').at(-1))).toEqual(['a red kite', 'a grey heron']);
    expect(lines(bot)[1]?.content).toContain(`/${second.messageId} · `);

    // A later sweep owes nothing: no post at all.
    const before = bot.discord.calls.length;
    await bot.bot.moderation.sweep();
    expect(bot.discord.calls.slice(before).filter((c) => c.path === `/channels/${LOG}/messages`)).toEqual([]);
  });

  it('keeps a line Discord failed to make, and posts it once after the restart', async () => {
    const bot = await start();
    await moderation(bot, [entity.channel('channel', LOG)]);
    const { fault, failing } = logPostsFail('refuse');
    bot.discord.injectFault(fault);
    await resultOf(bot, await bot.command('imagine', [opt.string('prompt', 'a barn owl')]));
    await bot.bot.moderation.idle();
    expect(lines(bot)).toHaveLength(0);
    await bot.restart(async () => {
      failing.on = false;
    });
    await linesCount(bot, 1);
    await bot.bot.moderation.idle();
    await bot.bot.moderation.sweep();
    expect(lines(bot).map((m) => m.content.split(' · ').at(-1))).toEqual(['a barn owl']);
  });

  it('tells the alerts channel once when it cannot post, and holds no generation back', async () => {
    const bot = await start();
    await moderation(bot, [entity.channel('channel', LOG)]);
    await bot.bot.services.quotaAdmin.setAlerts(GUILD, { channelId: ART }, ADMIN);
    // The bot may no longer send messages in the log channel.
    await bot.discord.setChannelOverwrites(LOG, [
      { id: bot.discord.botUserId, type: 'member', deny: String(PermissionFlagsBits.SendMessages) },
    ]);
    for (const prompt of ['a pale moth', 'a green beetle']) {
      const made = await resultOf(bot, await bot.command('imagine', [opt.string('prompt', prompt)]));
      expect(made.job.step).toBe('done');
      await bot.bot.moderation.idle();
    }
    const told = lines(bot, ART).filter((m) =>
      m.content.includes('cannot post in the moderation log channel'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.content).toContain(`<#${LOG}>`);
    expect(lines(bot)).toHaveLength(0);
    // Nothing is owed: the lines were dropped, not kept to be retried for ever.
    await bot.bot.moderation.sweep();
    expect(lines(bot, ART).filter((m) => m.content.includes('moderation log'))).toHaveLength(1);

    // Once a line goes through again, a later failure is told again.
    await bot.discord.setChannelOverwrites(LOG, []);
    await resultOf(bot, await bot.command('imagine', [opt.string('prompt', 'a blue jay')]));
    await bot.bot.moderation.idle();
    expect(lines(bot)).toHaveLength(1);
    await bot.discord.setChannelOverwrites(LOG, [
      { id: bot.discord.botUserId, type: 'member', deny: String(PermissionFlagsBits.SendMessages) },
    ]);
    await resultOf(bot, await bot.command('imagine', [opt.string('prompt', 'a wren')]));
    await bot.bot.moderation.idle();
    expect(
      lines(bot, ART).filter((m) => m.content.includes('cannot post in the moderation log')),
    ).toHaveLength(2);
  });
});
