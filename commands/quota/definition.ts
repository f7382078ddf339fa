/**
 * /quota's definition: its ten subcommands and the group of prompt rules and their options, and the types each subcommand's
 * handler (sub/) is given, derived from it. Kept apart from index.ts (the dispatch) because the
 * handlers import these types and index.ts imports the handlers: files do not import each other in
 * a loop.
 */
import {
  type ApplicationCommandOptionAllowedChannelType,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ChannelType,
  type ChatInputCommandInteraction,
  InteractionContextType,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { ArgsParam } from '../../src/discord/interactions/args.ts';
import { UserError } from '../../src/discord/interactions/command.ts';
import { commandName, commandTexts, type Text } from '../../src/discord/interactions/locale.ts';
import type { BotServices } from '../../src/discord/interactions/services.ts';
import type { renderGuildOverview } from '../../src/discord/views/quota-view.ts';
import type { Localizer } from '../../src/i18n/index.ts';
import { isPeriod, PERIODS, type Period } from '../../src/quota/periods.ts';
import { MAX_PATTERN_LENGTH } from '../../src/quota/prompt-rules.ts';
import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS } from '../../src/quota/spend-report.ts';

// Amounts are a STRING option parsed with parseUsdInput rather than a NUMBER option: a number
// option arrives as a double, so what the admin typed (`0.1`, `2.50001`, `1e3`) is lost before
// the "at most 4 decimals" rule can be checked, and Discord's min/max cannot express that rule.
// A string keeps the exact text and converts it to integer micro-USD with no float in between.
const usd = (description: Text) =>
  ({
    type: ApplicationCommandOptionType.String,
    ...commandTexts((l) => l.t('quota:command.option.usd'), description),
    required: true,
    max_length: 20,
  }) as const;

const periodChoices = PERIODS.map((p) => ({
  ...commandName((l) => l.t(`quota:command.period.${p}`)),
  value: p,
}));

const period = (description: Text) =>
  ({
    type: ApplicationCommandOptionType.String,
    ...commandTexts((l) => l.t('quota:command.option.period'), description),
    choices: periodChoices,
  }) as const;

const member = {
  type: ApplicationCommandOptionType.User,
  ...commandTexts(
    (l) => l.t('quota:command.option.user'),
    (l) => l.t('quota:command.option.member'),
  ),
  required: true,
} as const;

/** A prompt rule as the admin types it (prompt-rules.ts reads it). */
const pattern = (description: Text) =>
  ({
    type: ApplicationCommandOptionType.String,
    ...commandTexts((l) => l.t('quota:command.option.pattern'), description),
    required: true,
    max_length: MAX_PATTERN_LENGTH,
  }) as const;

/** A SKU of the application's store, by its id (a snowflake). */
const sku = (description: Text) =>
  ({
    type: ApplicationCommandOptionType.String,
    ...commandTexts((l) => l.t('quota:command.option.sku'), description),
    required: true,
    min_length: 17,
    max_length: 20,
  }) as const;

/** Where a member can run a slash command; categories, forums and directories cannot hold one. */
const COMMAND_CHANNEL_TYPES: ApplicationCommandOptionAllowedChannelType[] = [
  ChannelType.GuildText,
  ChannelType.GuildAnnouncement,
  ChannelType.GuildVoice,
  ChannelType.GuildStageVoice,
  ChannelType.PublicThread,
  ChannelType.PrivateThread,
  ChannelType.AnnouncementThread,
];

/** Where alerts and the moderation log can be posted: channels that hold ordinary messages. */
const ALERT_CHANNEL_TYPES: ApplicationCommandOptionAllowedChannelType[] = [
  ChannelType.GuildText,
  ChannelType.GuildAnnouncement,
];

/** The channel the bot posts in (alerts, the moderation log). */
const postedIn = (description: Text) =>
  ({
    type: ApplicationCommandOptionType.Channel,
    ...commandTexts((l) => l.t('quota:command.option.channel'), description),
    channel_types: ALERT_CHANNEL_TYPES,
  }) as const;

/** `off:true`: stop posting (alerts, the moderation log). */
const turnOff = (description: Text) =>
  ({
    type: ApplicationCommandOptionType.Boolean,
    ...commandTexts((l) => l.t('quota:command.option.off'), description),
  }) as const;

