/**
 * One bot process per Redis store, for now: the quota is exact across processes, but the poller's
 * lease, the shared request budget and delivery claimed once per job are not wired in yet, so two
 * processes would both poll and each spend the token's 120 requests a minute. Like the SQLite
 * file's lock, a lease in Redis held while the process runs makes a second process refuse to start.
 * A process killed without stopping frees it when the lease lapses: a restart waits that long.
 */
import { createClient } from '@keyv/redis';
import type { Logger } from '../log.ts';
import { StoreUnavailableError } from '../store.ts';
import { Leadership } from './leadership.ts';
import { RedisLeases } from './lease.ts';

const LEASE = 'bot:one-process';

export interface OneProcessOptions {
  /** A dead holder frees the store after this long (wall ms). Default 15 s. */
  ttlMs?: number;
  /** How long a start waits for a dead holder's lease to lapse. Default ttlMs + 2 s. */
  waitMs?: number;
}

export interface StoreClaim {
  release(): Promise<void>;
}

/** Claims the Redis store for this process, or throws StoreUnavailableError when another holds it. */
export async function claimRedisStore(
  url: string,
  log: Logger,
  options: OneProcessOptions = {},
): Promise<StoreClaim> {
  const ttlMs = options.ttlMs ?? 15_000;
  const waitMs = options.waitMs ?? ttlMs + 2_000;
  let connected = false;
  const client = createClient({
    url,
    socket: {
      // At start a Redis that is not there is an answer (the bot stops and says so); later, a
      // dropped connection is retried, and the lease lapses if it stays down.
      reconnectStrategy: (retries: number, cause: Error) =>
        connected ? Math.min(100 * retries, 2_000) : cause,
    },
  });
  client.on('error', (err: unknown) => log.warn({ err }, 'store claim: Redis connection error'));
  await client.connect().catch((err: unknown) => {
    throw new StoreUnavailableError(`cannot reach Redis at ${shown(url)}: ${(err as Error).message}`);
  });
  connected = true;
  const close = async () => {
    if (client.isReady) await client.close();
    else if (client.isOpen) client.destroy();
  };
  const leadership = new Leadership({
    leases: new RedisLeases(client),
    name: LEASE,
    ttlMs,
    renewMs: Math.max(10, Math.floor(ttlMs / 3)),
    onChange: (holding) => {
      if (!holding)
        log.error(
          { store: shown(url) },
          'lost the claim on the Redis store (another process, or Redis unreachable)',
        );
    },
    logger: log,
  });
  await leadership.start();
  const deadline = Date.now() + waitMs;
  while (!leadership.leading && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(250, ttlMs / 4)));
  }
  if (!leadership.leading) {
    await leadership.stop();
    await close();
    throw new StoreUnavailableError(
      `another bot process is using the Redis store at ${shown(url)}; one process per store is supported for now`,
    );
  }
  return {
    async release() {
      await leadership.stop();
      await close();
    },
  };
}

/** The URL without a password, for messages and logs. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured Redis';
  }
}
