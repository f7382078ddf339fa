/**
 * The one `interactionCreate` handler: routes commands by name and every button, menu and modal by
 * its custom id's kind (custom-ids.ts) to the one ComponentHandler with that prefix, and owns the
 * single catch.
 * User errors become a clear ephemeral message (worded in the member's language where it was
 * thrown); bugs are logged with an id and the member sees only a short apology with that id, in their
 * language, never a stack trace or an internal message.
 */
import {
  type Interaction,
  type MessageComponentInteraction,
  MessageFlags,
  type RepliableInteraction,
} from 'discord.js';
import type { Localizer } from '../../i18n/index.ts';
import type { Logger } from '../../log.ts';
import { checkOptions, OptionRefusal } from './args.ts';
import { type BotInteractions, type ComponentHandler, newErrorId, UserError } from './command.ts';
import { type ParsedCustomId, parseCustomId } from './custom-ids.ts';
import { InteractionGate } from './interaction-gate.ts';
import { memberLocalizer } from './locale.ts';
import { pressAgreesWithMessage } from './press-check.ts';
import type { BotServices } from './services.ts';
import { markArrival } from './store-reads.ts';

/** An error message may quote what a member or the service wrote: it pings nobody. */
const NO_PINGS = { parse: [] };

/** Builds the interaction handler for the commands and components. */
export function createRouter(
  { commands, messageCommands, components }: BotInteractions,
  services: BotServices,
  gate: InteractionGate = new InteractionGate(),
): (interaction: Interaction) => Promise<void> {
  const byName = new Map(commands.map((c) => [c.data.name, c]));
  const messageByName = new Map(messageCommands.map((c) => [c.data.name, c]));
  // Each handler takes the ids of its own kind: keyed by that kind, the id it is given is its own
  // (which the type system cannot follow through the map, hence the widening).
  const byPrefix = new Map(components.map((c) => [c.prefix, c as ComponentHandler]));
  const { logger } = services;
  /**
   * The custom id read (custom-ids.ts, any version the bot wrote) and the handler of its kind that
   * takes this sort of interaction; a component it does not know is refused in the member's language.
   */
  const route = (
    customId: string,
    sort: 'button' | 'select' | 'modal',
    l: Localizer,
  ): { handler: ComponentHandler; id: ParsedCustomId } => {
    const id = parseCustomId(customId);
    const handler = id && byPrefix.get(id.kind);
    if (!id || !handler?.[sort]) throw new UserError(l.t('actions:press.unknownComponent'));
    return { handler, id };
  };

  return async (interaction) => {
    markArrival(interaction);
    const press = interaction.isButton()
      ? { userId: interaction.user.id, customId: interaction.customId }
      : undefined;
    const verdict = gate.admit(interaction.id, press);
    if (verdict === 'duplicate_delivery') {
      logger.info({ interactionId: interaction.id }, 'interaction delivered twice; handled once');
      return;
    }
    // The refusals below are the member's own, in their language.
    const l = memberLocalizer(interaction);
    try {
      if (verdict === 'repeated_press') {
        if (interaction.isRepliable())
          await interaction.reply({ content: l.t('actions:press.repeated'), flags: MessageFlags.Ephemeral });
        return;
      }
      if (interaction.isChatInputCommand()) {
        const command = byName.get(interaction.commandName);
        if (!command) throw new UserError(l.t('actions:press.unknownCommand'));
        // Every option checked against the command's definition before any handler runs (a
        // modified client can send any type and value): refused privately, naming the option.
        checkOptions(interaction, command.data, 'command');
        await command.execute(interaction, services);
      } else if (interaction.isAutocomplete()) {
        const command = byName.get(interaction.commandName);
        if (command?.autocomplete) {
          // The same check of what the member has typed so far (names, types, the focused option).
          checkOptions(interaction, command.data, 'autocomplete');
          await command.autocomplete(interaction, services);
        } else await interaction.respond([]);
      } else if (interaction.isMessageContextMenuCommand()) {
        const command = messageByName.get(interaction.commandName);
        if (!command) throw new UserError(l.t('actions:press.unknownCommand'));
        await command.execute(interaction, services);
      } else if (interaction.isButton()) {
        checkPress(interaction, logger, l);
        const { handler, id } = route(interaction.customId, 'button', l);
        await handler.button?.(interaction, services, id);
      } else if (interaction.isStringSelectMenu()) {
        checkPress(interaction, logger, l);
        const { handler, id } = route(interaction.customId, 'select', l);
        await handler.select?.(interaction, services, id);
      } else if (interaction.isModalSubmit()) {
        const { handler, id } = route(interaction.customId, 'modal', l);
        await handler.modal?.(interaction, services, id);
      }
    } catch (err) {
      // An honest client does not send options that do not fit: the log says which, as a warning
      // (a modified client, or commands deployed from other code), not as a bug.
      if (
        err instanceof OptionRefusal &&
        (interaction.isChatInputCommand() || interaction.isAutocomplete())
      ) {
        logger.warn(
          { command: interaction.commandName, userId: interaction.user.id, problem: err.reason },
          'options that do not fit the command; refused',
        );
      }
      if (interaction.isAutocomplete()) {
        // An autocomplete cannot carry a refusal: it gets no choices.
        if (!(err instanceof OptionRefusal))
          logger.error({ err, command: interaction.commandName }, 'autocomplete failed');
        if (!interaction.responded) await interaction.respond([]).catch(() => undefined);
        return;
      }
      if (interaction.isRepliable()) await answerError(interaction, err, logger, l);
    }
  };
}

