/**
 * What discord.js keeps in memory for this bot. By default it caches every member, user, message,
 * presence and emoji it ever sees, which grows with every server and every member who uses the
 * bot, for ever. The bot reads guilds (their ids, for the alerts), channels (to post in them) and
 * roles (a member's roles are read through the guild's), and the interacting member arrives with
 * each interaction; it never reads a cached message, member or user. So: guilds, channels and
 * roles as discord.js keeps them (the Guilds intent bounds them), the bot's own member and user
 * only, nothing else, and archived threads swept.
 */
import { type ClientOptions, Options } from 'discord.js';

export const CACHE_OPTIONS = {
  makeCache: Options.cacheWithLimits({
    // Messages, in channels and threads: fetched when needed (a failure report after a crash),
    // never kept.
    MessageManager: 0,
    GuildMessageManager: 0,
    DMMessageManager: 0,
    // Members and users: the bot's own (its permissions in a guild), no one else's.
    GuildMemberManager: { maxSize: 0, keepOverLimit: (member) => member.id === member.client.user?.id },
    UserManager: { maxSize: 0, keepOverLimit: (user) => user.id === user.client.user?.id },
    PresenceManager: 0,
    VoiceStateManager: 0,
    ThreadMemberManager: 0,
    ReactionManager: 0,
    ReactionUserManager: 0,
    GuildEmojiManager: 0,
    BaseGuildEmojiManager: 0,
    ApplicationEmojiManager: 0,
    GuildStickerManager: 0,
    GuildScheduledEventManager: 0,
    GuildInviteManager: 0,
    GuildBanManager: 0,
    StageInstanceManager: 0,
    AutoModerationRuleManager: 0,
    ApplicationCommandManager: 0,
    EntitlementManager: 0,
  }),
  sweepers: {
    // Threads the bot opened for failure reports, once archived (discord.js's default).
    ...Options.DefaultSweeperSettings,
  },
} satisfies Pick<ClientOptions, 'makeCache' | 'sweepers'>;
