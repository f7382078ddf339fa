/**
 * How /help looks: what the bot does, its commands with a line each, how the member's quota works
 * with their allowance, the admins' commands for admins only, and buttons to /models and /usage.
 * The command lines are read from the command definitions the bot registers, so a command added to
 * the bot appears here without anyone remembering to write it in. A pure function of its input, so
 * the wording is tested without Discord.
 */
import {
  ActionRowBuilder,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  ButtonBuilder,
  ButtonStyle,
  EmbedBuilder,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord.js';
import { formatUsd } from '../../money.ts';
import type { MemberSummary } from '../../quota/types.ts';
import { buildCustomId } from '../interactions/custom-ids.ts';
import { describeAllowance, describeReset, joinWithin, QUOTA_COLOR, THIS_PERIOD } from './quota-view.ts';

/** Discord's limits on an embed's description and a field's value. */
const MAX_DESCRIPTION = 4096;
const MAX_FIELD = 1024;

/** The member's allowance as /usage reads it, or the error id of a store that could not be read. */
export type HelpAllowance = { summary: MemberSummary } | { unreadable: string };

export interface HelpInput {
  /** Every slash command the bot registers (commands/index.ts). */
  commands: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[];
  /** Every message command (a message's Apps menu). */
  messageCommands: readonly RESTPostAPIContextMenuApplicationCommandsJSONBody[];
  /** Manage Server where /help was used: the admins' part is shown. */
  admin: boolean;
  allowance: HelpAllowance;
}

export const HELP_TITLE = 'What this bot does';
export const ADMIN_TITLE = 'For admins (Manage Server)';

const WHAT_IT_DOES =
  'Type `/imagine` or `/video` with a prompt: the bot sends it to the generation service and edits its reply into the finished image or video, with buttons to go on from it (Again, Vary, Animate, Higher resolution, Details, Delete). One shared account pays for every generation, so each member spends against their own allowance.';

const HOW_QUOTAS_WORK = [
  "Before a request is sent, its price is reserved from your allowance; the service's own price replaces it when it answers, and a generation that fails is refunded.",
  'A request that does not fit what is left is refused privately, and nothing is sent. A costly one shows you its price first and is sent only when you press Confirm.',
];

/** /help's answer: one embed for everyone, a second for admins, and the Models and My usage buttons. */
export function renderHelp(input: HelpInput): {
  embeds: EmbedBuilder[];
  components: ActionRowBuilder<ButtonBuilder>[];
} {
  const memberCommands = input.commands.filter((c) => !isAdminCommand(c));
  const lines = [
    ...memberCommands.map(commandLine),
    ...input.messageCommands.map((c) => `**${c.name}** · in a message's Apps menu, from its files`),
  ];
  const tip = countTip(memberCommands);
  const description = [WHAT_IT_DOES, '', '**Commands**', ...lines, ...(tip ? ['', tip] : [])].join('\n');
  const help = new EmbedBuilder()
    .setColor(QUOTA_COLOR)
    .setTitle(HELP_TITLE)
    .setDescription(truncateLines(description, MAX_DESCRIPTION))
    .addFields(
      { name: 'Your allowance', value: allowanceText(input.allowance) },
      { name: 'How quotas work', value: quotaText(input.allowance) },
    );
  const embeds = [help];
  if (input.admin) {
    const adminLines = input.commands.filter(isAdminCommand).flatMap(adminLinesOf);
    embeds.push(
      new EmbedBuilder()
        .setColor(QUOTA_COLOR)
        .setTitle(ADMIN_TITLE)
        .setDescription(
          joinWithin(
            [
              'Members spend against the server default until you set an allowance for a role or a member; a server budget caps them all together.',
              '',
              ...adminLines,
            ],
            MAX_DESCRIPTION,
          ),
        ),
    );
  }
  const buttons = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      .setCustomId(buildCustomId({ kind: 'help', target: 'models' }))
      .setLabel('Models')
      .setStyle(ButtonStyle.Secondary),
    new ButtonBuilder()
      .setCustomId(buildCustomId({ kind: 'help', target: 'usage' }))
      .setLabel('My usage')
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
function commandLine(command: RESTPostAPIChatInputApplicationCommandsJSONBody): string {
  const subs = subcommandsOf(command).map((s) => s.name);
  const usage = subs.length > 0 ? `/${command.name} ${subs.join('|')}` : `/${command.name}`;
  return `\`${usage}\` · ${command.description}`;
}

/** An admin command's subcommands, a line each: what each does is what an admin looks for. */
function adminLinesOf(command: RESTPostAPIChatInputApplicationCommandsJSONBody): string[] {
  const subs = subcommandsOf(command);
  if (subs.length === 0) return [commandLine(command)];
  return subs.map((s) => `\`/${command.name} ${s.name}\` · ${s.description}`);
}

/** Subcommands, with those of a group named `group sub`. */
function subcommandsOf(
  command: RESTPostAPIChatInputApplicationCommandsJSONBody,
): { name: string; description: string }[] {
  const out: { name: string; description: string }[] = [];
  for (const option of command.options ?? []) {
    if (option.type === ApplicationCommandOptionType.Subcommand) out.push(option);
    else if (option.type === ApplicationCommandOptionType.SubcommandGroup) {
      for (const sub of option.options ?? [])
        out.push({ name: `${option.name} ${sub.name}`, description: sub.description });
    }
  }
  return out;
}

/**
 * Several takes in one request, said only when a command that takes a prompt has a `count` option
 * (its range and description from the definition), so /help never offers what the bot does not take.
 */
function countTip(commands: readonly RESTPostAPIChatInputApplicationCommandsJSONBody[]): string | undefined {
  const found = commands.flatMap((c) => {
    // Only a command that makes something (it takes a prompt): /settings' `count` is a default of them.
    const options = optionsOf(c);
    if (!options.some((o) => o.name === 'prompt')) return [];
    const option = options.find((o) => o.name === 'count');
    return option ? [{ command: c.name, option }] : [];
  });
  const first = found[0]?.option;
  if (!first) return undefined;
  const range =
    'min_value' in first &&
    'max_value' in first &&
    first.min_value !== undefined &&
    first.max_value !== undefined
      ? ` (${first.min_value} to ${first.max_value})`
      : '';
  const where = found.map((f) => `/${f.command}`).join(', ');
  return `**Several takes:** \`count\`${range} on ${where}: ${first.description}`;
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

function allowanceText(allowance: HelpAllowance): string {
  if ('unreadable' in allowance) {
    return `The bot could not read your allowance just now (error id \`${allowance.unreadable}\`). /usage shows it once the bot's store answers again.`;
  }
  const { summary } = allowance;
  return [
    describeAllowance(summary),
    `${formatUsd(Math.max(0, summary.remainingMicros))} left · spent ${THIS_PERIOD[summary.period]} ${formatUsd(summary.spentMicros)}`,
    `Resets ${describeReset(summary.resetsAt)}`,
    'Your spend and last generations: /usage, or **My usage** below.',
  ].join('\n');
}

function quotaText(allowance: HelpAllowance): string {
  const cap =
    'summary' in allowance
      ? [`You may have at most ${allowance.summary.inFlightCap} generations in progress at once.`]
      : [];
  return truncateLines([...HOW_QUOTAS_WORK, ...cap].join('\n'), MAX_FIELD);
}

/** Whole lines within `max` characters (joinWithin counts what is left out). */
function truncateLines(text: string, max: number): string {
  return joinWithin(text.split('\n'), max);
}
