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
 */
import { type Client, Events, type Guild, PermissionFlagsBits } from 'discord.js';
import type Keyv from 'keyv';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../log.ts';
import { formatUsd } from '../../money.ts';
import type { Period } from '../../quota/periods.ts';
import type { QuotaDefaults } from '../../quota/settings.ts';

/** A server the bot joined longer ago than this is not welcomed when first seen: it was there before. */
export const WELCOME_WINDOW_MS = 24 * 60 * 60_000;

/** What the store remembers of a server once handled. */
export interface WelcomeRecord {
  at: string;
  /** Where the welcome went; null when there was nowhere to post or it was not due. */
  channelId: string | null;
  outcome: 'posted' | 'no-channel' | 'no-permission' | 'joined-before' | 'failed';
}

const PER: Record<Period, string> = {
  daily: 'per day',
  weekly: 'per week',
  monthly: 'per month',
  total: 'in total',
};

/** The welcome's text (no mentions, no embed: it needs only Send Messages). */
export function welcomeText(botName: string, defaults: QuotaDefaults): string {
  const allowance =
    defaults.micros > 0
      ? `until admins set allowances, every member may spend the default, **${formatUsd(defaults.micros)} ${PER[defaults.period]}**, and nothing beyond it`
      : 'nothing is spent until admins set allowances: the default allowance is $0';
  return [
    `Hello! I'm ${botName}. Members make images and videos here with \`/imagine\` and \`/video\`; \`/models\` lists the models and their prices.`,
    `Every generation is paid from one shared prepaid balance, so each member spends only within an allowance: ${allowance}.`,
    'To start, anyone with the Manage Server permission can use:',
    '• `/quota default` — the allowance every member gets, and its period',
    '• `/quota budget` — a cap on the whole server’s spend per period',
    '• `/quota show` — the allowances and who has spent what',
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

/** Welcomes each server the store has not seen, as discord.js makes it known. */
export function listenForWelcomes(client: Client, options: WelcomeOptions): void {
  const inProgress = new Set<string>();
  const handle = (guild: Guild) => {
    // Two events for one server at once (a join during a reconnection) are one welcome.
    if (inProgress.has(guild.id)) return;
    inProgress.add(guild.id);
    welcome(guild, options)
      .catch((err: unknown) =>
        options.logger.error({ err, guildId: guild.id }, 'welcome: could not handle a new server'),
      )
      .finally(() => inProgress.delete(guild.id));
  };
  client.on(Events.GuildCreate, handle);
  client.on(Events.GuildAvailable, handle);
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
      content: welcomeText(guild.client.user.displayName, options.defaults),
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
