/** "Generate from this": a message context-menu command that makes something from a message's attachments. */
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord.js';
import { openFromMessage, submitFromMessage } from '../src/discord/generation/generate-from-message.ts';
import type { ComponentHandler, MessageCommand } from '../src/discord/interactions/command.ts';
import { commandName } from '../src/discord/interactions/locale.ts';

const data = {
  type: ApplicationCommandType.Message,
  // A message command's name is what the Apps menu shows: Discord allows spaces and capitals here.
  ...commandName((l) => l.t('generate:command.fromMessage')),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
} as const satisfies RESTPostAPIContextMenuApplicationCommandsJSONBody;

export const generateFromThis: MessageCommand = { data, execute: openFromMessage };

/** The modal it opens (custom-ids.ts, kind `from`: the pending record of the message's attachments). */
export const fromMessage: ComponentHandler<'from'> = { prefix: 'from', modal: submitFromMessage };
