/**
 * A start that fails after the store opened leaves nothing behind: the SQLite file's lock is
 * released (the next start can take it) and the ops endpoint no longer listens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot } from '../../src/app.ts';
import { systemClock } from '../../src/clock.ts';
import { parseConfig } from '../../src/config.ts';
import { silentLogger } from '../../src/log.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import { openCheckedStore } from '../../src/store/open.ts';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { DEFAULT_GUILD } from '../support/bot-harness.ts';

let sim: Simulator;
let discord: FakeDiscord;
let dir: string;

beforeAll(async () => {
  sim = await startSimulator({ clock: systemClock });
  discord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
  dir = mkdtempSync(join(tmpdir(), 'bot-start-'));
});
afterAll(async () => {
  await discord?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A port nothing listens on now (taken and let go). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a start that fails', () => {
  it('after the store and the endpoint opened (a refused token) releases both', async () => {
    const storeUrl = `sqlite://${join(dir, 'bot.sqlite')}`;
    const port = await freePort();
    const config = parseConfig({
      DISCORD_TOKEN: 'not-the-bot-token',
      DISCORD_API_URL: discord.apiUrl,
      MEDIA_API_BASE_URL: sim.baseUrl,
      MEDIA_API_TOKEN: sim.token,
      STORE_URL: storeUrl,
      HTTP_PORT: String(port),
    });
    await expect(startBot(config, { logger: silentLogger })).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    const store = await openCheckedStore(storeUrl);
    await store.close();
  }, 20_000);
});
