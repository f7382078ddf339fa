/**
 * The admins' dashboard in a real Chromium, signed in through the fake Discord's OAuth2, changing
 * the rules the bot applies: a member's own allowance raised lets their next /imagine through, a
 * lower default refuses another member's, a channel allowed takes /imagine (and only there), two
 * tabs saving the same rule: the second is told what changed under it and nothing of it is saved;
 * the audit log shows the changes made with /quota and on the page, in order, with both values.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../testkit/browser.ts';
import { ADMIN, ALICE, ART, BOB, GUILD, NO_THREADS, OTHER, opt, useHarness } from '../support/bot-harness.ts';
import { ephemeralReply, sub } from './quota-helpers.ts';
import { dashboardOf, signInWithBrowser, submitRule } from './web-admin-helpers.ts';

const h = useHarness({ per: 'file', web: true });
let browser: Browser;

const dashboard = () => dashboardOf(h);
const posts = () => h.sim.requests.filter((r) => r.method === 'POST').length;

const signIn = (userId: string) => signInWithBrowser(h, browser, userId);

/** /imagine as `userId` in `channelId`: the job when it was taken, the private refusal when not. */
async function imagine(userId: string, channelId = ART) {
  const sent = posts();
  const interaction = await h.command(
    'imagine',
    [opt.string('prompt', 'a small fox'), opt.string('model', 'lang-4o-image')],
    { userId, channelId },
  );
  const call = await h.callbackOf(interaction);
  if ((call.body as { type: number }).type === 4) {
    const refusal = await ephemeralReply(h, interaction);
    expect(posts()).toBe(sent);
    return { refused: refusal.content };
  }
  return { job: await h.jobDone(interaction) };
}

