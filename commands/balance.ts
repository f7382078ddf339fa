/** /balance: the shared account's balance and spend, this server's spend, the usage log and the drift. */
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  InteractionContextType,
  type InteractionUpdateOptions,
  MessageFlags,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import {
  type Drift,
  ledgerChargedMicros,
  parsePageButton,
  renderBalance,
  renderUsagePage,
  USAGE_PAGE_SIZE,
  usageSinceMicros,
} from '../src/discord/balance-view.ts';
import { type Command, UserError } from '../src/discord/command.ts';
import { requireManageGuild } from '../src/discord/quota-view.ts';
import type { BotServices } from '../src/discord/services.ts';
import type { UsagePage } from '../src/media/schemas.ts';
import { type Period, periodStart } from '../src/quota/periods.ts';

/** The drift reads at most this many pages of 100 usage records: a bounded cost of the shared request budget. */
export const DRIFT_MAX_PAGES = 5;
const DRIFT_PAGE_SIZE = 100;
/** Beyond this many servers the drift does not add up every server's ledger. */
export const DRIFT_MAX_SERVERS = 25;
/** A button's answer must reach Discord within 3 s; past this the update is deferred first. */
const UPDATE_DEFER_AFTER_MS = 2_000;

const data = {
  type: ApplicationCommandType.ChatInput,
  name: 'balance',
  description: "The generation service account's balance and spend, and this server's spend",
  // Who sees the command by default; checked again at run time (a server can change who sees it).
  default_member_permissions: String(PermissionFlagsBits.ManageGuild),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const balance: Command = {
  data,
  async execute(interaction, services) {
    requireManageGuild(interaction, 'balance');
    // Up to 2 + DRIFT_MAX_PAGES requests share the token's rate limit: answer within 3 s first.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const guildId = interaction.guildId as string;
    const [figures, page] = await Promise.all([
      balanceFigures(interaction, guildId, services),
      usagePage(services, 1),
    ]);
    const usage = renderUsagePage(1, page);
    await interaction.editReply({
      embeds: [renderBalance(figures), usage.embed],
      components: [usage.row],
      allowedMentions: { parse: [] },
    });
  },
  async button(interaction, services) {
    requireManageGuild(interaction, 'balance');
    const pageNo = parsePageButton(interaction.customId);
    if (pageNo === null)
      throw new UserError('This button is not known to the bot any more; run /balance again.');
    const work = usagePage(services, pageNo).then((page): InteractionUpdateOptions => {
      const usage = renderUsagePage(pageNo, page);
      // The account embed stays as it was; only the log's page changes.
      const [accountEmbed] = interaction.message.embeds;
      return {
        embeds: accountEmbed ? [accountEmbed, usage.embed] : [usage.embed],
        components: [usage.row],
        allowedMentions: { parse: [] },
      };
    });
    await updateInTime(interaction, work, services);
  },
};

async function balanceFigures(
  interaction: ChatInputCommandInteraction,
  guildId: string,
  services: BotServices,
): Promise<Parameters<typeof renderBalance>[0]> {
  const { quota, media, logger, clock } = services;
  const overview = await quota.guildOverview(guildId, { top: 0 });
  const { period } = overview;
  const at = new Date(clock.now());
  const serverMicros = ledgerChargedMicros(await quota.ledgerForPeriod(guildId, period, at));
  const [account, drift] = await Promise.all([
    media.getAccount({ priority: 'submit' }).catch((err: unknown) => {
      logger.warn({ err, guildId }, '/balance could not read the account');
      return null;
    }),
    computeDrift(interaction, { guildId, serverMicros, period, at }, services).catch((err: unknown) => {
      logger.warn({ err, guildId }, '/balance could not read the usage log for the drift');
      return null;
    }),
  ]);
  return { account, period, serverMicros, budgetMicros: overview.budgetMicros, drift };
}

async function computeDrift(
  interaction: ChatInputCommandInteraction,
  server: { guildId: string; serverMicros: number; period: Period; at: Date },
  services: BotServices,
): Promise<Drift> {
  const { guildId, serverMicros, period, at } = server;
  const since = periodStart(period, at);
  const others = [...interaction.client.guilds.cache.keys()].filter((id) => id !== guildId);
  // The usage log is the whole token's: compare it with every server's ledger (see describeDrift),
  // unless there are too many of them to read for one command.
  const summed = others.length + 1 <= DRIFT_MAX_SERVERS;
  const [otherMicros, service] = await Promise.all([
    summed
      ? Promise.all(
          others.map(async (id) => ledgerChargedMicros(await services.quota.ledgerForPeriod(id, period, at))),
        )
      : Promise.resolve([]),
    serviceUsageSince(services, since),
  ]);
  return {
    period,
    since,
    ledgerMicros: otherMicros.reduce((sum, micros) => sum + micros, serverMicros),
    serverMicros,
    serversCompared: summed ? others.length + 1 : 0,
    botServers: others.length + 1,
    serviceMicros: service.micros,
    serviceComplete: service.complete,
  };
}

/** Sums the usage log's records created since `since`, reading at most DRIFT_MAX_PAGES pages. */
async function serviceUsageSince(
  services: BotServices,
  since: Date,
): Promise<{ micros: number; complete: boolean }> {
  const seen = new Set<number>();
  let micros = 0;
  for (let page = 1; page <= DRIFT_MAX_PAGES; page++) {
    const result = await services.media.listUsage({ perPage: DRIFT_PAGE_SIZE, page }, { priority: 'submit' });
    micros += usageSinceMicros(result.data, since, seen);
    const last = result.data.at(-1);
    const first = result.data[0];
    if (!first || !last || page * result.per_page >= result.total) return { micros, complete: true };
    // The spec does not state the log's order. Reading stops early only when this page runs
    // newest first and already reaches before the period; otherwise it reads on to the bound.
    const newestFirst = Date.parse(first.created_at) >= Date.parse(last.created_at);
    if (newestFirst && Date.parse(last.created_at) < since.getTime()) return { micros, complete: true };
  }
  return { micros, complete: false };
}

async function usagePage(services: BotServices, page: number): Promise<UsagePage | null> {
  try {
    return await services.media.listUsage({ perPage: USAGE_PAGE_SIZE, page }, { priority: 'submit' });
  } catch (err) {
    services.logger.warn({ err, page }, '/balance could not read the usage log');
    return null;
  }
}

/**
 * Answers a button with `update` when the new page is ready in time; when the service is slow
 * (the shared rate limit is spent), it defers the update first so that Discord does not give up
 * on the interaction, and edits the message when the page arrives.
 */
async function updateInTime(
  interaction: ButtonInteraction,
  work: Promise<InteractionUpdateOptions>,
  services: BotServices,
): Promise<void> {
  const timer = new AbortController();
  const late = services.clock.sleep(UPDATE_DEFER_AFTER_MS, timer.signal).then(
    () => 'late' as const,
    () => 'cancelled' as const,
  );
  const settled = work.then(
    (options) => ({ ok: true as const, options }),
    (err: unknown) => ({ ok: false as const, err }),
  );
  const first = await Promise.race([settled, late]);
  if (first === 'late' || first === 'cancelled') {
    await interaction.deferUpdate();
    const result = await settled;
    if (!result.ok) throw result.err;
    await interaction.editReply(result.options);
    return;
  }
  timer.abort();
  if (!first.ok) throw first.err;
  await interaction.update(first.options);
}
