/**
 * How /usage and /quota look, and the checks the admin commands share: the Manage Server
 * permission and USD amounts typed by people. Pure functions of the quota service's figures, so
 * the wording is tested without Discord.
 */
import {
  type APIInteractionDataResolvedGuildMember,
  type APIInteractionGuildMember,
  channelMention,
  EmbedBuilder,
  type GuildMember,
  PermissionFlagsBits,
  type PermissionsBitField,
  roleMention,
  TimestampStyles,
  time,
  userMention,
} from 'discord.js';
import { formatUsd, MICROS_PER_USD, type Micros, parseUsdInput } from '../../money.ts';
import type { Period } from '../../quota/periods.ts';
import type { GuildOverview, MemberSummary } from '../../quota/service.ts';
import { alertThreshold, type GuildSettings } from '../../quota/settings.ts';
import { UserError } from '../interactions/command.ts';

/** The largest allowance or budget an admin may type: far above any sane spend, low enough to catch a typo. */
export const MAX_AMOUNT_MICROS: Micros = 10_000 * MICROS_PER_USD;

export const QUOTA_COLOR = 0x5865f2;

/** How many members /quota show lists by spend. */
export const TOP_SPENDERS = 10;

/** Discord's limit on an embed field's value. */
const MAX_FIELD = 1024;

/** `per day`…: what an allowance of a period is. */
export const PER_PERIOD: Record<Period, string> = {
  daily: 'per day',
  weekly: 'per week',
  monthly: 'per month',
  total: 'in total',
};

/** `today`…: the current period, for "spent …". */
export const THIS_PERIOD: Record<Period, string> = {
  daily: 'today',
  weekly: 'this week',
  monthly: 'this month',
  total: 'in total',
};

/**
 * Refuses a member without Manage Server. `default_member_permissions` only sets who sees the
 * command by default: a server can grant it to anyone under Integrations, so the run time decides.
 */
export function requireManageGuild(
  interaction: { guildId: string | null; memberPermissions: Readonly<PermissionsBitField> | null },
  command: string,
): asserts interaction is { guildId: string; memberPermissions: Readonly<PermissionsBitField> } {
  if (interaction.guildId === null) throw new UserError(`/${command} works in servers only.`);
  if (!hasManageGuild(interaction)) {
    throw new UserError(`Only members with the Manage Server permission can use /${command}.`);
  }
}

/** Whether the member has Manage Server where the interaction came from: who counts as an admin. */
export function hasManageGuild(interaction: {
  memberPermissions: Readonly<PermissionsBitField> | null;
}): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

/**
 * Parses a USD amount an admin typed (`2.5`, `0.0001`, `$3`) into micro-USD, or throws a UserError
 * that says what is wrong: negative, more than 4 decimals, not a number, above MAX_AMOUNT_MICROS.
 */
export function parseAmount(text: string): Micros {
  if (/^\s*-/.test(text)) throw new UserError(`An amount can't be negative (you typed "${text}").`);
  const parsed = parseUsdInput(text, MAX_AMOUNT_MICROS);
  if (typeof parsed !== 'number') throw new UserError(parsed.error);
  return parsed;
}

/** A Discord timestamp: `<t:unix:R>` (relative) or `<t:unix:f>` (date and time), in each reader's time zone. */
export function stamp(at: Date, style: 'R' | 'f' = 'R'): string {
  return time(
    Math.floor(at.getTime() / 1000),
    style === 'R' ? TimestampStyles.RelativeTime : TimestampStyles.ShortDateTime,
  );
}

/** When an allowance resets: relative and absolute, or that a total allowance never does. */
export function describeReset(resetsAt: Date | null): string {
  return resetsAt
    ? `${stamp(resetsAt, 'R')} (${stamp(resetsAt, 'f')})`
    : 'never (a total allowance does not reset)';
}

/** The channels /imagine and /video may be used in. */
export function describeChannels(channelIds: readonly string[]): string {
  return channelIds.length === 0 ? 'any channel (no list set)' : channelIds.map(channelMention).join(', ');
}

/** A member's role ids, whether discord.js gives a cached member or a raw (resolved) one. */
export function roleIdsOf(
  member: GuildMember | APIInteractionGuildMember | APIInteractionDataResolvedGuildMember | null,
): string[] {
  if (!member) return [];
  return Array.isArray(member.roles) ? member.roles : [...member.roles.cache.keys()];
}

