/** A fake Discord with a real discord.js client logged in to it, for tests of the fake itself. */
import { Client, Events, GatewayIntentBits, type Interaction } from 'discord.js';
import { type FakeDiscord, type FakeGuildSpec, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { perTest } from './per-test.ts';

export interface FakeWithClient {
  fake: FakeDiscord;
  client: Client;
  /** Sends an interaction payload and resolves with what discord.js made of it. */
  receive(payload: Parameters<FakeDiscord['sendInteraction']>[0]): Promise<Interaction>;
  close(): Promise<void>;
}

export async function startFakeWithClient(guild: FakeGuildSpec): Promise<FakeWithClient> {
  const fake = await startFakeDiscord({ guilds: [guild] });
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(fake.botToken);
  await ready;
  return {
    fake,
    client,
    async receive(payload) {
      const received = new Promise<Interaction>((resolve) => client.once(Events.InteractionCreate, resolve));
      await fake.sendInteraction(payload);
      return received;
    },
    async close() {
      await client.destroy();
      await fake.close();
    },
  };
}

/** startFakeWithClient for each test of the file (perTest): `discord.fake` and `discord.client` are the running test's. */
export function useFakeWithClient(guild: FakeGuildSpec): FakeWithClient {
  return perTest(
    'useFakeWithClient',
    () => startFakeWithClient(guild),
    (discord) => discord.close(),
  );
}
