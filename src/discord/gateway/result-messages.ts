/**
 * The web's take-down of a result (results/result-messages.ts's port): DELETE
 * /channels/{channel}/messages/{message} with the bot's token, from any process, whichever shard
 * holds the server. Discord's 404 (an unknown message or channel) means deleted already; a refusal
 * (any other 4xx) changed nothing and is thrown as it is. A failure (5xx after discord.js's
 * retries, a timeout) may have deleted it, so the message is asked for: unknown now means gone.
 */
import { DiscordAPIError, type REST, Routes } from 'discord.js';
import { DeletionUnknown, type MessageDeletion, type ResultMessages } from '../../results/result-messages.ts';

const unknown = (err: unknown) => err instanceof DiscordAPIError && err.status === 404;

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
      if (unknown(err)) return 'gone';
      if (err instanceof DiscordAPIError && err.status < 500) throw err;
      return this.afterFailure(channelId, messageId, err);
    }
  }

  /** The DELETE failed: 'gone' when the message is unknown now, the failure when it is still there. */
  private async afterFailure(
    channelId: string,
    messageId: string,
    failure: unknown,
  ): Promise<MessageDeletion> {
    try {
      await this.rest.get(Routes.channelMessage(channelId, messageId));
    } catch (check) {
      if (unknown(check)) return 'gone';
      throw new DeletionUnknown(
        'Discord failed to delete the message and could not say whether it still exists',
        {
          cause: failure,
        },
      );
    }
    throw failure;
  }
}
