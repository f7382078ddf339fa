/**
 * The quota on a redis-server that stops answering (SIGSTOP): a transaction already under way fails
 * instead of waiting for ever with the server's lock held, the next ones fail too while it is
 * stopped, and once it runs again the quota works as before, with exact figures.
 */
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { silentLogger } from '../../src/log.ts';
import type { QuotaStateBackend } from '../../src/quota/backend.ts';
import { createQuota } from '../../src/quota/create.ts';
import { openQuotaBackend } from '../../src/redis/open-quota-backend.ts';
import { openStore } from '../../src/store/open.ts';
import { useRedisServer } from '../support/redis-server.ts';

const server = useRedisServer();

const member = { guildId: '1', userId: '2', roleIds: [] as string[] };
const input = { ...member, model: 'img', quoteMicros: 20_000 };

describe('the quota on a stalled Redis', () => {
  it('fails the reservations while Redis is stopped, and reserves exactly once it answers again', async () => {
    const backend = (await openQuotaBackend(server.url, { log: silentLogger })) as QuotaStateBackend;
    const store = await openStore('memory://');
    const { service: quota } = createQuota({
      store,
      clock: systemClock,
      defaults: { micros: 1_000_000, period: 'daily' },
      backend,
    });
    try {
      expect((await quota.reserve(input)).ok).toBe(true);
      server.pause();
      // Two at once on the same server's lock: the first's commands go unanswered; without a time
      // limit both would wait for as long as Redis is stopped.
      const results = await Promise.allSettled([quota.reserve(input), quota.reserve(input)]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      server.resume();
      // Once Redis answers, the quota does: a reservation goes through and the figures are exact
      // (an EXEC cut off by the stall may or may not have applied: at most one more is held).
      let reserved: Awaited<ReturnType<typeof quota.reserve>> | undefined;
      const deadline = Date.now() + 15_000;
      while (!reserved?.ok && Date.now() < deadline) {
        reserved = await quota.reserve(input).catch(() => undefined);
        // The connections are reopened in the background once the server answers.
        if (!reserved) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(reserved?.ok).toBe(true);
      const { reservedMicros } = await quota.summary(member);
      expect([40_000, 60_000, 80_000]).toContain(reservedMicros);
    } finally {
      server.resume();
      await backend.close?.();
      await store.close();
    }
  }, 30_000);
});
