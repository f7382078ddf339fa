/**
 * How /balance looks: the service account, this server's spend from the ledger, the drift
 * between the ledger and the service's usage log, and one page of that log with Previous/Next
 * buttons. Pure functions, so the wording and the arithmetic are tested without Discord.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, EmbedBuilder } from 'discord.js';
import type { Account, UsagePage } from '../../media/schemas.ts';
import { formatUsd, type Micros, usdToMicros } from '../../money.ts';
import type { Drift } from '../../quota/drift.ts';
import type { Period } from '../../quota/periods.ts';
import { buildCustomId } from '../interactions/custom-ids.ts';
import { joinWithin, PER_PERIOD, QUOTA_COLOR, stamp, THIS_PERIOD } from './quota-view.ts';

/** Usage records per page of the log shown. */
export const USAGE_PAGE_SIZE = 10;

/**
 * The drift line. The service's usage log is the account's, so it covers the whole API token:
 * every server this bot is in (and anything else that uses the token). With one server it is
 * compared with this server's ledger; with several, with the sum of all their ledgers, and the
 * line says so, since a difference found there is not this server's alone. A ledger charge is
 * booked on its reservation's UTC day and a usage record at its creation, so a generation
 * submitted across midnight can sit in different periods; and the service drops a failed
 * generation's record before the bot's poller sees the failure and refunds it: both make short
 * differences that go away by themselves.
 */
export function describeDrift(d: Drift): string {
  const since =
    d.period === 'total' ? 'since the start' : `${THIS_PERIOD[d.period]} (since ${stamp(d.since, 'f')})`;
  const service = `${d.serviceComplete ? '' : 'at least '}${formatUsd(d.serviceMicros)}`;
  const partial = d.serviceComplete
    ? ''
    : ' Only the latest usage records were read, so no difference is computed.';
  if (d.serversCompared === 0) {
    return `**Drift** ${since}: the service's usage log covers the whole API token, shared by the ${d.botServers} servers of this bot, and shows ${service}; this server's ledger shows ${formatUsd(d.serverMicros)}. The bot is in too many servers to add up all their ledgers, so no difference is computed.`;
  }
  const whose =
    d.serversCompared === 1
      ? `this server's ledger ${formatUsd(d.ledgerMicros)}`
      : `the ledgers of all ${d.serversCompared} servers of this bot ${formatUsd(d.ledgerMicros)} (this server ${formatUsd(d.serverMicros)}), since the service's usage log covers the whole API token`;
  const head = `**Drift** ${since}: ${whose} vs the service's usage log ${service}`;
  if (!d.serviceComplete) return `${head}.${partial}`;
  const diff = d.serviceMicros - d.ledgerMicros;
  if (diff === 0) return `${head}: they match.`;
  return diff > 0
    ? `${head}: the service charged ${formatUsd(diff)} more than the ledger shows (spend the bot did not record, or use of the token outside this bot).`
    : `${head}: the ledger shows ${formatUsd(-diff)} more than the service charged (usually a failure the service already refunded and the bot has not seen yet).`;
}

export interface BalanceFigures {
  /** null when the service could not be asked. */
  account: Account | null;
  period: Period;
  /** This server's charges minus refunds this period, from the ledger. */
  serverMicros: Micros;
  budgetMicros: Micros;
  /** null when the usage log could not be read. */
  drift: Drift | null;
}

/** The first embed of /balance: the account, this server's spend and the drift. */
export function renderBalance(f: BalanceFigures): EmbedBuilder {
  const embed = new EmbedBuilder().setColor(QUOTA_COLOR).setTitle('Generation service account');
  if (f.account) {
    embed.addFields(
      { name: 'Balance', value: formatUsd(usdToMicros(f.account.usd_balance)), inline: true },
      {
        name: 'Total spent (whole account)',
        value: formatUsd(usdToMicros(f.account.usd_spent)),
        inline: true,
      },
    );
  } else {
    embed.addFields({
      name: 'Balance',
      value: 'The generation service did not answer; try again in a minute.',
    });
  }
  const budget =
    f.budgetMicros > 0 ? ` of a ${formatUsd(f.budgetMicros)} budget ${PER_PERIOD[f.period]}` : '';
  embed.addFields({
    name: `This server, ${THIS_PERIOD[f.period]}`,
    value: `${formatUsd(f.serverMicros)} charged${budget} (ledger, refunds deducted)`,
  });
  embed.setDescription(
    f.drift
      ? describeDrift(f.drift)
      : "**Drift**: the service's usage log could not be read, so there is nothing to compare.",
  );
  return embed;
}

/** The usage log embed and its Previous/Next buttons; `page` null when the log could not be read. */
export function renderUsagePage(
  pageNo: number,
  page: UsagePage | null,
): { embed: EmbedBuilder; row: ActionRowBuilder<ButtonBuilder> } {
  const pages = page ? Math.max(1, Math.ceil(page.total / USAGE_PAGE_SIZE)) : pageNo;
  const embed = new EmbedBuilder()
    .setColor(QUOTA_COLOR)
    .setTitle(`Usage log (whole account) · page ${pageNo}${page ? ` of ${pages}` : ''}`);
  if (!page) {
    embed.setDescription('The usage log could not be read right now; try again in a minute.');
  } else if (page.data.length === 0) {
    embed.setDescription(page.total === 0 ? 'No charges yet.' : 'No records on this page.');
  } else {
    embed.setDescription(
      joinWithin(
        page.data.map(
          (r) =>
            `\`#${r.id}\` ${stamp(new Date(r.created_at))} · ${r.model_key} · ${r.generation_type} · ${formatUsd(usdToMicros(r.amount_usd))}${r.source === 'api' ? '' : ` · ${r.source}`}`,
        ),
        4096,
      ),
    );
    embed.setFooter({ text: `${page.total} records` });
  }
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder()
      // On the first page Previous is disabled; it names page 1, since a page 0 is no page.
      .setCustomId(buildCustomId({ kind: 'balance', page: Math.max(1, pageNo - 1) }))
      .setLabel('Previous')
      .setStyle(ButtonStyle.Secondary)
      .setDisabled(pageNo <= 1),
    new ButtonBuilder()
      .setCustomId(buildCustomId({ kind: 'balance', page: pageNo + 1 }))
      .setLabel('Next')
      .setStyle(ButtonStyle.Secondary)
      // Without a page the total is unknown: Next stays usable so the admin can retry.
      .setDisabled(page !== null && pageNo >= pages),
  );
  return { embed, row };
}
