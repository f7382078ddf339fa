/**
 * The one check of a command's options against its definition (option-checks.ts), on options as
 * discord.js hands them over: what a command and an autocomplete may carry, and the words of each
 * refusal.
 */
import { ChannelType, ApplicationCommandOptionType as T } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  type CheckedDefinition,
  type Checking,
  optionProblem,
  type SentOption,
} from '../../src/discord/interactions/option-checks.ts';
import { english, localizer } from '../../src/i18n/index.ts';

const NOTHING = 'Nothing was sent, charged or changed.';

const definitions: readonly CheckedDefinition[] = [
  { type: T.String, name: 'prompt', required: true, max_length: 10 },
  { type: T.String, name: 'note', min_length: 3 },
  {
    type: T.Integer,
    name: 'count',
    name_localizations: { de: 'anzahl' },
    min_value: 1,
    max_value: 4,
  },
  { type: T.Integer, name: 'seed', min_value: 0 },
  { type: T.Number, name: 'weight', max_value: 1.5 },
  { type: T.Integer, name: 'duration', autocomplete: true },
  {
    type: T.String,
    name: 'period',
    choices: [
      { name: 'daily', value: 'daily', name_localizations: { de: 'täglich' } },
      { name: 'weekly', value: 'weekly', name_localizations: { de: 'wöchentlich' } },
    ],
  },
  {
    type: T.Integer,
    name: 'level',
    choices: [
      { name: 'low', value: 1 },
      { name: 'high', value: 2 },
    ],
  },
  { type: T.Boolean, name: 'private' },
  { type: T.Channel, name: 'channel', channel_types: [ChannelType.GuildText] },
];

/** What the member would read (in English unless a locale is given), or undefined when it fits. */
function problem(sent: SentOption[], checking: Checking = 'command', locale?: string) {
  return optionProblem(sent, definitions, checking)?.(locale ? localizer(locale) : english, locale);
}

const s = (name: string, value: string): SentOption => ({ name, type: T.String, value });
const i = (name: string, value: unknown): SentOption => ({ name, type: T.Integer, value }) as SentOption;

