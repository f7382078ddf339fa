/**
 * Who may use the admins' dashboard, in a real Chromium against the fake Discord: a member without
 * Manage Server gets 404 at every address, with nothing of the server in the page, and so does an
 * admin the moment their role is taken away, on their next page and their next form; a POST from
 * another site or without the session's form token changes nothing (403); the CSV downloaded is,
 * byte for byte, the one /quota report attaches.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../testkit/browser.ts';
import { stateOf } from '../../testkit/fake-discord/state.ts';
import { ADMIN, ADMINS_ROLE, ALICE, BOB, GUILD, opt, useHarness } from '../support/bot-harness.ts';
import { deferredEphemeralReply, sub } from './quota-helpers.ts';
import { signInWithBrowser, siteOf } from './web-admin-helpers.ts';

const h = useHarness({ per: 'file', web: true });
let browser: Browser;
/** A member who has left the server, named like a spreadsheet formula: the CSV names them as /quota report does. */
const EVE = '1300000000000000099';

const site = () => siteOf(h);
const admin = (path = '') => `${site()}/servers/${GUILD}/admin${path}`;
const ADDRESSES = [
  '',
  '?days=90',
  '/members',
  `/members/${ALICE}`,
  '/audit',
  '/report.csv?days=30',
  '/spend.json?days=30',
];

const signIn = (userId: string) => signInWithBrowser(h, browser, userId, { acceptDownloads: true });

/** The session's form token, as every page's sign-out form carries it. */
async function formToken(page: Page): Promise<string> {
  await page.goto(`${site()}/`);
  return (await page.locator('input[name=_csrf]').first().getAttribute('value')) ?? '';
}

/** A POST of the budget's form from the page's session, with the headers given. */
async function postBudget(page: Page, form: Record<string, string>, headers: Record<string, string> = {}) {
  return page.request.post(admin('/rules/budget'), { form, headers, maxRedirects: 0 });
}

async function charge(userId: string, micros: number, generationId: string): Promise<void> {
  const q = h.bot.services.quota;
  const r = await q.reserve({
    guildId: GUILD,
    userId,
    roleIds: [],
    model: 'lang-4o-image',
    quoteMicros: micros,
  });
  if (!r.ok) throw new Error(`not reserved: ${r.reason}`);
  await q.settle(r.reservationId, { generationId, chargedMicros: micros });
}

beforeAll(async () => {
  browser = await launchChromium();
  stateOf(h.discord).user(EVE, '=HYPERLINK("http://x")');
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('the dashboard for someone who does not manage the server', () => {
  it('answers 404 at every address and every form, with nothing of the server in the page', async () => {
    const { context, page } = await signIn(BOB);
    try {
      for (const path of ADDRESSES) {
        const response = await page.goto(admin(path));
        expect(response?.status(), path).toBe(404);
        expect(await page.content(), path).not.toContain('Art Club');
      }
      const csrf = await formToken(page);
      const post = await postBudget(
        page,
        { _csrf: csrf, was: '0', usd: '9' },
        { origin: new URL(site()).origin },
      );
      expect(post.status()).toBe(404);
      // The gallery offers no way to the dashboard either.
      await page.goto(`${site()}/servers/${GUILD}`);
      expect(await page.locator('a[href$="/admin"]').count()).toBe(0);
    } finally {
      await context.close();
    }
    expect((await h.bot.services.quotaAdmin.getSettings(GUILD)).budgetMicros).toBe(0);
  });
});

describe('a POST that is not the page’s own', () => {
  it('changes nothing when it comes from another site or without the form token (403)', async () => {
    const { context, page } = await signIn(ADMIN);
    try {
      const csrf = await formToken(page);
      const origin = new URL(site()).origin;
      const attempts = [
        postBudget(page, { _csrf: csrf, was: '0', usd: '9' }, { origin: 'http://evil.example' }),
        postBudget(page, { was: '0', usd: '9' }, { origin }),
        postBudget(page, { _csrf: 'x'.repeat(csrf.length), was: '0', usd: '9' }, { origin }),
      ];
      for (const response of await Promise.all(attempts)) expect(response.status()).toBe(403);
      // The same form with both is taken: the refusals were about the request, not the change.
      expect((await postBudget(page, { _csrf: csrf, was: '0', usd: '9' }, { origin })).status()).toBe(303);
    } finally {
      await context.close();
    }
    const settings = await h.bot.services.quotaAdmin.getSettings(GUILD);
    expect(settings.budgetMicros).toBe(9_000_000);
    const audit = await h.bot.services.quotaAdmin.auditPage(GUILD);
    expect(audit.records.filter((r) => r.action === 'set-budget')).toHaveLength(1);
  });
});

describe('the ledger downloaded from the dashboard', () => {
  it('is, byte for byte, the CSV /quota report attaches', async () => {
    await h.bot.services.quotaAdmin.setDefault(GUILD, 50_000_000, 'daily', ADMIN);
    await charge(ALICE, 250_000, 'gen-a1');
    await charge(BOB, 2_000_000, 'gen-b1');
    await h.bot.services.quota.refund('gen-b1', 'failed');
    await charge(EVE, 1_000_000, 'gen-e1');
    const interaction = await h.command('quota', [sub('report', [opt.integer('days', 30)])], {
      userId: ADMIN,
    });
    await deferredEphemeralReply(h, interaction);
    const attached = (await h.editOf(interaction)).files.find((f) => f.name.endsWith('.csv'));
    expect(attached).toBeDefined();

    const { context, page } = await signIn(ADMIN);
    try {
      await page.goto(admin('?days=30'));
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#csv').click()]);
      const stream = await download.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      const csv = Buffer.concat(chunks);
      expect(csv.toString('utf8')).toBe(attached?.data.toString('utf8'));
      expect(csv.toString('utf8')).toContain(`'=HYPERLINK`);
      expect(download.suggestedFilename()).toBe(attached?.name);
    } finally {
      await context.close();
    }
  });
});

describe('an admin whose Manage Server is taken away while signed in', () => {
  it('gets 404 on the very next page and form, and the form changes nothing', async () => {
    const { context, page } = await signIn(ADMIN);
    try {
      expect((await page.goto(admin()))?.status()).toBe(200);
      const csrf = (await page.locator('#rule-budget input[name=_csrf]').getAttribute('value')) ?? '';
      const was = (await page.locator('#rule-budget input[name=was]').getAttribute('value')) ?? '';
      await h.discord.setMemberRoles(GUILD, ADMIN, []);
      for (const path of ADDRESSES) expect((await page.goto(admin(path)))?.status(), path).toBe(404);
      const post = await postBudget(page, { _csrf: csrf, was, usd: '1' }, { origin: new URL(site()).origin });
      expect(post.status()).toBe(404);
    } finally {
      await context.close();
      await h.discord.setMemberRoles(GUILD, ADMIN, [ADMINS_ROLE]);
    }
    expect((await h.bot.services.quotaAdmin.getSettings(GUILD)).budgetMicros).toBe(9_000_000);
  });
});
