/**
 * A change the member (or admin) was told failed never stays. The store was stuck past the
 * interaction's deadline and the answer said "cannot record… nothing changed"; then:
 * - on SQLite, the write lock another connection held goes, and the write that waited for it lands
 *   (the busy timeout is 10 s): the bot takes it back;
 * - on Redis, the write the bot saw fail (its connection dropped) still reaches the server: first
 *   with a stopped redis-server (SIGSTOP) that resumes with the command in its socket, where the
 *   order against the bot's next commands is the server's; then through a proxy that holds the
 *   command until the bot has settled the change, the order no timing can rule out, where it must
 *   not land at all.
 * The bot logs what it did (src/late-writes.ts); the tests wait for that line, then read the store.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { english } from '../../src/i18n/index.ts';
import { FENCED_LOG, UNDONE_LOG } from '../../src/late-writes.ts';
import { ADMIN, ALICE, GUILD, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { type HoldingProxy, startHoldingProxy } from '../support/holding-proxy.ts';
import { useRedisServer } from '../support/redis-server.ts';
import { holdWriteLock } from '../support/sqlite-lock.ts';
import { type Answer, entity, ephemeralReply, resolvedMember, sub } from './quota-helpers.ts';

// The English texts expected below, read from the bot's texts themselves.
const STORE_FAULT = english.t('actions:errors.storeFault');

const redis = useRedisServer();
let h: Harness | undefined;
let proxy: HoldingProxy | undefined;
afterEach(async () => {
  // A test that failed with Redis stopped: it runs again before the bot closes.
  redis.resume();
  await h?.close();
  h = undefined;
  await proxy?.close();
  proxy = undefined;
});

const bot = () => {
  if (!h) throw new Error('no bot started');
  return h;
};
const storedOf = () => bot().bot.services.memberDefaults.get(GUILD, ALICE);
const settings = (options: unknown[]) => bot().command('settings', options as never[], { userId: ALICE });
const quotaSet = (usd: string) =>
  bot().command('quota', [sub('set', [entity.user('user', ALICE), opt.string('usd', usd)])], {
    userId: ADMIN,
    resolved: resolvedMember(ALICE, 'alice'),
  });

function expectStoreFault(answer: Answer) {
  expect(answer.content).toContain(STORE_FAULT);
}

/** Resolves once the bot logged `line` (what it did with a change whose answer said it failed). */
const logged = (line: string) =>
  vi.waitFor(() => expect(bot().logs.join('')).toContain(line), { timeout: 30_000, interval: 50 });

/** The /settings answer's Reset button, and the message it is on. */
async function resetButton(shown: Awaited<ReturnType<typeof settings>>) {
  const first = await ephemeralReply(bot(), shown);
  const resetId = JSON.stringify(first.components).match(/"custom_id":"(settings:[^"]+)"/)?.[1];
  const message = bot().discord.originalMessage(shown.token);
  if (!resetId || !message) throw new Error('no Reset button');
  return { messageId: message.id, resetId };
}

/** Runs `during` while another connection holds the SQLite file's write lock, then releases it. */
async function whileLocked<T>(during: () => Promise<T>): Promise<T> {
  const lock = await holdWriteLock(join(bot().storeDir, 'bot.sqlite'));
  try {
    return await during();
  } finally {
    await lock.release();
  }
}

describe('a write that lands after its answer said it failed, on SQLite', () => {
  it('/settings: the change is undone and what was stored stays', async () => {
    h = await startHarness();
    await ephemeralReply(h, await settings([opt.integer('count', 2)]));
    const answer = await whileLocked(async () =>
      ephemeralReply(bot(), await settings([opt.integer('count', 4), opt.boolean('always_confirm', true)])),
    );
    expectStoreFault(answer);
    await logged(UNDONE_LOG);
    expect(await storedOf()).toEqual({ count: 2 });
  });

  it("/settings' Reset: the defaults come back", async () => {
    h = await startHarness();
    const { messageId, resetId } = await resetButton(await settings([opt.integer('count', 3)]));
    const answer = await whileLocked(async () =>
      ephemeralReply(bot(), await bot().press(messageId, resetId)),
    );
    expectStoreFault(answer);
    await logged(UNDONE_LOG);
    expect(await storedOf()).toEqual({ count: 3 });
  });

  it("an admin's /quota set: the allowance is put back, and the audit says so", async () => {
    h = await startHarness();
    const admin = h.bot.services.quotaAdmin;
    const before = (await admin.getSettings(GUILD)).overrides;
    const answer = await whileLocked(async () => ephemeralReply(bot(), await quotaSet('7')));
    expectStoreFault(answer);
    await logged(UNDONE_LOG);
    expect((await admin.getSettings(GUILD)).overrides).toEqual(before);
    const [last, landed] = await admin.auditLog(GUILD);
    expect(last).toMatchObject({ action: 'undo', detail: { of: 'set-override' }, settles: landed?.changeId });
    expect(landed).toMatchObject({ action: 'set-override' });
  });

  it("an admin's /quota reset: the member's spend comes back, with an opposite adjustment", async () => {
    h = await startHarness();
    const quota = h.bot.services.quota;
    await h.jobDone(await h.command('imagine', [opt.string('prompt', 'a fox, paid for')]));
    const figures = () => quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });
    const spent = (await figures()).spentMicros;
    expect(spent).toBeGreaterThan(0);
    const answer = await whileLocked(async () =>
      ephemeralReply(
        bot(),
        await bot().command('quota', [sub('reset', [entity.user('user', ALICE)])], {
          userId: ADMIN,
          resolved: resolvedMember(ALICE, 'alice'),
        }),
      ),
    );
    expectStoreFault(answer);
    await logged(UNDONE_LOG);
    expect((await figures()).spentMicros).toBe(spent);
    const [undo, reset] = await h.bot.services.quotaLedger.forMember(GUILD, ALICE, 2);
    expect(undo).toMatchObject({ kind: 'adjust', amountMicros: spent });
    expect(reset).toMatchObject({ kind: 'adjust', amountMicros: -spent });
  });
});

