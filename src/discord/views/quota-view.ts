/**
 * How /usage and /quota look: pure functions of the quota's figures and a Localizer (the reader's
 * language), so the wording is tested without Discord. Who may run an admin command and the
 * amounts admins type are the interactions' (interactions/permissions.ts, interactions/amounts.ts).
 */
import { channelMention, EmbedBuilder, roleMention, TimestampStyles, time, userMention } from 'discord.js';
import type { Localizer } from '../../i18n/index.ts';
import type { Micros } from '../../money.ts';
import type { Period } from '../../quota/periods.ts';
import type { GuildOverview, MemberSummary } from '../../quota/service.ts';
import { alertThreshold, type GuildSettings } from '../../quota/settings.ts';

export const QUOTA_COLOR = 0x5865f2;

/** How many members /quota show lists by spend. */
export const TOP_SPENDERS = 10;

/** Discord's limit on an embed field's value. */
const MAX_FIELD = 1024;

/** `$2.50 per day`: an allowance or a budget of a period, in the reader's language. */
export function perPeriod(l: Localizer, micros: Micros, period: Period): string {
  return l.t(`quota:perPeriod.${period}`, { amount: micros });
}

/** `today`, `this week`…: the current period, for "spent …". */
export function thisPeriod(l: Localizer, period: Period): string {
  return l.t(`quota:thisPeriod.${period}`);
}

/** /quota's subcommands, for naming one in a text. */
type QuotaSubcommandName =
  | 'set'
  | 'role'
  | 'default'
  | 'budget'
  | 'confirm'
  | 'show'
  | 'reset'
  | 'channels'
  | 'alerts'
  | 'report'
  | 'prompts'
  | 'moderation'
  | 'topups';

/**
 * `quota` or `quota alerts` as the reader's Discord shows the command (its localized names), for a
 * text that tells them what to type.
 */
export function quotaCommandName(l: Localizer, sub?: QuotaSubcommandName): string {
  const name = l.t('quota:command.name');
  return sub ? `${name} ${l.t(`quota:command.${sub}.name`)}` : name;
}

/** A Discord timestamp: `<t:unix:R>` (relative) or `<t:unix:f>` (date and time), in each reader's time zone. */
export function stamp(at: Date, style: 'R' | 'f' = 'R'): string {
  return time(
    Math.floor(at.getTime() / 1000),
    style === 'R' ? TimestampStyles.RelativeTime : TimestampStyles.ShortDateTime,
  );
}

/** When an allowance resets: relative and absolute, or that a total allowance never does. */
export function describeReset(resetsAt: Date | null, l: Localizer): string {
  return resetsAt
    ? l.t('quota:resets', { relative: stamp(resetsAt, 'R'), absolute: stamp(resetsAt, 'f') })
    : l.t('quota:neverResets');
}

/** The channels /imagine and /video may be used in. */
export function describeChannels(channelIds: readonly string[], l: Localizer): string {
  return channelIds.length === 0 ? l.t('quota:anyChannel') : l.list(channelIds.map(channelMention));
}

/** A member's allowance and where it comes from, as /usage shows it (and /help repeats it). */
export function describeAllowance(
  summary: Pick<MemberSummary, 'allowanceMicros' | 'period' | 'source' | 'roleId'>,
  l: Localizer,
): string {
  const allowance = perPeriod(l, summary.allowanceMicros, summary.period);
  switch (summary.source) {
    case 'override':
      return l.t('quota:source.override', { allowance });
    case 'role':
      return summary.roleId
        ? l.t('quota:source.role', { allowance, role: roleMention(summary.roleId) })
        : l.t('quota:source.anyRole', { allowance });
    case 'default':
      return l.t('quota:source.default', { allowance });
  }
}

