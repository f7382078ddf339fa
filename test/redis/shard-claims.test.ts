/**
 * One process per shard on one Redis (redis/shard-claims.ts), on a real redis-server: a start
 * whose shards another live process connects is refused, naming them, and holds nothing; a
 * stopped process frees its shards at once, a dead one when its leases lapse.
 */
import { createClient, type RedisClientType } from '@keyv/redis';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { RedisLeases } from '../../src/redis/lease.ts';
import { ShardClaims, ShardTakenError } from '../../src/redis/shard-claims.ts';
import { useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();
const { closing } = server;

/** A process's claims on its own connection; `ttlMs` short so that a dead one lapses quickly. */
async function processOn(db: number, ttlMs = 300) {
  const client = createClient({ url: `${server.url}/${db}`, disableOfflineQueue: true }) as RedisClientType;
  client.on('error', () => undefined);
  await client.connect();
  const claims = new ShardClaims(new RedisLeases(client), silentLogger, { ttlMs, waitMs: ttlMs / 2 });
  closing.push(async () => {
    await claims.release();
    if (client.isOpen) await client.close().catch(() => client.destroy());
  });
  return { claims, client };
}

describe('shards claimed on Redis', () => {
  it('refuses a start whose shard another process connects, naming it, and takes none of its other shards', async () => {
    const a = await processOn(1);
    const b = await processOn(1);
    const c = await processOn(1);
    await a.claims.claim([1], 3);
    await expect(b.claims.claim([0, 1], 3)).rejects.toThrow(
      new ShardTakenError(
        'shard 1 of 3 is connected by another bot process on this Redis. Give each process its own SHARD_IDS (the same SHARD_COUNT everywhere).',
      ),
    );
    // b let shard 0 go again: another process may take it.
    await c.claims.claim([0, 2], 3);
  });

  it('frees the shards of a stopped process at once, and those of a dead one when they lapse', async () => {
    const a = await processOn(2);
    await a.claims.claim([0], 1);
    await a.claims.release();
    const b = await processOn(2);
    await b.claims.claim([0], 1);
    // b dies: its connection goes without giving anything up; c's start waits for the lease to lapse.
    b.client.destroy();
    const c = await processOn(2, 300);
    const claimsC = new ShardClaims(new RedisLeases(c.client), silentLogger, { ttlMs: 300, waitMs: 2_000 });
    closing.push(() => claimsC.release());
    await claimsC.claim([0], 1);
  });
});
