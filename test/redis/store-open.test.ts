/**
 * Opening the store on a Redis several bot processes share: each start writes and reads back a
 * probe value, and processes starting together must not read each other's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCheckedStore } from '../../src/store.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';

let server: RedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the Redis store opened by processes starting together', () => {
  it('passes every start’s write probe', async () => {
    const opened = await Promise.allSettled(Array.from({ length: 20 }, () => openCheckedStore(server.url)));
    const failed = opened.filter((o) => o.status === 'rejected');
    for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
    expect(failed).toEqual([]);
  });
});
