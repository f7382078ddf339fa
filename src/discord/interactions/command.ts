/**
 * The shape of a slash command module in commands/: one definition that both the deploy
 * script and the router read, and its handlers.
 */
import { randomBytes } from 'node:crypto';
import type {
  APIActionRowComponent,
  APIComponentInMessageActionRow,
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  MessageContextMenuCommandInteraction,
  ModalSubmitInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  RESTPostAPIContextMenuApplicationCommandsJSONBody,
  StringSelectMenuInteraction,
} from 'discord.js';
import type { CustomIdKind, CustomIdOf } from './custom-ids.ts';
import type { BotServices } from './services.ts';

export interface Command {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction, services: BotServices): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, services: BotServices): Promise<void>;
}

/** A command in a message's Apps menu (right click on a message). */
export interface MessageCommand {
  data: RESTPostAPIContextMenuApplicationCommandsJSONBody;
  execute(interaction: MessageContextMenuCommandInteraction, services: BotServices): Promise<void>;
}

/**
 * The buttons, select menus and modals of one kind of custom id (custom-ids.ts): the router parses
 * the id (any version the bot ever wrote) and hands it, read, to the handler whose prefix is its
 * kind. The custom id names what they act on (a job, a pending record), never holds state of its
 * own, so a component pressed after a restart, or a week later, still works.
 */
export interface ComponentHandler<K extends CustomIdKind = CustomIdKind> {
  prefix: K;
  button?(interaction: ButtonInteraction, services: BotServices, id: CustomIdOf<K>): Promise<void>;
  select?(interaction: StringSelectMenuInteraction, services: BotServices, id: CustomIdOf<K>): Promise<void>;
  modal?(interaction: ModalSubmitInteraction, services: BotServices, id: CustomIdOf<K>): Promise<void>;
}

/** A handler of any one kind. */
export type AnyComponentHandler = { [K in CustomIdKind]: ComponentHandler<K> }[CustomIdKind];

/** Everything the router dispatches to. */
export interface BotInteractions {
  commands: readonly Command[];
  messageCommands: readonly MessageCommand[];
  components: readonly AnyComponentHandler[];
}

/**
 * A problem with what the member asked (bad input, quota, channel rules): shown to them as an
 * ephemeral message, not logged as a bug.
 */
export class UserError extends Error {
  override name = 'UserError';
  /** Rows shown beside the text (a refusal's top-up buttons); none by default. */
  readonly components: readonly APIActionRowComponent<APIComponentInMessageActionRow>[];

  constructor(
    message: string,
    components: readonly APIActionRowComponent<APIComponentInMessageActionRow>[] = [],
  ) {
    super(message);
    this.components = components;
  }
}

/** A short id that ties what a member is shown to the log line an admin looks for. */
export function newErrorId(): string {
  return randomBytes(4).toString('hex');
}
