/**
 * The connect path of the bot's Redis connections at start (STORE_URL=redis://…). A Redis that
 * cannot be reached, refuses the connection or the password is an answer, like a SQLite file that
 * cannot be written: the start stops within 10 s with one line (exit 2), never waiting for a
 * server that may come back. Once a connection has been up, a drop is retried as before.
 *
 * What is set here, and only here (issue 17 adds per-command timeouts to the running clients):
 * - `checkRedisAtStart`: one connection of its own that must connect and answer PING before any
 *   other is opened, with no reconnection and a deadline;
 * - `startSocketOptions`: the socket options of every long-lived client opened at start: a connect
 *   timeout, and a reconnect strategy that gives up while the client has never been connected.
 *
 * The URL is shown through `shownRedisUrl` everywhere (errors, logs): its password is never written.
 */
import { createClient, type RedisClientType } from '@redis/client';

/** One attempt to open the TCP connection (node-redis's connectTimeout). */
export const START_CONNECT_TIMEOUT_MS = 4_000;
/**
 * The start's whole check of Redis: connect, authenticate, PING. Well inside the 10 s promised,
 * with the process's own start (2 to 3 s on a busy machine) before it.
 */
export const START_CHECK_DEADLINE_MS = 5_000;

/** The URL with its password replaced by `***`, for every message and log line. */
export function shownRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured Redis (STORE_URL)';
  }
}

/** The password in a Redis URL, for the logger to scrub wherever it might appear; undefined for none. */
export function redisPassword(url: string): string | undefined {
  if (!/^rediss?:\/\//.test(url)) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

/** A command not yet written to Redis within this long fails (wall ms). */
export const UNSENT_COMMAND_TIMEOUT_MS = 2_000;

/**
 * A client for one of the bot's long-lived connections. While Redis is unreachable a command fails
 * instead of waiting for the reconnection: money fails closed, and a member hears so within
 * Discord's deadline. `disableOfflineQueue` refuses commands issued while disconnected; the timeout
 * drops commands still unsent after it (one issued just as the connection died), never one already
 * sent (redis/stall-guard.ts deals with those). At start a Redis gone since the store's check stops
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
 * Socket options for a client opened at start: no endless retrying before its first connection
 * (the error ends `connect()`), a bounded backoff after it.
 */
export function startSocketOptions(connected: () => boolean) {
  return {
    connectTimeout: START_CONNECT_TIMEOUT_MS,
    reconnectStrategy: (retries: number, cause: Error) =>
      connected() ? Math.min(100 * retries, 2_000) : cause,
  };
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

/** `promise`, or a rejection saying nothing answered once `ms` have passed. */
export async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