/** A chunk a client sends that writes the member's defaults (a compare-and-set script, or a plain SET). */
const writesDefaults = (text: string) =>
  text.includes(`${GUILD}:${ALICE}`) && /\r\n(EVAL|SET)\r\n/i.test(text);

/** The bot on Redis behind a holding proxy (test/support/holding-proxy.ts). */
async function onRedisBehindProxy(): Promise<{ h: Harness; proxy: HoldingProxy }> {
  proxy = await startHoldingProxy({ host: '127.0.0.1', port: redis.port });
  h = await startHarness({ env: { STORE_URL: `redis://127.0.0.1:${proxy.port}/6` } });
  return { h, proxy };
}

describe('a write that reaches Redis after its answer said it failed', () => {
  it('/settings sent to a Redis that stops: when it resumes, the member has what they were told', async () => {
    const { proxy } = await onRedisBehindProxy();
    await ephemeralReply(bot(), await settings([opt.integer('count', 2)]));
    // Redis stops just as the write is sent: the write waits in its socket, unanswered.
    const sending = proxy.holdNext(writesDefaults);
    const interaction = await settings([opt.integer('count', 4)]);
    await sending;
    redis.pause();
    await proxy.deliver();
    expectStoreFault(await ephemeralReply(bot(), interaction));
    // The bot drops the stalled connection (the write fails on its side) before Redis resumes and
    // runs it; whichever of it and the bot's next commands Redis runs first, the change is settled.
    await vi.waitFor(
      () => expect(bot().logs.join('')).toMatch(/"connection":"store".*Redis has not answered for too long/),
      { timeout: 30_000, interval: 50 },
    );
    redis.resume();
    await vi.waitFor(() => expect(bot().logs.join('')).toMatch(new RegExp(`${UNDONE_LOG}|${FENCED_LOG}`)), {
      timeout: 30_000,
      interval: 50,
    });
    expect(await storedOf()).toEqual({ count: 2 });
  });

  it('/settings whose write arrives only after the bot settled it: it does not land', async () => {
    const { proxy } = await onRedisBehindProxy();
    await ephemeralReply(bot(), await settings([opt.integer('count', 2)]));
    const held = proxy.holdNext(writesDefaults);
    const answer = await ephemeralReply(bot(), await settings([opt.integer('count', 4)]));
    await held;
    expectStoreFault(answer);
    await logged(FENCED_LOG);
    // The write the bot saw fail reaches Redis now, after the bot's own commands.
    await proxy.deliver();
    expect(await storedOf()).toEqual({ count: 2 });
  });

  it("/settings' Reset whose write arrives only after the bot settled it: the defaults stay", async () => {
    const { proxy } = await onRedisBehindProxy();
    const { messageId, resetId } = await resetButton(await settings([opt.integer('count', 3)]));
    const held = proxy.holdNext(writesDefaults);
    const answer = await ephemeralReply(bot(), await bot().press(messageId, resetId));
    await held;
    expectStoreFault(answer);
    await logged(FENCED_LOG);
    await proxy.deliver();
    expect(await storedOf()).toEqual({ count: 3 });
  });

  it("an admin's /quota set whose EXEC arrives only after the bot settled it: the allowance stays", async () => {
    const { h, proxy } = await onRedisBehindProxy();
    const admin = h.bot.services.quotaAdmin;
    const before = (await admin.getSettings(GUILD)).overrides;
    // The transaction's reads go through; its writes (MULTI… SET of the settings… EXEC) are held.
    const held = proxy.holdNext((text) => text.includes(`settings:${GUILD}`) && /\r\nSET\r\n/i.test(text));
    const answer = await ephemeralReply(h, await quotaSet('7'));
    await held;
    expectStoreFault(answer);
    await logged(FENCED_LOG);
    await proxy.deliver();
    expect((await admin.getSettings(GUILD)).overrides).toEqual(before);
    const [last] = await admin.auditLog(GUILD);
    expect(last).toMatchObject({ action: 'not-applied', detail: { of: 'set-override' } });
  });

  it("an admin's /quota set that landed before its answer gave up at a later read: it is taken back", async () => {
    const { h, proxy } = await onRedisBehindProxy();
    const admin = h.bot.services.quotaAdmin;
    const before = (await admin.getSettings(GUILD)).overrides;
    // The change commits; the member's figures read after it, for the answer, are held.
    const held = proxy.holdNext((text) => text.includes(`member:${GUILD}:${ALICE}`));
    const answer = await ephemeralReply(h, await quotaSet('7'));
    await held;
    expectStoreFault(answer);
    await logged(UNDONE_LOG);
    expect((await admin.getSettings(GUILD)).overrides).toEqual(before);
    await proxy.deliver();
  });
});
