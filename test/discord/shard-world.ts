/**
 * What the ServerAccess tests stand on: the fake Discord with its servers, and a client holding
 * shard 0 of 2, so that one server is in this process's gateway cache and the other is another
 * process's, reached by REST.
 */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { CACHE_OPTIONS } from '../../src/discord/gateway/cache-limits.ts';
import { DiscordServerAccess } from '../../src/discord/gateway/server-access.ts';
import { type FakeDiscord, type FakeGuildSpec, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { perTest } from '../support/per-test.ts';
import { recordingLogger } from '../support/recording-logger.ts';

/** A server id on shard `n % 2`'s side (Discord's shard is (id >> 22) % count). */
export const onShard = (n: bigint) => String((n << 22n) | 7n);

export interface ShardWorld {
  fake: FakeDiscord;
  client: Client<true>;
  clock: ManualClock;
  access: DiscordServerAccess;
}

/** A fresh world for each test, with these servers. */
export function useShardWorld(guilds: () => FakeGuildSpec[]) {
  return perTest<ShardWorld>(
    'fake Discord, shard 0 of 2',
    async () => {
      const fake = await startFakeDiscord({ guilds: guilds(), recommendedShards: 2 });
      const client = new Client({
        intents: [GatewayIntentBits.Guilds],
        rest: { api: fake.apiUrl },
        shards: [0],
        shardCount: 2,
        ...CACHE_OPTIONS,
      });
      const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
      await client.login(fake.botToken);
      await ready;
      const clock = new ManualClock();
      const access = new DiscordServerAccess(client, { clock, logger: recordingLogger().logger });
      return { fake, client: client as Client<true>, clock, access };
    },
    async ({ fake, client }) => {
      await client.destroy();
      await fake.close();
    },
  );
}
