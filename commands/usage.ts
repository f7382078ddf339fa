/** /usage: a member's own quota and last generations, privately. */
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  InteractionContextType,
  MessageFlags,
  messageLink,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { type Command, UserError } from '../src/discord/interactions/command.ts';
import { commandTexts, memberLocalizer } from '../src/discord/interactions/locale.ts';
import { roleIdsOf } from '../src/discord/interactions/permissions.ts';
import type { BotServices } from '../src/discord/interactions/services.ts';
import { storeStep } from '../src/discord/interactions/store-reads.ts';
import { topupButtons } from '../src/discord/views/topup-buttons.ts';
import { renderMemberSummary } from '../src/discord/views/usage-view.ts';
import type { JobStore } from '../src/jobs/job-store.ts';
import type { RecentGeneration } from '../src/quota/types.ts';

const data = {
  type: ApplicationCommandType.ChatInput,
  ...commandTexts(
    (l) => l.t('usage:command.name'),
    (l) => l.t('usage:command.description'),
  ),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const usage: Command = {
  data,
  execute: showUsage,
};

/** What /usage answers, to the command or to /help's "My usage" button: the same reply either way. */
export async function showUsage(
  interaction: ChatInputCommandInteraction | ButtonInteraction,
  services: BotServices,
): Promise<void> {
  const l = memberLocalizer(interaction);
  if (!interaction.inGuild()) throw new UserError(l.t('usage:serversOnly'));
  const { guildId } = interaction;
  const userId = interaction.user.id;
  const { summary, links, settings, waiting } = await storeStep(
    interaction,
    services.logger,
    'the figures',
    async () => {
      const [summary, settings, waiting] = await Promise.all([
        services.quota.summary({ guildId, userId, roleIds: roleIdsOf(interaction.member) }),
        services.quotaAdmin.getSettings(guildId),
        services.topups?.waitingCount(userId) ?? 0,
      ]);
      return {
        summary,
        settings,
        waiting,
        links: await resultLinks(services.jobs, summary.recent, guildId, userId),
      };
    },
  );
  // The server's top-ups to buy; a purchase made where the server was not known is added here,
  // after the answer (the buyer is told by a message once it is).
  const buttons = topupButtons(settings);
  if (buttons.length > 0 || waiting > 0) void services.topups?.recordOffer(userId, guildId);
  if (waiting > 0) void services.topups?.claimWaiting(userId, guildId);
  const embed = renderMemberSummary(summary, l, {
    title: l.t('usage:title'),
    labelOf: (slug) => services.catalog.get(slug)?.label ?? slug,
    links,
  });
  await interaction.reply({
    ...(waiting > 0 ? { content: l.t('topups:claiming', { count: waiting }) } : {}),
    embeds: [embed],
    components: buttons,
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
}

/**
 * The link to the message that shows each generation, by generation id: only where the job is
 * still stored, its reply message id was recorded, and it is this member's in this server.
 */
export async function resultLinks(
  jobs: JobStore,
  recent: readonly RecentGeneration[],
  guildId: string,
  userId: string,
): Promise<Map<string, string>> {
  const found = await Promise.all(recent.map((g) => jobs.get(g.generationId)));
  const links = new Map<string, string>();
  for (const job of found) {
    const reply = job?.reply;
    if (!job || !reply?.messageId || reply.guildId !== guildId || reply.userId !== userId) continue;
    links.set(job.generationId, messageLink(reply.channelId, reply.messageId, guildId));
  }
  return links;
}
