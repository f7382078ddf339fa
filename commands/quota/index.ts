/**
 * /quota: admins set allowances, the server budget, the channels where generating is allowed, and
 * where the bot posts alerts (ops/alerts.ts).
 */
import {
  type ApplicationCommandOptionAllowedChannelType,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ChannelType,
  type ChatInputCommandInteraction,
  channelMention,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  roleMention,
  userMention,
} from 'discord.js';
import { type Command, UserError } from '../../src/discord/command.ts';
import {
  describeChannels,
  describeReset,
  PER_PERIOD,
  parseAmount,
  renderGuildOverview,
  renderMemberSummary,
  requireManageGuild,
  roleIdsOf,
  THIS_PERIOD,
  TOP_SPENDERS,
} from '../../src/discord/quota-view.ts';
import type { BotServices } from '../../src/discord/services.ts';
import { storeStep } from '../../src/discord/store-reads.ts';
import { formatUsd } from '../../src/money.ts';
import { isPeriod, PERIODS, type Period } from '../../src/quota/periods.ts';
import { alertThreshold, type GuildSettings } from '../../src/quota/settings.ts';

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

const data = {
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
  ],
} as const satisfies RESTPostAPIChatInputApplicationCommandsJSONBody;

type GuildInteraction = ChatInputCommandInteraction & { guildId: string };

