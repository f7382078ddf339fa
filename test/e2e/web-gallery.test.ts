/**
 * The web side in a real Chromium (Debian's, through playwright-core) against the bot on the fake
 * Discord, which plays Discord's OAuth2 too: a member signs in, sees their server, finds their fox
 * by its words, opens its page and copies its command; another member does not see a result of a
 * channel they cannot view, by list, search, count or address; forged and replayed callbacks are
 * refused; signing out ends the session; a prompt written as markup stays text; the CSP and the
 * cookies' flags are as promised.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../testkit/browser.ts';
import {
  ADMIN,
  ALICE,
  ART,
  BOB,
  GUILD,
  OTHER,
  opt,
  PATRON_ROLE,
  useHarness,
} from '../support/bot-harness.ts';

const h = useHarness({ per: 'file', web: true });
let browser: Browser;
const FOX = 'A red fox in fresh snow, morning light';
const ZEBRA = 'A secret zebra under neon lights';
const XSS = '<img src=x onerror=alert(1)> a tiny painted fox';
const ids: Record<string, string> = {};

const site = () => {
  const web = h.bot.web;
  if (!web) throw new Error('the web side is not on');
  return web.publicUrl;
};

async function make(prompt: string, channelId: string, userId: string): Promise<string> {
  const interaction = await h.command('imagine', [opt.string('prompt', prompt)], { channelId, userId });
  const job = await h.jobDone(interaction);
  expect(job.status).toBe('completed');
  return job.generationId;
}

/**
 * Signs `userId` in through the fake Discord's consent page; the browser context holds the session.
 * `locale`: the browser's; `discordLocale`: the language the user set in Discord.
 */
