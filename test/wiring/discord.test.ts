/**
 * The Discord client as the bot opens it (wiring/discord.ts) hears a message deleted by anyone and,
 * when the bot keeps a results index, takes the message's results out of it; its cache keeps no
 * message all the same. A real discord.js client logged in to the fake Discord.
 */
import { Events, GatewayIntentBits, type Message, Partials, type TextChannel } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config.ts';
import type { BotServices } from '../../src/discord/interactions/services.ts';
import { resultFromJob } from '../../src/results/from-job.ts';
import { ResultsRecorder } from '../../src/results/recorder.ts';
import type { IndexedResult } from '../../src/results/result.ts';
import { openStore, type Store } from '../../src/store/open.ts';
import { Closers } from '../../src/wiring/closers.ts';
import { listenOnDiscord, openDiscordClient } from '../../src/wiring/discord.ts';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { ART, DEFAULT_GUILD, GUILD } from '../../testkit/ids.ts';
import { jobFixture } from '../discord/job-fixture.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { MemoryResultsIndex } from '../support/memory-results-index.ts';
import { recordingLogger } from '../support/recording-logger.ts';

let fake: FakeDiscord;
let store: Store;
let closers: Closers;
let index: MemoryResultsIndex;
let client: ReturnType<typeof openDiscordClient>;
const log = recordingLogger();

beforeEach(async () => {
  fake = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
  store = await openStore('memory://');
  closers = new Closers();
  const config = {
    discord: { apiUrl: fake.apiUrl, token: fake.botToken },
    quotaDefault: { micros: 0, period: 'daily' },
  } as Config;
  client = openDiscordClient(config, closers);
  index = new MemoryResultsIndex();
  const services = { logger: log.logger, results: new ResultsRecorder(index, log.logger) } as BotServices;
  listenOnDiscord(client, services, { config, store, clock: new ManualClock(), logger: log.logger, closers });
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(fake.botToken);
  await ready;
});

afterEach(async () => {
  await closers.close(log.logger);
  await store.close();
  await fake.close();
});

/** A message the bot posted in #art, with a result of it in the index. */
async function postedResult(n: number): Promise<{ message: Message; result: IndexedResult }> {
  const art = client.channels.cache.get(ART) as TextChannel;
  const message = await art.send(`result ${n}`);
  const job = jobFixture({ generationId: `0000000${n}-1c2d-4e5f-8a9b-0c1d2e3f4a5b` });
  const result = resultFromJob(
    { ...job, reply: { ...job.reply, guildId: GUILD, channelId: ART } },
    {
      messageId: message.id,
      channelId: ART,
      viewChannelId: ART,
      userName: 'alice',
      media: null,
      ageRestricted: false,
    },
  );
  if (!result) throw new Error('no result');
  await index.put(result);
  return { message, result };
}

describe("the bot's Discord client", () => {
  it('asks for the messages events, and keeps no message', async () => {
    expect(client.options.intents.has(GatewayIntentBits.Guilds)).toBe(true);
    expect(client.options.intents.has(GatewayIntentBits.GuildMessages)).toBe(true);
    expect(client.options.partials).toContain(Partials.Message);
    await postedResult(1);
    const art = client.channels.cache.get(ART) as TextChannel;
    expect(art.messages.cache.size).toBe(0);
  });

  it("takes a deleted message's results out of the index, whoever deleted it", async () => {
    const { message, result } = await postedResult(1);
    const other = await postedResult(2);
    await fake.dispatch('MESSAGE_DELETE', { id: message.id, channel_id: ART, guild_id: GUILD });
    await index.until(() => !index.results.has(result.generationId));
    expect(index.results.has(other.result.generationId)).toBe(true);
  });

  it('takes every message of a bulk deletion out', async () => {
    const one = await postedResult(1);
    const two = await postedResult(2);
    const kept = await postedResult(3);
    await fake.dispatch('MESSAGE_DELETE_BULK', {
      ids: [one.message.id, two.message.id],
      channel_id: ART,
      guild_id: GUILD,
    });
    await index.until(() => index.results.size === 1);
    expect([...index.results.keys()]).toEqual([kept.result.generationId]);
  });
});
