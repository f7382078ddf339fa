/**
 * Which bot processes on one Redis run (redis/process-presence.ts), on a real redis-server: a
 * process is alive while it runs, not once it stopped or died (its lease lapsed), and when Redis
 * cannot say, the answer is "alive", so that nobody touches its submissions.
 */
import { createClient, type RedisClientType } from '@keyv/redis';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { RedisLeases } from '../../src/redis/lease.ts';
import { ProcessPresence } from '../../src/redis/process-presence.ts';
import { startRedisServer, useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();
const { closing } = server;

async function presenceOn(
  url: string,
  ttlMs = 300,
): Promise<{ presence: ProcessPresence; client: RedisClientType }> {
  const client = createClient({ url, disableOfflineQueue: true }) as RedisClientType;
  client.on('error', () => undefined);
  await client.connect();
  const presence = new ProcessPresence(new RedisLeases(client), silentLogger, ttlMs);
  closing.push(async () => {
    await presence.stop();
    if (client.isOpen) await client.close().catch(() => client.destroy());
  });
  return { presence, client };
}

describe('bot processes present on one Redis', () => {
  it('is alive while it runs, and not once it stopped', async () => {
    const a = await presenceOn(server.url);
    const b = await presenceOn(server.url);
    await a.presence.start();
    await b.presence.start();
    expect(await b.presence.alive(a.presence.id)).toBe(true);
    await a.presence.stop();
    expect(await b.presence.alive(a.presence.id)).toBe(false);
    // Its own submissions not in progress are its recovery's to resolve.
    expect(await b.presence.alive(b.presence.id)).toBe(false);
  });

  it('is not alive once a killed process lease lapsed', async () => {
    const a = await presenceOn(server.url);
    const b = await presenceOn(server.url);
    await a.presence.start();
    await b.presence.start();
    a.client.destroy();
    expect(await b.presence.alive(a.presence.id)).toBe(true);
    await expect.poll(() => b.presence.alive(a.presence.id), { timeout: 2_000 }).toBe(false);
  });

  it('answers alive when Redis cannot say', async () => {
    const own = await startRedisServer();
    const b = await presenceOn(own.url);
    await b.presence.start();
    await own.stop();
    await expect.poll(() => b.client.isReady).toBe(false);
    expect(await b.presence.alive('some-other-process')).toBe(true);
  });
});
