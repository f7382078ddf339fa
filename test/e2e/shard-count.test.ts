/**
 * Processes that disagree on SHARD_COUNT, as real bot processes (`src/main.ts`) on one real
 * redis-server: a server's shard depends on the count, so a process on 3 shards beside a pair on 2
 * would serve the same servers twice even with a shard id no one claims (shard 2 of 3). It must
 * refuse to start, with exit code 2 and one line naming the mismatch; once the pair is gone
 * (one stopped, one killed and its entry lapsed), the new count starts.
 *
 * SHARD_LEASE_SECONDS is 2 here: a start refused on a live process's claim waits the lease and
 * 2 s for it to lapse (the holder may have died), so the refusal comes after about 4 s, not 17.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { DEFAULT_GUILD } from '../support/bot-harness.ts';
import { type BotProcess, spawnBot } from '../support/bot-process.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';

let redis: RedisServer;
let sim: Simulator;
let discord: FakeDiscord;
const started: BotProcess[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  sim = await startSimulator({ clock: systemClock });
  discord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
});
afterAll(async () => {
  for (const bot of started) {
    if (bot.child.exitCode === null && bot.child.signalCode === null) {
      bot.child.kill('SIGKILL');
      await bot.exited;
    }
  }
  await discord?.close();
  await sim?.close();
  await redis?.stop();
});

function start(shardCount: number, shardIds: string): BotProcess {
  const bot = spawnBot({
    DISCORD_TOKEN: discord.botToken,
    DISCORD_API_URL: discord.apiUrl,
    MEDIA_API_BASE_URL: sim.baseUrl,
    MEDIA_API_TOKEN: sim.token,
    STORE_URL: `${redis.url}/1`,
    SHARD_COUNT: String(shardCount),
    SHARD_IDS: shardIds,
    SHARD_LEASE_SECONDS: '2',
    LOG_LEVEL: 'warn',
  });
  started.push(bot);
  return bot;
}

/** Waits until `sessions` gateway sessions are connected, failing at once when a process exits. */
async function connected(sessions: number, bots: BotProcess[]): Promise<void> {
  await vi.waitFor(
    () => {
      const exited = bots.find((b) => b.child.exitCode !== null);
      if (exited) throw new Error(`a bot process exited at start: ${exited.output().stderr}`);
      expect(discord.connectedClients()).toBe(sessions);
    },
    { timeout: 60_000, interval: 100 },
  );
}

describe('processes on one Redis that disagree on SHARD_COUNT', () => {
  it('refuses a start on 3 shards beside a pair on 2, with exit code 2 and one line; takes 3 once the pair is gone', {
    timeout: 120_000,
  }, async () => {
    const pair = [start(2, '0'), start(2, '1')];
    await connected(2, pair);

    // Shard 2 of 3: no process claims it, yet its servers are among the pair's.
    const third = start(3, '2');
    // Accepted, it would connect a third session: that ends the wait as soon as exiting would.
    const acceptedOrExited = await Promise.race([
      third.exited,
      vi
        .waitFor(() => expect(discord.connectedClients()).toBe(3), { timeout: 60_000, interval: 100 })
        .then(() => 'connected beside the pair'),
    ]);
    expect(acceptedOrExited).toBe(2);
    const lines = third.output().stderr.trim().split('\n');
    expect(lines).toEqual([
      "Shard error: SHARD_COUNT is 3 here, but the other bot processes on this Redis run 2 shards: a server's shard depends on the count, so the same servers would be served twice. Start every process with the same SHARD_COUNT (to change it, stop them all first).",
    ]);
    // The pair runs on, untouched.
    expect(discord.connectedClients()).toBe(2);

    // One of the pair stops (giving its claims up), the other is killed (its entry lapses).
    const [stopped, killed] = pair as [BotProcess, BotProcess];
    stopped.child.kill('SIGTERM');
    expect(await stopped.exited).toBe(0);
    killed.child.kill('SIGKILL');
    await killed.exited;
    await vi.waitFor(() => expect(discord.connectedClients()).toBe(0), { timeout: 10_000, interval: 50 });

    // The new count starts: the killed process's entry lapses within its lease, while the start waits.
    const three = start(3, '0,1,2');
    await connected(3, [three]);
  });
});