const submit = submitRule;

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('an admin on the dashboard', () => {
  it("raises a member's own allowance, and their next /imagine, refused before, is sent", async () => {
    // The default lowered in Discord, as an admin does it today.
    const lowered = await ephemeralReply(
      h,
      await h.command('quota', [sub('default', [opt.string('usd', '0.01'), opt.string('period', 'daily')])], {
        userId: ADMIN,
      }),
    );
    expect(lowered.content).toContain('$0.01 per day');
    const before = await imagine(ALICE);
    expect(before.refused).toContain('$0.01 allowance');

    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(`${dashboard()}/members/${ALICE}`);
      await page.locator('#override-usd').fill('1');
      expect(await submit(page, 'rule-override')).toBe(303);
      await page.locator('#notice.saved').waitFor();
      expect(await page.locator('#notice').textContent()).toContain(
        'alice now has $1.00 per day of their own',
      );
      expect(await page.locator('#member-figures').textContent()).toContain('their own');
    } finally {
      await context.close();
    }
    expect((await imagine(ALICE)).job?.status).toBe('completed');
  });

  it("lowers the default, and another member's /imagine is refused", async () => {
    expect((await imagine(BOB)).refused).toContain('$0.01 allowance');
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(dashboard());
      await page.locator('#default-usd').fill('1');
      await submit(page, 'rule-default');
      await page.locator('#notice.saved').waitFor();
      expect((await imagine(BOB)).job?.status).toBe('completed');

      await page.locator('#default-usd').fill('0.005');
      await submit(page, 'rule-default');
      await page.locator('#notice.saved').waitFor();
      expect(await page.locator('#notice').textContent()).toContain('$0.005 per day');
    } finally {
      await context.close();
    }
    expect((await imagine(BOB)).refused).toContain('$0.005 allowance');
  });

  it('refuses an amount /quota refuses, in its words, keeping what was typed, and changes nothing', async () => {
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(dashboard());
      await page.locator('#budget-usd').fill('1.23456');
      expect(await submit(page, 'rule-budget')).toBe(400);
      expect(await page.locator('#notice.refused').textContent()).toContain('at most 4 decimals');
      expect(await page.locator('#budget-usd').inputValue()).toBe('1.23456');
    } finally {
      await context.close();
    }
    expect((await h.bot.services.quotaAdmin.getSettings(GUILD)).budgetMicros).toBe(0);
  });

  it('allows a channel picked from the server’s, and /imagine is taken there and refused elsewhere', async () => {
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(dashboard());
      await page.locator('#channel-pick').selectOption(ART);
      await submit(page, 'rule-channels form.add');
      await page.locator('#notice.saved').waitFor();
      expect(await page.locator('#notice').textContent()).toContain('#art is allowed');
    } finally {
      await context.close();
    }
    expect((await imagine(ALICE, ART)).job?.status).toBe('completed');
    expect((await imagine(ALICE, OTHER)).refused).toContain(`<#${ART}>`);
  });

  it('tells the second of two tabs saving the same rule what changed under it, and saves nothing of it', async () => {
    const { context, page: first } = await signIn(ADMIN);
    try {
      const second = await context.newPage();
      await first.goto(dashboard());
      await second.goto(dashboard());
      await first.locator('#budget-usd').fill('5');
      expect(await submit(first, 'rule-budget')).toBe(303);
      await first.locator('#notice.saved').waitFor();

      await second.locator('#budget-usd').fill('7');
      expect(await submit(second, 'rule-budget')).toBe(409);
      const told = await second.locator('#notice.conflict').textContent();
      expect(told).toContain('ada changed the server budget from none to $5.00 per day');
      expect(told).toContain('on the dashboard');
      expect(told).toContain('Your change was not saved');
      // The form shows the current value, as the notice says, and carries it as `was`: saving again replaces it.
      expect(await second.locator('#notice.conflict').textContent()).toContain(
        'The form now shows the current value',
      );
      expect(await second.locator('#budget-usd').inputValue()).toBe('5.00');
      expect((await h.bot.services.quotaAdmin.getSettings(GUILD)).budgetMicros).toBe(5_000_000);
      await second.locator('#budget-usd').fill('7');
      expect(await submit(second, 'rule-budget')).toBe(303);
      expect((await h.bot.services.quotaAdmin.getSettings(GUILD)).budgetMicros).toBe(7_000_000);
    } finally {
      await context.close();
    }
  });

  it('sees every change, by /quota and on the page, newest first, with the values before and after', async () => {
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(`${dashboard()}/audit`);
      const rows = await page.locator('#audit-table tbody tr').all();
      const read = await Promise.all(
        rows.map(async (row) => ({
          action: await row.getAttribute('data-action'),
          where: (await row.locator('td').nth(2).textContent())?.trim(),
          before: (await row.locator('.before').textContent())?.trim(),
          after: (await row.locator('.after').textContent())?.trim(),
        })),
      );
      expect(read).toEqual([
        { action: 'set-budget', where: 'on the dashboard', before: '$5.00 per day', after: '$7.00 per day' },
        { action: 'set-budget', where: 'on the dashboard', before: 'none', after: '$5.00 per day' },
        { action: 'allow-channel', where: 'on the dashboard', before: 'any channel', after: '#art' },
        {
          action: 'set-default',
          where: 'on the dashboard',
          before: '$1.00 per day',
          after: '$0.005 per day',
        },
        { action: 'set-default', where: 'on the dashboard', before: '$0.01 per day', after: '$1.00 per day' },
        {
          action: 'set-override',
          where: 'on the dashboard',
          before: 'none',
          after: '$1.00 per the default period',
        },
        { action: 'set-default', where: 'with /quota', before: '$1.00 per day', after: '$0.01 per day' },
      ]);
    } finally {
      await context.close();
    }
  });

  it('names the moderation log’s channel, and the next /imagine is logged there', async () => {
    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(dashboard());
      await page.locator('#moderation-channel').selectOption(NO_THREADS);
      expect(await submit(page, 'rule-moderation')).toBe(303);
      expect(await page.locator('#notice.saved').textContent()).toContain(
        'The moderation log goes to #no-threads',
      );
    } finally {
      await context.close();
    }
    expect((await imagine(ALICE, ART)).job?.status).toBe('completed');
    await h.bot.moderation.idle();
    const lines = h.discord.messages(NO_THREADS).filter((m) => m.author.id === h.discord.botUserId);
    expect(lines.map((m) => m.content)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^🖼️ <@${ALICE}> · https://discord\\.com/channels/${GUILD}/${ART}/\\d+ · .* · a small fox$`,
        ),
      ),
    ]);
    expect((await h.bot.services.quotaAdmin.auditPage(GUILD)).records[0]).toMatchObject({
      action: 'set-moderation-channel',
      via: 'web',
      after: NO_THREADS,
    });
  });
});
