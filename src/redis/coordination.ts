/**
 * The connection through which bot processes on one Redis store coordinate: the shared request
 * budget, the poller's lease, delivery claims and the jobs' keyed lock. One client per process
 * (the quota keeps its own connections: its transactions WATCH per connection).
 *
 * At start a Redis that is not there is an answer (the bot stops and says so, like a store that
 * cannot be opened); later a dropped connection is retried. Commands are not queued while it is
 * down: they fail at once, so the budget is not granted (nothing is sent), a leader steps down and
 * a claim is not taken — everything that depends on Redis fails closed rather than waiting on it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { RedisClientType } from '@keyv/redis';
import type { Logger } from '../log.ts';
import { StoreUnavailableError } from '../store/open.ts';
import { guardAgainstStalls } from '../store/redis-stall-guard.ts';
import { shownRedisUrl } from '../store/redis-start.ts';

const CLOSE_WAIT_MS = 2_000;

export interface Coordination {
  client: RedisClientType;
  close(): Promise<void>;
}

export async function openCoordination(url: string, log: Logger): Promise<Coordination> {
  // Loaded here only: a bot on SQLite never loads the Redis client (about 6 MB; store/redis-client.ts).
  const { longLivedClient } = await import('../store/redis-client.ts');
  const client = longLivedClient(url);
  // Without a listener a connection error would end the process; the callers log what failed.
  client.on('error', (err: unknown) => log.warn({ err }, 'coordination: Redis connection error'));
  await client.connect().catch((err: unknown) => {
    throw new StoreUnavailableError(`cannot reach Redis at ${shownRedisUrl(url)}: ${(err as Error).message}`);
  });
  // Sent commands get a time limit too: a stalled server drops the connection
  // (store/redis-stall-guard.ts).
  const unguard = guardAgainstStalls(client, { name: 'coordination', log });
  return {
    client,
    close: () => {
      unguard();
      return closePromptly(client);
    },
  };
}

/**
 * Closes a Redis connection without hanging: close() waits for the server's answer, which a server
 * that just went away (and the client may not have noticed yet) never sends. It gets a moment,
 * then the socket is destroyed.
 */
export async function closePromptly(client: {
  readonly isReady: boolean;
  readonly isOpen: boolean;
  close(): Promise<unknown>;
  destroy(): void;
}): Promise<void> {
  if (client.isReady) {
    const timer = new AbortController();
    await Promise.race([
      client.close().catch(() => undefined),
      delay(CLOSE_WAIT_MS, undefined, { signal: timer.signal }).catch(() => undefined),
    ]);
    timer.abort();
  }
  if (client.isOpen) client.destroy();
}