/**
 * Every button and menu acts only on the message that carries it (press-check.ts): a press whose
 * custom id is not on the bot's message where it arrived is refused before any handler reads what
 * the id names. Logged, since an honest client does not send one.
 */
function checkPress(interaction: MessageComponentInteraction, logger: Logger, l: Localizer): void {
  if (pressAgreesWithMessage(interaction)) return;
  logger.warn(
    {
      customId: interaction.customId,
      messageId: interaction.message?.id,
      guildId: interaction.guildId,
      channelId: interaction.channelId,
      userId: interaction.user.id,
    },
    'a component press that is not on its message; refused',
  );
  throw new UserError(l.t('actions:press.notOnThisMessage'));
}

/**
 * A UserError's message was written in the member's language where it was thrown; a bug is told in
 * `l`, the member's language, with only its error id.
 */
async function answerError(
  interaction: RepliableInteraction,
  err: unknown,
  logger: Logger,
  l: Localizer,
): Promise<void> {
  let content: string;
  // A refusal's buttons (premium buttons to buy a top-up) go with it; a bug's answer has none.
  const components = err instanceof UserError ? [...err.components] : [];
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
    content = l.t('actions:errors.unexpected', { errorId });
  }
  try {
    // A deferred public reply must be replaced, or it keeps "thinking" forever.
    if (interaction.deferred && !interaction.replied) {
      try {
        await interaction.editReply({ content, embeds: [], components, allowedMentions: NO_PINGS });
        return;
      } catch (editErr) {
        // A reply already drawn as a Components V2 card (a result, a batch) can never carry
        // `content` again: Discord refuses the edit. The member is told beside it instead.
        logger.info(
          { err: editErr },
          'could not replace the reply with the error; telling the member privately',
        );
        await interaction.followUp({
          content,
          components,
          flags: MessageFlags.Ephemeral,
          allowedMentions: NO_PINGS,
        });
      }
    } else if (interaction.replied)
      await interaction.followUp({
        content,
        components,
        flags: MessageFlags.Ephemeral,
        allowedMentions: NO_PINGS,
      });
    else
      await interaction.reply({
        content,
        components,
        flags: MessageFlags.Ephemeral,
        allowedMentions: NO_PINGS,
      });
  } catch (replyErr) {
    logger.warn({ err: replyErr }, 'could not tell the member about an error');
  }
}
