/**
 * The store's keyv namespaces on a redis-server that stops answering (SIGSTOP): a read already sent
 * fails instead of waiting for as long as the server is stopped, and once it answers again the
 * namespaces read and write as before.
 */
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.ts';
import { useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();

describe("the store's Redis connection", () => {
  it('fails a read sent to a paused server, and serves again once it runs', async () => {
    const store = await openStore(server.url);
    const jobs = store.namespace('jobs');
    try {
      await jobs.set('job:1', { step: 'done' });
      server.pause();
      // Sent on an open connection and never answered: only the stall guard ends it.
      await expect(jobs.get('job:1')).rejects.toThrow();
      server.resume();
      let back: unknown;
      const deadline = Date.now() + 15_000;
      while (back === undefined && Date.now() < deadline) {
        back = await jobs.get('job:1').catch(() => undefined);
        // The adapter opens the connection again on its next command.
        if (back === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(back).toEqual({ step: 'done' });
      // Every namespace shares the one connection.
      await store.namespace('intents').set('intent:1', { id: 1 });
      expect(await store.namespace('intents').get('intent:1')).toEqual({ id: 1 });
    } finally {
      server.resume();
      await store.close();
    }
  });
});
