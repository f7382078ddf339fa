/**
 * Options that do not fit the command's definition, sent raw as a modified client would (Discord
 * itself checks them; the bot does not count on it): each is refused privately, as the first
 * answer, in one wording that names the option in the member's language, and nothing is sent,
 * reserved, charged or changed. An autocomplete whose options do not fit gets no choices and is
 * logged as a warning, not as a bug.
 */
import {
  type APIApplicationCommandAutocompleteInteraction,
  type APIApplicationCommandInteractionDataOption,
  type APIInteraction,
  type APIInteractionDataResolved,
  ChannelType,
  Locale,
} from 'discord.js';
import { describe, expect, it } from 'vitest';
import { autocompleteInteraction } from '../../testkit/fake-discord.ts';
import { ADMIN, ALICE, ART, BOB, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { entity, ephemeralReply, sub } from './quota-helpers.ts';

const h = useHarness({ per: 'file' });

const NOTHING = 'Nothing was sent, charged or changed.';

/** Everything a request or an admin's change could have touched. */
async function touched() {
  const { quota, quotaAdmin, quotaLedger, memberDefaults } = h.bot.services;
  const summaries = await Promise.all(
    [ALICE, BOB, ADMIN].map((userId) => quota.summary({ guildId: GUILD, userId, roleIds: [] })),
  );
  return {
    posts: h.sim.requests.filter((r) => r.method === 'POST').length,
    held: summaries.map((s) => [s.reservedMicros, s.inFlight, s.spentMicros]),
    ledger: (await quotaLedger.latest(GUILD, 50)).length,
    settings: await quotaAdmin.getSettings(GUILD),
    defaults: await Promise.all([ALICE, BOB, ADMIN].map((userId) => memberDefaults.get(GUILD, userId))),
  };
}

/** The bot's first answer to the interaction: a private message, whose text is returned. */
async function privateAnswer(interaction: APIInteraction): Promise<string> {
  return (await ephemeralReply(h, interaction)).content;
}

type Case = [
  what: string,
  command: string,
  options: APIApplicationCommandInteractionDataOption[],
  userId: string,
  refusal: string,
  resolved?: APIInteractionDataResolved,
];

const text = (name: string, value: string) => opt.string(name, value);
const raw = (o: object) => o as APIApplicationCommandInteractionDataOption;
const prompt = opt.string('prompt', 'a lighthouse');
const CATEGORY = '1300000000000000099';

describe('an option that does not fit its definition (a modified client)', () => {
  it.each<Case>([
    [
      'count above its range',
      'imagine',
      [prompt, opt.integer('count', 9)],
      ALICE,
      `The option \`count\` takes a value from 1 to 4. ${NOTHING}`,
    ],
    [
      'count below its range',
      'imagine',
      [prompt, opt.integer('count', 0)],
      ALICE,
      `The option \`count\` takes a value from 1 to 4. ${NOTHING}`,
    ],
    [
      'count given twice',
      'imagine',
      [prompt, opt.integer('count', 1), opt.integer('count', 4)],
      ALICE,
      `The option \`count\` did not arrive as this command defines it. ${NOTHING}`,
    ],
    [
      'the prompt missing',
      'imagine',
      [opt.integer('count', 1)],
      ALICE,
      `The option \`prompt\` is required. ${NOTHING}`,
    ],
    [
      'an option the command does not have',
      'imagine',
      [prompt, text('negative_prompt', 'fog')],
      ALICE,
      `The option \`negative_prompt\` is not known to the bot. ${NOTHING}`,
    ],
    [
      'a mode that is not one of its choices',
      'video-pro',
      [sub('vista', [prompt, text('mode', 'remix')])],
      ALICE,
      `The option \`mode\` takes one of these: frame (the image is the first frame) or ingredient (up to 3 reference images). ${NOTHING}`,
    ],
    [
      "the settings' count above its range",
      'settings',
      [opt.integer('count', 5)],
      ALICE,
      `The option \`count\` takes a value from 1 to 4. ${NOTHING}`,
    ],
    [
      'days out of range',
      'quota',
      [sub('report', [opt.integer('days', 0)])],
      ADMIN,
      `The option \`days\` takes a value from 1 to 90. ${NOTHING}`,
    ],
    [
      'a period that is not one of its choices',
      'quota',
      [sub('set', [entity.user('user', BOB), text('usd', '1'), text('period', 'fortnightly')])],
      ADMIN,
      `The option \`period\` takes one of these: daily, weekly, monthly or total. ${NOTHING}`,
      {
        users: { [BOB]: { id: BOB, username: 'bob', discriminator: '0', global_name: null, avatar: null } },
      } as APIInteractionDataResolved,
    ],
    [
      'an action that is not one of its choices',
      'quota',
      [sub('channels', [text('action', 'allow-all')])],
      ADMIN,
      `The option \`action\` takes one of these: allow, remove or list. ${NOTHING}`,
    ],
    [
      'a channel of a kind the option does not take',
      'quota',
      [sub('channels', [text('action', 'allow'), entity.channel('channel', CATEGORY)])],
      ADMIN,
      `The channel given as \`channel\` is not of a kind this option takes. ${NOTHING}`,
      {
        channels: {
          [CATEGORY]: { id: CATEGORY, name: 'Archive', type: ChannelType.GuildCategory, permissions: '0' },
        },
      } as unknown as APIInteractionDataResolved,
    ],
    [
      'a user Discord did not resolve',
      'quota',
      [sub('reset', [entity.user('user', BOB)])],
      ADMIN,
      `The option \`user\` did not arrive as this command defines it. ${NOTHING}`,
    ],
    ['no subcommand', 'quota', [], ADMIN, `This command arrived without one of its subcommands. ${NOTHING}`],
    [
      "a subcommand's option without its subcommand",
      'quota',
      [opt.integer('days', 7)],
      ADMIN,
      `This command arrived without one of its subcommands. ${NOTHING}`,
    ],
    [
      'a subcommand given as a number',
      'quota',
      [raw({ name: 'report', type: 4, value: 1 })],
      ADMIN,
      `This command arrived without one of its subcommands. ${NOTHING}`,
    ],
  ])(
    '%s is refused privately, naming it, and nothing changes',
    async (_what, name, options, userId, refusal, resolved) => {
      const before = await touched();
      const logged = h.logs.length;
      const interaction = await h.command(name, options, { userId, ...(resolved ? { resolved } : {}) });
      expect(await privateAnswer(interaction)).toBe(refusal);
      expect(await touched()).toEqual(before);
      // Logged for the operator as a warning (in English), not as a bug.
      const lines = h.logs.slice(logged).join('');
      expect(lines).toContain('options that do not fit the command; refused');
      expect(lines).toContain(JSON.stringify(refusal).slice(1, -1));
      expect(lines).not.toContain('interaction handler failed');
    },
  );

  it("names the option and writes its range in the member's language", async () => {
    const interaction = await h.command('imagine', [prompt, opt.integer('count', 9)], {
      locale: Locale.German,
    });
    expect(await privateAnswer(interaction)).toBe(
      'Die Option `anzahl` nimmt einen Wert von 1 bis 4 an. Es wurde nichts gesendet, berechnet oder geändert.',
    );
  });

  it('lists the choices as the member’s Discord names them', async () => {
    const interaction = await h.command('quota', [sub('channels', [text('action', 'allow-all')])], {
      userId: ADMIN,
      locale: Locale.German,
    });
    const answer = await privateAnswer(interaction);
    expect(answer).toMatch(/^Die Option `[^`]+` nimmt nur einen dieser Werte an: /);
    expect(answer).not.toContain('allow, remove');
  });
});

describe('an autocomplete whose options do not fit its definition', () => {
  /** Sends the autocomplete and resolves with the choices the bot answered. */
  async function choicesOf(payload: APIApplicationCommandAutocompleteInteraction) {
    await h.discord.sendInteraction(payload);
    const call = await h.callbackOf(payload);
    return (call.body as { type: number; data: { choices: unknown[] } }).data.choices;
  }

  const autocomplete = (options: APIApplicationCommandInteractionDataOption[]) =>
    autocompleteInteraction(h.discord, { commandName: 'imagine', options, channelId: ART, userId: ALICE });

  it('gets no choices, and a warning in the log instead of a bug, for an option of another type', async () => {
    const logged = h.logs.length;
    const choices = await choicesOf(
      autocomplete([opt.string('model', 'dre', true), raw({ name: 'resolution', type: 4, value: 2 })]),
    );
    expect(choices).toEqual([]);
    const lines = h.logs.slice(logged).join('');
    expect(lines).not.toContain('autocomplete failed');
    expect(lines).toContain('options that do not fit the command; refused');
    expect(lines).toContain('The option `resolution` did not arrive as this command defines it.');
  });

  it('gets no choices, and no bug logged, when no option is being typed', async () => {
    const logged = h.logs.length;
    const payload = autocomplete([opt.string('model', 'dre', true)]);
    // As a modified client would send it: nothing focused.
    payload.data.options = [opt.string('model', 'dre') as never];
    expect(await choicesOf(payload)).toEqual([]);
    const lines = h.logs.slice(logged).join('');
    expect(lines).not.toContain('autocomplete failed');
    expect(lines).toContain('options that do not fit the command; refused');
  });

  it('still offers the choices when the options fit', async () => {
    const choices = await choicesOf(
      autocomplete([opt.string('model', 'dre', true), opt.integer('count', 2)]),
    );
    expect(choices.length).toBeGreaterThan(0);
  });
});
