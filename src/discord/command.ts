/**
 * The shape of a slash command module in commands/: one definition that both the deploy
 * script and the router read, and its handlers.
 */
import { randomBytes } from 'node:crypto';
import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  MessageContextMenuCommandInteraction,
  ModalSubmitInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  RESTPostAPIContextMenuApplicationCommandsJSONBody,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { BotServices } from './services.ts';

export interface Command {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction, services: BotServices): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, services: BotServices): Promise<void>;
  /** Buttons whose custom id starts with `<command name>:`. */
  button?(interaction: ButtonInteraction, services: BotServices): Promise<void>;
}

/** A command in a message's Apps menu (right click on a message). */
export interface MessageCommand {
  data: RESTPostAPIContextMenuApplicationCommandsJSONBody;
  execute(interaction: MessageContextMenuCommandInteraction, services: BotServices): Promise<void>;
}

/**
 * Buttons, select menus and modals whose custom id starts with `<prefix>:`. The custom id names
 * what they act on (a job, a pending record), never holds state of its own, so a component pressed
 * after a restart, or a week later, still works.
 */
export interface ComponentHandler {
  prefix: string;
  button?(interaction: ButtonInteraction, services: BotServices): Promise<void>;
  select?(interaction: StringSelectMenuInteraction, services: BotServices): Promise<void>;
  modal?(interaction: ModalSubmitInteraction, services: BotServices): Promise<void>;
}

/** Everything the router dispatches to. */
export interface BotInteractions {
  commands: readonly Command[];
  messageCommands: readonly MessageCommand[];
  components: readonly ComponentHandler[];
}

/**
 * A problem with what the member asked (bad input, quota, channel rules): shown to them as an
 * ephemeral message, not logged as a bug.
 */
export class UserError extends Error {
  override name = 'UserError';
}

/** A short id that ties what a member is shown to the log line an admin looks for. */
export function newErrorId(): string {
  return randomBytes(4).toString('hex');
}
