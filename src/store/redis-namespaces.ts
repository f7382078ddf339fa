/**
 * The store's namespaces on Redis (@keyv/redis), for open.ts, which loads this module with
 * `await import` only when STORE_URL names a Redis (redis-client.ts says why).
 */
import KeyvRedis from '@keyv/redis';
import Keyv from 'keyv';
import type { Logger } from '../log.ts';
import { longLivedClient } from './redis-client.ts';
import { guardAgainstStalls } from './redis-stall-guard.ts';
import { START_CONNECT_TIMEOUT_MS } from './redis-start.ts';

/**
 * Every namespace on one Redis connection, made here rather than by each adapter, so that its
 * commands have time limits like the quota's (redis-stall-guard.ts): while Redis is down a command
 * fails at once instead of waiting in an offline queue, one not yet written fails after a moment,
 * and one written to a server that stopped answering fails when the guard drops the connection.
 * The adapter opens it again on the next use (each attempt bounded by its connection timeout).
 */
export function redisStoreMaker(
  url: string,
  log: Pick<Logger, 'error' | 'warn' | 'info'>,
): { make(namespace: string): Keyv; close(): Promise<void> } {
  const client = longLivedClient(url);
  const unguard = guardAgainstStalls(client, {
    name: 'store',
    log,
    // The adapters open it again themselves, on their next command.
    reopen: false,
  });
  return {
    // The adapter swallows errors unless told not to: a failed read must not look like "nothing".
    make: (namespace) =>
      new Keyv({
        // connectionTimeout bounds each connection attempt (the start's check ran just before).
        store: new KeyvRedis(client, {
          throwOnErrors: true,
          throwOnConnectError: true,
          connectionTimeout: START_CONNECT_TIMEOUT_MS,
        }),
        namespace,
      }),
    async close() {
      unguard();
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
  };
}
