/**
 * Posts a server's moderation log lines (jobs/moderation-log.ts) by REST, so that any process can
 * post any server's line (on Redis the sweeping process may not hold the server's shard): the
 * channel is checked to be a text channel of the line's server, and the line goes out with its
 * nonce enforced, so a repeat after a crash is answered with the message Discord already made.
 */
import {
  type APIChannel,
  ChannelType,
  type Client,
  channelMention,
  DiscordAPIError,
  type RESTPostAPIChannelMessageJSONBody,
  Routes,
} from 'discord.js';
import { localizer } from '../../i18n/index.ts';
import { CannotPostThere, type ModerationLine, type ModerationPoster } from '../../jobs/moderation-log.ts';
import { renderModerationLine } from '../views/moderation-line.ts';
import { quotaCommandName } from '../views/quota-view.ts';
import { alertPoster } from './alert-channel.ts';

/** The channels a line can be posted in (what /quota moderation offers). */
const LOG_CHANNEL_TYPES: ReadonlySet<ChannelType> = new Set([
  ChannelType.GuildText,
  ChannelType.GuildAnnouncement,
]);

export function moderationPoster(client: Client<true>): ModerationPoster {
  const alert = alertPoster(client);
  return {
    async post(channelId: string, line: ModerationLine, nonce: string) {
      const channel = (await refusedForGood(() => client.rest.get(Routes.channel(channelId)))) as APIChannel;
      if (
        !LOG_CHANNEL_TYPES.has(channel.type) ||
        !('guild_id' in channel) ||
        channel.guild_id !== line.guildId
      ) {
        throw new CannotPostThere(`channel ${channelId} is not a text channel of server ${line.guildId}`);
      }
      const body: RESTPostAPIChannelMessageJSONBody = {
        content: renderModerationLine(line, localizer(line.locale)),
        allowed_mentions: { parse: [] },
        nonce,
        enforce_nonce: true,
      };
      await refusedForGood(() => client.rest.post(Routes.channelMessages(channelId), { body }));
    },
    tellCannotPost(target, logChannelId) {
      return alert(target, (l) =>
        l.t('moderation:cannotPost', {
          channel: channelMention(logChannelId),
          command: quotaCommandName(l, 'moderation'),
        }),
      );
    },
  };
}

/**
 * Discord's answers that a retry cannot change (any 4xx but a rate limit, which @discordjs/rest
 * waits out itself: an unknown channel, missing access or permissions) as CannotPostThere.
 */
async function refusedForGood<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof DiscordAPIError && err.status >= 400 && err.status < 500 && err.status !== 429) {
      throw new CannotPostThere(`Discord refused it (${err.status} ${err.code})`, { cause: err });
    }
    throw err;
  }
}
