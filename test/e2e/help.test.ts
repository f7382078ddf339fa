/**
 * /help through the fake Discord: privately, every registered command, the admins' part for admins
 * only, the member's allowance as /usage shows it (or said unreadable when the store fails, the
 * help still given), how many prompt rules the server has (for admins only, never the words), and
 * its Models and My usage buttons answering as those commands do.
 */
import { join } from 'node:path';
import { Locale } from 'discord.js';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands, messageCommands } from '../../commands/index.ts';
import { isAdminCommand } from '../../src/discord/views/help-view.ts';
import { english } from '../../src/i18n/index.ts';
import { ADMIN, ALICE, BOB, GUILD, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import {
  type Answer,
  entity,
  ephemeralReply,
  fieldsOf,
  resolvedMember,
  sub,
  textOf,
} from './quota-helpers.ts';

// The English texts expected below, read from the bot's texts themselves.
const HELP_TITLE = english.t('help:title');
const ADMIN_TITLE = english.t('help:adminTitle');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** /help from a member (Bob by default: Alice owns the server, which makes her an admin), and the message it posted. */
async function help(userId = BOB): Promise<{ answer: Answer; messageId: string }> {
  const interaction = await h.command('help', [], { userId });
  const answer = await ephemeralReply(h, interaction);
  const messageId = h.discord.originalMessage(interaction.token)?.id;
  if (!messageId) throw new Error('the /help reply was not stored by the fake Discord');
  return { answer, messageId };
}

const buttonsOf = (answer: Answer) => answer.components.flatMap((row) => row.components);

describe('/help', () => {
  it('counts the server owner as an admin, as Discord does', async () => {
    const { answer } = await help(ALICE);
    expect(answer.embeds.map((e) => e.title)).toEqual([HELP_TITLE, ADMIN_TITLE]);
  });

  it('shows a member every command they can use, privately, without the admins’ part', async () => {
    const { answer } = await help();
    expect(answer.embeds.map((e) => e.title)).toEqual([HELP_TITLE]);
    const text = textOf(answer);
    const memberCommands = commands.filter((c) => !isAdminCommand(c.data));
    expect(memberCommands.length).toBeGreaterThan(0);
    for (const c of memberCommands) {
      expect(text).toContain(`\`/${c.data.name}`);
      expect(text).toContain(c.data.description);
    }
    for (const c of messageCommands) expect(text).toContain(`**${c.data.name}**`);
    // Nothing of the admins' commands, not even their names.
    for (const c of commands.filter((c) => isAdminCommand(c.data)))
      expect(text).not.toContain(`/${c.data.name}`);
    expect(buttonsOf(answer).map((b) => [b.label, b.custom_id])).toEqual([
      ['Models', 'help:v1:models'],
      ['My usage', 'help:v1:usage'],
    ]);
  });

  it('shows an admin every registered command, each admin subcommand on its own line', async () => {
    const { answer } = await help(ADMIN);
    expect(answer.embeds.map((e) => e.title)).toEqual([HELP_TITLE, ADMIN_TITLE]);
    const text = textOf(answer);
    for (const c of commands) expect(text, c.data.name).toContain(`\`/${c.data.name}`);
    const admin = answer.embeds[1]?.description ?? '';
    for (const c of commands.filter((c) => isAdminCommand(c.data))) {
      const subs = (c.data.options ?? []).filter((o) => o.type === 1);
      if (subs.length === 0) expect(admin).toContain(`\`/${c.data.name}\` · ${c.data.description}`);
      for (const s of subs) expect(admin).toContain(`\`/${c.data.name} ${s.name}\` · ${s.description}`);
    }
  });

  it('shows the allowance /usage shows, from the same figures', async () => {
    // Bob's own allowance, so that the line is not the default every member would see anyway.
    await ephemeralReply(
      h,
      await h.command('quota', [sub('set', [entity.user('user', BOB), opt.string('usd', '2.5')])], {
        userId: ADMIN,
        resolved: resolvedMember(BOB, 'bob'),
      }),
    );
    const usage = fieldsOf(
      (await ephemeralReply(h, await h.command('usage', [], { userId: BOB }))).embeds[0],
    );
    const { answer } = await help(BOB);
    const allowance = fieldsOf(answer.embeds[0])['Your allowance'] ?? '';
    expect(usage.Allowance).toBe('$2.50 per day (their own allowance)');
    expect(allowance.split('\n')).toEqual([
      usage.Allowance,
      `${usage.Remaining} left · spent today ${usage['Spent today']}`,
      `Resets ${usage.Resets}`,
      'Your spend and last generations: /usage, or **My usage** below.',
    ]);
  });

  it('answers My usage exactly as /usage does, and Models exactly as /models does', async () => {
    const { messageId } = await help();
    const usage = await ephemeralReply(h, await h.command('usage', [], { userId: BOB }));
    const pressedUsage = await ephemeralReply(h, await h.press(messageId, 'help:v1:usage', { userId: BOB }));
    expect(pressedUsage).toEqual(usage);
    expect(usage.embeds[0]?.title).toBe('Your generation quota');

    const models = await ephemeralReply(h, await h.command('models', [], { userId: BOB }));
    const pressedModels = await ephemeralReply(
      h,
      await h.press(messageId, 'help:v1:models', { userId: BOB }),
    );
    expect(pressedModels).toEqual(models);
    expect(models.embeds.map((e) => e.title)).toEqual(['Video models', 'Image models']);
  });

  it('tells an admin how many prompt rules the server has, never the words, and a member nothing of them', async () => {
    const rulesOf = (answer: Answer) => fieldsOf(answer.embeds[1])['Prompt rules'];
    expect(rulesOf((await help(ADMIN)).answer)).toBe(
      'None: every prompt is allowed. `/quota prompts add` adds a word or phrase this server does not allow.',
    );
    const { quotaAdmin } = h.bot.services;
    for (const pattern of ['dragon*', 'dark wizard', 'nandu'])
      await quotaAdmin.addPromptPattern(GUILD, pattern, ADMIN);
    const { answer } = await help(ADMIN);
    expect(rulesOf(answer)).toBe('3 words or phrases this server does not allow (`/quota prompts list`)');
    expect(textOf(answer)).not.toMatch(/dragon|wizard|nandu/);
    // Named as a German admin's Discord names the command and its subcommand.
    const german = await ephemeralReply(
      h,
      await h.command('help', [], { userId: ADMIN, locale: Locale.German }),
    );
    expect(fieldsOf(german.embeds[1])['Prompt-Regeln']).toBe(
      '3 Wörter oder Wortgruppen, die dieser Server nicht erlaubt (`/kontingent prompts auflisten`)',
    );
    await quotaAdmin.removePromptPattern(GUILD, 'dark wizard', ADMIN);
    await quotaAdmin.removePromptPattern(GUILD, 'nandu', ADMIN);
    expect(rulesOf((await help(ADMIN)).answer)).toBe(
      '1 word or phrase this server does not allow (`/quota prompts list`)',
    );
    // A member reads no count, no field and no command of it.
    const member = textOf((await help(BOB)).answer);
    expect(member).not.toContain('Prompt rules');
    expect(member).not.toContain('word or phrase');
    expect(member).not.toContain('prompts');
  });

  it('still helps when the store cannot be read, saying the allowance could not be read', async () => {
    const file = join(h.storeDir, 'bot.sqlite');
    // Another connection takes the bot's table away: every read of the store fails, as on a damaged file.
    await exec(file, 'ALTER TABLE keyv RENAME TO keyv_away;');
    let answer: Answer;
    let admins: Answer;
    try {
      ({ answer } = await help());
      ({ answer: admins } = await help(ADMIN));
      // /usage, which has nothing to show without the store, refuses as before.
      const usage = await ephemeralReply(h, await h.command('usage', [], { userId: BOB }));
      expect(usage.content).toContain('The bot cannot record spending right now');
    } finally {
      await exec(file, 'ALTER TABLE keyv_away RENAME TO keyv;');
    }
    const allowance = fieldsOf(answer.embeds[0])['Your allowance'] ?? '';
    expect(allowance).toMatch(
      /^The bot could not read your allowance just now \(error id `[0-9a-f]{8}`\)\. \/usage shows it once the bot's store answers again\.$/,
    );
    const errorId = allowance.match(/`([0-9a-f]{8})`/)?.[1] ?? '';
    expect(h.logs.some((line) => line.includes(errorId) && line.includes('store fault'))).toBe(true);
    // The rest of the help is all there.
    expect(answer.embeds[0]?.description).toContain('`/imagine`');
    expect(buttonsOf(answer).map((b) => b.label)).toEqual(['Models', 'My usage']);
    // An admin's count of the prompt rules is said unreadable the same way, the admins' part all there.
    expect(fieldsOf(admins.embeds[1])['Prompt rules']).toMatch(
      /^They could not be read just now \(error id `[0-9a-f]{8}`\); `\/quota prompts list` shows them\.$/,
    );
    expect(admins.embeds[1]?.description).toContain('`/quota prompts list`');
    // With the store back, the allowance is shown again.
    const back = fieldsOf((await help()).answer.embeds[0])['Your allowance'] ?? '';
    expect(back).toMatch(/^\$[\d.]+ per day \(/);
  });
});

/** Runs SQL on the bot's SQLite file from a connection of its own, as another process would. */
async function exec(file: string, sql: string): Promise<void> {
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened: sqlite3.Database = new sqlite3.Database(file, (err) =>
      err ? reject(err) : resolve(opened),
    );
  });
  try {
    await new Promise<void>((resolve, reject) => db.exec(sql, (err) => (err ? reject(err) : resolve())));
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
}
