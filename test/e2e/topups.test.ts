/**
 * Top-ups bought in Discord's store, through the fake Discord (its SKUs, entitlements, consume and
 * gateway events) and the simulator: an admin offers a consumable SKU, a member refused for their
 * allowance sees its premium button, a purchase is credited once and consumed (also when the bot
 * dies between the two, or the consume's answer is lost), is spent after the allowance, waits for
 * /usage when the server is not known, and a refund takes back what is left and tells the member
 * and the alerts channel. An entitlement of another application, of a SKU not offered, or a test
 * purchase without TOPUPS_ACCEPT_TEST, credits nothing.
 */
import { ButtonStyle, ComponentType } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { chatInputInteraction } from '../../testkit/fake-discord.ts';
import { ADMIN, ALICE, ART, BOB, GUILD, type Harness, opt, startHarness } from '../support/bot-harness.ts';
import { ephemeralReply } from './quota-helpers.ts';

const COINS = '1300000000000000900';
const PASS = '1300000000000000901';
const SKUS = [
  { id: COINS, name: '500 coins' },
  { id: PASS, name: 'Season pass', type: 2 },
];
const USD = 1_000_000;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function start(env: Record<string, string> = {}): Promise<Harness> {
  h = await startHarness({ skus: SKUS, env: { QUOTA_DEFAULT_USD: '0.05', ...env } });
  return h;
}

/** `/quota topups <sub>` as the admin; the bot's private answer. */
async function topups(bot: Harness, name: string, options: unknown[] = []) {
  return ephemeralReply(
    bot,
    await bot.command('quota', [opt.group('topups', opt.subcommand(name, options as never))], {
      userId: ADMIN,
    }),
  );
}

const summary = (bot: Harness, userId = ALICE) =>
  bot.bot.services.quota.summary({ guildId: GUILD, userId, roleIds: [] });

const topupEntries = async (bot: Harness) =>
  (await bot.bot.services.quotaLedger.forMember(GUILD, ALICE, 50)).filter((e) => e.kind === 'topup');

/** Waits until the fake holds the entitlement consumed. */
const consumed = (bot: Harness, id: string) =>
  bot.discord.waitForCall(() => bot.discord.entitlement(id)?.consumed === true);

