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
import type { Command, ComponentHandler } from '../src/discord/interactions/command.ts';
import type { CustomIdOf } from '../src/discord/interactions/custom-ids.ts';
import { commandTexts, memberLocalizer } from '../src/discord/interactions/locale.ts';
import { requireManageGuild } from '../src/discord/interactions/permissions.ts';
import type { BotServices } from '../src/discord/interactions/services.ts';
import { storeStep } from '../src/discord/interactions/store-reads.ts';
import { renderBalance, renderUsagePage, USAGE_PAGE_SIZE } from '../src/discord/views/balance-view.ts';
import { type UsagePage, usageModelKey } from '../src/media/schemas.ts';
import { type BalanceFigures, balanceFigures } from '../src/quota/account-figures.ts';
import { ledgerChargedMicros } from '../src/quota/drift.ts';
import type { GuildOverview } from '../src/quota/types.ts';

/** A button's answer must reach Discord within 3 s; past this the update is deferred first. */
const UPDATE_DEFER_AFTER_MS = 2_000;

const data = {
  type: ApplicationCommandType.ChatInput,
  ...commandTexts(
    (l) => l.t('balance:command.name'),
    (l) => l.t('balance:command.description'),
  ),
  // Who sees the command by default; checked again at run time (a server can change who sees it).
  default_member_permissions: String(PermissionFlagsBits.ManageGuild),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const balance: Command = {
  data,
  async execute(interaction, services) {
    requireManageGuild(interaction, (l) => l.t('balance:command.name'));
    const guildId = interaction.guildId as string;
    // The store answers within Discord's deadline, or the admin is told the store fault as the
    // first answer (not the internal-error apology, after the store's own time-outs).
    const overview = await storeStep(interaction, services.logger, '/balance', () =>
      services.quotaAdmin.guildOverview(guildId, { top: 0 }),
    );
    // Up to 2 + DRIFT_MAX_PAGES (quota/drift.ts) requests share the token's rate limit: answer within 3 s first.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const [figures, page] = await Promise.all([
      figuresOf(interaction, guildId, overview, services),
      usagePage(services, 1),
    ]);
    const l = memberLocalizer(interaction);
    const usage = renderUsagePage(1, page, l, labelsOf(services));
    await interaction.editReply({
      embeds: [renderBalance(figures, l), usage.embed],
      components: [usage.row],
      allowedMentions: { parse: [] },
    });
  },
};

/** Previous / Next on the usage log: the page the id names. */
async function showPage(
  interaction: ButtonInteraction,
  services: BotServices,
  { page: pageNo }: CustomIdOf<'balance'>,
): Promise<void> {
  requireManageGuild(interaction, (l) => l.t('balance:command.name'));
  const work = usagePage(services, pageNo).then((page): InteractionUpdateOptions => {
    const usage = renderUsagePage(pageNo, page, memberLocalizer(interaction), labelsOf(services));
    // The account embed stays as it was; only the log's page changes.
    const [accountEmbed] = interaction.message.embeds;
    return {
      embeds: accountEmbed ? [accountEmbed, usage.embed] : [usage.embed],
      components: [usage.row],
      allowedMentions: { parse: [] },
    };
  });
  await updateInTime(interaction, work, services);
}

export const balancePages: ComponentHandler<'balance'> = { prefix: 'balance', button: showPage };

/**
 * The catalog's label of a usage record's model key, read when the page is shown: members know
 * "Lang 4o Image", not `lang_4o_image`. A key the catalog does not know is shown as it is.
 */
function labelsOf(services: BotServices): (modelKey: string) => string | undefined {
  const labels = new Map<string, string>();
  for (const model of services.catalog.list()) {
    labels.set(usageModelKey(model.slug), model.label);
    labels.set(model.slug, model.label);
  }
  return (key) => labels.get(key);
}

/** The account, this server's spend and the drift (quota/account-figures.ts: the dashboard shows the same). */
async function figuresOf(
  interaction: ChatInputCommandInteraction,
  guildId: string,
  overview: GuildOverview,
  services: BotServices,
): Promise<BalanceFigures> {
  const { period } = overview;
  const at = new Date(services.clock.now());
  const entries = await storeStep(interaction, services.logger, "/balance: the period's ledger", () =>
    services.quotaLedger.forPeriod(guildId, period, at),
  );
  return balanceFigures(
    services,
    {
      guildId,
      period,
      at,
      serverMicros: ledgerChargedMicros(entries),
      budgetMicros: overview.budgetMicros,
      botGuildIds: [...interaction.client.guilds.cache.keys()],
    },
    '/balance',
  );
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
