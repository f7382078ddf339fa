/**
 * Where the bot's quota keeps its values, by STORE_URL: on Redis its own backend (transactions
 * over the Redis client that @keyv/redis uses), otherwise the store's keyv namespaces (undefined:
 * the quota service's default).
 */
import { createClient } from '@keyv/redis';
import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import { isRedisUrl } from '../store.ts';
import type { QuotaStateBackend } from './backend.ts';
import { RedisQuotaBackend } from './redis-backend.ts';

/** Connects to Redis when STORE_URL names it; the backend's close() also closes that client. */
export async function openQuotaBackend(
  storeUrl: string,
  options: { lock?: KeyedLock; log: Logger },
): Promise<QuotaStateBackend | undefined> {
  if (!isRedisUrl(storeUrl)) return undefined;
  const client = createClient({ url: storeUrl });
  // Without a listener a connection error would end the process; commands fail and are logged.
  client.on('error', (err: unknown) => options.log.error({ err }, 'quota: Redis connection error'));
  await client.connect();
  const backend = new RedisQuotaBackend({
    client,
    ...(options.lock ? { lock: options.lock } : {}),
    log: options.log,
  });
  return {
    plain: backend.plain,
    transaction: (guildId, fn) => backend.transaction(guildId, fn),
    async close() {
      await backend.close();
      await client.close();
    },
  };
}
