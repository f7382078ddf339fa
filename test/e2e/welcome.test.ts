/**
 * The welcome through the fake Discord: a server the bot joins gets one message in its system
 * channel, never a second one (a restart sends GUILD_CREATE again for every server, and a second
 * invitation another), nowhere when the bot may not post there or there is no such channel, and
 * a failing post is logged while the bot goes on. A server the bot was in before welcomes were
 * kept is remembered without one.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeFault, FakeGuildSpec } from '../../testkit/fake-discord.ts';
import { ADMIN, type Harness, startHarness } from '../support/bot-harness.ts';

const NEW = '1400000000000000001';
const NEW_GENERAL = '1400000000000000002';
const NEW_RULES = '1400000000000000003';
const OWNER = '1400000000000000010';

const newServer = (overrides: Partial<FakeGuildSpec> = {}): FakeGuildSpec => ({
  id: NEW,
  name: 'New Server',
  channels: [
    { id: NEW_GENERAL, name: 'general' },
    { id: NEW_RULES, name: 'rules' },
  ],
  members: [{ userId: OWNER, username: 'owner' }],
  systemChannelId: NEW_GENERAL,
  ...overrides,
});

let h: Harness;
afterEach(async () => {
  await h?.close();
});

/** Waits until the bot has logged `msg` about `guildId` at least `count` times. */
async function logged(msg: string, guildId: string, count = 1): Promise<void> {
  const matching = () =>
    h.logs
      .map((line) => JSON.parse(line) as { msg?: string; guildId?: string })
      .filter((l) => l.msg?.startsWith(msg) && l.guildId === guildId).length;
  await vi.waitFor(() => expect(matching()).toBeGreaterThanOrEqual(count), { timeout: 10_000, interval: 20 });
}

/** Discord refuses the welcome in the new server's system channel: the bot may not post there. */
const refusedPost = (): FakeFault => ({
  kind: 'refuse',
  status: 403,
  code: 50013,
  message: 'Missing Permissions',
  match: (r) => r.route === 'channelMessage' && r.path === `/channels/${NEW_GENERAL}/messages`,
});

const postsTo = (channelId: string) =>
  h.discord.calls.filter((c) => c.route === 'channelMessage' && c.path === `/channels/${channelId}/messages`);

