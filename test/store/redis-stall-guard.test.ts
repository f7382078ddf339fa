/**
 * A Redis server that stops answering (SIGSTOP: the connection stays open, nothing comes back) must
 * not leave a command that was already sent waiting for ever: the guard drops the connection, the
 * command fails, and once the server answers again the connection is back.
 */
import { once } from 'node:events';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { guardAgainstStalls } from '../../src/store/redis-stall-guard.ts';
import { recordingLogger } from '../support/recording-logger.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';

let server: RedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  server.resume();
  await server?.stop();
});

const log = createLogger({ level: 'silent' });

describe('the stall guard', () => {
  it('fails a command sent to a paused server, and reconnects once it runs again', async () => {
    const client = createClient({ url: server.url, disableOfflineQueue: true });
    client.on('error', () => undefined);
    await client.connect();
    const unguard = guardAgainstStalls(client, { name: 'test', log, everyMs: 100, stallMs: 400 });
    try {
      await client.set('k', 'before');
      server.pause();
      // Sent at once (the connection is up), answered never: only the guard ends it, once a PING
      // has waited its 400 ms (checked every 100 ms; a generous margin for a loaded machine).
      const sentAt = performance.now();
      await expect(client.get('k')).rejects.toThrow();
      expect(performance.now() - sentAt).toBeLessThan(400 + 100 + 2_000);
      server.resume();
      while (!client.isReady) await once(client, 'ready');
      expect(await client.get('k')).toBe('before');
    } finally {
      server.resume();
      unguard();
      if (client.isOpen) client.destroy();
    }
  });

  it('leaves a server that answers alone', async () => {
    const client = createClient({ url: server.url, disableOfflineQueue: true });
    const errors: unknown[] = [];
    client.on('error', (err) => errors.push(err));
    await client.connect();
    // Pings every 20 ms, each answered at once; the stall bound is far above any hold-up of this
    // test's own event loop on a busy machine (a PING's answer is read only when the loop runs, so
    // a loop held up past the bound would look like a stalled server: 200 ms was within reach).
    const stallMs = 1_000;
    // A drop is logged: the connection is reopened at once, so the commands alone might not show it.
    const { logger, lines } = recordingLogger();
    const unguard = guardAgainstStalls(client, { name: 'test', log: logger, everyMs: 20, stallMs });
    try {
      // Longer than the bound, so that a guard that did not see the answers would have dropped it.
      const until = performance.now() + 2 * stallMs;
      for (let i = 0; performance.now() < until; i++) {
        await client.set(`n${i}`, String(i));
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await client.get('n19')).toBe('19');
      expect(errors).toEqual([]);
      expect(lines.map((l) => l.msg)).toEqual([]);
      expect(client.isReady).toBe(true);
    } finally {
      unguard();
      client.destroy();
    }
  });
});
