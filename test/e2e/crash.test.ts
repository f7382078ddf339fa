import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { createQuotaService } from '../../src/quota/service.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import { openStore } from '../../src/store.ts';
import { ALICE, ART, BOB, DEFAULT_GUILD } from '../support/bot-harness.ts';
import { chatInputInteraction, type FakeDiscord, startFakeDiscord } from '../support/fake-discord.ts';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
let sim: Simulator;
let discord: FakeDiscord;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  sim = await startSimulator({ clock: systemClock });
  discord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
  dir = mkdtempSync(join(tmpdir(), 'bot-crash-'));
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await discord?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The real bot process (`npm start`'s command) on the shared store file. */
function startBotProcess(): ChildProcess {
  const child = spawn(TSX, ['src/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      DISCORD_TOKEN: discord.botToken,
      DISCORD_API_URL: discord.apiUrl,
      MEDIA_API_BASE_URL: sim.baseUrl,
      MEDIA_API_TOKEN: sim.token,
      STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

async function command(prompt: string, userId = ALICE) {
  const interaction = chatInputInteraction(discord, {
    commandName: 'imagine',
    options: [{ name: 'prompt', type: 3, value: prompt }],
    channelId: ART,
    userId,
  });
  await discord.sendInteraction(interaction);
  return interaction;
}

const fileEdits = (token: string) =>
  discord.calls.filter((c) => c.path.includes(token) && c.files.length > 0);

describe('a crash (kill -9) of the bot process', () => {
  it('loses no job and repeats no charge or delivery after the next start', async () => {
    const first = startBotProcess();
    await discord.connected;
    const followed = [
      await command('one [sim:duration=1500]'),
      await command('two [sim:duration=1500]', BOB),
    ];
    for (const i of followed) {
      await discord.waitForCall((c) => c.route === 'webhookEdit' && c.path.includes(i.token), 15_000);
    }
    // This POST is answered late: the process dies after the service created it, before the bot knew.
    const cutShort = await command('three [sim:delay=3000] [sim:duration=500]');
    await discord.waitForCall((c) => c.route === 'interactionCallback' && c.path.includes(cutShort.id));
    const created = () => sim.requests.filter((r) => r.method === 'POST' && r.status === 201).length;
    while (created() < 3) await new Promise((r) => setTimeout(r, 5));
    first.kill('SIGKILL');
    await once(first, 'exit');

    startBotProcess();
    for (const i of [...followed, cutShort]) {
      await discord.waitForCall((c) => c.path.includes(i.token) && c.files.length > 0, 20_000);
    }
    expect(created()).toBe(3);
    for (const i of [...followed, cutShort]) expect(fileEdits(i.token)).toHaveLength(1);

    // The ledger charged each generation once: two for Alice, one for Bob, $0.02 each.
    const store = openStore(`sqlite://${join(dir, 'bot.sqlite')}`);
    const quota = createQuotaService({
      store,
      clock: systemClock,
      defaults: { micros: 1_000_000, period: 'daily' },
    });
    const alice = await quota.summary({ guildId: DEFAULT_GUILD.id, userId: ALICE, roleIds: [] });
    const bob = await quota.summary({ guildId: DEFAULT_GUILD.id, userId: BOB, roleIds: [] });
    await store.close();
    expect([alice.spentMicros, alice.reservedMicros, bob.spentMicros]).toEqual([40_000, 0, 20_000]);
  }, 60_000);
});
