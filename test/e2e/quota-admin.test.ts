import { Locale } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { periodEnd } from '../../src/quota/periods.ts';
import {
  ADMIN,
  ADMINS_ROLE,
  ALICE,
  ART,
  BOB,
  GUILD,
  NSFW,
  opt,
  PATRON_ROLE,
  useHarness,
} from '../support/bot-harness.ts';
import {
  entity,
  ephemeralReply,
  fieldsOf,
  resolvedChannel,
  resolvedMember,
  resolvedRole,
  sub,
  textOf,
} from './quota-helpers.ts';

const h = useHarness();

const asAdmin = { userId: ADMIN };
const quota = () => h.bot.services.quota;
const admin = () => h.bot.services.quotaAdmin;
const ledger = () => h.bot.services.quotaLedger;

async function setAlice(usd: string, period?: string) {
  const interaction = await h.command(
    'quota',
    [
      sub('set', [
        entity.user('user', ALICE),
        opt.string('usd', usd),
        ...(period ? [opt.string('period', period)] : []),
      ]),
    ],
    { ...asAdmin, resolved: resolvedMember(ALICE, 'alice') },
  );
  return ephemeralReply(h, interaction);
}

describe('/quota as an admin', () => {
  it("sets a member's own allowance and says what is left and when it resets", async () => {
    const before = h.clock.now();
    const answer = await setAlice('2.5');
    expect(answer.content).toContain(`<@${ALICE}> now has $2.50 per day of their own`);
    expect(answer.content).toContain('left: $2.50');
    const resets = [periodEnd('daily', before), periodEnd('daily', h.clock.now())].map(
      (d) => `<t:${Math.floor((d as Date).getTime() / 1000)}:R>`,
    );
    expect(resets.some((r) => answer.content.includes(r))).toBe(true);
    expect((await admin().getSettings(GUILD)).overrides[ALICE]).toEqual({ micros: 2_500_000 });
  });

  it('gives an override its own period when one is chosen', async () => {
    const answer = await setAlice('0.0001', 'weekly');
    expect(answer.content).toContain('$0.0001 per week of their own');
    expect((await admin().getSettings(GUILD)).overrides[ALICE]).toEqual({ micros: 100, period: 'weekly' });
  });

  it.each([
    ['-1', "can't be negative"],
    ['1.23456', 'at most 4 decimals'],
    ['abc', 'at most 4 decimals'],
    ['10000.0001', 'at most $10,000.00'],
  ])('refuses the amount %s with a clear message and changes nothing', async (usd, message) => {
    const answer = await setAlice(usd);
    expect(answer.content).toContain(message);
    expect((await admin().getSettings(GUILD)).overrides).toEqual({});
  });

  it("sets a role's allowance, the default with its period, and the server budget", async () => {
    const role = await ephemeralReply(
      h,
      await h.command('quota', [sub('role', [entity.role('role', PATRON_ROLE), opt.string('usd', '5')])], {
        ...asAdmin,
        resolved: resolvedRole(PATRON_ROLE, 'patrons'),
      }),
    );
    expect(role.content).toContain(`Members with <@&${PATRON_ROLE}> get $5.00 per day`);

    const defaults = await ephemeralReply(
      h,
      await h.command(
        'quota',
        [sub('default', [opt.string('usd', '0.75'), opt.string('period', 'monthly')])],
        asAdmin,
      ),
    );
    expect(defaults.content).toContain('The server default allowance is now $0.75 per month');

    const budget = await ephemeralReply(
      h,
      await h.command('quota', [sub('budget', [opt.string('usd', '20')])], asAdmin),
    );
    expect(budget.content).toContain('The server budget is now $20.00 per month');

    const off = await ephemeralReply(
      h,
      await h.command('quota', [sub('budget', [opt.string('usd', '0')])], asAdmin),
    );
    expect(off.content).toContain('The server budget is off');

    const settings = await admin().getSettings(GUILD);
    expect(settings.roles).toEqual({ [PATRON_ROLE]: 5_000_000 });
    expect(settings.default).toEqual({ micros: 750_000, period: 'monthly' });
    expect(settings.budgetMicros).toBe(0);
    // A patron's effective allowance is now the role's, per the default's period.
    const summary = await quota().summary({ guildId: GUILD, userId: BOB, roleIds: [PATRON_ROLE] });
    expect(summary).toMatchObject({ allowanceMicros: 5_000_000, period: 'monthly', source: 'role' });
  });

  it('refuses a role allowance for @everyone and points to the default', async () => {
    const answer = await ephemeralReply(
      h,
      await h.command('quota', [sub('role', [entity.role('role', GUILD), opt.string('usd', '1')])], {
        ...asAdmin,
        resolved: resolvedRole(GUILD, '@everyone'),
      }),
    );
    expect(answer.content).toContain('/quota default');
    expect((await admin().getSettings(GUILD)).roles).toEqual({});
  });

  it("shows a member's allowance, spend and last generations, and the server's overview with top spenders", async () => {
    await setAlice('1');
    const imagine = await h.command('imagine', [
      opt.string('prompt', 'a fox'),
      opt.string('model', 'lang-4o-image'),
    ]);
    await h.jobDone(imagine);

    const member = await ephemeralReply(
      h,
      await h.command('quota', [sub('show', [entity.user('user', ALICE)])], {
        ...asAdmin,
        resolved: resolvedMember(ALICE, 'alice'),
      }),
    );
    const fields = fieldsOf(member.embeds[0]);
    // The member is named one way, by the mention (Discord shows it as their name in the server),
    // never by an account name beside it.
    expect(member.embeds[0]?.title).toBe("A member's quota");
    expect(member.embeds[0]?.description).toBe(`<@${ALICE}>`);
    expect(JSON.stringify(member.embeds[0])).not.toContain('alice');
    expect(fields.Allowance).toBe('$1.00 per day (their own allowance)');
    expect(fields['Spent today']).toBe('$0.02');
    expect(fields.Remaining).toBe('$0.98');
    expect(fields['Last generation']).toMatch(/Lang 4o Image · \$0\.02 · done$/);

    const overview = await ephemeralReply(h, await h.command('quota', [sub('show')], asAdmin));
    const o = fieldsOf(overview.embeds[0]);
    expect(overview.embeds[0]?.title).toBe('Quota of this server');
    expect(o['Default allowance']).toBe('$1.00 per day');
    expect(o['Server budget']).toContain('none');
    expect(o['Spent today (all members)']).toBe('$0.02');
    expect(o['Top spenders today']).toBe(`1. <@${ALICE}> · $0.02`);
    expect(o['Members with their own allowance']).toBe(`<@${ALICE}> · $1.00 per day`);
    expect(o['/imagine and /video allowed in']).toBe('any channel (no list set)');
  });

  it('answers an admin in their own language: /quota show in German and Japanese', async () => {
    await setAlice('1');
    const imagine = await h.command('imagine', [
      opt.string('prompt', 'a fox'),
      opt.string('model', 'lang-4o-image'),
    ]);
    await h.jobDone(imagine);
    const show = async (locale: Locale) =>
      ephemeralReply(
        h,
        await h.command('quota', [sub('show', [entity.user('user', ALICE)])], {
          ...asAdmin,
          resolved: resolvedMember(ALICE, 'alice'),
          locale,
        }),
      );

    const german = await show(Locale.German);
    const de = fieldsOf(german.embeds[0]);
    expect(german.embeds[0]?.title).toBe('Kontingent eines Mitglieds');
    expect(german.embeds[0]?.description).toBe(`<@${ALICE}>`);
    expect(de.Kontingent).toBe('1,00\u00a0$ pro Tag (eigenes Kontingent)');
    expect(de['Heute ausgegeben']).toBe('0,02\u00a0$');
    expect(de['Letzte Generierung']).toMatch(/Lang 4o Image · 0,02\u00a0\$ · fertig$/);

    const japanese = await show(Locale.Japanese);
    const ja = fieldsOf(japanese.embeds[0]);
    expect(japanese.embeds[0]?.title).toBe('メンバーの利用枠');
    expect(ja.利用枠).toBe('1日あたり$1.00（個別の利用枠）');
    expect(ja.最近の生成1件).toMatch(/Lang 4o Image · \$0\.02 · 完了$/);

    // A refusal is the admin's too.
    const refused = await ephemeralReply(
      h,
      await h.command('quota', [sub('show')], { userId: BOB, locale: Locale.German }),
    );
    expect(refused.content).toBe(
      'Nur Mitglieder mit der Berechtigung „Server verwalten“ können /kontingent verwenden.',
    );
  });

  it("resets a member's spend for this period with an adjust entry in the ledger", async () => {
    await setAlice('0.05');
    const imagine = await h.command('imagine', [
      opt.string('prompt', 'a fox'),
      opt.string('model', 'lang-4o-image'),
    ]);
    await h.jobDone(imagine);

    const answer = await ephemeralReply(
      h,
      await h.command('quota', [sub('reset', [entity.user('user', ALICE)])], {
        ...asAdmin,
        resolved: resolvedMember(ALICE, 'alice'),
      }),
    );
    expect(answer.content).toContain(`<@${ALICE}>'s spend for this period is back to $0.00 (it was $0.02)`);
    const [latest] = await ledger().forMember(GUILD, ALICE, 1);
    expect(latest).toMatchObject({ kind: 'adjust', amountMicros: -20_000, by: ADMIN });
    const summary = await quota().summary({ guildId: GUILD, userId: ALICE, roleIds: [] });
    expect(summary.spentMicros).toBe(0);
  });

  it('allows, lists and removes the channels where generating is allowed', async () => {
    const allow = await ephemeralReply(
      h,
      await h.command(
        'quota',
        [sub('channels', [opt.string('action', 'allow'), entity.channel('channel', ART)])],
        {
          ...asAdmin,
          resolved: resolvedChannel(ART, 'art'),
        },
      ),
    );
    expect(allow.content).toContain(`/imagine and /video can now be used in: <#${ART}>`);
    await ephemeralReply(
      h,
      await h.command(
        'quota',
        [sub('channels', [opt.string('action', 'allow'), entity.channel('channel', NSFW)])],
        {
          ...asAdmin,
          resolved: resolvedChannel(NSFW, 'after-dark'),
        },
      ),
    );
    const list = await ephemeralReply(
      h,
      await h.command('quota', [sub('channels', [opt.string('action', 'list')])], asAdmin),
    );
    expect(list.content).toBe(`/imagine and /video can be used in: <#${ART}> and <#${NSFW}>.`);

    const missing = await ephemeralReply(
      h,
      await h.command('quota', [sub('channels', [opt.string('action', 'remove')])], asAdmin),
    );
    expect(missing.content).toContain('Name the channel to remove');

    const first = await ephemeralReply(
      h,
      await h.command(
        'quota',
        [sub('channels', [opt.string('action', 'remove'), entity.channel('channel', ART)])],
        {
          ...asAdmin,
          resolved: resolvedChannel(ART, 'art'),
        },
      ),
    );
    expect(first.content).toBe(`<#${ART}> is removed. /imagine and /video can be used in: <#${NSFW}>.`);
    const last = await ephemeralReply(
      h,
      await h.command(
        'quota',
        [sub('channels', [opt.string('action', 'remove'), entity.channel('channel', NSFW)])],
        {
          ...asAdmin,
          resolved: resolvedChannel(NSFW, 'after-dark'),
        },
      ),
    );
    expect(last.content).toContain('the list is empty: /imagine and /video can be used in any channel');
    expect(await admin().listChannels(GUILD)).toEqual([]);
  });
});