describe("a command's options against its definition", () => {
  it('lets through options that fit, with only the required ones given', () => {
    expect(problem([s('prompt', 'a cat')])).toBeUndefined();
    expect(
      problem([
        s('prompt', 'a cat'),
        s('note', 'soft'),
        i('count', 4),
        i('seed', 0),
        { name: 'weight', type: T.Number, value: 1.25 },
        s('period', 'weekly'),
        i('level', 2),
        { name: 'private', type: T.Boolean, value: false },
        { name: 'channel', type: T.Channel, value: '1', channel: { type: ChannelType.GuildText } as never },
      ]),
    ).toBeUndefined();
  });

  it('refuses a value out of its range, saying the range', () => {
    expect(problem([s('prompt', 'x'), i('count', 5)])).toBe(
      `The option \`count\` takes a value from 1 to 4. ${NOTHING}`,
    );
    expect(problem([s('prompt', 'x'), i('seed', -1)])).toBe(
      `The option \`seed\` takes a value of at least 0. ${NOTHING}`,
    );
    expect(problem([s('prompt', 'x'), { name: 'weight', type: T.Number, value: 2 }])).toBe(
      `The option \`weight\` takes a value of at most 1.5. ${NOTHING}`,
    );
  });

  it('counts characters as code points, as the rest of the bot does', () => {
    // Ten characters, eleven UTF-16 units: it fits max_length 10.
    expect(problem([s('prompt', `${'a'.repeat(9)}😀`)])).toBeUndefined();
    expect(problem([s('prompt', 'a'.repeat(11))])).toBe(
      `The option \`prompt\` takes at most 10 characters (it has 11). ${NOTHING}`,
    );
    expect(problem([s('prompt', 'x'), s('note', 'ab')])).toBe(
      `The option \`note\` takes at least 3 characters (it has 2). ${NOTHING}`,
    );
  });

  it('refuses a value that is not one of its choices, listing them', () => {
    expect(problem([s('prompt', 'x'), s('period', 'yearly')])).toBe(
      `The option \`period\` takes one of these: daily or weekly. ${NOTHING}`,
    );
    expect(problem([s('prompt', 'x'), i('level', 3)])).toBe(
      `The option \`level\` takes one of these: low or high. ${NOTHING}`,
    );
  });

  it('names the option and its choices as the member’s Discord shows them', () => {
    expect(problem([s('prompt', 'x'), i('count', 9)], 'command', 'de')).toBe(
      'Die Option `anzahl` nimmt einen Wert von 1 bis 4 an. Es wurde nichts gesendet, berechnet oder geändert.',
    );
    expect(problem([s('prompt', 'x'), s('period', 'yearly')], 'command', 'de')).toContain(
      'täglich oder wöchentlich',
    );
  });

  it('refuses an option of another type, a value not of its type, or one given twice', () => {
    const bad = (name: string) =>
      `The option \`${name}\` did not arrive as this command defines it. ${NOTHING}`;
    expect(problem([s('prompt', 'x'), s('count', '4')])).toBe(bad('count'));
    expect(problem([s('prompt', 'x'), i('count', '4')])).toBe(bad('count'));
    expect(problem([s('prompt', 'x'), i('count', 2.5)])).toBe(bad('count'));
    expect(problem([s('prompt', 'x'), { name: 'private', type: T.Boolean, value: 'yes' }])).toBe(
      bad('private'),
    );
    expect(problem([s('prompt', 'x'), i('count', 1), i('count', 4)])).toBe(bad('count'));
    // A channel Discord did not resolve, or one of a kind the option does not take.
    expect(problem([s('prompt', 'x'), { name: 'channel', type: T.Channel, value: '1' }])).toBe(
      bad('channel'),
    );
    expect(
      problem([
        s('prompt', 'x'),
        { name: 'channel', type: T.Channel, value: '1', channel: { type: ChannelType.GuildVoice } as never },
      ]),
    ).toBe(`The channel given as \`channel\` is not of a kind this option takes. ${NOTHING}`);
  });

  it('refuses a required option left out, and one the definition does not have', () => {
    expect(problem([i('count', 2)])).toBe(`The option \`prompt\` is required. ${NOTHING}`);
    expect(problem([s('prompt', 'x'), s('negative', 'fog')])).toBe(
      `The option \`negative\` is not known to the bot. ${NOTHING}`,
    );
    // A made-up name is not repeated with whatever markdown it carries.
    expect(problem([s('prompt', 'x'), s('`@everyone`', 'fog')])).toBe(
      `The option \`?\` is not known to the bot. ${NOTHING}`,
    );
  });
});

describe('a command with a group of subcommands', () => {
  const withGroup: readonly CheckedDefinition[] = [
    { type: T.Subcommand, name: 'show', options: [] },
    {
      type: T.SubcommandGroup,
      name: 'prompts',
      options: [
        {
          type: T.Subcommand,
          name: 'add',
          options: [{ type: T.String, name: 'pattern', required: true, max_length: 100 }],
        },
        { type: T.Subcommand, name: 'list', options: [] },
      ],
    },
  ];
  const check = (sent: SentOption[]) => optionProblem(sent, withGroup, 'command')?.(english, undefined);
  const group = (options: SentOption[]): SentOption =>
    ({ name: 'prompts', type: T.SubcommandGroup, value: undefined, options }) as SentOption;
  const sub = (name: string, options: SentOption[] = []): SentOption =>
    ({ name, type: T.Subcommand, value: undefined, options }) as SentOption;

  it("checks the group's chosen subcommand's options against its own", () => {
    expect(check([group([sub('add', [s('pattern', 'fox*')])])])).toBeUndefined();
    expect(check([group([sub('add', [s('pattern', 'x'.repeat(101))])])])).toBe(
      `The option \`pattern\` takes at most 100 characters (it has 101). ${NOTHING}`,
    );
    expect(check([group([sub('add', [])])])).toBe(`The option \`pattern\` is required. ${NOTHING}`);
  });

  it('refuses a group without one of its subcommands, with two, or with one it does not have', () => {
    const none = `This command arrived without one of its subcommands. ${NOTHING}`;
    expect(check([group([])])).toBe(none);
    expect(check([group([sub('list'), sub('list')])])).toBe(none);
    expect(check([group([sub('show')])])).toBe('This subcommand (show) is not known to the bot any more.');
    // A group's name sent as a subcommand, or the other way round, is not the definition's.
    expect(check([sub('prompts')])).toBe('This subcommand (prompts) is not known to the bot any more.');
  });
});

