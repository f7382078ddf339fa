/**
 * A real bot process on a real redis-server that stalls (SIGSTOP) and then dies (SIGKILL): a member's
 * /imagine is answered privately within Discord's 3 s with the store-fault refusal README promises,
 * nothing is sent to the service, and once Redis answers again the bot takes requests as before.
 */
import {
  type APIApplicationCommandInteractionDataOption,
  type APIInteraction,
  InteractionResponseType,
  MessageFlags,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { english } from '../../src/i18n/index.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import {
  buttonInteraction,
  chatInputInteraction,
  type FakeDiscord,
  startFakeDiscord,
} from '../../testkit/fake-discord.ts';
import { ADMIN, ALICE, ART, componentsOf, DEFAULT_GUILD } from '../support/bot-harness.ts';
import { type BotProcess, spawnBot } from '../support/bot-process.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';

// The English texts expected below, read from the bot's texts themselves.
const STORE_FAULT = english.t('actions:errors.storeFault');

/** Discord's deadline for an interaction's first answer. */
const DISCORD_DEADLINE_MS = 3_000;

let redis: RedisServer;
let sim: Simulator;
let discord: FakeDiscord;
let bot: BotProcess;

beforeAll(async () => {
  redis = await startRedisServer();
  sim = await startSimulator({ clock: systemClock });
  discord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
  bot = spawnBot({
    DISCORD_TOKEN: discord.botToken,
    DISCORD_API_URL: discord.apiUrl,
    MEDIA_API_BASE_URL: sim.baseUrl,
    MEDIA_API_TOKEN: sim.token,
    STORE_URL: `${redis.url}/2`,
    LOG_LEVEL: 'warn',
  });
  await until(
    () => {
      if (bot.child.exitCode !== null) throw new Error(`the bot exited at start: ${bot.output().stderr}`);
      return discord.connectedClients() === 1;
    },
    60_000,
    'the bot connected',
  );
}, 90_000);

afterAll(async () => {
  redis?.resume();
  if (bot && bot.child.exitCode === null) {
    bot.child.kill('SIGKILL');
    await bot.exited;
  }
  await discord?.close();
  await sim?.close();
  await redis?.stop();
});

/** Resolves once `ready` holds (checked every 100 ms), or fails naming what did not happen. */
async function until(ready: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const posts = () => sim.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/generations'));

type FirstAnswer = { body: { type: number; data?: Record<string, unknown> }; tookMs: number };

/** The result delivered before the stall, with its message's Again button. */
let delivered: { messageId: string; again: string } | undefined;

/** Sends an interaction and resolves with the bot's first answer and how long it took (wall ms). */
async function firstAnswer(interaction: APIInteraction): Promise<FirstAnswer> {
  const sentAt = Date.now();
  await discord.sendInteraction(interaction);
  const call = await discord.waitForCall(
    (c) => c.route === 'interactionCallback' && c.path.includes(`/${interaction.id}/`),
    15_000,
  );
  return { body: call.body as FirstAnswer['body'], tookMs: call.at - sentAt };
}

const imagineOf = (prompt: string) =>
  chatInputInteraction(discord, {
    commandName: 'imagine',
    options: [{ name: 'prompt', type: 3, value: prompt }],
    channelId: ART,
    userId: ALICE,
  });
const imagine = (prompt: string) => firstAnswer(imagineOf(prompt));

function expectStoreFaultRefusal(answer: FirstAnswer) {
  expect(answer.body.type).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect(Number(answer.body.data?.flags) & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
  expect(String(answer.body.data?.content)).toContain(STORE_FAULT);
  expect(String(answer.body.data?.content)).toMatch(/error id `[0-9a-f]{8}`/);
  expect(answer.tookMs).toBeLessThan(DISCORD_DEADLINE_MS);
}

describe('a member request while the Redis store fails', () => {
  it('takes requests while Redis answers', async () => {
    const interaction = imagineOf('before the stall [sim:duration=1]');
    const answer = await firstAnswer(interaction);
    expect(answer.body.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    await until(() => posts().length === 1, 15_000, 'the request sent');
    await until(
      () => componentsOf(discord.originalMessage(interaction.token) ?? {}).length > 0,
      30_000,
      'the result delivered with its buttons',
    );
    const message = discord.originalMessage(interaction.token);
    const again = componentsOf(message ?? {}).find((c) =>
      c.custom_id?.startsWith('result:v1:again:'),
    )?.custom_id;
    if (!message || !again) throw new Error('the result has no Again button');
    delivered = { messageId: message.id, again };
  });

  it('refuses privately within 3 s while Redis is stopped (SIGSTOP), sends nothing, and recovers after', async () => {
    const before = posts().length;
    redis.pause();
    try {
      expectStoreFaultRefusal(await imagine('during the stall'));
      // A button reads its record from the store first: the same refusal, in time.
      if (!delivered) throw new Error('no result to press');
      const press = buttonInteraction(discord, {
        customId: delivered.again,
        messageId: delivered.messageId,
        channelId: ART,
        userId: ALICE,
      });
      expectStoreFaultRefusal(await firstAnswer(press));
      // An admin's reads that answer after a defer (the report's chart, the balance's service
      // figures) are told the same, as their first answer.
      const adminReads: [string, APIApplicationCommandInteractionDataOption[]][] = [
        ['quota', [{ name: 'report', type: 1, options: [] }]],
        ['balance', []],
      ];
      for (const [commandName, options] of adminReads) {
        expectStoreFaultRefusal(
          await firstAnswer(
            chatInputInteraction(discord, {
              commandName,
              options,
              channelId: ART,
              userId: ADMIN,
            }),
          ),
        );
      }
      expect(posts()).toHaveLength(before);
    } finally {
      redis.resume();
    }
    // Once Redis answers again (its connections may be reopened first), requests are taken again.
    const deadline = Date.now() + 20_000;
    let answer = await imagine('after the stall');
    while (
      answer.body.type !== InteractionResponseType.DeferredChannelMessageWithSource &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      answer = await imagine('after the stall');
    }
    expect(answer.body.type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
    expect(posts().filter((r) => (r.body as { prompt?: string }).prompt === 'during the stall')).toEqual([]);
  });

  it('refuses privately within 3 s when Redis is gone (killed), sends nothing, and the process stays up', async () => {
    await redis.stop();
    expectStoreFaultRefusal(await imagine('with Redis gone'));
    // Counted by prompt: the previous test's last request may still be on its way to the service.
    expect(posts().filter((r) => (r.body as { prompt?: string }).prompt === 'with Redis gone')).toEqual([]);
    expect(bot.child.exitCode).toBeNull();
  });
});
