/**
 * `/quota report [days:30]` (Manage Server): the server's spend per UTC day for the last `days`
 * days as a chart (PNG: by member, the top few and the rest together, and by model) and the
 * period's ledger as CSV (one row per charge or refund, refunds negative), answered privately.
 *
 * Unlike the other subcommands it answers the interaction itself (a defer, then the files: reading
 * up to 90 days of ledger and drawing take longer than Discord's 3 s), so /quota hands it over
 * before its own store deadline and answer.
 */
import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import { UserError } from '../../../src/discord/interactions/command.ts';
import type { BotServices } from '../../../src/discord/interactions/services.ts';
import { requireManageGuild } from '../../../src/discord/views/quota-view.ts';
import { renderSpendChart } from '../../../src/discord/views/spend-chart.ts';
import { formatUsd } from '../../../src/money.ts';
import {
  buildSpendReport,
  DEFAULT_REPORT_DAYS,
  MAX_REPORT_DAYS,
  reportDays,
  type SpendReport,
  spendCsv,
} from '../../../src/quota/spend-report.ts';
import type { SubcommandArgs } from '../definition.ts';

/** Members named in the CSV beside their ids (the biggest spenders first); the others by id only. */
const NAMED_MEMBERS = 25;

/** Answers `/quota report`: a defer, then the chart and the CSV, or why there are none. */
export async function report(
  interaction: ChatInputCommandInteraction,
  services: Pick<BotServices, 'quota' | 'catalog' | 'clock'>,
  args: SubcommandArgs<'report'>,
): Promise<void> {
  requireManageGuild(interaction, 'quota report');
  const guildId = interaction.guildId;
  const count = args.days ?? DEFAULT_REPORT_DAYS;
  // Discord keeps to the option's range; a modified client need not.
  if (!Number.isInteger(count) || count < 1 || count > MAX_REPORT_DAYS) {
    throw new UserError(`A report covers 1 to ${MAX_REPORT_DAYS} days.`);
  }
  // Reading up to 90 days of ledger and drawing take longer than Discord's 3 s: answer first.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const days = reportDays(count, services.clock.now());
  const from = days[0] ?? '';
  const to = days.at(-1) ?? '';
  const report = buildSpendReport(await services.quota.ledgerSince(guildId, from), days);
  const span =
    days.length === 1 ? `today (${to}, UTC)` : `the last ${days.length} days (${from} to ${to}, UTC)`;
  if (report.entries.length === 0) {
    await interaction.editReply({
      content: `Nothing was charged on this server in ${span}: there is no spend to chart.`,
      allowedMentions: { parse: [] },
    });
    return;
  }
  const names = await memberNames(interaction, topSpenders(report, NAMED_MEMBERS));
  const chart = await renderSpendChart(report, {
    title: `${interaction.guild?.name ?? 'This server'}: spend per day, ${from} to ${to}`,
    member: (userId) => names.get(userId) ?? userId,
    model: (slug) => services.catalog.get(slug)?.label ?? slug,
  });
  const csv = Buffer.from(
    spendCsv(report, (userId) => names.get(userId)),
    'utf8',
  );
  const base = `spend-${from}-to-${to}`;
  const limit = interaction.attachmentSizeLimit;
  if (limit > 0 && chart.png.length + csv.length > limit) {
    await interaction.editReply({
      content: `The report of ${span} is larger than this server's attachment limit: ask for fewer days.`,
      allowedMentions: { parse: [] },
    });
    return;
  }
  await interaction.editReply({
    content: [
      `Spend in ${span}: charged ${formatUsd(report.chargedMicros)}, refunded ${formatUsd(report.refundedMicros)}, net **${formatUsd(report.netMicros)}**.`,
      `The CSV lists every charge and refund (${report.entries.length}), refunds negative; reservations and resets are not spend.`,
    ].join('\n'),
    files: [
      {
        attachment: chart.png,
        name: `${base}.png`,
        description: `Spend per day by member and by model, ${from} to ${to}`,
      },
      { attachment: csv, name: `${base}.csv` },
    ],
    allowedMentions: { parse: [] },
  });
}

function topSpenders(report: SpendReport, count: number): string[] {
  const totals = new Map<string, number>();
  for (const e of report.entries) {
    totals.set(
      e.userId,
      (totals.get(e.userId) ?? 0) + (e.kind === 'charge' ? e.amountMicros : -e.amountMicros),
    );
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([id]) => id);
}

/**
 * Members' names as the server shows them (nickname, display name, username); a member who left is
 * looked up as a user. The member cache keeps only the bot (cache-limits.ts), so each is asked
 * from Discord; one that cannot be found is left by id.
 */
async function memberNames(
  interaction: ChatInputCommandInteraction,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  await Promise.all(
    userIds.map(async (id) => {
      const member = await interaction.guild?.members.fetch(id).catch(() => undefined);
      if (member) {
        names.set(id, member.displayName);
        return;
      }
      const user = await interaction.client.users.fetch(id).catch(() => undefined);
      if (user) names.set(id, user.displayName);
    }),
  );
  return names;
}