export const QuotaCommand = {
  type: ApplicationCommandType.ChatInput,
  ...commandTexts(
    (l) => l.t('quota:command.name'),
    (l) => l.t('quota:command.description'),
  ),
  // Who sees the command by default; checked again at run time (a server can change who sees it).
  default_member_permissions: String(PermissionFlagsBits.ManageGuild),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.set.name'),
        (l) => l.t('quota:command.set.description'),
      ),
      options: [
        member,
        usd((l) => l.t('quota:command.set.usd')),
        period((l) => l.t('quota:command.set.period')),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.role.name'),
        (l) => l.t('quota:command.role.description'),
      ),
      options: [
        {
          type: ApplicationCommandOptionType.Role,
          ...commandTexts(
            (l) => l.t('quota:command.option.role'),
            (l) => l.t('quota:command.role.role'),
          ),
          required: true,
        },
        usd((l) => l.t('quota:command.role.usd')),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.default.name'),
        (l) => l.t('quota:command.default.description'),
      ),
      options: [
        usd((l) => l.t('quota:command.default.usd')),
        { ...period((l) => l.t('quota:command.default.period')), required: true },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.budget.name'),
        (l) => l.t('quota:command.budget.description'),
      ),
      options: [usd((l) => l.t('quota:command.budget.usd'))],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.confirm.name'),
        (l) => l.t('quota:command.confirm.description'),
      ),
      options: [usd((l) => l.t('quota:command.confirm.usd'))],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.show.name'),
        (l) => l.t('quota:command.show.description'),
      ),
      options: [
        {
          type: ApplicationCommandOptionType.User,
          ...commandTexts(
            (l) => l.t('quota:command.option.user'),
            (l) => l.t('quota:command.show.user'),
          ),
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.reset.name'),
        (l) => l.t('quota:command.reset.description'),
      ),
      options: [member],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.channels.name'),
        (l) => l.t('quota:command.channels.description'),
      ),
      options: [
        {
          type: ApplicationCommandOptionType.String,
          ...commandTexts(
            (l) => l.t('quota:command.option.action'),
            (l) => l.t('quota:command.channels.action'),
          ),
          required: true,
          choices: [
            { ...commandName((l) => l.t('quota:command.action.allow')), value: 'allow' },
            { ...commandName((l) => l.t('quota:command.action.remove')), value: 'remove' },
            { ...commandName((l) => l.t('quota:command.action.list')), value: 'list' },
          ],
        },
        {
          type: ApplicationCommandOptionType.Channel,
          ...commandTexts(
            (l) => l.t('quota:command.option.channel'),
            (l) => l.t('quota:command.channels.channel'),
          ),
          channel_types: COMMAND_CHANNEL_TYPES,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.alerts.name'),
        (l) => l.t('quota:command.alerts.description'),
      ),
      options: [
        postedIn((l) => l.t('quota:command.alerts.channel')),
        {
          type: ApplicationCommandOptionType.String,
          ...commandTexts(
            (l) => l.t('quota:command.option.below'),
            (l) => l.t('quota:command.alerts.below'),
          ),
          max_length: 20,
        },
        turnOff((l) => l.t('quota:command.alerts.off')),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.moderation.name'),
        (l) => l.t('quota:command.moderation.description'),
      ),
      options: [
        postedIn((l) => l.t('quota:command.moderation.channel')),
        turnOff((l) => l.t('quota:command.moderation.off')),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      ...commandTexts(
        (l) => l.t('quota:command.report.name'),
        (l) => l.t('quota:command.report.description'),
      ),
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          ...commandTexts(
            (l) => l.t('quota:command.option.days'),
            (l) => l.t('quota:command.report.days', { days: DEFAULT_REPORT_DAYS }),
          ),
          min_value: 1,
          max_value: MAX_REPORT_DAYS,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.SubcommandGroup,
      ...commandTexts(
        (l) => l.t('quota:command.prompts.name'),
        (l) => l.t('quota:command.prompts.description'),
      ),
      options: [
        {
          type: ApplicationCommandOptionType.Subcommand,
          ...commandTexts(
            (l) => l.t('quota:command.prompts.add.name'),
            (l) => l.t('quota:command.prompts.add.description'),
          ),
          options: [pattern((l) => l.t('quota:command.prompts.add.pattern'))],
        },
        {
          type: ApplicationCommandOptionType.Subcommand,
          ...commandTexts(
            (l) => l.t('quota:command.prompts.remove.name'),
            (l) => l.t('quota:command.prompts.remove.description'),
          ),
          options: [pattern((l) => l.t('quota:command.prompts.remove.pattern'))],
        },
        {
          type: ApplicationCommandOptionType.Subcommand,
          ...commandTexts(
            (l) => l.t('quota:command.prompts.list.name'),
            (l) => l.t('quota:command.prompts.list.description'),
          ),
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.SubcommandGroup,
      ...commandTexts(
        (l) => l.t('quota:command.topups.name'),
        (l) => l.t('quota:command.topups.description'),
      ),
      options: [
        {
          type: ApplicationCommandOptionType.Subcommand,
          ...commandTexts(
            (l) => l.t('quota:command.topups.set.name'),
            (l) => l.t('quota:command.topups.set.description'),
          ),
          options: [
            sku((l) => l.t('quota:command.topups.set.sku')),
            usd((l) => l.t('quota:command.topups.set.usd')),
          ],
        },
        {
          type: ApplicationCommandOptionType.Subcommand,
          ...commandTexts(
            (l) => l.t('quota:command.topups.remove.name'),
            (l) => l.t('quota:command.topups.remove.description'),
          ),
          options: [sku((l) => l.t('quota:command.topups.remove.sku'))],
        },
        {
          type: ApplicationCommandOptionType.Subcommand,
          ...commandTexts(
            (l) => l.t('quota:command.topups.list.name'),
            (l) => l.t('quota:command.topups.list.description'),
          ),
        },
      ],
    },
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

/** The arguments of /quota: one arm per subcommand. */
export type QuotaArgs = ArgsParam<typeof QuotaCommand>;
export type QuotaSubcommand = QuotaArgs['subcommand'];
/** The typed options of one subcommand, e.g. `SubcommandArgs<'set'>`. */
export type SubcommandArgs<S extends QuotaSubcommand> = Extract<QuotaArgs, { subcommand: S }>['args'];

/** /quota runs in servers only (checked before dispatch). */
export type GuildInteraction = ChatInputCommandInteraction & { guildId: string };

/** What a subcommand answers; index.ts sends it privately, mentioning no one. */
export type Answer = { content?: string; embeds?: ReturnType<typeof renderGuildOverview>[] };

/** A subcommand's handler: it reads or writes the store and says what to answer. */
export type SubcommandHandler<S extends QuotaSubcommand> = (
  interaction: GuildInteraction,
  args: SubcommandArgs<S>,
  services: BotServices,
) => Promise<Answer>;

/**
 * The period an admin chose. Discord offers only PERIODS as choices, but a modified client sends
 * what it likes.
 */
export function parsePeriod(value: string, l: Localizer): Period {
  if (!isPeriod(value)) throw new UserError(l.t('quota:unknownPeriod', { value }));
  return value;
}
