/**
 * Posts an alert (ops/alerts.ts) as the bot in a server's alert channel: a plain message that pings
 * nobody, in the server's language (its `preferredLocale`), since
 * every admin of the server reads it.
 */
import type { Client } from 'discord.js';
import { localizer } from '../../i18n/index.ts';
import type { AlertTarget, AlertText } from '../../ops/alerts.ts';

export function alertPoster(client: Client<true>): (target: AlertTarget, text: AlertText) => Promise<void> {
  return async ({ guildId, channelId }, text) => {
    const channel = await client.channels.fetch(channelId);
    // Only a channel of that server: settings name a channel id, never another server's.
    if (!channel || channel.isDMBased() || channel.guildId !== guildId || !channel.isSendable()) {
      throw new Error(`channel ${channelId} is not a channel of server ${guildId} that the bot can post in`);
    }
    const l = localizer(channel.guild.preferredLocale);
    await channel.send({ content: text(l), allowedMentions: { parse: [] } });
  };
}
