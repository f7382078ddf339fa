/**
 * Every slash command's options checked against the command's own definition, in one place, before
 * any handler reads them (the router runs it for every command and every autocomplete).
 *
 * Discord checks what a member sends against the registered definition, but an interaction is
 * untrusted as a whole: a modified client, or commands deployed from other code than this. A text
 * where `count` is defined as a number reached the handler and was answered with the apology for a
 * bug. Here an option of another type, or whose value its definition does not allow (out of range,
 * too long, not one of its choices, a channel of a kind it does not take, a user or channel Discord
 * did not resolve), a required option missing, an option the definition does not have, or no
 * subcommand where the command has them, is one problem that names the option in the member's
 * language. A command is refused with it privately (nothing sent, charged or changed); an
 * autocomplete, which cannot carry a message, gets no choices.
 *
 * An autocomplete is partial input by design: the member is still typing, required options may be
 * missing and number options arrive as the text typed so far. Only what cannot be partial is
 * checked there: the names, the types, the subcommand, and one focused option that the definition
 * autocompletes.
 */
import { ApplicationCommandOptionType, type CommandInteractionOption } from 'discord.js';
import { houseList } from '../../catalog/validate.ts';
import type { Localizer } from '../../i18n/index.ts';

/** A choice of an option's definition. */
export interface ChoiceDefinition {
  readonly name: string;
  readonly name_localizations?: Partial<Record<string, string | null>> | null;
  readonly value: string | number;
}

/** What the checks read of an option's definition (a `RESTPost…JSONBody` option `as const`). */
export interface CheckedDefinition {
  readonly type: ApplicationCommandOptionType;
  readonly name: string;
  readonly name_localizations?: Partial<Record<string, string | null>> | null;
  readonly required?: boolean;
  readonly options?: readonly CheckedDefinition[];
  readonly choices?: readonly ChoiceDefinition[];
  readonly min_value?: number;
  readonly max_value?: number;
  readonly min_length?: number;
  readonly max_length?: number;
  readonly channel_types?: readonly number[];
  readonly autocomplete?: boolean;
}

/** What was sent, as discord.js hands it over untouched (`interaction.options.data`). */
export type SentOption = Pick<
  CommandInteractionOption,
  'name' | 'type' | 'value' | 'options' | 'focused' | 'user' | 'role' | 'channel' | 'attachment'
>;

/** A command is run with its values; an autocomplete carries what is typed so far. */
export type Checking = 'command' | 'autocomplete';

/** Why the options do not fit: the text, in the member's language, naming the option. */
export type OptionProblem = (l: Localizer, locale: string | undefined) => string;

/**
 * The first way the sent options do not fit the definition's, or undefined when they fit. `sent`
 * is the whole tree (`interaction.options.data`), the subcommand at its top when there is one.
 */
export function optionProblem(
  sent: readonly SentOption[],
  definitions: readonly CheckedDefinition[],
  checking: Checking,
): OptionProblem | undefined {
  const isBranch = (type: ApplicationCommandOptionType) =>
    type === ApplicationCommandOptionType.Subcommand || type === ApplicationCommandOptionType.SubcommandGroup;
  const branches = definitions.filter((d) => isBranch(d.type));
  if (branches.length === 0) return valuesProblem(sent, definitions, checking);
  // discord.js reads the first option as the subcommand (or its group) when it is one; anything
  // else beside or instead of it would leave the handlers reading options of no subcommand.
  const [chosen, ...rest] = sent;
  if (!chosen || rest.length > 0 || !isBranch(chosen.type)) {
    return (l) => l.t('actions:press.noSubcommand');
  }
  const definition = branches.find((d) => d.name === chosen.name && d.type === chosen.type);
  // Deployed commands newer or older than this code (not yet redeployed): the member is told.
  if (!definition) return (l) => l.t('actions:press.unknownSubcommand', { name: shownName(chosen.name) });
  // A group holds exactly one of its subcommands, checked as a command's would be.
  if (chosen.type === ApplicationCommandOptionType.SubcommandGroup) {
    const inner = definition.options ?? [];
    if (inner.some((d) => d.type !== ApplicationCommandOptionType.Subcommand)) return badOption(definition);
    return optionProblem(chosen.options ?? [], inner, checking);
  }
  return valuesProblem(chosen.options ?? [], definition.options ?? [], checking);
}

