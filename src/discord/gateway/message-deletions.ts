/**
 * A message deleted in a server (by anyone: a moderator, the member, the bot's own Delete) takes its
 * results out of the web's gallery. The gateway says so (GuildMessages intent); the message itself
 * is not cached (cache-limits.ts), so it arrives as a partial that does not know its author, and is
 * passed on all the same: the index ignores ids it does not hold. One process hears each deletion:
 * the one holding the server's shard.
 */
import { type Client, Events, type Message, type PartialMessage } from 'discord.js';
import type { ResultsRecorder } from '../../results/recorder.ts';

export function listenForDeletions(client: Client, recorder: Pick<ResultsRecorder, 'messageDeleted'>): void {
  const deleted = (message: Message | PartialMessage) => {
    if (!message.guildId) return;
    // A whole message (seldom: none is cached) says whose it is: another's holds no result.
    if (!message.partial && message.author.id !== client.user?.id) return;
    // The recorder logs its own failures; a deletion is never waited on.
    void recorder.messageDeleted(message.guildId, message.id);
  };
  client.on(Events.MessageDelete, deleted);
  client.on(Events.MessageBulkDelete, (messages) => {
    for (const message of messages.values()) deleted(message);
  });
}
