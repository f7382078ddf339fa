/**
 * The web's take-down of a result (results/result-messages.ts's port): DELETE
 * /channels/{channel}/messages/{message} with the bot's token, from any process, whichever shard
 * holds the server. Discord's 404 (an unknown message or channel) means deleted already; anything
 * else it refuses is thrown as it is.
 */
import { DiscordAPIError, type REST, Routes } from 'discord.js';
import type { MessageDeletion, ResultMessages } from '../../results/result-messages.ts';

export class DiscordResultMessages implements ResultMessages {
  private readonly rest: REST;

  constructor(rest: REST) {
    this.rest = rest;
  }

  async deleteMessage(channelId: string, messageId: string): Promise<MessageDeletion> {
    try {
      await this.rest.delete(Routes.channelMessage(channelId, messageId));
      return 'deleted';
    } catch (err) {
      if (err instanceof DiscordAPIError && err.status === 404) return 'gone';
      throw err;
    }
  }
}
