/**
 * The web side of several processes (issue 32): two real bot processes (`src/main.ts`) on one real
 * redis-server, each connecting one of two shards and each serving the web (WEB_PORT=0: each tells
 * its ports in its log). Over plain HTTP, the OAuth2 redirects followed by hand through the fake
 * Discord's consent page: a member signed in on one process is signed in on the other (sessions in
 * the store, on Redis); a result delivered by one process is listed and found by its words on the
 * other within 5 s; a sign-out on one ends the session on both.
 *
 * "A" is the process that holds the poller's lease (it follows and delivers every result), "B" the
 * other, so that what B's gallery shows was put in the index by A and only A.
 */
import type { APIInteraction } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import {
  chatInputInteraction,
  type FakeDiscord,
  type FakeGuildSpec,
  startFakeDiscord,
} from '../../testkit/fake-discord.ts';
import { redirectOf, signInOverHttp } from '../../testkit/web-sign-in.ts';
import { type BotProcess, killBots, loggedLine, spawnBot } from '../support/bot-process.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';

const SHARD_COUNT = 2;
const ALICE = '1500000000000000001';

/** A server on `shard` of two (Discord's formula: the id's timestamp bits), Alice a member. */
const guild = (n: number, shard: 0 | 1): FakeGuildSpec & { id: string; name: string; channel: string } => {
  const base = BigInt(`14100000000000000${n}0`);
  const id = String((base >> 22n) % 2n === BigInt(shard) ? base : base + (1n << 22n));
  const channel = `${id.slice(0, -1)}1`;
  return {
    id,
    name: `Guild ${n}`,
    channels: [{ id: channel, name: 'art' }],
    members: [{ userId: ALICE, username: 'alice' }],
    channel,
  };
};
const GUILDS = [guild(1, 0), guild(2, 1)] as const;

interface WebBot {
  process: BotProcess;
  shard: number;
  /** Where members open its web side (`http://localhost:<port>`). */
  site: string;
  /** Its /healthz and /metrics. */
  ops: string;
}

let redis: RedisServer;
let sim: Simulator;
let discord: FakeDiscord;
const bots: WebBot[] = [];
/** The poller's leader (delivers every result) and the other process. */
let a: WebBot;
let b: WebBot;
/** The server of A's shard: its interactions go to A. */
let serverOfA: (typeof GUILDS)[number];

async function metric(bot: WebBot, line: string): Promise<number> {
  const text = await (await fetch(`${bot.ops}/metrics`)).text();
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return Number(found?.split(' ')[1] ?? Number.NaN);
}
const leading = async (bot: WebBot) => (await metric(bot, 'mediabot_poller_lease_held')) === 1;
const interactionDeliveries = (bot: WebBot) => metric(bot, 'mediabot_deliveries_total{route="interaction"}');

beforeAll(async () => {
  redis = await startRedisServer();
  sim = await startSimulator({ clock: systemClock });
  discord = await startFakeDiscord({ guilds: [...GUILDS], interactionsTo: 'shard' });
  for (let shard = 0; shard < SHARD_COUNT; shard++) {
    const process = spawnBot({
      DISCORD_TOKEN: discord.botToken,
      DISCORD_API_URL: discord.apiUrl,
      MEDIA_API_BASE_URL: sim.baseUrl,
      MEDIA_API_TOKEN: sim.token,
      STORE_URL: `${redis.url}/1`,
      SHARD_COUNT: String(SHARD_COUNT),
      SHARD_IDS: String(shard),
      HTTP_PORT: '0',
      WEB_PORT: '0',
      DISCORD_CLIENT_SECRET: discord.clientSecret,
      DISCORD_OAUTH_AUTHORIZE_URL: discord.oauthAuthorizeUrl,
      // Info: the lines that tell the ports bound.
      LOG_LEVEL: 'info',
    });
    bots.push({ process, shard, site: '', ops: '' });
  }
  try {
    for (const bot of bots) {
      const [ops, web] = await Promise.all([
        loggedLine(bot.process, 'ops endpoint listening (/healthz, /metrics)'),
        // Logged once the client is ready: the process's shard is connected.
        loggedLine(bot.process, 'the web side is listening'),
      ]);
      bot.ops = `http://127.0.0.1:${ops.port}`;
      bot.site = String(web.publicUrl);
    }
  } catch (err) {
    for (const { process } of bots) console.error(process.output().stderr, process.output().stdout);
    throw err;
  }
  // A process starts its web side after its first try for the poller's lease: one of them holds it.
  const leaders: WebBot[] = [];
  for (const bot of bots) if (await leading(bot)) leaders.push(bot);
  if (leaders.length !== 1) throw new Error(`${leaders.length} processes hold the poller lease`);
  a = leaders[0] as WebBot;
  b = bots.find((bot) => bot !== a) as WebBot;
  serverOfA = GUILDS[a.shard] as (typeof GUILDS)[number];
}, 90_000);

afterAll(async () => {
  await killBots(bots.map((b) => b.process));
  await discord?.close();
  await sim?.close();
  await redis?.stop();
});