function valuesProblem(
  sent: readonly SentOption[],
  definitions: readonly CheckedDefinition[],
  checking: Checking,
): OptionProblem | undefined {
  const seen = new Set<string>();
  let focused = 0;
  for (const option of sent) {
    const definition = definitions.find((d) => d.name === option.name);
    // One the bot does not read would be dropped silently, and what the member asked for with it
    // (commands deployed from newer code) not done, yet charged.
    if (!definition) return (l) => l.t('actions:press.unknownOption', { name: shownName(option.name) });
    if (seen.has(option.name) || option.type !== definition.type) return badOption(definition);
    seen.add(option.name);
    if (checking === 'autocomplete') {
      if (option.focused) {
        focused += 1;
        if (definition.autocomplete !== true) return badOption(definition);
      }
      continue;
    }
    const problem = valueProblem(option, definition);
    if (problem) return problem;
  }
  if (checking === 'autocomplete') {
    // getFocused() reads exactly one; a handler given none or several would guess.
    return focused === 1 ? undefined : (l) => l.t('actions:press.noFocusedOption');
  }
  const missing = definitions.find((d) => d.required === true && !seen.has(d.name));
  return missing ? refusal(missing, (l, name) => l.t('actions:press.optionMissing', { name })) : undefined;
}

/** Whether one option's value is of its type and allowed by its definition. */
function valueProblem(option: SentOption, definition: CheckedDefinition): OptionProblem | undefined {
  const { value } = option;
  switch (definition.type) {
    case ApplicationCommandOptionType.Integer:
      if (!Number.isSafeInteger(value)) return badOption(definition);
      break;
    case ApplicationCommandOptionType.Number:
      if (!Number.isFinite(value)) return badOption(definition);
      break;
    case ApplicationCommandOptionType.String:
      if (typeof value !== 'string') return badOption(definition);
      break;
    case ApplicationCommandOptionType.Boolean:
      if (typeof value !== 'boolean') return badOption(definition);
      return undefined;
    case ApplicationCommandOptionType.User:
      // Discord sends the object of every user, role, channel and attachment it names: one missing
      // is not an option a handler can read.
      return option.user ? undefined : badOption(definition);
    case ApplicationCommandOptionType.Role:
      return option.role ? undefined : badOption(definition);
    case ApplicationCommandOptionType.Mentionable:
      return option.user || option.role ? undefined : badOption(definition);
    case ApplicationCommandOptionType.Attachment:
      return option.attachment ? undefined : badOption(definition);
    case ApplicationCommandOptionType.Channel: {
      if (!option.channel) return badOption(definition);
      const kinds = definition.channel_types;
      if (kinds && kinds.length > 0 && !kinds.includes(option.channel.type)) {
        return refusal(definition, (l, name) => l.t('actions:press.optionChannelKind', { name }));
      }
      return undefined;
    }
    default:
      return badOption(definition);
  }
  return (
    choiceProblem(value as string | number, definition) ?? boundsProblem(value as string | number, definition)
  );
}

function choiceProblem(value: string | number, definition: CheckedDefinition): OptionProblem | undefined {
  const { choices } = definition;
  if (!choices || choices.length === 0 || choices.some((c) => c.value === value)) return undefined;
  return refusal(definition, (l, name, locale) =>
    l.t('actions:press.optionChoice', {
      name,
      // As the member's Discord lists them, in their language.
      choices: houseList(
        l,
        choices.map((c) => (locale && c.name_localizations?.[locale]) || c.name),
        'disjunction',
      ),
    }),
  );
}

function boundsProblem(value: string | number, definition: CheckedDefinition): OptionProblem | undefined {
  if (typeof value === 'number') {
    const { min_value: min, max_value: max } = definition;
    if ((min === undefined || value >= min) && (max === undefined || value <= max)) return undefined;
    if (min !== undefined && max !== undefined) {
      return refusal(definition, (l, name) => l.t('actions:press.optionRange', { name, min, max }));
    }
    if (min !== undefined) {
      return refusal(definition, (l, name) => l.t('actions:press.optionAtLeast', { name, min }));
    }
    if (max !== undefined) {
      return refusal(definition, (l, name) => l.t('actions:press.optionAtMost', { name, max }));
    }
    return undefined;
  }
  // Characters as the bot counts them everywhere: code points (catalog/validate.ts, MAX_PROMPT_LENGTH).
  const length = [...value].length;
  const { min_length: min, max_length: max } = definition;
  if (max !== undefined && length > max) {
    return refusal(definition, (l, name) => l.t('actions:press.optionTooLong', { name, max, length }));
  }
  if (min !== undefined && length < min) {
    return refusal(definition, (l, name) => l.t('actions:press.optionTooShort', { name, min, length }));
  }
  return undefined;
}

function badOption(definition: CheckedDefinition): OptionProblem {
  return refusal(definition, (l, name) => l.t('actions:press.badOption', { name }));
}

/** A problem with this option, named as the member's Discord shows it (`anzahl` for `count` in German). */
function refusal(
  definition: CheckedDefinition,
  text: (l: Localizer, name: string, locale: string | undefined) => string,
): OptionProblem {
  return (l, locale) =>
    text(l, (locale && definition.name_localizations?.[locale]) || definition.name, locale);
}

/**
 * A name the client sent that the definition does not have, shown only when it could be one:
 * Discord's rule for names, without the backticks or markdown a made-up one could carry.
 */
function shownName(name: string): string {
  return /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u.test(name) ? name : '?';
}
