/**
 * Where the bot's quota keeps its values, by STORE_URL: on Redis its own backend (transactions
 * over the Redis client that @keyv/redis uses), otherwise the store's keyv namespaces (undefined:
 * the quota service's default).
 */
import { createClient } from '@keyv/redis';
import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import type { QuotaStateBackend } from '../quota/backend.ts';
import { isRedisUrl, StoreUnavailableError } from '../store.ts';
import { closePromptly } from './coordination.ts';
import { RedisQuotaBackend } from './quota-backend.ts';
import { guardAgainstStalls } from './stall-guard.ts';
import { shownRedisUrl, startSocketOptions } from './start.ts';

const UNSENT_COMMAND_TIMEOUT_MS = 2_000;

/** Connects to Redis when STORE_URL names it; the backend's close() also closes that client. */
export async function openQuotaBackend(
  storeUrl: string,
  options: { lock?: KeyedLock; log: Logger },
): Promise<QuotaStateBackend | undefined> {
  if (!isRedisUrl(storeUrl)) return undefined;
  // While Redis is unreachable a command fails instead of waiting for the reconnection: money
  // fails closed, and the member hears so within Discord's deadline. disableOfflineQueue refuses
  // commands issued while disconnected; the timeout drops commands still unsent after it (one
  // issued just as the connection died), never one already sent, so an EXEC is not half-known.
  let connected = false;
  const client = createClient({
    url: storeUrl,
    disableOfflineQueue: true,
    commandOptions: { timeout: UNSENT_COMMAND_TIMEOUT_MS },
    // At start a Redis gone since the store's check stops the start; later a drop is retried.
    socket: startSocketOptions(() => connected),
  });
  // Without a listener a connection error would end the process; commands fail and are logged.
  client.on('error', (err: unknown) => options.log.error({ err }, 'quota: Redis connection error'));
  await client.connect().catch((err: unknown) => {
    throw new StoreUnavailableError(
      `cannot reach Redis at ${shownRedisUrl(storeUrl)}: ${(err as Error).message}`,
    );
  });
  connected = true;
  // A command already sent gets no timeout from node-redis: a stalled server drops the connection
  // instead (stall-guard.ts), so that no quota operation, nor the guild's lock it holds, waits for ever.
  const unguard = guardAgainstStalls(client, { name: 'quota', log: options.log });
  const backend = new RedisQuotaBackend({
    client,
    ...(options.lock ? { lock: options.lock } : {}),
    log: options.log,
  });
  return {
    plain: backend.plain,
    transaction: (guildId, fn) => backend.transaction(guildId, fn),
    async close() {
      unguard();
      await backend.close();
      await closePromptly(client);
    },
  };
}
