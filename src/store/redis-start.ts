/**
 * The limits of the bot's Redis connections at start (STORE_URL=redis://…). A Redis that cannot be
 * reached, refuses the connection or the password is an answer, like a SQLite file that cannot be
 * written: the start stops within 10 s with one line (exit 2), never waiting for a server that may
 * come back. Once a connection has been up, a drop is retried as before.
 *
 * What is set here, and only here (issue 17 adds per-command timeouts to the running clients):
 * - the deadlines of the start's check (`checkRedisAtStart`, in redis-client.ts): one connection of
 *   its own that must connect and answer PING before any other is opened, with no reconnection;
 * - `startSocketOptions`: the socket options of every long-lived client opened at start: a connect
 *   timeout, and a reconnect strategy that gives up while the client has never been connected.
 *
 * The URL is shown through `shownRedisUrl` everywhere (errors, logs): its password is never written.
 * Nothing here loads the Redis client library (redis-client.ts does): every start imports this
 * module, a bot on SQLite too.
 */

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
