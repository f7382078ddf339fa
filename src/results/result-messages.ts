/**
 * A result's message in Discord as the web takes it down: deleted with the bot's own token (the
 * bot's own message, whatever its age, needs no permission). Implemented at the Discord edge; the
 * web only says which message.
 */

/** What a deletion found: the message deleted now, or already gone (Discord does not know it any more). */
export type MessageDeletion = 'deleted' | 'gone';

export interface ResultMessages {
  /**
   * Deletes the message. 'gone' when Discord answers that the message (or its channel) is unknown:
   * deleted already, by anyone. Throws when Discord refuses (no access to the channel) or fails:
   * the message is then as it was.
   */
  deleteMessage(channelId: string, messageId: string): Promise<MessageDeletion>;
}
