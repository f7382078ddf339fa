/**
 * The bot's Redis clients, with the limits of redis-start.ts: `checkRedisAtStart`'s connection of
 * its own, and `longLivedClient` for the store, the quota and the coordination.
 *
 * With redis-namespaces.ts (the store's namespaces on @keyv/redis), the only module that loads the
 * Redis client library at run time; the others import its types only. Both are reached through
 * `await import` once STORE_URL names a Redis: a bot on SQLite never loads the library
 * (@redis/client's 423 files, about 6 MB of resident memory and 2.7 MB of heap at start).
 */
import { createClient, type RedisClientType } from '@redis/client';
import {
  START_CHECK_DEADLINE_MS,
  START_CONNECT_TIMEOUT_MS,
  startSocketOptions,
  UNSENT_COMMAND_TIMEOUT_MS,
  withDeadline,
} from './redis-start.ts';

/**
 * A client for one of the bot's long-lived connections. While Redis is unreachable a command fails
 * instead of waiting for the reconnection: money fails closed, and a member hears so within
 * Discord's deadline. `disableOfflineQueue` refuses commands issued while disconnected; the timeout
 * drops commands still unsent after it (one issued just as the connection died), never one already
 * sent (redis-stall-guard.ts deals with those). At start a Redis gone since the store's check stops
 * the start; once it has been up, a drop is retried.
 */
export function longLivedClient(url: string): RedisClientType {
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: UNSENT_COMMAND_TIMEOUT_MS },
    socket: startSocketOptions(() => connected),
  }) as RedisClientType;
  client.on('ready', () => {
    connected = true;
  });
  return client;
}

/**
 * Connects once, authenticates (the URL's user and password) and asks PING; throws with the reason
 * when any of it fails or takes longer than the deadline. The reason is Redis's or the socket's
 * own (ECONNREFUSED, WRONGPASS…), which never holds the password.
 */
export async function checkRedisAtStart(url: string, deadlineMs = START_CHECK_DEADLINE_MS): Promise<void> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: START_CONNECT_TIMEOUT_MS, reconnectStrategy: false },
  });
  // The failure is connect()'s or ping()'s rejection; the event would otherwise end the process.
  client.on('error', () => undefined);
  try {
    await withDeadline(
      (async () => {
        await client.connect();
        const answer = await client.ping();
        if (answer !== 'PONG') throw new Error(`PING answered ${String(answer)}`);
      })(),
      deadlineMs,
    );
  } finally {
    if (client.isOpen) client.destroy();
  }
}
