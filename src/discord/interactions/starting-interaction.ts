/**
 * The interactions a generation can start from (a slash command, a result's button, a modal, a menu,
 * a message's Apps menu), and the check that one comes from a server's channel. Apart from
 * generate.ts so that the views and the confirmation card, which generate.ts uses, can name them.
 */
import type {
  ButtonInteraction,
  ChatInputCommandInteraction,
  MessageContextMenuCommandInteraction,
  ModalSubmitInteraction,
  StringSelectMenuInteraction,
} from 'discord.js';

/** Every interaction a generation can start from: a slash command, a result's button, a modal, a menu. */
export type StartingInteraction =
  | ChatInputCommandInteraction
  | ButtonInteraction
  | ModalSubmitInteraction
  | StringSelectMenuInteraction
  | MessageContextMenuCommandInteraction;
/** The same, known to come from a server's channel. */
export type GuildStartingInteraction = (
  | ChatInputCommandInteraction<'cached' | 'raw'>
  | ButtonInteraction<'cached' | 'raw'>
  | ModalSubmitInteraction<'cached' | 'raw'>
  | StringSelectMenuInteraction<'cached' | 'raw'>
  | MessageContextMenuCommandInteraction<'cached' | 'raw'>
) & { channelId: string };

/** Whether the interaction comes from a server's channel (the only place generations are made). */
export function inGuildChannel(interaction: StartingInteraction): interaction is GuildStartingInteraction {
  return interaction.inGuild() && interaction.channelId !== null;
}
