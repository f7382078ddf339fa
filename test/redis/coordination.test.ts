import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { openCoordination } from '../../src/redis/coordination.ts';
import { StoreUnavailableError } from '../../src/store/open.ts';
import { startRedisServer, useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();

describe("the processes' coordination connection to Redis", () => {
  it('says the store cannot be reached when Redis is not there, without the password', async () => {
    const nowhere = `redis://:hunter2@127.0.0.1:${server.port + 1}`;
    const error = await openCoordination(nowhere, silentLogger).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect(String(error)).toContain('cannot reach Redis');
    expect(String(error)).not.toContain('hunter2');
  });

  it('fails a command at once while Redis is gone, rather than queueing it (callers fail closed)', async () => {
    const own = await startRedisServer();
    const coordination = await openCoordination(own.url, silentLogger);
    try {
      expect(await coordination.client.ping()).toBe('PONG');
      await own.stop();
      await expect.poll(() => coordination.client.isReady).toBe(false);
      await expect(coordination.client.ping()).rejects.toThrow();
    } finally {
      await coordination.close();
    }
  });
});