/** The server's overview for /quota show without a user, in the admin's language. */
export function renderGuildOverview(
  overview: GuildOverview,
  settings: GuildSettings,
  l: Localizer,
): EmbedBuilder {
  const { period } = overview;
  const when = thisPeriod(l, period);
  const embed = new EmbedBuilder().setColor(QUOTA_COLOR).setTitle(l.t('quota:server.title'));
  const budget =
    overview.budgetMicros > 0
      ? l.t('quota:server.budgetValue', {
          budget: perPeriod(l, overview.budgetMicros, period),
          left: Math.max(0, overview.remainingMicros ?? 0),
        })
      : l.t('quota:server.noBudget');
  embed.addFields(
    {
      name: l.t('quota:server.defaultAllowance'),
      value: perPeriod(l, overview.defaultAllowance.micros, period),
      inline: true,
    },
    { name: l.t('quota:server.budget'), value: budget, inline: true },
    {
      name: l.t('quota:server.spent', { when }),
      value:
        overview.reservedMicros > 0
          ? l.t('quota:server.spentReserved', {
              spent: overview.spentMicros,
              reserved: overview.reservedMicros,
            })
          : l.money(overview.spentMicros),
    },
    { name: l.t('quota:member.resets'), value: describeReset(overview.resetsAt, l), inline: true },
    {
      name: l.t('quota:server.inFlight'),
      value: l.t('quota:server.inFlightValue', { count: overview.inFlight, cap: overview.inFlightCap }),
      inline: true,
    },
    {
      name: l.t('quota:server.topSpenders', { when }),
      value:
        overview.topSpenders.length > 0
          ? joinWithin(
              overview.topSpenders.map(
                (s, i) => `${l.number(i + 1)}. ${userMention(s.userId)} · ${l.money(s.spentMicros)}`,
              ),
              MAX_FIELD,
              l,
            )
          : l.t('quota:server.nobody'),
    },
  );
  const roles = Object.entries(settings.roles).sort((a, b) => b[1] - a[1]);
  if (roles.length > 0) {
    embed.addFields({
      name: l.t('quota:server.roles'),
      value: joinWithin(
        roles.map(([roleId, micros]) => `${roleMention(roleId)} · ${perPeriod(l, micros, period)}`),
        MAX_FIELD,
        l,
      ),
    });
  }
  const overrides = Object.entries(settings.overrides);
  if (overrides.length > 0) {
    embed.addFields({
      name: l.t('quota:server.overrides'),
      value: joinWithin(
        overrides.map(
          ([userId, o]) => `${userMention(userId)} · ${perPeriod(l, o.micros, o.period ?? period)}`,
        ),
        MAX_FIELD,
        l,
      ),
    });
  }
  embed.addFields({
    name: l.t('quota:server.channels'),
    value: joinWithin([describeChannels(settings.allowedChannels, l)], MAX_FIELD, l),
  });
  const patterns = settings.promptPatterns?.length ?? 0;
  if (patterns > 0) {
    embed.addFields({
      name: l.t('quota:server.prompts'),
      value: l.t('quota:server.promptsCount', {
        count: patterns,
        command: `${quotaCommandName(l, 'prompts')} ${l.t('quota:command.prompts.list.name')}`,
      }),
    });
  }
  if (settings.moderationChannelId) {
    embed.addFields({
      name: l.t('quota:server.moderation'),
      value: l.t('quota:server.moderationIn', { channel: channelMention(settings.moderationChannelId) }),
    });
  }
  if (settings.alertChannelId) {
    const below = alertThreshold(settings);
    const channel = channelMention(settings.alertChannelId);
    embed.addFields({
      name: l.t('quota:server.alerts'),
      value:
        below > 0
          ? l.t('quota:server.alertsBelow', { channel, amount: below })
          : l.t('quota:server.alertsNoBalance', { channel }),
    });
  }
  return embed;
}

/** Lines joined by newlines; when they do not fit in `max` characters, the first ones that do and a count of the rest. */
export function joinWithin(lines: readonly string[], max: number, l: Localizer): string {
  const all = lines.join('\n');
  if (all.length <= max) return all;
  const more = (count: number) => l.t('quota:more', { count });
  // The longest the count can be, so that whatever is kept, the count still fits.
  const suffixRoom = `\n${more(lines.length)}`.length;
  const kept: string[] = [];
  let length = 0;
  for (const line of lines) {
    const added = (kept.length > 0 ? 1 : 0) + line.length;
    if (length + added + suffixRoom > max) break;
    kept.push(line);
    length += added;
  }
  return `${kept.join('\n')}${kept.length > 0 ? '\n' : ''}${more(lines.length - kept.length)}`;
}
