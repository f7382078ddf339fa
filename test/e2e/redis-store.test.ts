/**
 * The bot on STORE_URL=redis://: a real redis-server holds the jobs and the quota, a result is
 * delivered and charged once, and a restart finds everything there.
 */
import { createClient } from '@keyv/redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { budgetPrefixFor } from '../../src/redis/rate-limiter.ts';
import { ALICE, GUILD, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';

let server: RedisServer;
let h: Harness | undefined;
beforeAll(async () => {
  server = await startRedisServer();
});
afterEach(async () => {
  await h?.close();
  h = undefined;
});
afterAll(async () => {
  await server?.stop();
});

describe('the bot on Redis', () => {
  it('delivers a result, charges it once, and keeps jobs and figures across a restart', async () => {
    h = await startHarness({ env: { STORE_URL: `${server.url}/3` } });
    const harness = h;
    const figures = () => harness.bot.services.quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });
    const interaction = await harness.command('imagine', [opt.string('prompt', 'a lighthouse on Redis')]);
    const job = await harness.jobDone(interaction);
    expect(job.status).toBe('completed');
    expect(job.deliveredVia).toBe('interaction');
    expect((await figures()).spentMicros).toBe(20_000);

    await harness.restart();
    expect((await harness.bot.services.jobs.get(job.generationId))?.step).toBe('done');
    expect((await figures()).spentMicros).toBe(20_000);
    const ledger = await harness.bot.services.quotaLedger.latest(GUILD);
    expect(ledger.map((e) => [e.kind, e.amountMicros])).toEqual([
      ['charge', 20_000],
      ['reserve', 20_000],
    ]);
  });

  it('spends the request budget shared in Redis: a budget other processes used up holds its requests back', async () => {
    h = await startHarness({ env: { STORE_URL: `${server.url}/4` } });
    const harness = h;
    // What other processes on this Redis leave: the token's 120 requests of the last minute, all
    // granted just now (the limiter's log of grants, scored by clock time).
    const redis = createClient({ url: `${server.url}/4` });
    await redis.connect();
    const filledAt = harness.clock.now();
    const log = `${budgetPrefixFor(harness.sim.token)}:log`;
    await redis.zAdd(
      log,
      Array.from({ length: 120 }, (_, i) => ({ score: filledAt, value: `other-process:${i}` })),
    );
    await redis.close();
    const before = harness.sim.requests.length;

    const interaction = await harness.command('imagine', [opt.string('prompt', 'a lighthouse, later')]);
    expect((await harness.jobDone(interaction)).status).toBe('completed');
    // The submission waited until the other processes' requests had left the 61-second window
    // (a check the bot started with may have been granted before the budget was filled).
    const post = harness.sim.requests.slice(before).find((r) => r.method === 'POST');
    expect(post?.status).toBe(201);
    expect(post?.at).toBeGreaterThanOrEqual(filledAt + 60_000);
  });
});
