/**
 * Two admins, each in a browser of their own (two contexts, two sessions), signed in through the
 * fake Discord's OAuth2: both save the default, the first is saved, the second is told who changed
 * it from what to what and where, nothing of theirs is saved and their form shows the current value;
 * a change made with /quota under an open page is told the same way; the audit log reads the
 * changes of both, made on the page and with /quota, newest first, with both values and where.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../testkit/browser.ts';
import { ADMIN, ADMINS_ROLE, ALICE, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { ephemeralReply, sub } from './quota-helpers.ts';
import { dashboardOf, signInWithBrowser, submitRule } from './web-admin-helpers.ts';

const h = useHarness({ per: 'file', web: true });
let browser: Browser;
/** A second admin: joins the server and is given the admins' role (Manage Server) in beforeAll. */
const CLEO = '1300000000000000097';

const dashboard = () => dashboardOf(h);
const settings = () => h.bot.services.quotaAdmin.getSettings(GUILD);

const signIn = (userId: string) => signInWithBrowser(h, browser, userId);

const submit = submitRule;

/** `/quota <name> …` sent by ADMIN in Discord; answers the bot's private reply. */
async function quota(name: string, options: unknown[]): Promise<string> {
  const interaction = await h.command('quota', [sub(name, options)], { userId: ADMIN });
  return (await ephemeralReply(h, interaction)).content;
}

let ada: { context: BrowserContext; page: Page };
let cleo: { context: BrowserContext; page: Page };

beforeAll(async () => {
  browser = await launchChromium();
  await h.discord.addMember(GUILD, { userId: CLEO, username: 'cleo' });
  await h.discord.setMemberRoles(GUILD, CLEO, [ADMINS_ROLE]);
  ada = await signIn(ADMIN);
  cleo = await signIn(CLEO);
}, 60_000);

afterAll(async () => {
  await ada?.context.close();
  await cleo?.context.close();
  await browser?.close();
});

describe('two admins on the dashboard at once', () => {
  it('both save the default: the first is saved, the second told and shown the current value', async () => {
    expect(await quota('default', [opt.string('usd', '0.50'), opt.string('period', 'daily')])).toContain(
      '$0.50 per day',
    );
    await ada.page.goto(dashboard());
    await cleo.page.goto(dashboard());
    for (const { page } of [ada, cleo]) expect(await page.locator('#default-usd').inputValue()).toBe('0.50');

    await ada.page.locator('#default-usd').fill('2');
    await cleo.page.locator('#default-usd').fill('3');
    expect(await submit(ada.page, 'rule-default')).toBe(303);
    expect(await ada.page.locator('#notice.saved').textContent()).toContain('$2.00 per day');

    expect(await submit(cleo.page, 'rule-default')).toBe(409);
    const told = await cleo.page.locator('#notice.conflict').textContent();
    expect(told).toContain('ada changed the default allowance from $0.50 per day to $2.00 per day');
    expect(told).toContain('on the dashboard');
    expect(told).toContain('Your change was not saved');
    expect((await settings()).default).toEqual({ micros: 2_000_000, period: 'daily' });
    const audit = await h.bot.services.quotaAdmin.auditPage(GUILD);
    expect(audit.records.filter((r) => r.by === CLEO)).toEqual([]);

    // The second's form now shows what the first saved; saved again on purpose, it replaces it.
    expect(await cleo.page.locator('#default-usd').inputValue()).toBe('2.00');
    expect(await cleo.page.locator('#default-period').inputValue()).toBe('daily');
    await cleo.page.locator('#default-usd').fill('3');
    expect(await submit(cleo.page, 'rule-default')).toBe(303);
    await cleo.page.locator('#notice.saved').waitFor();
    expect((await settings()).default).toEqual({ micros: 3_000_000, period: 'daily' });
  });

  it('tells an admin whose page was open of a change made with /quota meanwhile, and saves nothing of theirs', async () => {
    await cleo.page.goto(dashboard());
    expect(await cleo.page.locator('#budget-usd').inputValue()).toBe('0.00');
    expect(await quota('budget', [opt.string('usd', '10')])).toContain('$10.00');

    await cleo.page.locator('#budget-usd').fill('4');
    expect(await submit(cleo.page, 'rule-budget')).toBe(409);
    const told = await cleo.page.locator('#notice.conflict').textContent();
    expect(told).toContain('ada changed the server budget from none to $10.00 per day');
    expect(told).toContain('with /quota');
    expect((await settings()).budgetMicros).toBe(10_000_000);
    expect(await cleo.page.locator('#budget-usd').inputValue()).toBe('10.00');

    await cleo.page.locator('#budget-usd').fill('4');
    expect(await submit(cleo.page, 'rule-budget')).toBe(303);
    expect((await settings()).budgetMicros).toBe(4_000_000);
  });

  it('reads in the audit log the changes of both, with /quota and on the page, newest first', async () => {
    await ada.page.goto(`${dashboard()}/audit`);
    const rows = await ada.page.locator('#audit-table tbody tr').all();
    const read = await Promise.all(
      rows.map(async (row) => {
        const cells = row.locator('td');
        return {
          action: await row.getAttribute('data-action'),
          who: (await cells.nth(1).textContent())?.trim(),
          where: (await cells.nth(2).textContent())?.trim(),
          before: (await row.locator('.before').textContent())?.trim(),
          after: (await row.locator('.after').textContent())?.trim(),
        };
      }),
    );
    expect(read).toEqual([
      {
        action: 'set-budget',
        who: 'cleo',
        where: 'on the dashboard',
        before: '$10.00 per day',
        after: '$4.00 per day',
      },
      { action: 'set-budget', who: 'ada', where: 'with /quota', before: 'none', after: '$10.00 per day' },
      {
        action: 'set-default',
        who: 'cleo',
        where: 'on the dashboard',
        before: '$2.00 per day',
        after: '$3.00 per day',
      },
      {
        action: 'set-default',
        who: 'ada',
        where: 'on the dashboard',
        before: '$0.50 per day',
        after: '$2.00 per day',
      },
      {
        action: 'set-default',
        who: 'ada',
        where: 'with /quota',
        before: '$1.00 per day',
        after: '$0.50 per day',
      },
    ]);
  });

  it("tells the second of two admins saving a member's own allowance, on the member's page", async () => {
    const member = `${dashboard()}/members/${ALICE}`;
    await ada.page.goto(member);
    await cleo.page.goto(member);
    await ada.page.locator('#override-usd').fill('1.5');
    await cleo.page.locator('#override-usd').fill('0.25');
    expect(await submit(ada.page, 'rule-override')).toBe(303);
    await ada.page.locator('#notice.saved').waitFor();

    expect(await submit(cleo.page, 'rule-override')).toBe(409);
    // The answer is the member's page again (its figures), not the dashboard's.
    await cleo.page.locator('#member-figures').waitFor();
    const told = await cleo.page.locator('#notice.conflict').textContent();
    expect(told).toContain('ada changed the own allowance of alice from none to $1.50');
    expect(await cleo.page.locator('#override-usd').inputValue()).toBe('1.50');
    expect((await settings()).overrides[ALICE]?.micros).toBe(1_500_000);
  });
});
