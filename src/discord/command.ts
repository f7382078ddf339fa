/**
 * The shape of a slash command module in commands/: one definition that both the deploy
 * script and the router read, and its handlers.
 */
import { randomBytes } from 'node:crypto';
import type {
  AutocompleteInteraction,
  ButtonInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { BotServices } from './services.ts';

export interface Command {
  data: RESTPostAPIChatInputApplicationCommandsJSONBody;
  execute(interaction: ChatInputCommandInteraction, services: BotServices): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, services: BotServices): Promise<void>;
  /** Buttons whose custom id starts with `<command name>:`. */
  button?(interaction: ButtonInteraction, services: BotServices): Promise<void>;
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
