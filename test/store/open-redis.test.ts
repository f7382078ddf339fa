/**
 * The store's write probes on a Redis several bot processes share (at start, and /healthz's): each
 * writes and reads back a value, and processes probing together must not read each other's.
 */
import { describe, expect, it } from 'vitest';
import { HealthCheck } from '../../src/ops/health.ts';
import { openCheckedStore } from '../../src/store/open.ts';
import { useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();

describe('the Redis store opened by processes starting together', () => {
  it('passes every start’s write probe', async () => {
    const opened = await Promise.allSettled(Array.from({ length: 20 }, () => openCheckedStore(server.url)));
    const failed = opened.filter((o) => o.status === 'rejected');
    for (const o of opened) if (o.status === 'fulfilled') await o.value.close();
    expect(failed).toEqual([]);
  });
});

describe("/healthz's store probe of processes sharing one Redis", () => {
  it('finds the store writable in every process probing at the same time', async () => {
    const stores = await Promise.all([openCheckedStore(server.url), openCheckedStore(server.url)]);
    try {
      const checks = stores.map(
        (store) =>
          new HealthCheck({
            gatewayConnected: () => true,
            store: store.namespace('health'),
            catalogLoaded: () => true,
          }),
      );
      for (let round = 0; round < 20; round++) {
        const reports = await Promise.all(checks.map((c) => c.check()));
        expect(reports.map((r) => r.checks.store)).toEqual([{ ok: true }, { ok: true }]);
      }
    } finally {
      for (const store of stores) await store.close();
    }
  });
});
