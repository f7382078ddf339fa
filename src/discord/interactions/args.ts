/**
 * Typed slash-command arguments derived from the command's own definition (in the spirit of
 * Naval-Base/yuudachi's `ArgsParam<typeof Command>`): a handler reads `args.seed`, not
 * `getInteger('seed')`, so renaming or retyping an option in the definition breaks the build
 * instead of silently reading null in production.
 */
import {
  ApplicationCommandOptionType,
  type Attachment,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
} from 'discord.js';
import { english, localizer } from '../../i18n/index.ts';
import { UserError } from './command.ts';
import { type CheckedDefinition, type Checking, optionProblem, type SentOption } from './option-checks.ts';

/**
 * A user option: the user, and their membership of the server when Discord sent it (it does for a
 * member of the server the command was run in; not for a user who left, nor in DMs), as discord.js's
 * `getUser` and `getMember` give them.
 */
export interface UserArg {
  user: NonNullable<CommandInteractionOption['user']>;
  member?: NonNullable<CommandInteractionOption['member']>;
}
/** A role option: the cached `Role`, or Discord's own role object when the guild is not cached. */
export type RoleArg = NonNullable<CommandInteractionOption['role']>;
/** A channel option: the cached channel, or the partial channel Discord resolved. */
export type ChannelArg = NonNullable<CommandInteractionOption['channel']>;
/** A mentionable option: a user (with their membership) or a role, as `getMentionable` gives it. */
export type MentionableArg = UserArg | RoleArg;

/**
 * The part of an option definition the types and the checks read (a `RESTPost…JSONBody` option
 * `as const`).
 */
export interface OptionDefinition extends CheckedDefinition {
  readonly options?: readonly OptionDefinition[];
}

/** The part of a command definition the types read. */
export interface CommandDefinition {
  readonly options?: readonly OptionDefinition[];
}

/** What a member gives for an option of this type. */
type ValueOf<T extends ApplicationCommandOptionType> = T extends ApplicationCommandOptionType.String
  ? string
  : T extends ApplicationCommandOptionType.Integer | ApplicationCommandOptionType.Number
    ? number
    : T extends ApplicationCommandOptionType.Boolean
      ? boolean
      : T extends ApplicationCommandOptionType.Attachment
        ? Attachment
        : T extends ApplicationCommandOptionType.User
          ? UserArg
          : T extends ApplicationCommandOptionType.Role
            ? RoleArg
            : T extends ApplicationCommandOptionType.Channel
              ? ChannelArg
              : T extends ApplicationCommandOptionType.Mentionable
                ? MentionableArg
                : never;

type Values<O extends readonly OptionDefinition[]> = {
  [D in O[number] as D['required'] extends true ? D['name'] : never]: ValueOf<D['type']>;
} & {
  [D in O[number] as D['required'] extends true ? never : D['name']]?: ValueOf<D['type']>;
};

type Subcommand = ApplicationCommandOptionType.Subcommand;
type SubcommandGroup = ApplicationCommandOptionType.SubcommandGroup;

/**
 * One arm per subcommand: `{ subcommand: 'motion'; args: {…} } | { subcommand: 'orbit'; … }`; a
 * group's arm holds its own subcommands' arms the same way: `{ subcommand: 'prompts'; args: {
 * subcommand: 'add'; args: { pattern: string } } | … }`.
 */
type SubcommandArms<O extends readonly OptionDefinition[]> = {
  [D in O[number] as D['type'] extends Subcommand | SubcommandGroup ? D['name'] : never]: {
    subcommand: D['name'];
    args: D['type'] extends SubcommandGroup
      ? SubcommandArgs<D['options'] extends readonly OptionDefinition[] ? D['options'] : []>
      : Values<D['options'] extends readonly OptionDefinition[] ? D['options'] : []>;
  };
};
type SubcommandArgs<O extends readonly OptionDefinition[]> = SubcommandArms<O>[keyof SubcommandArms<O>];

/**
 * The arguments of a command: its options by name (required ones always present), or, for a
 * command made of subcommands, a union discriminated by `subcommand` (a group's, nested the same way).
 */