export const quota: Command = {
  data,
  async execute(interaction, services) {
    requireManageGuild(interaction, 'quota');
    const i = interaction as GuildInteraction;
    const sub = interaction.options.getSubcommand(true);
    const handler = Object.hasOwn(SUBCOMMANDS, sub) ? SUBCOMMANDS[sub] : undefined;
    if (!handler) throw new UserError(`/quota ${sub} is not known to the bot any more.`);
    // Every subcommand reads or writes the store before the one answer: within Discord's deadline,
    // or the store-fault refusal (a write that lands after it still counts, as any admin change).
    const answer = await storeStep(interaction, services.logger, `/quota ${sub}`, () => handler(i, services));
    await interaction.reply({ ...answer, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
  },
};

type Answer = { content?: string; embeds?: ReturnType<typeof renderGuildOverview>[] };

const SUBCOMMANDS: Record<string, (i: GuildInteraction, services: BotServices) => Promise<Answer>> = {
  async set(i, { quota }) {
    const user = i.options.getUser('user', true);
    if (user.bot) throw new UserError('Bots do not make generations; pick a member.');
    const micros = parseAmount(i.options.getString('usd', true));
    const period = readPeriod(i, false);
    await quota.setOverride(i.guildId, user.id, micros, period, i.user.id);
    const summary = await quota.summary({
      guildId: i.guildId,
      userId: user.id,
      roleIds: roleIdsOf(i.options.getMember('user')),
    });
    return {
      content: [
        `${userMention(user.id)} now has ${formatUsd(micros)} ${PER_PERIOD[summary.period]} of their own${period ? '' : ' (the server default period)'}; it takes precedence over role allowances and the default.`,
        `Spent ${THIS_PERIOD[summary.period]}: ${formatUsd(summary.spentMicros)} · left: ${formatUsd(Math.max(0, summary.remainingMicros))} · resets ${describeReset(summary.resetsAt)}.`,
      ].join('\n'),
    };
  },

  async role(i, { quota }) {
    const role = i.options.getRole('role', true);
    if (role.id === i.guildId) {
      throw new UserError('@everyone is every member: set the server default with /quota default instead.');
    }
    const micros = parseAmount(i.options.getString('usd', true));
    await quota.setRoleAllowance(i.guildId, role.id, micros, i.user.id);
    // Role allowances follow the default's period, which may come from the config.
    const { period } = await quota.guildOverview(i.guildId, { top: 0 });
    return {
      content: `Members with ${roleMention(role.id)} get ${formatUsd(micros)} ${PER_PERIOD[period]}, unless they have their own allowance. A member with several such roles gets the highest.`,
    };
  },

  async default(i, { quota }) {
    const micros = parseAmount(i.options.getString('usd', true));
    const period = readPeriod(i, true);
    await quota.setDefault(i.guildId, micros, period, i.user.id);
    return {
      content: `The server default allowance is now ${formatUsd(micros)} ${PER_PERIOD[period]}. Role allowances and the server budget use this period too; periods follow UTC.`,
    };
  },

  async budget(i, { quota }) {
    const micros = parseAmount(i.options.getString('usd', true));
    await quota.setBudget(i.guildId, micros, i.user.id);
    if (micros === 0)
      return { content: 'The server budget is off: members are limited by their own allowances only.' };
    const overview = await quota.guildOverview(i.guildId, { top: 0 });
    return {
      content: `The server budget is now ${formatUsd(micros)} ${PER_PERIOD[overview.period]} for all members together; ${formatUsd(overview.spentMicros)} is spent ${THIS_PERIOD[overview.period]}.`,
    };
  },

  async confirm(i, { quota }) {
    const micros = parseAmount(i.options.getString('usd', true));
    await quota.setConfirmThreshold(i.guildId, micros, i.user.id);
    if (micros === 0)
      return { content: 'Requests are sent at once, whatever they cost: no confirmation is asked.' };
    return {
      content: `Requests that cost more than ${formatUsd(micros)} now ask the member to confirm before anything is sent.`,
    };
  },

  async show(i, { quota, catalog }) {
    const user = i.options.getUser('user');
    if (!user) {
      const [overview, settings] = await Promise.all([
        quota.guildOverview(i.guildId, { top: TOP_SPENDERS }),
        quota.getSettings(i.guildId),
      ]);
      return { embeds: [renderGuildOverview(overview, settings)] };
    }
    const summary = await quota.summary({
      guildId: i.guildId,
      userId: user.id,
      roleIds: roleIdsOf(i.options.getMember('user')),
    });
    return {
      embeds: [
        renderMemberSummary(summary, {
          title: `Quota of ${user.username}`,
          labelOf: (slug) => catalog.get(slug)?.label ?? slug,
          mention: true,
        }),
      ],
    };
  },

  async reset(i, { quota }) {
    const user = i.options.getUser('user', true);
    const { adjustedMicros } = await quota.resetSpend(i.guildId, user.id, i.user.id);
    if (adjustedMicros === 0) {
      return {
        content: `${userMention(user.id)} has spent nothing this period: there was nothing to reset.`,
      };
    }
    return {
      content: `${userMention(user.id)}'s spend for this period is back to $0.0000 (it was ${formatUsd(-adjustedMicros)}). The ledger records the adjustment as yours.`,
    };
  },

  async channels(i, { quota }) {
    const action = i.options.getString('action', true);
    const channel = i.options.getChannel('channel');
    if (action === 'list') {
      return {
        content: `/imagine and /video can be used in: ${describeChannels(await quota.listChannels(i.guildId))}.`,
      };
    }
    if (!channel)
      throw new UserError(
        `Name the channel to ${action}, e.g. \`/quota channels action:${action} channel:#art\`.`,
      );
    if (action === 'allow') {
      const list = await quota.allowChannel(i.guildId, channel.id, i.user.id);
      return {
        content: `${channelMention(channel.id)} is allowed. /imagine and /video can now be used in: ${describeChannels(list)}. Elsewhere members are told where to go.`,
      };
    }
    if (action === 'remove') {
      const before = await quota.listChannels(i.guildId);
      if (!before.includes(channel.id)) {
        return {
          content: `${channelMention(channel.id)} was not on the list. Allowed: ${describeChannels(before)}.`,
        };
      }
      const list = await quota.removeChannel(i.guildId, channel.id, i.user.id);
      return {
        content:
          list.length === 0
            ? `${channelMention(channel.id)} is removed and the list is empty: /imagine and /video can be used in any channel.`
            : `${channelMention(channel.id)} is removed. /imagine and /video can be used in: ${describeChannels(list)}.`,
      };
    }
    throw new UserError(`Unknown action "${action}": use allow, remove or list.`);
  },

  async alerts(i, { quota }) {
    const channel = i.options.getChannel('channel');
    const below = i.options.getString('below');
    const off = i.options.getBoolean('off') === true;
    if (off && channel)
      throw new UserError('Choose either a channel or off:true, not both. Nothing was changed.');
    if (!off && !channel && below === null)
      return { content: describeAlerts(await quota.getSettings(i.guildId)) };
    const belowMicros = below === null ? undefined : parseAmount(below);
    const settings = await quota.setAlerts(
      i.guildId,
      { channelId: off ? null : channel?.id, ...(belowMicros === undefined ? {} : { belowMicros }) },
      i.user.id,
    );
    return { content: describeAlerts(settings) };
  },
};

/** What /quota alerts posts, for its answers. */
const ALERTS_LIST =
  "the service refusing the API token (401), the shared balance used up (402), and charges in the service's usage log that no ledger shows (checked every hour)";

function describeAlerts(settings: GuildSettings): string {
  const below = alertThreshold(settings);
  const low =
    below > 0
      ? `the shared balance falling below ${formatUsd(below)} (checked every hour)`
      : 'never the balance (the threshold is $0.0000)';
  if (!settings.alertChannelId) {
    return `Alerts are off. With \`/quota alerts channel:#channel\` the bot posts there: ${low}, ${ALERTS_LIST}.`;
  }
  return `Alerts go to ${channelMention(settings.alertChannelId)}: ${low}, ${ALERTS_LIST}. Turn them off with \`/quota alerts off:true\`.`;
}

function readPeriod(i: GuildInteraction, required: true): Period;
function readPeriod(i: GuildInteraction, required: false): Period | undefined;
function readPeriod(i: GuildInteraction, required: boolean): Period | undefined {
  const value = i.options.getString('period', required);
  if (value === null) return undefined;
  if (!isPeriod(value))
    throw new UserError(`Unknown period "${value}": use daily, weekly, monthly or total.`);
  return value;
}
