/**
 * One welcome message when the bot joins a server, in the server's system channel when the bot may
 * post there (View Channel and Send Messages), else nowhere: what the bot does, that members spend
 * only within allowances (the default until admins set their own), and three /quota commands to
 * start with.
 *
 * "New" is what the store has not seen, not the event: Discord sends a GUILD_CREATE for every
 * server on every connection (discord.js: GuildAvailable at the start, GuildCreate for a join while
 * connected), so each server is remembered in the `welcome` namespace once it has been handled,
 * and a restart, a reconnection or a second invitation never welcomes it again. A server is
 * remembered before the post (a post that fails is logged and not tried again: never twice rather
 * than at least once). A server the store has not seen but that the bot joined long ago (the first
 * start of a bot that had no welcomes, or a store started afresh) is remembered without a welcome.
 *
 * The whole server reads it, so it is in the server's language: the guild's `preferredLocale`
 * (there is no interaction to tell it).
 */
import { type Client, Events, type Guild, PermissionFlagsBits } from 'discord.js';
import type Keyv from 'keyv';
import type { Clock } from '../../clock.ts';
import { type Localizer, localizer } from '../../i18n/index.ts';
import type { Logger } from '../../log.ts';
import type { QuotaDefaults } from '../../quota/settings.ts';
import { withDeadline } from '../../store/redis-start.ts';
import { perPeriod, quotaCommandName } from '../views/quota-view.ts';

/** A server the bot joined longer ago than this is not welcomed when first seen: it was there before. */
export const WELCOME_WINDOW_MS = 24 * 60 * 60_000;

/** What the store remembers of a server once handled. */
export interface WelcomeRecord {
  at: string;
  /** Where the welcome went; null when there was nowhere to post or it was not due. */
  channelId: string | null;
  outcome: 'posted' | 'no-channel' | 'no-permission' | 'joined-before' | 'failed';
}

/**
 * The welcome's text (no mentions, no embed: it needs only Send Messages), in the server's language,
 * with /quota's commands as that language's Discord names them.
 */
export function welcomeText(botName: string, defaults: QuotaDefaults, l: Localizer): string {
  return [
    l.t('welcome:hello', { bot: botName }),
    defaults.micros > 0
      ? l.t('welcome:allowance', { allowance: perPeriod(l, defaults.micros, defaults.period) })
      : l.t('welcome:noAllowance', { zero: 0 }),
    l.t('welcome:start'),
    l.t('welcome:default', { command: quotaCommandName(l, 'default') }),
    l.t('welcome:budget', { command: quotaCommandName(l, 'budget') }),
    l.t('welcome:show', { command: quotaCommandName(l, 'show') }),
  ].join('\n');
}

export interface WelcomeOptions {
  /** The store's `welcome` namespace: a WelcomeRecord by guild id. */
  keyv: Keyv;
  defaults: QuotaDefaults;
  clock: Clock;
  logger: Logger;
  windowMs?: number;
  /** Told when a server has been handled (tests wait on it). */
  onHandled?: (guildId: string, record: WelcomeRecord) => void;
}

/** Listening for new servers; `stop` ends it. */
export interface Welcomes {
  /**
   * Stops listening and waits, at most `graceMs`, for the welcomes in progress, so that a server
   * joined just before a stop is remembered as it went before the store closes. Otherwise its
   * record is written to a closed store and fails: the next start, finding no record, handles the
   * server again, or the record says `posted` for a post whose outcome was never known.
   */
  stop(graceMs: number): Promise<void>;
}

/** Welcomes each server the store has not seen, as discord.js makes it known. */
export function listenForWelcomes(client: Client, options: WelcomeOptions): Welcomes {
  const inProgress = new Map<string, Promise<void>>();
  const handle = (guild: Guild) => {
    // Two events for one server at once (a join during a reconnection) are one welcome.
    if (inProgress.has(guild.id)) return;
    const handling = welcome(guild, options)
      .catch((err: unknown) =>
        options.logger.error({ err, guildId: guild.id }, 'welcome: could not handle a new server'),
      )
      .finally(() => inProgress.delete(guild.id));
    inProgress.set(guild.id, handling);
  };
  client.on(Events.GuildCreate, handle);
  client.on(Events.GuildAvailable, handle);
  return {
    async stop(graceMs) {
      client.off(Events.GuildCreate, handle);
      client.off(Events.GuildAvailable, handle);
      if (inProgress.size === 0) return;
      // A welcome never rejects (its errors are logged above): a rejection here is the deadline.
      const late = await withDeadline(Promise.all(inProgress.values()), graceMs).then(
        () => false,
        () => true,
      );
      if (late) {
        options.logger.warn(
          { guildIds: [...inProgress.keys()], graceMs },
          'welcome: stopping with welcomes still in progress',
        );
      }
    },
  };
}

async function welcome(guild: Guild, options: WelcomeOptions): Promise<void> {
  const { keyv, logger } = options;
  const seen = await keyv.get<WelcomeRecord>(guild.id);
  if (seen !== undefined) {
    logger.debug({ guildId: guild.id, outcome: seen.outcome }, 'welcome: a server already handled');
    return;
  }
  const now = options.clock.now();
  const remember = async (record: Omit<WelcomeRecord, 'at'>) => {
    const full = { at: new Date(now).toISOString(), ...record };
    await keyv.set(guild.id, full);
    return full;
  };
  const done = (record: WelcomeRecord) => options.onHandled?.(guild.id, record);

  if (now - guild.joinedTimestamp > (options.windowMs ?? WELCOME_WINDOW_MS)) {
    logger.info(
      { guildId: guild.id, joinedAt: new Date(guild.joinedTimestamp).toISOString() },
      'welcome: a server joined before welcomes were kept; remembered without a welcome',
    );
    done(await remember({ channelId: null, outcome: 'joined-before' }));
    return;
  }
  const channel = guild.systemChannel;
  if (!channel) {
    logger.info({ guildId: guild.id }, 'welcome: the server has no system channel; no welcome posted');
    done(await remember({ channelId: null, outcome: 'no-channel' }));
    return;
  }
  const me = guild.members.me ?? (await guild.members.fetchMe());
  const needed = [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages];
  if (!channel.permissionsFor(me).has(needed)) {
    logger.info(
      { guildId: guild.id, channelId: channel.id },
      'welcome: the bot may not post in the system channel; no welcome posted',
    );
    done(await remember({ channelId: channel.id, outcome: 'no-permission' }));
    return;
  }
  // Remembered first: whatever happens to the post, the server is never welcomed twice.
  await remember({ channelId: channel.id, outcome: 'posted' });
  try {
    await channel.send({
      content: welcomeText(guild.client.user.displayName, options.defaults, localizer(guild.preferredLocale)),
      allowedMentions: { parse: [] },
    });
  } catch (err) {
    logger.warn(
      { err, guildId: guild.id, channelId: channel.id },
      'welcome: the post failed; not tried again',
    );
    done(await remember({ channelId: channel.id, outcome: 'failed' }));
    return;
  }
  logger.info({ guildId: guild.id, channelId: channel.id }, 'welcome: posted in the system channel');
  done({ at: new Date(now).toISOString(), channelId: channel.id, outcome: 'posted' });
}