async function signIn(
  userId: string,
  locale = 'en-US',
  discordLocale?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  h.discord.setOAuthUser(userId, discordLocale ? { locale: discordLocale } : {});
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(`${site()}/`);
  await page
    .getByRole('link', { name: /Discord/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(`${site()}/`);
  return { context, page };
}

/** The generation ids of the tiles the gallery shows, in its order. */
async function idsOn(page: Page): Promise<(string | null)[]> {
  return Promise.all(
    (await page.locator('#results .tile').all()).map((tile) => tile.getAttribute('data-id')),
  );
}

beforeAll(async () => {
  browser = await launchChromium();
  // #general becomes the patrons' channel: @everyone cannot view it, the patrons' role can.
  await h.discord.setChannelOverwrites(OTHER, [
    { id: GUILD, type: 'role', deny: String(PermissionFlagsBits.ViewChannel) },
    { id: PATRON_ROLE, type: 'role', allow: String(PermissionFlagsBits.ViewChannel) },
  ]);
  await h.discord.setMemberRoles(GUILD, ALICE, [PATRON_ROLE]);
  ids.fox = await make(FOX, ART, ALICE);
  ids.zebra = await make(ZEBRA, OTHER, ALICE);
  ids.xss = await make(XSS, ART, BOB);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('a member signed in with Discord', () => {
  it('sees their server, finds their fox by "fox" and not by "zebra", opens it and copies its command', async () => {
    const { context, page } = await signIn(ALICE);
    try {
      await page.getByRole('link', { name: /Art Club/ }).waitFor();
      await page.getByRole('link', { name: /Art Club/ }).click();
      await page.waitForURL(`${site()}/servers/${GUILD}`);
      expect(await page.locator('#results .tile').count()).toBe(3);

      await page.getByRole('searchbox').fill('FOX');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.waitForURL(/q=FOX/);
      const found = await idsOn(page);
      expect(found.sort()).toEqual([ids.fox, ids.xss].sort());

      await page.goto(`${site()}/servers/${GUILD}?q=zebra`);
      expect(await idsOn(page)).toEqual([ids.zebra]);

      await page.goto(`${site()}/servers/${GUILD}?q=${encodeURIComponent('"fox in fresh"')}`);
      await page.locator(`[data-id="${ids.fox}"] a`).first().click();
      await page.waitForURL(`${site()}/servers/${GUILD}/results/${ids.fox}`);
      expect(await page.locator('#prompt').textContent()).toBe(FOX);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site() });
      await page.getByRole('button', { name: 'Copy' }).click();
      const copied = await page.evaluate('navigator.clipboard.readText()');
      expect(copied).toMatch(/^\/imagine prompt:A red fox in fresh snow, morning light model:\S+/);
      expect(await page.locator('img.full').count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('does not see a result of a channel they cannot view: not listed, counted, found or reachable', async () => {
    const { context, page } = await signIn(BOB);
    try {
      await page.goto(`${site()}/servers/${GUILD}`);
      const listed = await idsOn(page);
      expect(listed.sort()).toEqual([ids.fox, ids.xss].sort());
      expect(await page.locator('#count').textContent()).toBe('2 results');
      await page.goto(`${site()}/servers/${GUILD}?q=zebra`);
      expect(await page.locator('#results .tile').count()).toBe(0);
      expect(await page.locator('#count').textContent()).toBe('0 results');
      const direct = await page.goto(`${site()}/servers/${GUILD}/results/${ids.zebra}`);
      expect(direct?.status()).toBe(404);
      expect(await page.content()).not.toContain('zebra');
    } finally {
      await context.close();
    }
  });

  it("reads the pages in the language the member set in Discord, not the browser's", async () => {
    const { context, page } = await signIn(ADMIN, 'en-US', 'de');
    try {
      await page.goto(`${site()}/servers/${GUILD}`);
      expect(await page.locator('html').getAttribute('lang')).toBe('de');
      expect(await page.locator('#count').textContent()).toBe('2 Ergebnisse');
      await page.getByRole('button', { name: 'Suchen' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows a prompt written as markup as text', async () => {
    const { context, page } = await signIn(BOB);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    try {
      await page.goto(`${site()}/servers/${GUILD}/results/${ids.xss}`);
      expect(await page.locator('#prompt').textContent()).toBe(XSS);
      expect(await page.locator('#prompt img').count()).toBe(0);
      await page.goto(`${site()}/servers/${GUILD}`);
      expect(await page.locator('.tile .prompt img').count()).toBe(0);
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the sign-in and the session', () => {
  it('sets the CSP and the cookie flags promised', async () => {
    const { context, page } = await signIn(ALICE);
    try {
      const response = await page.goto(`${site()}/servers/${GUILD}`);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      const session = (await context.cookies()).find((c) => c.name === 'session');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    } finally {
      await context.close();
    }
  });

  it('refuses a forged state and a replayed callback', async () => {
    h.discord.setOAuthUser(ALICE);
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      let callback = '';
      page.on('request', (r) => {
        if (r.url().includes('/auth/callback')) callback = r.url();
      });
      await page.goto(`${site()}/login`);
      await page.getByRole('button', { name: 'Authorize' }).click();
      await page.waitForURL(`${site()}/`);
      expect(callback).toContain('code=');

      // The same callback again (its state was used): refused, before Discord is asked.
      const replay = await page.goto(callback);
      expect(replay?.status()).toBe(400);
      // A state the bot never gave, with a real code of its own.
      const forged = new URL(callback);
      forged.searchParams.set('state', 'forged-state');
      expect((await page.goto(forged.href))?.status()).toBe(400);

      // The old code under a new login's own state and browser cookie: the bot asks Discord, which
      // refuses a code already exchanged.
      const login = await fetch(`${site()}/login`, { redirect: 'manual' });
      const binding = login.headers.get('set-cookie')?.split(';')[0] ?? '';
      const newState = new URL(login.headers.get('location') ?? '').searchParams.get('state') ?? '';
      const reused = new URL(callback);
      reused.searchParams.set('state', newState);
      const refused = await fetch(reused, { headers: { cookie: binding }, redirect: 'manual' });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('set-cookie') ?? '').not.toMatch(/(^|, )session=[^;]/);
      // Discord was asked, and refused the used code.
      const exchange = await h.discord.waitForCall((c) => c.route === 'oauthToken' && c.status === 400);
      expect(JSON.stringify(exchange.response)).toContain('invalid_grant');
    } finally {
      await context.close();
    }
  });

  it('ends the session at sign-out: the old cookie no longer opens anything', async () => {
    const { context, page } = await signIn(ALICE);
    try {
      const before = (await context.cookies()).find((c) => c.name === 'session');
      expect(before).toBeDefined();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${site()}/`);
      await page.getByRole('link', { name: 'Sign in with Discord' }).first().waitFor();
      // The old id, sent again by hand, is not a session any more.
      const replayed = await fetch(`${site()}/servers/${GUILD}`, {
        headers: { cookie: `session=${before?.value}` },
        redirect: 'manual',
      });
      expect(replayed.status).toBe(302);
      expect(replayed.headers.get('location')).toMatch(/^\/login/);
    } finally {
      await context.close();
    }
  });

  it('refuses a sign-out posted from another site or without the form token', async () => {
    const { context, page } = await signIn(ALICE);
    try {
      const cookie = (await context.cookies()).find((c) => c.name === 'session');
      const csrf = await page.locator('input[name="_csrf"]').first().inputValue();
      const post = (headers: Record<string, string>, body: string) =>
        fetch(`${site()}/logout`, {
          method: 'POST',
          headers: {
            cookie: `session=${cookie?.value}`,
            'content-type': 'application/x-www-form-urlencoded',
            ...headers,
          },
          body,
          redirect: 'manual',
        });
      expect((await post({ origin: 'https://evil.example' }, `_csrf=${csrf}`)).status).toBe(403);
      expect((await post({ origin: new URL(site()).origin }, '_csrf=wrong')).status).toBe(403);
      // Still signed in after both.
      await page.goto(`${site()}/servers/${GUILD}`);
      expect(page.url()).toBe(`${site()}/servers/${GUILD}`);
    } finally {
      await context.close();
    }
  });
});
