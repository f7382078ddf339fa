/** /usage: a member's own quota and last generations, privately. */
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  MessageFlags,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { type Command, UserError } from '../src/discord/command.ts';
import { renderMemberSummary, roleIdsOf } from '../src/discord/quota-view.ts';

const data = {
  type: ApplicationCommandType.ChatInput,
  name: 'usage',
  description: 'Your generation allowance, what you spent this period and your last generations',
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

export const usage: Command = {
  data,
  async execute(interaction, services) {
    if (!interaction.inGuild()) throw new UserError('/usage works in servers only.');
    const summary = await services.quota.summary({
      guildId: interaction.guildId,
      userId: interaction.user.id,
      roleIds: roleIdsOf(interaction.member),
    });
    const embed = renderMemberSummary(summary, {
      title: 'Your generation quota',
      labelOf: (slug) => services.catalog.get(slug)?.label ?? slug,
    });
    await interaction.reply({
      embeds: [embed],
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  },
};