export type ArgsParam<C extends CommandDefinition> = C['options'] extends readonly OptionDefinition[]
  ? Extract<C['options'][number], { type: Subcommand | SubcommandGroup }> extends never
    ? Values<C['options']>
    : SubcommandArgs<C['options']>
  : Record<string, never>;

/** Options that do not fit the command's definition: the member's text, and the same in English for the log. */
export class OptionRefusal extends UserError {
  /** The refusal in English, for the log (the member's own language may be any). */
  readonly reason: string;
  constructor(message: string, reason: string) {
    super(message);
    this.reason = reason;
  }
}

/** What the checks read of an interaction: its options as sent, and the member's locale. */
type Checked = {
  readonly options: { readonly data: readonly SentOption[] };
  readonly locale?: string | null;
};

/**
 * Checks the options sent against the definition (option-checks.ts): an OptionRefusal in the
 * member's language, naming the option, when they do not fit.
 */
export function checkOptions(interaction: Checked, definition: CommandDefinition, checking: Checking): void {
  const problem = optionProblem(interaction.options.data, definition.options ?? [], checking);
  if (!problem) return;
  const locale = interaction.locale ?? undefined;
  throw new OptionRefusal(problem(localizer(locale), locale), problem(english, undefined));
}

/**
 * Reads every option the definition names from the interaction, by the definition's types. The
 * router checked them against the same definition before any handler ran (checkOptions, once per
 * interaction), so what is read here fits it.
 */
export function readArgs<const C extends CommandDefinition>(
  interaction: Pick<ChatInputCommandInteraction, 'options'>,
  definition: C,
): ArgsParam<C> {
  const options = definition.options ?? [];
  const branches = options.filter(
    (o) =>
      o.type === ApplicationCommandOptionType.Subcommand ||
      o.type === ApplicationCommandOptionType.SubcommandGroup,
  );
  if (branches.length === 0) return readValues(interaction, options) as ArgsParam<C>;
  // The router's check found the group and the subcommand among the definition's.
  const name = interaction.options.getSubcommand(true);
  const group = interaction.options.getSubcommandGroup(false);
  if (group) {
    const chosen = branches.find((o) => o.name === group)?.options?.find((o) => o.name === name);
    return {
      subcommand: group,
      args: { subcommand: name, args: readValues(interaction, chosen?.options ?? []) },
    } as ArgsParam<C>;
  }
  const chosen = branches.find((o) => o.name === name);
  return { subcommand: name, args: readValues(interaction, chosen?.options ?? []) } as ArgsParam<C>;
}

function readValues(
  interaction: Pick<ChatInputCommandInteraction, 'options'>,
  definitions: readonly OptionDefinition[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const definition of definitions) {
    // discord.js hoists a subcommand's options, so `get` finds them by name as well.
    const option = interaction.options.get(definition.name, false);
    if (!option) continue;
    const value = optionValue(definition.type, option);
    if (value !== undefined) values[definition.name] = value;
  }
  return values;
}

function optionValue(type: ApplicationCommandOptionType, option: CommandInteractionOption): unknown {
  switch (type) {
    case ApplicationCommandOptionType.Attachment:
      return resolved(option, option.attachment);
    case ApplicationCommandOptionType.User:
      return userArg(option);
    case ApplicationCommandOptionType.Role:
      return resolved(option, option.role);
    case ApplicationCommandOptionType.Channel:
      return resolved(option, option.channel);
    case ApplicationCommandOptionType.Mentionable:
      // discord.js resolves a mentionable as a user (and member) or as a role, never both.
      return option.user ? userArg(option) : resolved(option, option.role);
    default:
      return option.value;
  }
}

function userArg(option: CommandInteractionOption): UserArg {
  const user = resolved(option, option.user);
  return option.member ? { user, member: option.member } : { user };
}

/** The object Discord resolved for an option, which checkOptions found there. */
function resolved<T>(option: CommandInteractionOption, value: T | null | undefined): T {
  if (value === undefined || value === null) {
    throw new Error(`option "${option.name}" names ${String(option.value)} without its resolved object`);
  }
  return value;
}