describe('/quota permissions', () => {
  it('refuses a member without Manage Server at run time, whatever the subcommand, and changes nothing', async () => {
    // The command is hidden from Bob by default_member_permissions, but a server can show it to anyone.
    const set = await ephemeralReply(
      h,
      await h.command('quota', [sub('set', [entity.user('user', BOB), opt.string('usd', '100')])], {
        userId: BOB,
        resolved: resolvedMember(BOB, 'bob'),
      }),
    );
    expect(set.content).toBe('Only members with the Manage Server permission can use /quota.');
    const show = await ephemeralReply(h, await h.command('quota', [sub('show')], { userId: BOB }));
    expect(show.content).toBe('Only members with the Manage Server permission can use /quota.');
    expect(textOf(show)).not.toContain('Top spenders');
    expect((await admin().getSettings(GUILD)).overrides).toEqual({});
    expect(await admin().auditLog(GUILD)).toEqual([]);
  });

  it('lets a member whose role grants Manage Server use it', async () => {
    const answer = await ephemeralReply(
      h,
      await h.command('quota', [sub('show')], { userId: ADMIN, memberRoles: [ADMINS_ROLE] }),
    );
    expect(answer.embeds[0]?.title).toBe('Quota of this server');
  });

  it('is registered for Manage Server only, in servers only', async () => {
    const { commands } = await import('../../commands/index.ts');
    for (const name of ['quota', 'balance']) {
      const command = commands.find((c) => c.data.name === name);
      expect(command?.data.default_member_permissions).toBe(String(1n << 5n));
      expect(command?.data.contexts).toEqual([0]);
    }
  });
});
