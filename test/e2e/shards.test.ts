/** discord.js's sharding within one process (SHARD_COUNT), against the fake Discord's gateway. */
import { afterEach, describe, expect, it } from 'vitest';
import { type Harness, opt, startHarness } from '../support/bot-harness.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('shards', () => {
  it('connects every shard of SHARD_COUNT from one process, and answers through them', {
    timeout: 60_000,
  }, async () => {
    h = await startHarness({ env: { SHARD_COUNT: '2' } });
    // One gateway session per shard, identified as [0, 2] and [1, 2].
    expect(h.discord.connectedClients()).toBe(2);
    expect([...h.bot.client.ws.shards.keys()].sort()).toEqual([0, 1]);
    const job = await h.jobDone(await h.command('imagine', [opt.string('prompt', 'a lamp on two shards')]));
    expect(job.status).toBe('completed');
  });

  it("takes Discord's recommended count when none is set", { timeout: 60_000 }, async () => {
    // Discord recommends 2: without SHARD_COUNT the process connects both.
    h = await startHarness({ recommendedShards: 2 });
    expect(h.bot.client.options.shardCount).toBe(2);
    expect([...h.bot.client.ws.shards.keys()].sort()).toEqual([0, 1]);
    expect(h.discord.connectedClients()).toBe(2);
  });
});
