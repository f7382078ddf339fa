/**
 * STORE_URL=redis://…: the store's namespaces on @keyv/redis, and the quota on its own Redis
 * backend over the same server, shared by every process that opens it.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/log.ts';
import { createQuota } from '../../src/quota/create.ts';
import { openQuotaBackend } from '../../src/redis/open-quota-backend.ts';
import { openCheckedStore } from '../../src/store/open.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { startRedisServer, useRedisServer } from '../support/redis-server.ts';
import { USD } from './harness.ts';

const server = useRedisServer();

describe('STORE_URL=redis://', () => {
  it('keeps namespaces apart on Redis and passes the start-up write check', async () => {
    const store = await openCheckedStore(server.url);
    const again = await openCheckedStore(server.url);
    try {
      await store.namespace('jobs').set('k', { n: 1 });
      expect(await again.namespace('jobs').get('k')).toEqual({ n: 1 });
      expect(await again.namespace('intents').get('k')).toBeUndefined();
    } finally {
      await store.close();
      await again.close();
    }
  });

  it('opens the quota on Redis, one set of figures for every process', async () => {
    const clock = new ManualClock('2024-05-15T12:00:00.000Z');
    const defaults = { micros: 1 * USD, period: 'daily' as const };
    const open = async () => {
      const store = await openCheckedStore(server.url);
      const backend = await openQuotaBackend(server.url, { log: silentLogger });
      if (!backend) throw new Error('expected a Redis quota backend');
      const { service: quota, ledger } = createQuota({ store, clock, defaults, backend });
      const close = async () => {
        await backend.close();
        await store.close();
      };
      return { quota, ledger, store, close };
    };
    const [a, b] = [await open(), await open()];
    try {
      const member = { guildId: 'g-store', userId: 'u1', roleIds: [] };
      const r = await a.quota.reserve({ ...member, model: 'img', quoteMicros: 0.4 * USD });
      expect(r.ok).toBe(true);
      expect((await b.quota.summary(member)).reservedMicros).toBe(0.4 * USD);
      expect(await a.ledger.latest('g-store')).toHaveLength(1);
      // The quota's values are the backend's own keys, not the keyv namespaces'.
      expect(await a.store.namespace('quota').get('guild:g-store')).toBeUndefined();
      expect(await a.store.namespace('quota-ledger').get('g-store:000000000001')).toBeUndefined();
    } finally {
      await a.close();
      await b.close();
    }
    expect(await openQuotaBackend('sqlite://data/x.sqlite', { log: silentLogger })).toBeUndefined();
  });

  it('refuses quota operations while Redis is unreachable instead of waiting for it to return', async () => {
    const lonely = await startRedisServer();
    const backend = await openQuotaBackend(lonely.url, { log: silentLogger });
    if (!backend) throw new Error('expected a Redis quota backend');
    const store = await openCheckedStore('memory://');
    const { service: quota } = createQuota({
      store,
      clock: new ManualClock('2024-05-15T12:00:00.000Z'),
      defaults: { micros: 1 * USD, period: 'daily' },
      backend,
    });
    const member = { guildId: 'g-down', userId: 'u1', roleIds: [] };
    try {
      expect((await quota.reserve({ ...member, model: 'img', quoteMicros: 0.1 * USD })).ok).toBe(true);
      await lonely.stop();
      // Rejected (a store error to the caller), not queued until Redis comes back.
      await expect(quota.reserve({ ...member, model: 'img', quoteMicros: 0.1 * USD })).rejects.toThrow();
      await expect(quota.summary(member)).rejects.toThrow();
    } finally {
      await backend.close();
      await store.close();
    }
  });
});
