/**
 * `/quota report [days:30]` (Manage Server): the server's spend per UTC day for the last `days`
 * days as a chart (PNG: by member, the top few and the rest together, and by model) and the
 * period's ledger as CSV (one row per charge or refund, refunds negative), answered privately in
 * the admin's language (the chart's words and numbers too; the CSV stays machine-readable).
 *
 * Unlike the other subcommands it answers the interaction itself (a defer, then the files: reading
 * up to 90 days of ledger and drawing take longer than Discord's 3 s), so /quota hands it over
 * before its own store deadline and answer.
 */
import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import { memberLocalizer } from '../../../src/discord/interactions/locale.ts';
import { requireManageGuild } from '../../../src/discord/interactions/permissions.ts';
import type { BotServices } from '../../../src/discord/interactions/services.ts';
import { storeStep } from '../../../src/discord/interactions/store-reads.ts';
import { quotaCommandName } from '../../../src/discord/views/quota-view.ts';
import {
  buildSpendReport,
  DEFAULT_REPORT_DAYS,
  namedInCsv,
  reportDays,
  spendCsv,
} from '../../../src/quota/spend-report.ts';
import type { SubcommandArgs } from '../definition.ts';

/** Answers `/quota report`: a defer, then the chart and the CSV, or why there are none. */
export async function report(
  interaction: ChatInputCommandInteraction,
  services: Pick<BotServices, 'quotaAdmin' | 'quotaLedger' | 'catalog' | 'clock' | 'logger'>,
  args: SubcommandArgs<'report'>,
): Promise<void> {
  const l = memberLocalizer(interaction);
  requireManageGuild(interaction, (reader) => quotaCommandName(reader, 'report'));
  const guildId = interaction.guildId;
  // Within the option's range: the router checked it against the definition (option-checks.ts).
  const count = args.days ?? DEFAULT_REPORT_DAYS;
  // A store that fails or stalls is told as the store fault, as the first answer within Discord's
  // deadline: the server's settings are read before the defer as every /quota subcommand reads
  // (a stopped Redis answered after 5 s with the internal-error apology).
  await storeStep(interaction, services.logger, '/quota report', () =>
    services.quotaAdmin.getSettings(guildId),
  );
  // Reading up to 90 days of ledger and drawing take longer than Discord's 3 s: answer first. The
  // ledger's read then gets the time of a step after the answer, and the same store fault.
  await interaction.deferReply({ flags: MessageFlags.Ephemeral });
  const days = reportDays(count, services.clock.now());
  const from = days[0] ?? '';
  const to = days.at(-1) ?? '';
  const entries = await storeStep(interaction, services.logger, '/quota report: the ledger', () =>
    services.quotaLedger.since(guildId, from),
  );
  const report = buildSpendReport(entries, days);
  const span =
    days.length === 1
      ? l.t('quota:report.spanToday', { to })
      : l.t('quota:report.spanDays', { count: days.length, from, to });
  if (report.entries.length === 0) {
    await interaction.editReply({
      content: l.t('quota:report.nothing', { span }),
      allowedMentions: { parse: [] },
    });
    return;
  }
  const names = await memberNames(interaction, namedInCsv(report));
  // Vega and resvg are loaded the first time an admin asks for a report, not at start: a bot that
  // never draws a chart does not keep them resident (about 25 MB, docs/performance.md).
  const { chartLocalizer, renderSpendChart } = await import('../../../src/discord/views/spend-chart.ts');
  // In the language the chart can be drawn in (its font has no Japanese glyphs).
  const drawn = chartLocalizer(l);
  const chart = await renderSpendChart(
    report,
    {
      title: drawn.t('quota:report.chartTitle', {
        server: interaction.guild?.name ?? drawn.t('quota:report.thisServer'),
        from,
        to,
      }),
      member: (userId) => names.get(userId) ?? userId,
      model: (slug) => services.catalog.get(slug)?.label ?? slug,
    },
    l,
  );
  const csv = Buffer.from(
    spendCsv(report, (userId) => names.get(userId)),
    'utf8',
  );
  const base = `spend-${from}-to-${to}`;
  const limit = interaction.attachmentSizeLimit;
  if (limit > 0 && chart.png.length + csv.length > limit) {
    await interaction.editReply({
      content: l.t('quota:report.tooLarge', { span }),
      allowedMentions: { parse: [] },
    });
    return;
  }
  await interaction.editReply({
    content: [
      l.t('quota:report.totals', {
        span,
        charged: report.chargedMicros,
        refunded: report.refundedMicros,
        net: report.netMicros,
      }),
      l.t('quota:report.csv', { count: report.entries.length }),
    ].join('\n'),
    files: [
      {
        attachment: chart.png,
        name: `${base}.png`,
        description: l.t('quota:report.chartDescription', { from, to }),
      },
      { attachment: csv, name: `${base}.csv` },
    ],
    allowedMentions: { parse: [] },
  });
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
