/**
 * How /balance looks: the service account, this server's spend from the ledger, the drift
 * between the ledger and the service's usage log, and one page of that log with Previous/Next
 * buttons. Pure functions, so the wording and the arithmetic are tested without Discord.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import type { Localizer } from '../../i18n/index.ts';
import type { UsagePage } from '../../media/schemas.ts';
import { usdToMicros } from '../../money.ts';
import { type BalanceFigures, driftText } from '../../quota/account-figures.ts';
import type { Drift } from '../../quota/drift.ts';
import { buildCustomId } from '../interactions/custom-ids.ts';
import { escapeMemberText } from './message-parts.ts';
import { joinWithin, QUOTA_COLOR, stamp } from './quota-view.ts';
import { truncate } from './text.ts';

/** Usage records per page of the log shown. */
export const USAGE_PAGE_SIZE = 10;
/** A model's name in the log comes from the service: bounded so that ten lines stay far below 4096. */
const MAX_LABEL = 80;

/** The drift line (quota/account-figures.ts), with the period's start as a Discord timestamp. */
export function describeDrift(d: Drift, l: Localizer): string {
  return driftText(d, l, (since) => stamp(since, 'f'));
}

/** The first embed of /balance: the account, this server's spend and the drift. */
export function renderBalance(f: BalanceFigures, l: Localizer): EmbedBuilder {
  const embed = new EmbedBuilder().setColor(QUOTA_COLOR).setTitle(l.t('balance:account.title'));
  if (f.account) {
    embed.addFields(
      {
        name: l.t('balance:account.balance'),
        value: l.money(usdToMicros(f.account.usd_balance)),
        inline: true,
      },
      {
        name: l.t('balance:account.totalSpent'),
        value: l.money(usdToMicros(f.account.usd_spent)),
        inline: true,
      },
    );
  } else {
    embed.addFields({ name: l.t('balance:account.balance'), value: l.t('balance:account.noAnswer') });
  }
  embed.addFields({
    name: l.t(`balance:server.${f.period}`),
    value:
      f.budgetMicros > 0
        ? l.t(`balance:chargedOfBudget.${f.period}`, { amount: f.serverMicros, budget: f.budgetMicros })
        : l.t('balance:charged', { amount: f.serverMicros }),
  });
  embed.setDescription(f.drift ? describeDrift(f.drift, l) : l.t('balance:drift.unreadable'));
  return embed;
}

/** The usage log embed and its Previous/Next buttons; `page` null when the log could not be read. */
export function renderUsagePage(
  pageNo: number,
  page: UsagePage | null,
  l: Localizer,
  /** The catalog's label of a usage record's model key; undefined when the catalog has no such model. */
  labelOf: (modelKey: string) => string | undefined = () => undefined,
): { embed: EmbedBuilder; row: ActionRowBuilder<ButtonBuilder> } {
  const pages = page ? Math.max(1, Math.ceil(page.total / USAGE_PAGE_SIZE)) : pageNo;
  const embed = new EmbedBuilder()
    .setColor(QUOTA_COLOR)
    .setTitle(
      page
        ? l.t('balance:log.title', { page: pageNo, pages })
        : l.t('balance:log.titleUnknown', { page: pageNo }),
    );
  if (!page) {
    embed.setDescription(l.t('balance:log.unreadable'));
  } else if (page.data.length === 0) {
    embed.setDescription(page.total === 0 ? l.t('balance:log.none') : l.t('balance:log.emptyPage'));
  } else {
    embed.setDescription(
      joinWithin(
        page.data.map((r) => {
          // Everything in a record is the service's: escaped, and bounded.
          const model = escapeMemberText(truncate(labelOf(r.model_key) ?? r.model_key, MAX_LABEL));
          const source = r.source === 'api' ? [] : [escapeMemberText(truncate(r.source, MAX_LABEL))];
          return [
            `\`#${r.id}\` ${stamp(new Date(r.created_at))}`,
            model,
            l.t(`balance:log.${r.generation_type}`),
            l.money(usdToMicros(r.amount_usd)),
            ...source,
          ].join(' · ');
        }),
        4096,
        l,
      ),
    );
    embed.setFooter({ text: l.t('balance:log.records', { count: page.total }) });
  }
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      // On the first page Previous is disabled; it names page 1, since a page 0 is no page.
      .setCustomId(buildCustomId({ kind: 'balance', page: Math.max(1, pageNo - 1) }))
      .setLabel(l.t('balance:log.previous'))
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(pageNo <= 1),
    new ButtonBuilder()
      .setCustomId(buildCustomId({ kind: 'balance', page: pageNo + 1 }))
      .setLabel(l.t('balance:log.next'))
      .setStyle(ButtonStyle.Secondary)
      // Without a page the total is unknown: Next stays usable so the admin can retry.
      .setDisabled(page !== null && pageNo >= pages),
  );
  return { embed, row };
}
