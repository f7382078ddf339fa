import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../testkit/fake-discord.ts';
import { perTest } from '../support/per-test.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GUILD = '1200000000000000001';
const ALICE = '1200000000000000010';

// A real Chromium clicks the consent page's buttons, as the web side's browser tests will: the page
// works without script, and the redirects land on a web side's callback (here a server that only
// says what it was given).
let browser: Browser;
let callback: Server;
let callbackUrl: string;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM });
  callback = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Object.fromEntries(query)));
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/auth/callback`;
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => callback?.close(resolve));
});

const discord = perTest(
  'fake Discord',
  () => startFakeDiscord({ guilds: [{ id: GUILD, members: [{ userId: ALICE, username: 'alice' }] }] }),
  (fake) => fake.close(),
);

function authorizeUrl(fake: FakeDiscord): string {
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const url = new URL(fake.oauthAuthorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: fake.applicationId,
    redirect_uri: callbackUrl,
    scope: 'identify guilds',
    state: 'from-the-browser',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.href;
}

async function openConsent(fake: FakeDiscord) {
  const page = await browser.newPage({ javaScriptEnabled: false });
  await page.goto(authorizeUrl(fake));
  return page;
}

describe('the consent page in a real browser', () => {
  it('signs alice in: Authorize lands on the callback with a code and the state', async () => {
    discord.setOAuthUser(ALICE);
    const page = await openConsent(discord);
    await expect(page.getByRole('heading').textContent()).resolves.toBe(
      'Fake Bot wants to access your account',
    );
    await expect(page.locator('#signed-in').textContent()).resolves.toBe(`Signed in as alice (${ALICE})`);
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.waitForURL((url) => url.href.startsWith(callbackUrl));
    const given = JSON.parse((await page.locator('body').textContent()) ?? '{}') as Record<string, string>;
    expect(given.state).toBe('from-the-browser');
    expect(given.code).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    await page.close();
  });

  it('sends the browser back with access_denied on Cancel', async () => {
    discord.setOAuthUser(ALICE);
    const page = await openConsent(discord);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.href.startsWith(callbackUrl));
    const given = JSON.parse((await page.locator('body').textContent()) ?? '{}') as Record<string, string>;
    expect(given).toMatchObject({ error: 'access_denied', state: 'from-the-browser' });
    expect(given).not.toHaveProperty('code');
    await page.close();
  });

  it('offers no Authorize while nobody is signed in to Discord', async () => {
    const page = await openConsent(discord);
    await expect(page.locator('#signed-in').textContent()).resolves.toBe('Nobody is signed in to Discord.');
    await expect(page.getByRole('button', { name: 'Authorize' }).isDisabled()).resolves.toBe(true);
    await page.close();
  });
});
