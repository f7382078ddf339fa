/**
 * How /help looks: what the bot does, its commands with a line each, how the member's quota works
 * with their allowance, the admins' commands for admins only (with how many prompt rules the server
 * has, never the words), and buttons to /models and /usage.
 * The command lines are read from the command definitions the bot registers, so a command added to
 * the bot appears here without anyone remembering to write it in. A pure function of its input, so
 * the wording is tested without Discord.
 *
 * In the member's language: the commands are named and described as the member's Discord shows them
 * (each definition's `name_localizations` and `description_localizations` for their locale), so
 * what /help tells them to type is what they find in the command list.
 */
import {
  ActionRowBuilder,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type LocalizationMap,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord.js';
import { DISCORD_LOCALES_OF, type Localizer } from '../../i18n/index.ts';
import type { MemberSummary } from '../../quota/types.ts';
import { buildCustomId } from '../interactions/custom-ids.ts';
import { describeAllowance, describeReset, joinWithin, QUOTA_COLOR, thisPeriod } from './quota-view.ts';

/** Discord's limits on an embed's description and a field's value. */
const MAX_DESCRIPTION = 4096;
const MAX_FIELD = 1024;

/** The member's allowance as /usage reads it, or the error id of a store that could not be read. */
export type HelpAllowance = { summary: MemberSummary } | { unreadable: string };

/** How many prompt rules the server has (its settings' `promptPatterns`), or the error id of a store that could not be read. */
export type HelpPromptRules = { count: number } | { unreadable: string };

export interface HelpInput {
  /** Every slash command the bot registers (commands/index.ts). */
  commands: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[];
  /** Every message command (a message's Apps menu). */
  messageCommands: readonly RESTPostAPIContextMenuApplicationCommandsJSONBody[];
  /** Manage Server where /help was used: the admins' part is shown. */
  admin: boolean;
  allowance: HelpAllowance;
  /** For an admin: the server's prompt rules, counted (the words themselves stay on /quota prompts list). */
  promptRules?: HelpPromptRules;
}

/** A definition's name or description as a member of this language reads it: its localization, else the English. */
function localized(l: Localizer, fallback: string, map: LocalizationMap | null | undefined): string {
  const locale = DISCORD_LOCALES_OF[l.language][0] as keyof LocalizationMap;
  return map?.[locale] ?? fallback;
}

type Described = { name: string; description: string };
/** A command, a subcommand group or a subcommand, as far as naming it goes. */
type Named = { name: string; name_localizations?: LocalizationMap | null; options?: readonly unknown[] };
type Localizable = {
  name: string;
  description?: string;
  name_localizations?: LocalizationMap | null;
  description_localizations?: LocalizationMap | null;
};

/** A command's or option's name and description in the member's language. */
function texts(l: Localizer, item: Localizable): Described {
  return {
    name: localized(l, item.name, item.name_localizations),
    description: localized(l, item.description ?? '', item.description_localizations),
  };
}

/** /help's answer: one embed for everyone, a second for admins, and the Models and My usage buttons. */
export function renderHelp(
  input: HelpInput,
  l: Localizer,
): {
  embeds: EmbedBuilder[];
  components: ActionRowBuilder<ButtonBuilder>[];
} {
  /** A registered command's name as the member types it (the English one for a command not registered). */
  const nameOf = (command: string) => {
    const found = input.commands.find((c) => c.name === command);
    return found ? texts(l, found).name : command;
  };
  /** `/quota prompts list` as the member types it: each part localized as far as it is registered. */
  const pathOf = (...path: [string, ...string[]]) => {
    let level: readonly unknown[] | undefined = input.commands;
    const names = path.map((part) => {
      const found = (level as readonly Named[] | undefined)?.find((o) => o.name === part);
      level = found?.options;
      return found ? localized(l, found.name, found.name_localizations) : part;
    });
    return `/${names.join(' ')}`;
  };
  const memberCommands = input.commands.filter((c) => !isAdminCommand(c));
  const lines = [
    ...memberCommands.map((c) => commandLine(l, c)),
    ...input.messageCommands.map((c) =>
      l.t('help:messageCommand', { name: localized(l, c.name, c.name_localizations) }),
    ),
  ];
  const tip = countTip(l, memberCommands);
  const whatItDoes = l.t('help:whatItDoes', { imagine: nameOf('imagine'), video: nameOf('video') });
  const description = [whatItDoes, '', l.t('help:commands'), ...lines, ...(tip ? ['', tip] : [])].join('\n');
  const myUsage = l.t('help:myUsage');
  const help = new EmbedBuilder()
    .setColor(QUOTA_COLOR)
    .setTitle(l.t('help:title'))
    .setDescription(truncateLines(description, MAX_DESCRIPTION, l))
    .addFields(
      {
        name: l.t('help:yourAllowance'),
        value: allowanceText(l, input.allowance, nameOf('usage'), myUsage),
      },
      { name: l.t('help:howQuotasWork'), value: quotaText(l, input.allowance) },
    );
  const embeds = [help];
  if (input.admin) {
    const adminLines = input.commands.filter(isAdminCommand).flatMap((c) => adminLinesOf(l, c));
    const admin = new EmbedBuilder()
      .setColor(QUOTA_COLOR)
      .setTitle(l.t('help:adminTitle'))
      .setDescription(joinWithin([l.t('help:adminIntro'), '', ...adminLines], MAX_DESCRIPTION, l));
    if (input.promptRules) {
      admin.addFields({
        name: l.t('help:promptRules.title'),
        value: promptRulesText(l, input.promptRules, {
          list: pathOf('quota', 'prompts', 'list'),
          add: pathOf('quota', 'prompts', 'add'),
        }),
      });
    }
    embeds.push(admin);
  }
  const buttons = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(buildCustomId({ kind: 'help', target: 'models' }))
      .setLabel(l.t('help:models'))
      .setStyle(ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(buildCustomId({ kind: 'help', target: 'usage' }))
      .setLabel(myUsage)
      .setStyle(ButtonStyle.Primary),
  );
  return { embeds, components: [buttons] };
}

/**
 * A command only admins may use: its definition hides it from members by default
 * (`default_member_permissions`), and its handler checks Manage Server again when it runs.
 */
export function isAdminCommand(command: RESTPostAPIChatInputApplicationCommandsJSONBody): boolean {
  const permissions = command.default_member_permissions;
  return permissions !== undefined && permissions !== null;
}

/** `/video-pro motion|orbit|…` for a command of subcommands; the command's own description. */
function commandLine(l: Localizer, command: RESTPostAPIChatInputApplicationCommandsJSONBody): string {
  const { name, description } = texts(l, command);
  const subs = subcommandsOf(l, command).map((s) => s.name);
  const usage = subs.length > 0 ? `/${name} ${subs.join('|')}` : `/${name}`;
  return `\`${usage}\` · ${description}`;
}

/** An admin command's subcommands, a line each: what each does is what an admin looks for. */
function adminLinesOf(l: Localizer, command: RESTPostAPIChatInputApplicationCommandsJSONBody): string[] {
  const subs = subcommandsOf(l, command);
  if (subs.length === 0) return [commandLine(l, command)];
  const { name } = texts(l, command);
  return subs.map((s) => `\`/${name} ${s.name}\` · ${s.description}`);
}

/** Subcommands in the member's language, with those of a group named `group sub`. */
function subcommandsOf(l: Localizer, command: RESTPostAPIChatInputApplicationCommandsJSONBody): Described[] {
  const out: Described[] = [];
  for (const option of command.options ?? []) {
    if (option.type === ApplicationCommandOptionType.Subcommand) out.push(texts(l, option));
    else if (option.type === ApplicationCommandOptionType.SubcommandGroup) {
      const group = texts(l, option).name;
      for (const sub of option.options ?? []) {
        const { name, description } = texts(l, sub);
        out.push({ name: `${group} ${name}`, description });
      }
    }
  }
  return out;
}

/**
 * Several takes in one request, said only when a command that takes a prompt has a `count` option
 * (its range and description from the definition), so /help never offers what the bot does not take.
 */
function countTip(
  l: Localizer,
  commands: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[],
): string | undefined {
  const found = commands.flatMap((c) => {
    // Only a command that makes something (it takes a prompt): /settings' `count` is a default of them.
    const options = optionsOf(c);
    if (!options.some((o) => o.name === 'prompt')) return [];
    const option = options.find((o) => o.name === 'count');
    return option ? [{ command: c, option }] : [];
  });
  const first = found[0]?.option;
  if (!first) return undefined;
  const option = texts(l, first);
  const tip = {
    option: option.name,
    commands: l.list(found.map((f) => `/${texts(l, f.command).name}`)),
    description: option.description,
  };
  return 'min_value' in first &&
    'max_value' in first &&
    first.min_value !== undefined &&
    first.max_value !== undefined
    ? l.t('help:countTipRange', { ...tip, min: first.min_value, max: first.max_value })
    : l.t('help:countTip', tip);
}

/** A command's options and its subcommands' options. */
function optionsOf(command: RESTPostAPIChatInputApplicationCommandsJSONBody): APIApplicationCommandOption[] {
  const out: APIApplicationCommandOption[] = [];
  for (const option of command.options ?? []) {
    out.push(option);
    if (option.type === ApplicationCommandOptionType.Subcommand) out.push(...(option.options ?? []));
  }
  return out;
}

function allowanceText(l: Localizer, allowance: HelpAllowance, usage: string, button: string): string {
  if ('unreadable' in allowance) {
    return l.t('help:unreadable', { errorId: allowance.unreadable, usage });
  }
  const { summary } = allowance;
  return [
    describeAllowance(summary, l),
    l.t('help:left', {
      left: Math.max(0, summary.remainingMicros),
      when: thisPeriod(l, summary.period),
      spent: summary.spentMicros,
    }),
    l.t('help:resets', { when: describeReset(summary.resetsAt, l) }),
    l.t('help:usageHint', { usage, button }),
  ].join('\n');
}

/** How many words the server's prompts may not hold, and where to see them (or add one); never the words. */
function promptRulesText(
  l: Localizer,
  rules: HelpPromptRules,
  commands: { list: string; add: string },
): string {
  const { list, add } = commands;
  if ('unreadable' in rules) return l.t('help:promptRules.unreadable', { errorId: rules.unreadable, list });
  if (rules.count === 0) return l.t('help:promptRules.none', { add });
  return l.t('help:promptRules.count', { count: rules.count, list });
}

function quotaText(l: Localizer, allowance: HelpAllowance): string {
  const cap = 'summary' in allowance ? [l.t('help:cap', { count: allowance.summary.inFlightCap })] : [];
  return truncateLines([l.t('help:reserve'), l.t('help:refuse'), ...cap].join('\n'), MAX_FIELD, l);
}

/** Whole lines within `max` characters (joinWithin counts what is left out). */
function truncateLines(text: string, max: number, l: Localizer): string {
  return joinWithin(text.split('\n'), max, l);
}
