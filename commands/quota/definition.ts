/**
 * /quota's definition: its ten subcommands and their options, and the types each subcommand's
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
import type { BotServices } from '../../src/discord/interactions/services.ts';
import type { renderGuildOverview } from '../../src/discord/views/quota-view.ts';
import { isPeriod, PERIODS, type Period } from '../../src/quota/periods.ts';
import { DEFAULT_REPORT_DAYS, MAX_REPORT_DAYS } from '../../src/quota/spend-report.ts';

// Amounts are a STRING option parsed with parseUsdInput rather than a NUMBER option: a number
// option arrives as a double, so what the admin typed (`0.1`, `2.50001`, `1e3`) is lost before
// the "at most 4 decimals" rule can be checked, and Discord's min/max cannot express that rule.
// A string keeps the exact text and converts it to integer micro-USD with no float in between.
const usd = (description: string) =>
  ({
    type: ApplicationCommandOptionType.String,
    name: 'usd',
    description,
    required: true,
    max_length: 20,
  }) as const;

const periodChoices = PERIODS.map((p) => ({ name: p, value: p }));

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

/** Where alerts can be posted: channels that hold ordinary messages. */
const ALERT_CHANNEL_TYPES: ApplicationCommandOptionAllowedChannelType[] = [
  ChannelType.GuildText,
  ChannelType.GuildAnnouncement,
];

export const QuotaCommand = {
  type: ApplicationCommandType.ChatInput,
  name: 'quota',
  description: "Manage members' generation allowances, the server budget and allowed channels",
  // Who sees the command by default; checked again at run time (a server can change who sees it).
  default_member_permissions: String(PermissionFlagsBits.ManageGuild),
  contexts: [InteractionContextType.Guild],
  integration_types: [ApplicationIntegrationType.GuildInstall],
  options: [
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'set',
      description: "Set a member's own allowance (overrides roles and the default)",
      options: [
        { type: ApplicationCommandOptionType.User, name: 'user', description: 'The member', required: true },
        usd('Allowance in USD per period, e.g. 2.50 (at most 4 decimals)'),
        {
          type: ApplicationCommandOptionType.String,
          name: 'period',
          description: "The allowance's period (default: the server default's)",
          choices: periodChoices,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'role',
      description: "Set a role's allowance (per the default period)",
      options: [
        { type: ApplicationCommandOptionType.Role, name: 'role', description: 'The role', required: true },
        usd('Allowance in USD per default period, e.g. 5'),
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'default',
      description: "Set the server's default allowance and period",
      options: [
        usd('Allowance in USD per period for every member, e.g. 1'),
        {
          type: ApplicationCommandOptionType.String,
          name: 'period',
          description: 'When allowances reset (UTC); also the period of role allowances and the budget',
          required: true,
          choices: periodChoices,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'budget',
      description: 'Set the server budget per period for all members together (0 for none)',
      options: [usd('Budget in USD per default period, 0 for none')],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'confirm',
      description: 'Ask members to confirm requests that cost more than this (0 for never)',
      options: [usd('Confirm above this many USD per request, e.g. 0.50; 0 for never')],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'show',
      description: "Show a member's allowance and spend, or the server's overview",
      options: [
        {
          type: ApplicationCommandOptionType.User,
          name: 'user',
          description: 'The member (none: the server)',
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'reset',
      description: "Zero a member's spend for this period",
      options: [
        { type: ApplicationCommandOptionType.User, name: 'user', description: 'The member', required: true },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'channels',
      description: 'Where /imagine and /video may be used (an empty list means anywhere)',
      options: [
        {
          type: ApplicationCommandOptionType.String,
          name: 'action',
          description: 'Allow a channel, remove it from the list, or list the channels',
          required: true,
          choices: [
            { name: 'allow', value: 'allow' },
            { name: 'remove', value: 'remove' },
            { name: 'list', value: 'list' },
          ],
        },
        {
          type: ApplicationCommandOptionType.Channel,
          name: 'channel',
          description: 'The channel (for allow and remove)',
          channel_types: COMMAND_CHANNEL_TYPES,
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'alerts',
      description: 'Where the bot tells admins what needs acting on; nothing chosen shows the setting',
      options: [
        {
          type: ApplicationCommandOptionType.Channel,
          name: 'channel',
          description: 'The channel for alerts',
          channel_types: ALERT_CHANNEL_TYPES,
        },
        {
          type: ApplicationCommandOptionType.String,
          name: 'below',
          description: 'Alert when the shared balance falls below this many USD (0 for never), e.g. 5',
          max_length: 20,
        },
        {
          type: ApplicationCommandOptionType.Boolean,
          name: 'off',
          description: 'True: post no alerts any more',
        },
      ],
    },
    {
      type: ApplicationCommandOptionType.Subcommand,
      name: 'report',
      description: "The server's spend per day by member and by model (chart), with the ledger (CSV)",
      options: [
        {
          type: ApplicationCommandOptionType.Integer,
          name: 'days',
          description: `How many days back, today (UTC) included; default ${DEFAULT_REPORT_DAYS}`,
          min_value: 1,
          max_value: MAX_REPORT_DAYS,
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
export function parsePeriod(value: string): Period {
  if (!isPeriod(value))
    throw new UserError(`Unknown period "${value}": use daily, weekly, monthly or total.`);
  return value;
}
