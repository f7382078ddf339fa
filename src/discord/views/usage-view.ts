/**
 * How /usage shows a member their quota (and /quota show shows an admin a member's): the allowance
 * and where it comes from, the spend, what generations in flight hold, what is left, the reset, and
 * the last generations with links to their messages. A pure function of the quota service's
 * figures, in the reader's language.
 */
import { EmbedBuilder, roleMention, userMention } from 'discord.js';
import type { Localizer } from '../../i18n/index.ts';
import type { MemberSummary } from '../../quota/service.ts';
import { escapeMemberText } from './message-parts.ts';
import { describeReset, joinWithin, QUOTA_COLOR, stamp } from './quota-view.ts';
import { linkable, markdownUrl, truncate } from './text.ts';

/** Discord's limit on an embed field's value. */
const MAX_FIELD = 1024;
/** A model label comes from the service: bounded and escaped so that it cannot reshape the list. */
const MAX_LABEL = 80;
/** At most this many fields carry the last generations, so the embed stays far below 6000 characters. */
const MAX_RECENT_FIELDS = 3;

/** A member's allowance and where it comes from: "$1.00 per day (from the role @Patron)". */
function describeMemberAllowance(
  summary: Pick<MemberSummary, 'allowanceMicros' | 'period' | 'source' | 'roleId'>,
  l: Localizer,
): string {
  const source =
    summary.source === 'role'
      ? summary.roleId
        ? l.t('usage:source.role', { role: roleMention(summary.roleId) })
        : l.t('usage:source.someRole')
      : l.t(`usage:source.${summary.source}`);
  return l.t('usage:allowanceValue', {
    amount: l.t(`usage:perPeriod.${summary.period}`, { amount: summary.allowanceMicros }),
    source,
  });
}

/** A member's quota: what /usage shows the member and /quota show user shows an admin. */
export function renderMemberSummary(
  summary: MemberSummary,
  l: Localizer,
  options: {
    title: string;
    labelOf: (modelSlug: string) => string;
    mention?: boolean;
    /** The URL of the message that shows each generation, by generation id, where it is known. */
    links?: ReadonlyMap<string, string>;
  },
): EmbedBuilder {
  const embed = new EmbedBuilder().setColor(QUOTA_COLOR).setTitle(options.title);
  if (options.mention) embed.setDescription(userMention(summary.userId));
  const remaining = Math.max(0, summary.remainingMicros);
  embed.addFields(
    { name: l.t('usage:allowance'), value: describeMemberAllowance(summary, l) },
    { name: l.t(`usage:spent.${summary.period}`), value: l.money(summary.spentMicros), inline: true },
    {
      name: l.t('usage:reserved'),
      value: l.t('usage:reservedValue', {
        amount: summary.reservedMicros,
        count: summary.inFlight,
        cap: summary.inFlightCap,
      }),
      inline: true,
    },
    { name: l.t('usage:remaining'), value: l.money(remaining), inline: true },
    {
      name: l.t('usage:resets'),
      value: describeReset(summary.resetsAt, l),
    },
  );
  // A member who ever bought a top-up here sees what is left of it (and what a refund left owed).
  if (summary.topupLeftMicros !== undefined || summary.topupOwedMicros) {
    const amount = summary.topupLeftMicros ?? 0;
    embed.addFields({
      name: l.t('usage:topup'),
      value: summary.topupOwedMicros
        ? l.t('usage:topupOwed', { amount, owed: summary.topupOwedMicros })
        : l.t('usage:topupValue', { amount }),
    });
  }
  const lines = summary.recent.map((g) => {
    const model = g.model
      ? escapeMemberText(truncate(options.labelOf(g.model), MAX_LABEL))
      : l.t('usage:unknownModel');
    const url = linkable(options.links?.get(g.generationId));
    const parts = [stamp(g.at), model, l.money(g.chargedMicros), l.t(`usage:status.${g.status}`)];
    if (url) parts.push(`[${l.t('usage:result')}](${markdownUrl(url)})`);
    return parts.join(' · ');
  });
  if (lines.length === 0) {
    embed.addFields({ name: l.t('usage:recentNone'), value: l.t('usage:none') });
    return embed;
  }
  const name = l.t('usage:recent', { count: lines.length });
  // With a link each line is ~150 characters: ten of them need more than one 1024-character field.
  fieldsWithin(lines, MAX_FIELD, MAX_RECENT_FIELDS, l).forEach((value, i) => {
    embed.addFields({ name: i === 0 ? name : '\u200b', value });
  });
  return embed;
}

/** Splits whole lines into at most `maxFields` field values of at most `max` characters; the last counts what is left out. */
export function fieldsWithin(
  lines: readonly string[],
  max: number,
  maxFields: number,
  l: Localizer,
): string[] {
  const values: string[] = [];
  let rest = lines;
  while (rest.length > 0) {
    if (values.length === maxFields - 1) {
      values.push(joinWithin(rest, max, l));
      break;
    }
    let count = 0;
    let length = 0;
    for (const line of rest) {
      const added = (count > 0 ? 1 : 0) + line.length;
      if (length + added > max) break;
      count++;
      length += added;
    }
    // A line longer than a whole field is left out and counted by joinWithin rather than looping forever.
    if (count === 0) {
      values.push(joinWithin(rest, max, l));
      break;
    }
    values.push(rest.slice(0, count).join('\n'));
    rest = rest.slice(count);
  }
  return values;
}