describe('top-ups in Discord’s store', () => {
  it('are offered by an admin, shown beside a refusal, credited once and consumed, and spent after the allowance', async () => {
    const bot = await start();
    expect((await topups(bot, 'list')).content).toMatch(/^No top-up is offered here\./);
    expect((await topups(bot, 'set', [opt.string('sku', PASS), opt.string('usd', '5')])).content).toContain(
      'is not a consumable SKU of this application: it is not consumable',
    );
    expect(
      (await topups(bot, 'set', [opt.string('sku', '1300000000000000999'), opt.string('usd', '5')])).content,
    ).toContain('Discord lists no such SKU');
    expect((await topups(bot, 'set', [opt.string('sku', COINS), opt.string('usd', '5')])).content).toBe(
      `One purchase of **500 coins** (\`${COINS}\`) now adds $5.00 to the buyer’s top-up in this server. A top-up is spent after the period’s allowance and never resets.`,
    );

    // A $0.20 video over a $0.05 allowance: refused, with the premium button beside it.
    const video = [opt.string('prompt', 'a fox'), opt.string('model', 'vista-3.1-lite')];
    const refusal = await ephemeralReply(bot, await bot.command('video', video));
    expect(refusal.content).toContain('allowance');
    expect(refusal.components).toEqual([
      {
        type: ComponentType.ActionRow,
        components: [{ type: ComponentType.Button, style: ButtonStyle.Premium, sku_id: COINS }],
      },
    ]);

    // Alice buys it: credited to her top-up here, consumed, and she is told.
    const bought = await bot.discord.purchase({ userId: ALICE, skuId: COINS });
    await consumed(bot, bought.id);
    await expect.poll(async () => (await summary(bot)).topupLeftMicros).toBe(5 * USD);
    expect(await topupEntries(bot)).toHaveLength(1);

    // The same request now goes through, drawing from the top-up what the allowance does not cover.
    const made = await bot.command('video', video);
    const job = await bot.jobDone(made);
    expect(job.status).toBe('completed');
    const after = await summary(bot);
    expect(after.spentMicros).toBe(0.05 * USD);
    expect(after.topupLeftMicros).toBe(5 * USD - (job.chargedMicros - 0.05 * USD));
  });

  it('credits a purchase once when the bot died between the credit and the consume, or the consume’s answer was lost', async () => {
    const bot = await start();
    await bot.bot.services.quotaAdmin.setTopupSku(GUILD, COINS, 2 * USD, ADMIN);
    await bot.bot.services.topups?.recordOffer(ALICE, GUILD);
    // Every consume refused for now: credited, not consumed.
    const failing = { on: true };
    bot.discord.injectFault({
      kind: 'refuse',
      status: 500,
      times: Number.POSITIVE_INFINITY,
      match: (r) => failing.on && r.route === 'entitlementConsume',
    });
    const first = await bot.discord.purchase({ userId: ALICE, skuId: COINS });
    await expect.poll(async () => (await summary(bot)).topupLeftMicros).toBe(2 * USD);
    expect(bot.discord.entitlement(first.id)?.consumed).toBe(false);
    await bot.restart(async () => {
      failing.on = false;
    });
    // The start lists it unconsumed: the credit is not made again, the consume is.
    await consumed(bot, first.id);
    expect((await summary(bot)).topupLeftMicros).toBe(2 * USD);

    // A consume whose answer is lost: Discord consumed it; the retry finds it consumed.
    bot.discord.injectFault({
      kind: 'lose-answer',
      status: 502,
      match: (r) => r.route === 'entitlementConsume',
    });
    const second = await bot.discord.purchase({ userId: ALICE, skuId: COINS });
    await consumed(bot, second.id);
    await expect.poll(async () => (await summary(bot)).topupLeftMicros).toBe(4 * USD);
    expect(await topupEntries(bot)).toHaveLength(2);
  });

  it('waits for /usage when the server is not known, and says so there', async () => {
    const bot = await start();
    await bot.bot.services.quotaAdmin.setTopupSku(GUILD, COINS, 1 * USD, ADMIN);
    const bought = await bot.discord.purchase({ userId: BOB, skuId: COINS });
    await bot.discord.waitForCall((c) => c.route === 'dmCreate');
    expect(bot.discord.entitlement(bought.id)?.consumed).toBe(false);
    const usage = await ephemeralReply(bot, await bot.command('usage', [], { userId: BOB }));
    expect(usage.content).toContain('is being added to your top-up in this server');
    expect(usage.components).toHaveLength(1);
    await consumed(bot, bought.id);
    await expect.poll(async () => (await summary(bot, BOB)).topupLeftMicros).toBe(1 * USD);
    const later = await ephemeralReply(bot, await bot.command('usage', [], { userId: BOB }));
    expect(later.embeds?.[0]?.fields).toContainEqual({
      name: 'Top-up',
      value: '$1.00 left (spent after the allowance, never resets)',
    });
  });

  it('never credits a purchase Discord refunded while it waited for /usage', async () => {
    const bot = await start();
    await bot.bot.services.quotaAdmin.setTopupSku(GUILD, COINS, 1 * USD, ADMIN);
    const bought = await bot.discord.purchase({ userId: BOB, skuId: COINS });
    await bot.discord.waitForCall((c) => c.route === 'dmCreate');
    expect(await bot.bot.services.topups?.waitingCount(BOB)).toBe(1);
    await bot.discord.refundEntitlement(bought.id);
    await expect.poll(() => bot.bot.services.topups?.waitingCount(BOB)).toBe(0);
    const usage = await ephemeralReply(bot, await bot.command('usage', [], { userId: BOB }));
    expect(usage.content ?? '').not.toContain('is being added to your top-up');
    // Nor at a start, which lists what is unconsumed.
    await bot.bot.topups.resume();
    expect((await summary(bot, BOB)).topupLeftMicros ?? 0).toBe(0);
    expect(
      (await bot.bot.services.quotaLedger.forMember(GUILD, BOB, 50)).filter((e) => e.kind === 'topup'),
    ).toEqual([]);
  });

  it('takes back what is left of a refunded purchase, and tells the member and the alerts channel', async () => {
    const bot = await start();
    await bot.bot.services.quotaAdmin.setTopupSku(GUILD, COINS, 1 * USD, ADMIN);
    await bot.bot.services.quotaAdmin.setAlerts(GUILD, { channelId: ART }, ADMIN);
    await bot.bot.services.topups?.recordOffer(ALICE, GUILD);
    const bought = await bot.discord.purchase({ userId: ALICE, skuId: COINS });
    await consumed(bot, bought.id);
    await expect.poll(async () => (await summary(bot)).topupLeftMicros).toBe(1 * USD);
    await bot.discord.refundEntitlement(bought.id);
    await expect.poll(async () => (await summary(bot)).topupLeftMicros).toBe(0);
    const told = await bot.discord.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${ART}/messages` && c.status === 200,
    );
    expect((told.body as { content: string }).content).toBe(
      `Discord refunded a top-up of <@${ALICE}>: $1.00 of it was taken back.`,
    );
    // And the member, by a direct message.
    const dm = await bot.discord.waitForCall(
      (c) =>
        c.route === 'dmCreate' &&
        c.status === 200 &&
        (c.body as { recipient_id?: string }).recipient_id === ALICE,
    );
    expect(dm).toBeDefined();
    await bot.discord.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path !== `/channels/${ART}/messages` &&
        c.route === 'channelMessage' &&
        String((c.body as { content?: string } | undefined)?.content).startsWith('Discord refunded a top-up'),
    );
  });

  it('credits nothing for another application, a SKU not offered here, or a test purchase when not accepted', async () => {
    const bot = await start();
    await bot.bot.services.quotaAdmin.setTopupSku(GUILD, COINS, 1 * USD, ADMIN);
    await bot.bot.services.topups?.recordOffer(ALICE, GUILD);
    const foreign = await bot.discord.purchase({
      userId: ALICE,
      skuId: COINS,
      applicationId: '1300000000000000777',
    });
    const test = await bot.discord.purchase({ userId: ALICE, skuId: COINS, type: 4 });
    const notOffered = await bot.discord.purchase({ userId: ALICE, skuId: PASS });
    // A purchase the bot does take, after them: once it is credited, the others were seen before it.
    const real = await bot.discord.purchase({ userId: ALICE, skuId: COINS });
    await consumed(bot, real.id);
    await expect.poll(async () => (await summary(bot)).topupLeftMicros).toBe(1 * USD);
    expect(await topupEntries(bot)).toHaveLength(1);
    for (const e of [foreign, test, notOffered]) expect(bot.discord.entitlement(e.id)?.consumed).toBe(false);
  });

  it('credits nothing an interaction says was bought (a forged one lists an entitlement it never had)', async () => {
    const bot = await start();
    await bot.bot.services.quotaAdmin.setTopupSku(GUILD, COINS, 1 * USD, ADMIN);
    const forged = chatInputInteraction(bot.discord, {
      commandName: 'usage',
      options: [],
      channelId: ART,
      userId: ALICE,
    });
    const claimed = {
      id: '1300000000000000950',
      sku_id: COINS,
      application_id: bot.bot.client.application.id,
      user_id: ALICE,
      type: 1,
      deleted: false,
      starts_at: null,
      ends_at: null,
      consumed: false,
    };
    await bot.discord.sendInteraction({ ...forged, entitlements: [claimed] } as typeof forged);
    const usage = await ephemeralReply(bot, forged);
    expect(usage.content ?? '').not.toContain('top-up');
    expect((await summary(bot)).topupLeftMicros).toBeUndefined();
    expect(await topupEntries(bot)).toHaveLength(0);
  });

  it('credits a test purchase with TOPUPS_ACCEPT_TEST=1', async () => {
    const bot = await start({ TOPUPS_ACCEPT_TEST: '1' });
    await bot.bot.services.quotaAdmin.setTopupSku(GUILD, COINS, 1 * USD, ADMIN);
    await bot.bot.services.topups?.recordOffer(ALICE, GUILD);
    const test = await bot.discord.purchase({ userId: ALICE, skuId: COINS, type: 4 });
    await consumed(bot, test.id);
    expect((await summary(bot)).topupLeftMicros).toBe(1 * USD);
  });
});