function source(summary: Pick<MemberSummary, 'source' | 'roleId'>): string {
  switch (summary.source) {
    case 'override':
      return 'their own allowance';
    case 'role':
      return summary.roleId ? `from the role ${roleMention(summary.roleId)}` : 'from a role';
    case 'default':
      return 'the server default';
  }
}

/** A member's allowance and where it comes from, as /usage shows it (and /help repeats it). */
export function describeAllowance(
  summary: Pick<MemberSummary, 'allowanceMicros' | 'period' | 'source' | 'roleId'>,
): string {
  return `${formatUsd(summary.allowanceMicros)} ${PER_PERIOD[summary.period]} (${source(summary)})`;
}

/** The server's overview for /quota show without a user. */
export function renderGuildOverview(overview: GuildOverview, settings: GuildSettings): EmbedBuilder {
  const per = PER_PERIOD[overview.period];
  const embed = new EmbedBuilder().setColor(QUOTA_COLOR).setTitle('Quota of this server');
  const budget =
    overview.budgetMicros > 0
      ? `${formatUsd(overview.budgetMicros)} ${per} for all members together · ${formatUsd(Math.max(0, overview.remainingMicros ?? 0))} left`
      : 'none (members are limited by their allowances only)';
  embed.addFields(
    {
      name: 'Default allowance',
      value: `${formatUsd(overview.defaultAllowance.micros)} ${per}`,
      inline: true,
    },
    { name: 'Server budget', value: budget, inline: true },
    {
      name: `Spent ${THIS_PERIOD[overview.period]} (all members)`,
      value: `${formatUsd(overview.spentMicros)}${overview.reservedMicros > 0 ? ` + ${formatUsd(overview.reservedMicros)} reserved` : ''}`,
    },
    { name: 'Resets', value: describeReset(overview.resetsAt), inline: true },
    {
      name: 'In flight',
      value: `${overview.inFlight} generations (at most ${overview.inFlightCap} per member)`,
      inline: true,
    },
    {
      name: `Top spenders ${THIS_PERIOD[overview.period]}`,
      value:
        overview.topSpenders.length > 0
          ? joinWithin(
              overview.topSpenders.map(
                (s, i) => `${i + 1}. ${userMention(s.userId)} · ${formatUsd(s.spentMicros)}`,
              ),
              MAX_FIELD,
            )
          : 'Nobody has spent anything yet.',
    },
  );
  const roles = Object.entries(settings.roles).sort((a, b) => b[1] - a[1]);
  if (roles.length > 0) {
    embed.addFields({
      name: 'Role allowances',
      value: joinWithin(
        roles.map(([roleId, micros]) => `${roleMention(roleId)} · ${formatUsd(micros)} ${per}`),
        MAX_FIELD,
      ),
    });
  }
  const overrides = Object.entries(settings.overrides);
  if (overrides.length > 0) {
    embed.addFields({
      name: 'Members with their own allowance',
      value: joinWithin(
        overrides.map(
          ([userId, o]) =>
            `${userMention(userId)} · ${formatUsd(o.micros)} ${PER_PERIOD[o.period ?? overview.period]}`,
        ),
        MAX_FIELD,
      ),
    });
  }
  embed.addFields({
    name: '/imagine and /video allowed in',
    value: joinWithin([describeChannels(settings.allowedChannels)], MAX_FIELD),
  });
  if (settings.alertChannelId) {
    const below = alertThreshold(settings);
    embed.addFields({
      name: 'Alerts',
      value: `in ${channelMention(settings.alertChannelId)} · ${below > 0 ? `balance below ${formatUsd(below)}` : 'not for the balance'}, 401, 402, drift`,
    });
  }
  return embed;
}

/** Lines joined by newlines; when they do not fit in `max` characters, the first ones that do and a count of the rest. */
export function joinWithin(lines: readonly string[], max: number): string {
  const all = lines.join('\n');
  if (all.length <= max) return all;
  // The longest the count can be, so that whatever is kept, the count still fits.
  const suffixRoom = `\n… and ${lines.length} more`.length;
  const kept: string[] = [];
  let length = 0;
  for (const line of lines) {
    const added = (kept.length > 0 ? 1 : 0) + line.length;
    if (length + added + suffixRoom > max) break;
    kept.push(line);
    length += added;
  }
  return `${kept.join('\n')}${kept.length > 0 ? '\n' : ''}… and ${lines.length - kept.length} more`;
}
