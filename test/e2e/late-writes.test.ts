/**
 * A change the member (or admin) was told failed never stays: the store was stuck past the
 * interaction's deadline, the answer said "cannot record… nothing changed", and the write that
 * landed afterwards (the SQLite write lock released; a stopped Redis resumed) is undone.
 */
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { STORE_FAULT } from '../../src/discord/interactions/store-reads.ts';
import { ADMIN, ALICE, GUILD, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { type RedisServer, startRedisServer } from '../support/redis-server.ts';
import { holdWriteLock } from '../support/sqlite-lock.ts';
import { type Answer, entity, ephemeralReply, resolvedMember, sub } from './quota-helpers.ts';

let h: Harness;
let redis: RedisServer | undefined;
afterEach(async () => {
  redis?.resume();
  await h?.close();
});
afterAll(async () => {
  await redis?.stop();
});

const UNDONE = 'undid a change that landed after its answer said it failed';
const storedOf = () => h.bot.services.memberDefaults.get(GUILD, ALICE);
const settings = (options: unknown[]) => h.command('settings', options as never[], { userId: ALICE });

function expectStoreFault(answer: Answer) {
  expect(answer.content).toContain(STORE_FAULT);
}

/** Resolves once the bot logged that it undid a late write (the write landed, then was undone). */
const undone = () => vi.waitFor(() => expect(h.logs.join('')).toContain(UNDONE), { timeout: 30_000 });

/** Runs `during` while another connection holds the SQLite file's write lock, then releases it. */
async function whileLocked<T>(during: () => Promise<T>): Promise<T> {
  const lock = await holdWriteLock(join(h.storeDir, 'bot.sqlite'));
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
      ephemeralReply(h, await settings([opt.integer('count', 4), opt.boolean('always_confirm', true)])),
    );
    expectStoreFault(answer);
    await undone();
    expect(await storedOf()).toEqual({ count: 2 });
  });

  it("/settings' Reset: the defaults come back", async () => {
    h = await startHarness();
    const shown = await settings([opt.integer('count', 3)]);
    const first = await ephemeralReply(h, shown);
    const resetId = JSON.stringify(first.components).match(/"custom_id":"(settings:[^"]+)"/)?.[1];
    if (!resetId) throw new Error('no Reset button');
    const message = h.discord.originalMessage(shown.token);
    if (!message) throw new Error('no /settings answer');
    const answer = await whileLocked(async () => ephemeralReply(h, await h.press(message.id, resetId)));
    expectStoreFault(answer);
    await undone();
    expect(await storedOf()).toEqual({ count: 3 });
  });

  it("an admin's /quota set: the allowance is put back, and the audit says so", async () => {
    h = await startHarness();
    const quota = h.bot.services.quota;
    const before = (await quota.getSettings(GUILD)).overrides;
    const answer = await whileLocked(async () =>
      ephemeralReply(
        h,
        await h.command('quota', [sub('set', [entity.user('user', ALICE), opt.string('usd', '7')])], {
          userId: ADMIN,
          resolved: resolvedMember(ALICE, 'alice'),
        }),
      ),
    );
    expectStoreFault(answer);
    await undone();
    expect((await quota.getSettings(GUILD)).overrides).toEqual(before);
    const [last, landed] = await quota.auditLog(GUILD);
    expect(last).toMatchObject({ action: 'undo', detail: { of: 'set-override' } });
    expect(landed).toMatchObject({ action: 'set-override' });
  });
});

describe("an admin's /quota reset that lands after its answer said it failed", () => {
  it("gives the member's spend back to what it was, with an opposite adjustment", async () => {
    h = await startHarness();
    const quota = h.bot.services.quota;
    await h.jobDone(await h.command('imagine', [opt.string('prompt', 'a fox, paid for')]));
    const figures = () => quota.summary({ guildId: GUILD, userId: ALICE, roleIds: [] });
    const spent = (await figures()).spentMicros;
    expect(spent).toBeGreaterThan(0);
    const answer = await whileLocked(async () =>
      ephemeralReply(
        h,
        await h.command('quota', [sub('reset', [entity.user('user', ALICE)])], {
          userId: ADMIN,
          resolved: resolvedMember(ALICE, 'alice'),
        }),
      ),
    );
    expectStoreFault(answer);
    await undone();
    expect((await figures()).spentMicros).toBe(spent);
    const [undo, reset] = await quota.memberLedger(GUILD, ALICE, 2);
    expect(undo).toMatchObject({ kind: 'adjust', amountMicros: spent });
    expect(reset).toMatchObject({ kind: 'adjust', amountMicros: -spent });
  });
});

describe('a write that lands after its answer said it failed, on Redis', () => {
  it('/settings while Redis is stopped: the change is undone once it resumes', async () => {
    redis = await startRedisServer();
    h = await startHarness({ env: { STORE_URL: `${redis.url}/6` } });
    await ephemeralReply(h, await settings([opt.integer('count', 2)]));
    const server = redis;
    server.pause();
    let answer: Answer;
    try {
      answer = await ephemeralReply(h, await settings([opt.integer('count', 4)]));
    } finally {
      server.resume();
    }
    expectStoreFault(answer);
    // Whether the write sent during the stall runs when Redis resumes depends on what the server
    // makes of a connection the bot dropped (here it did not run); either way the member's value is
    // what they were told it is, and the bot never gave up checking.
    await vi.waitFor(async () => expect(await storedOf()).toEqual({ count: 2 }), { timeout: 30_000 });
    expect(h.logs.join('')).not.toContain('could not check a change whose answer said it failed');
  });
});