/** The `name=value` of a response's Set-Cookie named `name`; undefined when it sets none. */
/** Signs `userId` in on `bot`'s web side over HTTP (testkit/web-sign-in.ts); returns the session id. */
const signIn = (bot: WebBot, userId: string) => signInOverHttp(bot.site, discord, userId);

/** GET a page of `bot`'s web side with this session, redirects not followed. */
const page = (bot: WebBot, path: string, session: string) =>
  fetch(`${bot.site}${path}`, { headers: { cookie: `session=${session}` }, redirect: 'manual' });

/** The generation ids of the tiles of a gallery page on `bot`, in its order. */
async function tilesOn(bot: WebBot, path: string, session: string): Promise<string[]> {
  const response = await page(bot, path, session);
  if (response.status !== 200) throw new Error(`${path} on ${bot.site} answered ${response.status}`);
  return [...(await response.text()).matchAll(/<li class="tile[^"]*" data-id="([^"]+)"/g)].map(
    (m) => m[1] as string,
  );
}

function imagine(g: { channel: string }, prompt: string): APIInteraction {
  return chatInputInteraction(discord, {
    commandName: 'imagine',
    options: [{ name: 'prompt', type: 3, value: prompt }],
    channelId: g.channel,
    userId: ALICE,
  });
}

describe('the web side of two bot processes on one Redis', () => {
  it('opens the gallery on B with the session cookie of a sign-in on A', async () => {
    const session = await signIn(a, ALICE);
    const gallery = await page(b, `/servers/${serverOfA.id}`, session);
    expect(gallery.status).toBe(200);
    const text = await gallery.text();
    expect(text).toContain(serverOfA.name);
    expect(text).toContain('id="count"');
    // B's home lists both servers of the login, its own shard's and A's.
    const home = await (await page(b, '/', session)).text();
    for (const g of GUILDS) expect(home).toContain(`/servers/${g.id}`);
    // Without the cookie, B asks for a sign-in: the cookie is what opened it.
    const anonymous = await fetch(`${b.site}/servers/${serverOfA.id}`, { redirect: 'manual' });
    expect(redirectOf(anonymous)).toMatch(/^\/login/);
  });

  it("lists a result delivered by A on B's gallery, and finds it there by a word of its prompt, within 5 s", async () => {
    const session = await signIn(a, ALICE);
    const [deliveredByA, deliveredByB] = await Promise.all([
      interactionDeliveries(a),
      interactionDeliveries(b),
    ]);
    const prompt = 'A lighthouse of amber glass on a basalt cliff';
    const interaction = imagine(serverOfA, `${prompt} [sim:duration=300]`);
    await discord.sendInteraction(interaction);
    const delivery = await discord.waitForCall(
      (c) => c.route === 'webhookEdit' && c.path.includes(`/${interaction.token}/`) && c.files.length > 0,
      30_000,
    );
    const generationId = /"custom_id":"result:v1:[^:"]+:([^:"]+)/.exec(JSON.stringify(delivery.body))?.[1];
    if (!generationId) throw new Error('the delivered result has no result button');

    await expect
      .poll(
        async () => ({
          listed: (await tilesOn(b, `/servers/${serverOfA.id}`, session)).includes(generationId),
          found: await tilesOn(b, `/servers/${serverOfA.id}?q=AMBER`, session),
        }),
        // The index is written as the result is shown, in Redis that every process reads: found as
        // soon as it is delivered. The test waits for that, not for a bound a busy machine may miss.
        { interval: 100 },
      )
      .toEqual({ listed: true, found: [generationId] });

    // Found by its words only, and its page opens on B too.
    expect(await tilesOn(b, `/servers/${serverOfA.id}?q=zebra`, session)).toEqual([]);
    const resultPage = await page(b, `/servers/${serverOfA.id}/results/${generationId}`, session);
    expect(resultPage.status).toBe(200);
    expect(await resultPage.text()).toContain(prompt);
    // A delivered it (the interaction's edit), and B did not.
    await expect.poll(() => interactionDeliveries(a), { timeout: 10_000 }).toBe(deliveredByA + 1);
    expect(await interactionDeliveries(b)).toBe(deliveredByB);
  }, 60_000);

  it('ends the session on A when the member signs out on B', async () => {
    const session = await signIn(a, ALICE);
    expect((await page(a, `/servers/${serverOfA.id}`, session)).status).toBe(200);
    const onB = await (await page(b, `/servers/${serverOfA.id}`, session)).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(onB)?.[1] ?? '';
    const signedOut = await fetch(`${b.site}/logout`, {
      method: 'POST',
      headers: {
        cookie: `session=${session}`,
        origin: new URL(b.site).origin,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ _csrf: csrf }),
      redirect: 'manual',
    });
    expect(redirectOf(signedOut)).toBe('/');
    for (const bot of [a, b]) {
      expect(redirectOf(await page(bot, `/servers/${serverOfA.id}`, session))).toMatch(/^\/login/);
    }
  });
});
