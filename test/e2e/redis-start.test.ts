/**
 * A Redis the bot cannot use stops its start within 10 s with one line and exit code 2, like a
 * SQLite file it cannot write, and the line never shows the password: the real bot process on
 * STORE_URL=redis://, against a real redis-server with a password, a port nothing listens on, and
 * a server that accepts the connection and never answers.
 */
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { DEFAULT_GUILD } from '../support/bot-harness.ts';
import { type BotProcess, botEnv, spawnBot } from '../support/bot-process.ts';
import { freePort, type RedisServer, startRedisServer } from '../support/redis-server.ts';

const PASSWORD = 'redis-password-never-shown';

let sim: Simulator;
let discord: FakeDiscord;
let redis: RedisServer;
const children: BotProcess[] = [];

beforeAll(async () => {
  sim = await startSimulator({ clock: systemClock });
  discord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
  redis = await startRedisServer(['--requirepass', PASSWORD]);
});
afterAll(async () => {
  await redis?.stop();
  await discord?.close();
  await sim?.close();
});
afterEach(async () => {
  for (const bot of children.splice(0)) {
    if (bot.child.exitCode === null) bot.child.kill('SIGKILL');
    await bot.exited;
  }
});

/** Starts the bot on `storeUrl`; resolves with its exit code, its stderr lines and how long it ran. */
async function refusedStart(storeUrl: string) {
  const started = performance.now();
  const bot = spawnBot({ ...botEnv(discord, sim, 'unused'), STORE_URL: storeUrl });
  children.push(bot);
  const code = await bot.exited;
  const exitedAt = performance.now();
  const seconds = (exitedAt - started) / 1000;
  const { stdout, stderr } = bot.output();
  // Nothing was sent to the service, and the bot never logged in.
  expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  expect(discord.calls).toHaveLength(0);
  return { code, lines: stderr.trim().split('\n'), seconds, exitedAt, all: stdout + stderr };
}

/** A TCP pass-through to `targetPort` on this host that notes when it was first connected to. */
async function passThrough(targetPort: number) {
  let connectedAt = 0;
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    connectedAt ||= performance.now();
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.push(socket, upstream);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as { port: number }).port,
    connectedAt: () => connectedAt,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('a Redis the bot cannot use at start', () => {
  it('a wrong password: exit 2 within 10 s of connecting, one line, the password shown as ***', async () => {
    // Through a pass-through that notes the bot's first connection: the bound is counted from it,
    // not from the spawn (a loaded machine took 11-15 s just to start Node for this, the file's
    // first bot).
    const proxy = await passThrough(redis.port);
    try {
      const url = `redis://:wrong-${PASSWORD}@127.0.0.1:${proxy.port}`;
      const { code, lines, exitedAt, all } = await refusedStart(`${url}/0`);
      expect(code).toBe(2);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(
        `Store error: cannot reach Redis at redis://:***@127.0.0.1:${proxy.port}/0: WRONGPASS invalid username-password pair or user is disabled.`,
      );
      expect(all).not.toContain(PASSWORD);
      expect(proxy.connectedAt()).toBeGreaterThan(0);
      expect((exitedAt - proxy.connectedAt()) / 1000).toBeLessThan(10);
    } finally {
      proxy.close();
    }
  });

  it('no password where one is needed: exit 2 with NOAUTH', async () => {
    const { code, lines } = await refusedStart(`${redis.url}/0`);
    expect(code).toBe(2);
    expect(lines).toEqual([
      `Store error: cannot reach Redis at ${redis.url}/0: NOAUTH Authentication required.`,
    ]);
  });

  it('a refused connection (nothing listens): exit 2 within 10 s', async () => {
    const port = await freePort();
    const { code, lines, seconds, all } = await refusedStart(`redis://:${PASSWORD}@127.0.0.1:${port}`);
    expect(code).toBe(2);
    expect(lines).toEqual([
      `Store error: cannot reach Redis at redis://:***@127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
    ]);
    expect(all).not.toContain(PASSWORD);
    expect(seconds).toBeLessThan(10);
  });

  it('a server that accepts the connection and never answers: exit 2 within 10 s of connecting', async () => {
    const sockets: Socket[] = [];
    let connectedAt = 0;
    const silent: Server = createServer((socket) => {
      connectedAt ||= performance.now();
      sockets.push(socket);
    });
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as { port: number };
    try {
      const { code, lines, exitedAt } = await refusedStart(`redis://:${PASSWORD}@127.0.0.1:${port}`);
      expect(code).toBe(2);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Store error: cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:\d+: no answer within/,
      );
      expect(sockets.length).toBeGreaterThan(0);
      // Counted from the connection, not the spawn: the start's deadline (START_CHECK_DEADLINE_MS)
      // runs from there, and a loaded machine may take seconds just to start Node.
      expect((exitedAt - connectedAt) / 1000).toBeLessThan(10);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('the right password: the bot starts', async () => {
    const url = redis.url.replace('redis://', `redis://:${PASSWORD}@`);
    const bot = spawnBot({ ...botEnv(discord, sim, 'unused', 'info'), STORE_URL: `${url}/1` });
    children.push(bot);
    await new Promise<void>((resolve, reject) => {
      bot.child.stdout?.on('data', () => {
        if (bot.output().stdout.includes('"bot ready"')) resolve();
      });
      void bot.exited.then((code) => reject(new Error(`exited ${code}: ${bot.output().stderr}`)));
    });
    expect(bot.output().stdout).not.toContain(PASSWORD);
  });
});
