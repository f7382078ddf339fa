/**
 * `npm run deploy-commands` registers every command, also from a checkout whose path has spaces
 * (it compared import.meta.url with `file://` + the path, which never matched one, and did
 * nothing): the real script in a copy of the repository under "a folder with spaces", against
 * the fake Discord.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands, messageCommands } from '../commands/index.ts';
import { type FakeDiscord, startFakeDiscord } from '../testkit/fake-discord.ts';
import { DEFAULT_GUILD } from './support/bot-harness.ts';

const REPO = resolve(import.meta.dirname, '..');
let discord: FakeDiscord;
let dir: string;

beforeAll(async () => {
  discord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
  dir = mkdtempSync(join(tmpdir(), 'deploy-'));
});
afterAll(async () => {
  await discord?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('deploy-commands', () => {
  it('registers every command when run from a path with spaces', async () => {
    const checkout = join(dir, 'a folder with spaces', 'bot');
    mkdirSync(checkout, { recursive: true });
    for (const part of ['src', 'commands', 'package.json'])
      cpSync(join(REPO, part), join(checkout, part), { recursive: true });
    symlinkSync(join(REPO, 'node_modules'), join(checkout, 'node_modules'));

    const { stdout } = await promisify(execFile)(process.execPath, ['src/deploy-commands.ts'], {
      cwd: checkout,
      env: {
        PATH: process.env.PATH ?? '',
        DISCORD_TOKEN: discord.botToken,
        DISCORD_API_URL: discord.apiUrl,
        LOG_LEVEL: 'info',
      },
    });
    const put = discord.calls.find((c) => c.method === 'PUT' && c.path.endsWith('/commands'));
    expect(put?.status).toBe(200);
    expect(put?.body as unknown[]).toHaveLength(commands.length + messageCommands.length);
    expect(stdout).toContain('slash commands registered');
  });
});
