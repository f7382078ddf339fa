import type { APIApplicationCommandInteractionDataOption } from 'discord.js';
/** Slash-command options as Discord sends them in an interaction (the tests' and the benchmark's). */
export const opt = {
  string: (name: string, value: string, focused = false) => ({
    name,
    type: 3,
    value,
    ...(focused ? { focused } : {}),
  }),
  integer: (name: string, value: number) => ({ name, type: 4, value }),
  boolean: (name: string, value: boolean) => ({ name, type: 5, value }),
  attachment: (name: string, id: string) => ({ name, type: 11, value: id }),
  /** A subcommand with its own options (type 1). */
  subcommand: (name: string, options: APIApplicationCommandInteractionDataOption[] = []) =>
    ({ name, type: 1, options }) as unknown as APIApplicationCommandInteractionDataOption,
  /** A subcommand group holding one of its subcommands (type 2). */
  group: (name: string, subcommand: APIApplicationCommandInteractionDataOption) =>
    ({ name, type: 2, options: [subcommand] }) as unknown as APIApplicationCommandInteractionDataOption,
} as const;
