import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { RedisLeases } from '../../src/redis/lease.ts';
import { claimRedisStore } from '../../src/redis/one-process.ts';
import { StoreUnavailableError } from '../../src/store.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';

let server: RedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('one bot process per Redis store', () => {
  it('refuses a second process while the first runs, and lets one in once it stopped', async () => {
    const first = await claimRedisStore(server.url, silentLogger, { ttlMs: 1_000 });
    const second = claimRedisStore(server.url, silentLogger, { ttlMs: 1_000, waitMs: 300 });
    await expect(second).rejects.toThrow(StoreUnavailableError);
    await expect(second).rejects.toThrow(/another bot process is using the Redis store/);
    await first.release();
    const third = await claimRedisStore(server.url, silentLogger, { ttlMs: 1_000, waitMs: 300 });
    await third.release();
  });

  it('takes over from a process killed without stopping once its lease lapses', async () => {
    const client = createClient({ url: server.url });
    await client.connect();
    // What a killed process leaves: its lease, no longer renewed.
    await new RedisLeases(client).acquire('bot:one-process', 300, 'killed-process');
    const claim = await claimRedisStore(server.url, silentLogger, { ttlMs: 1_000, waitMs: 3_000 });
    await claim.release();
    await client.close();
  });

  it('says the store cannot be reached when Redis is not there, without the password', async () => {
    const nowhere = `redis://:hunter2@127.0.0.1:${server.port + 1}`;
    const error = await claimRedisStore(nowhere, silentLogger).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(String(error)).not.toContain('hunter2');
  });
});
