/**
 * A store the bot cannot write stops it at the start, with one line naming the file and the
 * reason and exit code 2, before it logs in or sends anything: the real bot process on a real
 * SQLite file made unusable in each way an operator could get wrong.
 */
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock.ts';
import { type Simulator, startSimulator } from '../../src/sim/server.ts';
import { openStore } from '../../src/store/open.ts';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { DEFAULT_GUILD } from '../support/bot-harness.ts';
import { type BotProcess, botEnv, spawnBot } from '../support/bot-process.ts';

let sim: Simulator;
let discord: FakeDiscord;
let dir: string;
const children: BotProcess[] = [];

/** Permissions bind root only through an unprivileged process: run the bot as `nobody` then. */
const unprivileged = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

beforeAll(async () => {
  sim = await startSimulator({ clock: systemClock });
  discord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
});
afterAll(async () => {
  await discord?.close();
  await sim?.close();
});
afterEach(async () => {
  for (const bot of children.splice(0)) {
    bot.child.kill('SIGKILL');
    await bot.exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  dir = mkdtempSync(join(tmpdir(), 'bot-store-'));
  // mkdtemp makes a private folder; an unprivileged bot must at least be able to look inside.
  chmodSync(dir, 0o755);
  return dir;
}

/** `unprivileged` runs the bot as `nobody` when the tests run as root; `self` as this user. */
type RunAs = 'self' | 'unprivileged';

function startBot(storePath: string, runAs: RunAs): BotProcess {
  const bot = spawnBot(botEnv(discord, sim, storePath), runAs === 'unprivileged' ? unprivileged : undefined);
  children.push(bot);
  return bot;
}

/** Runs the bot on `storePath` and returns the one line it printed, after checking exit code 2. */
async function refusedStart(storePath: string, runAs: RunAs): Promise<string> {
  const bot = startBot(storePath, runAs);
  expect(await bot.exited).toBe(2);
  const lines = bot.output().stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(sim.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  return lines[0] as string;
}

describe('a store the bot cannot write', () => {
  it('stops the bot when the SQLite file is corrupt', async () => {
    const file = join(freshDir(), 'bot.sqlite');
    writeFileSync(file, 'this is not an SQLite database, only bytes where one should be'.repeat(100));
    const line = await refusedStart(file, 'self');
    expect(line).toMatch(/^Store error: cannot write sqlite:\/\/.*bot\.sqlite/);
    expect(line).toContain(file);
    expect(line).toMatch(/not a database/);
  }, 20_000);

  it('stops the bot when a folder stands where the file should be', async () => {
    const file = join(freshDir(), 'bot.sqlite');
    mkdirSync(file);
    const line = await refusedStart(file, 'self');
    expect(line).toContain(file);
    expect(line).toMatch(/unable to open database file/);
  }, 20_000);

  it('stops the bot when the folder of the file cannot be created', async () => {
    const base = freshDir();
    // A regular file where a folder of the path should be: no user can create the folder.
    writeFileSync(join(base, 'not-a-folder'), '');
    const file = join(base, 'not-a-folder', 'data', 'bot.sqlite');
    const line = await refusedStart(file, 'self');
    expect(line).toMatch(/^Store error: cannot create the folder of/);
    expect(line).toContain(file);
  }, 20_000);

  it('stops the bot when the parent folder is not writable', async () => {
    const base = freshDir();
    chmodSync(base, 0o555);
    const line = await refusedStart(join(base, 'data', 'bot.sqlite'), 'unprivileged');
    expect(line).toMatch(/permission denied|EACCES/i);
  }, 20_000);

  it('stops the bot when the SQLite file is read-only', async () => {
    const base = freshDir();
    const file = join(base, 'bot.sqlite');
    const store = await openStore(`sqlite://${file}`);
    await store.namespace('quota').set('settings:1', { kept: true });
    await store.close();
    if (unprivileged) {
      chownSync(base, unprivileged.uid, unprivileged.gid);
      chownSync(file, unprivileged.uid, unprivileged.gid);
    }
    chmodSync(file, 0o444);
    const line = await refusedStart(file, 'unprivileged');
    expect(line).toContain(file);
    expect(line).toMatch(/readonly|read-only|unable to open/i);
  }, 20_000);

  it('refuses a second bot process on the same SQLite file while the first runs', async () => {
    const file = join(freshDir(), 'bot.sqlite');
    const first = startBot(file, 'self');
    await discord.connected;
    const line = await refusedStart(file, 'self');
    expect(line).toContain(file);
    expect(line).toMatch(/in use by another bot process/);
    expect(first.child.exitCode).toBeNull();
  }, 30_000);
});
