/**
 * A take-down in the audit log (src/quota/take-downs.ts), on a real SQLite file and a real
 * redis-server: recorded as `take-down` with who, where, whose result and in which channel,
 * changing no rule and no money; recorded once per message however many try (again, at once, from
 * two processes on Redis), the later ones handed the first's record; found again by each result the
 * message held.
 */
import { randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { describe, expect, it } from 'vitest';
import { createQuota } from '../../src/quota/create.ts';
import type { TakeDown } from '../../src/quota/take-downs.ts';
import { RedisQuotaBackend } from '../../src/redis/quota-backend.ts';
import { openStore } from '../../src/store/open.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { BACKENDS, closeHarnessesAfterEach, openHarness, sharedRedis, USD } from './harness.ts';

closeHarnessesAfterEach();

const G = '100000000000000001';
const ALICE = '200000000000000001';
const ADMIN = '300000000000000001';
const OTHER_ADMIN = '300000000000000002';
const CHANNEL = '400000000000000001';
const MESSAGE = '500000000000000001';

const fox = (over: Partial<TakeDown> = {}): TakeDown => ({
  by: ADMIN,
  via: 'web',
  generationId: 'gen-fox',
  messageId: MESSAGE,
  channelId: CHANNEL,
  authorId: ALICE,
  prompt: `a fox ${'very '.repeat(40)}red\nsecond line`,
  ...over,
});

describe.each(BACKENDS)('a take-down on %s', (backend) => {
  it('is an audit record of its own: who, where, whose result, where it was; no rule and no money change', async () => {
    const h = await openHarness({ backend });
    await h.admin.setBudget(G, 5 * USD, ADMIN);
    const settingsBefore = await h.admin.getSettings(G);
    const ledgerBefore = await h.ledger.latest(G, 50);

    const done = await h.admin.recordTakeDown(G, fox());
    expect(done.recorded).toBe(true);
    const page = await h.admin.auditPage(G);
    expect(page.records.map((r) => [r.n, r.action, r.via, r.by])).toEqual([
      [2, 'take-down', 'web', ADMIN],
      [1, 'set-budget', 'command', ADMIN],
    ]);
    const record = page.records[0];
    expect(record).toEqual(done.record);
    expect(record?.field).toBeUndefined();
    expect(record?.detail).toEqual({
      generationId: 'gen-fox',
      messageId: MESSAGE,
      channelId: CHANNEL,
      authorId: ALICE,
      // The first line only, at most 100 characters.
      prompt: `${`a fox ${'very '.repeat(40)}`.slice(0, 99)}…`,
    });
    expect(await h.admin.getSettings(G)).toEqual(settingsBefore);
    expect(await h.ledger.latest(G, 50)).toEqual(ledgerBefore);
  });

  it('is recorded once per message: again, at once, or for another take of the same message', async () => {
    const h = await openHarness({ backend });
    const [one, two] = await Promise.all([
      h.admin.recordTakeDown(G, fox()),
      h.admin.recordTakeDown(G, fox({ by: OTHER_ADMIN, via: 'command' })),
    ]);
    expect([one.recorded, two.recorded].sort()).toEqual([false, true]);
    expect(one.record).toEqual(two.record);
    const again = await h.admin.recordTakeDown(G, fox({ generationId: 'gen-fox-take-2' }));
    expect(again).toEqual({ recorded: false, record: one.record });
    expect((await h.admin.auditPage(G)).records).toHaveLength(1);

    // Another message is another take-down.
    const other = await h.admin.recordTakeDown(
      G,
      fox({ messageId: '500000000000000002', generationId: 'gen-owl' }),
    );
    expect(other.recorded).toBe(true);
    expect((await h.admin.auditPage(G)).records.map((r) => r.n)).toEqual([2, 1]);
  });

  it("is found again by each result the message held, and by nothing of another server's", async () => {
    const h = await openHarness({ backend });
    expect(await h.admin.takeDownOf(G, 'gen-fox')).toBeUndefined();
    const { record } = await h.admin.recordTakeDown(G, fox({ takes: ['gen-fox-take-2', 'gen-fox'] }));
    expect(await h.admin.takeDownOf(G, 'gen-fox')).toEqual(record);
    expect(await h.admin.takeDownOf(G, 'gen-fox-take-2')).toEqual(record);
    expect(await h.admin.takeDownOf('100000000000000002', 'gen-fox')).toBeUndefined();
    expect(await h.admin.takeDownOf(G, 'gen-owl')).toBeUndefined();
  });
});

describe('two processes on Redis taking down the same message at once', () => {
  it('record it once, and both are handed that record', async () => {
    const server = await sharedRedis();
    const prefix = `takedown-${randomUUID()}:`;
    const open = async () => {
      const client = createClient({ url: server.url });
      await client.connect();
      const backend = new RedisQuotaBackend({ client, prefix });
      const store = await openStore('memory://');
      const { admin } = createQuota({
        store,
        clock: new ManualClock('2024-05-15T12:00:00.000Z'),
        defaults: { micros: USD, period: 'daily' },
        backend,
      });
      return {
        admin,
        async close() {
          await backend.close();
          await store.close();
          await client.close();
        },
      };
    };
    const [a, b] = await Promise.all([open(), open()]);
    try {
      const results = await Promise.all([
        a.admin.recordTakeDown(G, fox()),
        b.admin.recordTakeDown(G, fox({ by: OTHER_ADMIN })),
        a.admin.recordTakeDown(G, fox()),
        b.admin.recordTakeDown(G, fox({ by: OTHER_ADMIN, via: 'command' })),
      ]);
      expect(results.filter((r) => r.recorded)).toHaveLength(1);
      expect(new Set(results.map((r) => JSON.stringify(r.record))).size).toBe(1);
      expect((await a.admin.auditPage(G)).records).toHaveLength(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
