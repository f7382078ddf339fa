/**
 * One process per shard on one Redis (redis/shard-claims.ts), on a real redis-server: a start
 * whose shards another live process connects is refused, naming them, and holds nothing; so is a
 * start on another shard count than live processes run, whatever its ids; a stopped process frees
 * its shards (and its count) at once, a dead one when its leases lapse.
 */
import { createClient, type RedisClientType } from '@keyv/redis';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { RedisLeases } from '../../src/redis/lease.ts';
import { ShardClaims, ShardTakenError } from '../../src/redis/shard-claims.ts';
import { SHARD_COUNT_KEY } from '../../src/redis/shard-count.ts';
import { useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();
const { closing } = server;

/** A process's claims on its own connection; `ttlMs` short so that a dead one lapses quickly. */
async function processOn(db: number, ttlMs = 300) {
  const client = createClient({ url: `${server.url}/${db}`, disableOfflineQueue: true }) as RedisClientType;
  client.on('error', () => undefined);
  await client.connect();
  const claims = new ShardClaims(new RedisLeases(client), client, silentLogger, { ttlMs, waitMs: ttlMs / 2 });
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
    const claimsC = new ShardClaims(new RedisLeases(c.client), c.client, silentLogger, {
      ttlMs: 300,
      waitMs: 2_000,
    });
    closing.push(() => claimsC.release());
    await claimsC.claim([0], 1);
  });

  const otherCount = (mine: number, theirs: number) =>
    new ShardTakenError(
      `SHARD_COUNT is ${mine} here, but the other bot processes on this Redis run ${theirs} shards: a server's shard depends on the count, so the same servers would be served twice. Start every process with the same SHARD_COUNT (to change it, stop them all first).`,
    );

  it('refuses a start on another shard count beside live processes, even on shard ids no one claims', async () => {
    const a = await processOn(3);
    const b = await processOn(3);
    await a.claims.claim([0], 2);
    await b.claims.claim([1], 2);
    // Shard 2 of 3 overlaps no claim of 0 and 1 of 2, yet would serve servers they serve.
    const c = await processOn(3);
    await expect(c.claims.claim([2], 3)).rejects.toThrow(otherCount(3, 2));
    // c holds nothing: neither its shard nor a place among the processes of a count.
    expect(await c.client.exists('lease:shard:2')).toBe(0);
    const entries = await c.client.hGetAll(SHARD_COUNT_KEY);
    expect(entries.count).toBe('2');
    expect(Object.keys(entries).filter((f) => f.startsWith('p:'))).toHaveLength(2);
    // Still refused while only one of the pair runs; a process on their count is welcome.
    await a.claims.release();
    await expect(c.claims.claim([2], 3)).rejects.toThrow(otherCount(3, 2));
    await a.claims.claim([0], 2);
  });

  it('lets only one of two processes starting at once on different counts run', async () => {
    const a = await processOn(4);
    const b = await processOn(4);
    const results = await Promise.allSettled([a.claims.claim([0], 2), b.claims.claim([2], 3)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((r) => r.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(ShardTakenError);
  });

  it('takes a new count once every process on the old one stopped, or died and lapsed', async () => {
    const a = await processOn(5);
    const b = await processOn(5);
    await a.claims.claim([0], 2);
    await b.claims.claim([1], 2);
    await a.claims.release();
    await b.claims.release();
    // Both stopped: the count went with the last of them, and 3 shards start at once.
    expect(await a.client.exists(SHARD_COUNT_KEY)).toBe(0);
    const c = await processOn(5);
    await c.claims.claim([0, 1, 2], 3);
    // c dies without a word; a start on 2 shards waits for its entry to lapse, then runs.
    c.client.destroy();
    const d = await processOn(5);
    const claimsD = new ShardClaims(new RedisLeases(d.client), d.client, silentLogger, {
      ttlMs: 300,
      waitMs: 2_000,
    });
    closing.push(() => claimsD.release());
    await claimsD.claim([0, 1], 2);
    expect((await d.client.hGetAll(SHARD_COUNT_KEY)).count).toBe('2');
  });
});