describe('the welcome', () => {
  it("greets a Japanese server in Japanese, with /quota's Japanese names", async () => {
    h = await startHarness();
    await h.discord.addGuild(newServer({ preferredLocale: 'ja' }));
    const call = await h.discord.waitForCall(
      (c) => c.route === 'channelMessage' && c.path === `/channels/${NEW_GENERAL}/messages`,
    );
    const { content } = call.body as { content: string };
    expect(content).toMatch(/^こんにちは！/);
    expect(content).toContain('**1日あたり$1.00**');
    for (const command of ['/利用枠 デフォルト', '/利用枠 予算', '/利用枠 表示'])
      expect(content).toContain(command);
    expect(content).not.toContain('/quota');
  });

  it('greets a server it joins once, in the system channel, and never again', async () => {
    h = await startHarness();
    await h.discord.addGuild(newServer());
    const call = await h.discord.waitForCall(
      (c) => c.route === 'channelMessage' && c.path === `/channels/${NEW_GENERAL}/messages`,
    );
    expect(call.status).toBe(200);
    const body = call.body as { content: string; allowed_mentions: { parse: string[] } };
    expect(body.content).toContain('/imagine');
    expect(body.content).toContain('$1.00 per day');
    for (const command of ['/quota default', '/quota budget', '/quota show'])
      expect(body.content).toContain(command);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(h.discord.messages(NEW_GENERAL)).toHaveLength(1);

    // A restart: GUILD_CREATE for every server again.
    await h.restart();
    await logged('welcome: a server already handled', NEW);
    // Removed and invited again.
    await h.discord.dispatch('GUILD_DELETE', { id: NEW, unavailable: false });
    await h.discord.addGuild(newServer());
    await logged('welcome: a server already handled', NEW, 2);
    expect(postsTo(NEW_GENERAL)).toHaveLength(1);
    expect(h.discord.messages(NEW_GENERAL)).toHaveLength(1);
  });

  it('posts nowhere when it may not post in the system channel, or when there is none', async () => {
    h = await startHarness();
    const NOWHERE = '1400000000000000101';
    await h.discord.addGuild(
      newServer({
        channels: [
          { id: NEW_GENERAL, name: 'general', botDeny: String(PermissionFlagsBits.SendMessages) },
          { id: NEW_RULES, name: 'rules' },
        ],
      }),
    );
    await h.discord.addGuild({ ...newServer({ id: NOWHERE, channels: [] }), systemChannelId: undefined });
    await logged('welcome: the bot may not post in the system channel', NEW);
    await logged('welcome: the server has no system channel', NOWHERE);
    expect(h.discord.calls.filter((c) => c.route === 'channelMessage')).toEqual([]);
  });

  it('logs a failing post and goes on, without trying again after a restart', async () => {
    h = await startHarness();
    h.discord.injectFault(refusedPost());
    await h.discord.addGuild(newServer());
    await logged('welcome: the post failed', NEW);
    // The bot still answers.
    const interaction = await h.command('quota', [{ name: 'show', type: 1, options: [] }] as never, {
      userId: ADMIN,
    });
    expect(((await h.callbackOf(interaction)).body as { type: number }).type).toBe(4);
    await h.restart();
    await logged('welcome: a server already handled', NEW);
    expect(postsTo(NEW_GENERAL)).toHaveLength(1);
  });

  it('finishes a welcome still posting at a stop before the store closes', async () => {
    h = await startHarness();
    // The stop's progress, from its debug lines: which part it is closing.
    const closing = (part: string) =>
      h.logs.some((line) => {
        const l = JSON.parse(line) as { msg?: string; closing?: string };
        return l.msg === 'closing a part of the bot' && l.closing === part;
      });
    let restarting: Promise<void> | undefined;
    h.discord.injectFault({
      ...refusedPost(),
      // The post is in flight when the stop begins; its answer comes once the stop has reached the
      // welcomes, or (were they not waited for) the store.
      meanwhile: async () => {
        restarting = h.restart();
        await vi.waitFor(() => expect(closing('the welcomes') || closing('the store')).toBe(true), {
          timeout: 10_000,
          interval: 10,
        });
      },
    });
    await h.discord.addGuild(newServer());
    await vi.waitFor(() => expect(restarting).toBeDefined(), { timeout: 10_000, interval: 10 });
    await restarting;
    // The refusal was handled, and remembered, before the store closed...
    await logged('welcome: a server already handled', NEW);
    const lines = h.logs.map(
      (line) => JSON.parse(line) as { msg?: string; closing?: string; guildId?: string; outcome?: string },
    );
    const failed = lines.findIndex((l) => l.msg === 'welcome: the post failed; not tried again');
    const storeClosing = lines.findIndex(
      (l) => l.msg === 'closing a part of the bot' && l.closing === 'the store',
    );
    expect(failed).toBeGreaterThan(-1);
    expect(failed).toBeLessThan(storeClosing);
    expect(lines.filter((l) => l.msg === 'welcome: could not handle a new server')).toEqual([]);
    // ...so the next start finds the outcome as it was, and does not post again.
    const seen = lines.find((l) => l.msg === 'welcome: a server already handled' && l.guildId === NEW);
    expect(seen?.outcome).toBe('failed');
    expect(postsTo(NEW_GENERAL)).toHaveLength(1);
  });

  it('remembers without a welcome a server it joined before welcomes were kept', async () => {
    const joinedAt = new Date(Date.now() - 30 * 86_400_000).toISOString();
    h = await startHarness({ extraGuilds: [newServer({ joinedAt })] });
    await logged('welcome: a server joined before welcomes were kept', NEW);
    await h.restart();
    await logged('welcome: a server already handled', NEW);
    expect(postsTo(NEW_GENERAL)).toEqual([]);
  });
});
