import type { KeyedLock } from '../locks.ts';
import type { Logger } from '../log.ts';
import type { QuotaStateBackend } from '../quota/backend.ts';
import { isRedisUrl, StoreUnavailableError } from '../store/open.ts';
import { guardAgainstStalls } from '../store/redis-stall-guard.ts';
import { shownRedisUrl } from '../store/redis-start.ts';
import { closePromptly } from './coordination.ts';
import { RedisQuotaBackend } from './quota-backend.ts';

/** Connects to Redis when STORE_URL names it; the backend's close() also closes that client. */
export async function openQuotaBackend(
  storeUrl: string,
  options: { lock?: KeyedLock; log: Logger },
): Promise<QuotaStateBackend | undefined> {
  if (!isRedisUrl(storeUrl)) return undefined;
  // Loaded here only: a bot on SQLite never loads the Redis client (about 6 MB; store/redis-client.ts).
  const { longLivedClient } = await import('../store/redis-client.ts');
  // Commands fail rather than wait while Redis is unreachable (store/redis-start.ts).
  const client = longLivedClient(storeUrl);
  // Without a listener a connection error would end the process; commands fail and are logged.
  client.on('error', (err: unknown) => options.log.error({ err }, 'quota: Redis connection error'));
  await client.connect().catch((err: unknown) => {
    throw new StoreUnavailableError(
      `cannot reach Redis at ${shownRedisUrl(storeUrl)}: ${(err as Error).message}`,
    );
  });
  // A command already sent gets no timeout from node-redis: a stalled server drops the connection
  // instead (store/redis-stall-guard.ts), so that no quota operation, nor the guild's lock it holds,
  // waits for ever.
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
