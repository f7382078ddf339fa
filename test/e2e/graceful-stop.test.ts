/**
 * The bot as a container runs it (`node src/main.ts`, HTTP_PORT set): the image's
 * HEALTHCHECK script answers from /healthz, and SIGTERM (the image's STOPSIGNAL) runs the
 * graceful stop and exits 0. Docker itself cannot run here; this is the part of it that can.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { DEFAULT_GUILD } from '../support/bot-harness.ts';
import { type BotProcess, botEnv, spawnBot } from '../support/bot-process.ts';

let sim: Simulator;
let discord: FakeDiscord;
let dir: string;
let bot: BotProcess | undefined;

beforeAll(async () => {
  sim = await startSimulator({ clock: systemClock });
  discord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
  dir = mkdtempSync(join(tmpdir(), 'bot-stop-'));
});
afterAll(async () => {
  if (bot && bot.child.exitCode === null) {
    bot.child.kill('SIGKILL');
    await bot.exited;
  }
  await discord?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Resolves with the first stdout line (JSON log) that matches, as the process writes it. */
function logLine(p: BotProcess, match: (entry: Record<string, unknown>) => boolean) {
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const look = () => {
      for (const line of p.output().stdout.split('\n')) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line) as Record<string, unknown>;
        if (match(entry)) {
          p.child.stdout?.off('data', look);
          resolve(entry);
          return;
        }
      }
    };
    p.child.stdout?.on('data', look);
    p.exited.then((code) => reject(new Error(`the bot exited (${code}) first: ${p.output().stderr}`)));
    look();
  });
}

/** Runs the image's HEALTHCHECK command; resolves with its exit code. */
async function healthcheck(env: Record<string, string>): Promise<number | null> {
  const child = spawn(process.execPath, ['docker/healthcheck.mjs'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'ignore',
  });
  const [code] = await once(child, 'exit');
  return code as number | null;
}

describe('the bot process as the container runs it', () => {
  it('passes the HEALTHCHECK once connected, stops gracefully on SIGTERM with exit code 0', async () => {
    bot = spawnBot({ ...botEnv(discord, sim, join(dir, 'bot.sqlite'), 'info'), HTTP_PORT: '0' });
    const listening = await logLine(bot, (e) => e.msg === 'ops endpoint listening (/healthz, /metrics)');
    expect(listening.host).toBe('127.0.0.1');
    const port = String(listening.port);
    await logLine(bot, (e) => e.msg === 'bot ready');
    expect(await healthcheck({ HTTP_PORT: port })).toBe(0);
    // Without HTTP_PORT there is nothing to ask, and the check passes.
    expect(await healthcheck({})).toBe(0);

    bot.child.kill('SIGTERM');
    expect(await bot.exited).toBe(0);
    const stopping = bot
      .output()
      .stdout.split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.msg === 'stopping');
    expect(stopping?.signal).toBe('SIGTERM');
    expect(bot.output().stderr).toBe('');
    // Gone: nothing answers on the port any more, and the check fails.
    expect(await healthcheck({ HTTP_PORT: port })).toBe(1);
  }, 30_000);
});