describe('a command made of subcommands', () => {
  const withSubcommands: readonly CheckedDefinition[] = [
    {
      type: T.Subcommand,
      name: 'report',
      options: [{ type: T.Integer, name: 'days', min_value: 1, max_value: 90 }],
    },
    { type: T.Subcommand, name: 'show', options: [] },
  ];
  const check = (sent: SentOption[]) => optionProblem(sent, withSubcommands, 'command')?.(english, undefined);
  const none = `This command arrived without one of its subcommands. ${NOTHING}`;

  it("checks the chosen subcommand's options against its own", () => {
    expect(
      check([{ name: 'report', type: T.Subcommand, value: undefined, options: [i('days', 7)] }]),
    ).toBeUndefined();
    expect(check([{ name: 'report', type: T.Subcommand, value: undefined, options: [i('days', 91)] }])).toBe(
      `The option \`days\` takes a value from 1 to 90. ${NOTHING}`,
    );
  });

  it('refuses no subcommand, options without one, or more than one', () => {
    expect(check([])).toBe(none);
    expect(check([i('days', 7)])).toBe(none);
    expect(check([i('report', 1)])).toBe(none);
    expect(
      check([
        { name: 'report', type: T.Subcommand, value: undefined, options: [] },
        { name: 'show', type: T.Subcommand, value: undefined, options: [] },
      ]),
    ).toBe(none);
    expect(check([{ name: 'zoom', type: T.Subcommand, value: undefined, options: [] }])).toBe(
      'This subcommand (zoom) is not known to the bot any more.',
    );
  });
});

describe('an autocomplete (what the member has typed so far)', () => {
  const focused = (o: SentOption): SentOption => ({ ...o, focused: true });

  it('takes partial input: a number option as typed text, a required option not given yet', () => {
    expect(problem([focused(i('duration', '1'))], 'autocomplete')).toBeUndefined();
    expect(problem([focused(i('duration', ''))], 'autocomplete')).toBeUndefined();
    expect(problem([i('count', '9'), focused(i('duration', '4'))], 'autocomplete')).toBeUndefined();
  });

  it('still refuses another type, a name the definition lacks, or a focus it does not autocomplete', () => {
    expect(problem([s('count', '2'), focused(i('duration', '4'))], 'autocomplete')).toBe(
      `The option \`count\` did not arrive as this command defines it. ${NOTHING}`,
    );
    expect(problem([s('nope', '2'), focused(i('duration', '4'))], 'autocomplete')).toMatch(
      /`nope` is not known/,
    );
    expect(problem([focused(s('prompt', 'a'))], 'autocomplete')).toMatch(/`prompt` did not arrive/);
  });

  it('needs exactly one option being typed', () => {
    const none = 'This autocomplete did not arrive with exactly one option being typed.';
    expect(problem([i('duration', '4')], 'autocomplete')).toBe(none);
    expect(problem([focused(i('duration', '4')), focused({ ...s('period', 'd') })], 'autocomplete')).toMatch(
      /`period` did not arrive/,
    );
  });
});
