/** What the dashboard's browser tests share: the site, signing in through the fake Discord's consent page, submitting a rule's form. */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Harness } from '../support/bot-harness.ts';
import { GUILD } from '../support/bot-harness.ts';

/** The web side's address (it is on in these tests). */
export function siteOf(h: Harness): string {
  const web = h.bot.web;
  if (!web) throw new Error('the web side is not on');
  return web.publicUrl;
}

/** The test server's dashboard, and `path` below it. */
export function dashboardOf(h: Harness, path = ''): string {
  return `${siteOf(h)}/servers/${GUILD}/admin${path}`;
}

/** `userId` signed in as a member does: /login, the fake Discord's Authorize button, back home. */
export async function signInWithBrowser(
  h: Harness,
  browser: Browser,
  userId: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  h.discord.setOAuthUser(userId);
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${siteOf(h)}/login`);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(`${siteOf(h)}/`);
  return { context, page };
}

/** Submits the form `#<id>` and waits for the page it leads to; answers the POST's status (303 when saved). */
export async function submitRule(page: Page, formId: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/rules/')),
    page.locator(`#${formId} button[type=submit]`).first().click(),
  ]);
  await page.waitForLoadState('load');
  return response.status();
}
