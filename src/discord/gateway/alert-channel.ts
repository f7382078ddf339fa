/** Posts an alert (ops/alerts.ts) as the bot in a server's alert channel: a plain message that pings nobody. */
import type { Client } from 'discord.js';
import type { AlertTarget } from '../../ops/alerts.ts';

export function alertPoster(client: Client<true>): (target: AlertTarget, text: string) => Promise<void> {
  return async ({ guildId, channelId }, text) => {
    const channel = await client.channels.fetch(channelId);
    // Only a channel of that server: settings name a channel id, never another server's.
    if (!channel || channel.isDMBased() || channel.guildId !== guildId || !channel.isSendable()) {
      throw new Error(`channel ${channelId} is not a channel of server ${guildId} that the bot can post in`);
    }
    await channel.send({ content: text, allowedMentions: { parse: [] } });
  };
}
