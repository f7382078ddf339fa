import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SIMULATOR_FOOTER } from '../../src/discord/views/message-parts.ts';
import { chatInputInteraction, type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { ALICE, ART, DEFAULT_GUILD, type MessageLike, textOf } from '../support/bot-harness.ts';
import { type BotProcess, spawnBot } from '../support/bot-process.ts';

const children: BotProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const bot of children.splice(0)) {
    bot.child.kill('SIGKILL');
    await bot.exited;
  }
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function startProcess(env: Record<string, string>): BotProcess {
  const bot = spawnBot(env);
  children.push(bot);
  return bot;
}

describe('the bot process', () => {
  it('runs on the built-in simulator with only DISCORD_TOKEN set, and says so on every result', async () => {
    const discord: FakeDiscord = await startFakeDiscord({ guilds: [DEFAULT_GUILD] });
    const dir = mkdtempSync(join(tmpdir(), 'bot-process-'));
    cleanups.push(
      () => discord.close(),
      () => rmSync(dir, { recursive: true, force: true }),
    );
    // The fake Discord's address and a throwaway store path are the only other settings.
    const bot = startProcess({
      DISCORD_TOKEN: discord.botToken,
      DISCORD_API_URL: discord.apiUrl,
      STORE_URL: `sqlite://${join(dir, 'bot.sqlite')}`,
    });
    await discord.connected;

    const interaction = chatInputInteraction(discord, {
      commandName: 'imagine',
      options: [{ name: 'prompt', type: 3, value: 'a paper boat [sim:duration=300]' }],
      channelId: ART,
      userId: ALICE,
    });
    await discord.sendInteraction(interaction);
    const delivered = await discord.waitForCall(
      (c) => c.route === 'webhookEdit' && c.path.includes(interaction.token) && c.files.length > 0,
      20_000,
    );
    // The result card says it came from the built-in simulator.
    expect(textOf(delivered.body as MessageLike)).toContain(`-# ${SIMULATOR_FOOTER}`);
    expect(bot.output().stdout).toMatch(/BUILT-IN SIMULATOR/);
    expect(bot.output().stdout).not.toContain(discord.botToken);
  }, 30_000);

  it('exits with code 2 and one line naming a missing variable', async () => {
    const run = startProcess({});
    expect(await run.exited).toBe(2);
    expect(run.output().stderr.trim()).toBe(
      'Configuration error: DISCORD_TOKEN is required (the bot token from the Discord developer portal)',
    );
  });

  it('exits with code 2 on a malformed variable, naming it', async () => {
    const run = startProcess({ DISCORD_TOKEN: 'x', MEDIA_API_BASE_URL: 'not a url', MEDIA_API_TOKEN: 't' });
    expect(await run.exited).toBe(2);
    expect(run.output().stderr).toMatch(/^Configuration error: MEDIA_API_BASE_URL must be an http\(s\) URL/);
    expect(run.output().stderr.trim().split('\n')).toHaveLength(1);
  });
});
