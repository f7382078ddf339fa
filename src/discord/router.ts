/**
 * The one `interactionCreate` handler: routes to the command modules and owns the single catch.
 * User errors become a clear ephemeral message; bugs are logged with an id and the member sees
 * only a short apology with that id, never a stack trace or an internal message.
 */
import { type Interaction, MessageFlags, type RepliableInteraction } from 'discord.js';
import type { Logger } from '../log.ts';
import { type Command, newErrorId, UserError } from './command.ts';
import type { BotServices } from './services.ts';

/** Builds the interaction handler for a set of commands. */
export function createRouter(
  commands: readonly Command[],
  services: BotServices,
): (interaction: Interaction) => Promise<void> {
  const byName = new Map(commands.map((c) => [c.data.name, c]));
  const { logger } = services;

  return async (interaction) => {
    try {
      if (interaction.isChatInputCommand()) {
        const command = byName.get(interaction.commandName);
        if (!command) throw new UserError('This command is not known to the bot any more.');
        await command.execute(interaction, services);
      } else if (interaction.isAutocomplete()) {
        await byName.get(interaction.commandName)?.autocomplete?.(interaction, services);
      } else if (interaction.isButton()) {
        const name = interaction.customId.split(':')[0] ?? '';
        await byName.get(name)?.button?.(interaction, services);
      }
    } catch (err) {
      if (interaction.isAutocomplete()) {
        logger.error({ err, command: interaction.commandName }, 'autocomplete failed');
        if (!interaction.responded) await interaction.respond([]).catch(() => undefined);
        return;
      }
      if (interaction.isRepliable()) await answerError(interaction, err, logger);
    }
  };
}

async function answerError(interaction: RepliableInteraction, err: unknown, logger: Logger): Promise<void> {
  let content: string;
  if (err instanceof UserError) {
    content = err.message;
  } else {
    const errorId = newErrorId();
    logger.error(
      {
        err,
        errorId,
        command: interaction.isChatInputCommand() ? interaction.commandName : undefined,
        guildId: interaction.guildId,
        userId: interaction.user.id,
      },
      'interaction handler failed',
    );
    content = `Something went wrong on our side. If it keeps happening, tell an admin the error id \`${errorId}\`.`;
  }
  try {
    // A deferred public reply must be replaced, or it keeps "thinking" forever.
    if (interaction.deferred && !interaction.replied)
      await interaction.editReply({ content, embeds: [], components: [] });
    else if (interaction.replied) await interaction.followUp({ content, flags: MessageFlags.Ephemeral });
    else await interaction.reply({ content, flags: MessageFlags.Ephemeral });
  } catch (replyErr) {
    logger.warn({ err: replyErr }, 'could not tell the member about an error');
  }
}
