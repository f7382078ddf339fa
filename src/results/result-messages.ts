/**
 * A result's message in Discord as the web takes it down: deleted with the bot's own token (the
 * bot's own message, whatever its age, needs no permission). Implemented at the Discord edge; the
 * web only says which message.
 */

/** What a deletion found: the message deleted now, or already gone (Discord does not know it any more). */
export type MessageDeletion = 'deleted' | 'gone';

/**
 * Discord failed (a 5xx, a timeout) and then could not say whether the message is still there: it
 * may have been deleted. Not a refusal, which changes nothing.
 */
export class DeletionUnknown extends Error {
  override name = 'DeletionUnknown';
}

export interface ResultMessages {
  /**
   * Deletes the message. 'gone' when Discord answers that the message (or its channel) is unknown:
   * deleted already, by anyone, or by this very request when its answer failed. Throws when
   * Discord refuses (no access to the channel), or fails and the message is still there: the
   * message is then as it was. Throws DeletionUnknown when it fails and cannot be asked afterwards.
   */
  deleteMessage(channelId: string, messageId: string): Promise<MessageDeletion>;
}
