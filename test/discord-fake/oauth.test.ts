import { createHash, randomBytes } from 'node:crypto';
import { PermissionFlagsBits } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  type FakeDiscord,
  type StartFakeDiscordOptions,
  startFakeDiscord,
} from '../../testkit/fake-discord.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { perTest } from '../support/per-test.ts';

const GUILD = '1200000000000000001';
const OTHER_GUILD = '1200000000000000101';
const NOT_MINE = '1200000000000000201';
const ART = '1200000000000000002';
const OWNER = '1200000000000000009';
const ALICE = '1200000000000000010';
const MODS = '1200000000000000020';
const REDIRECT = 'http://127.0.0.1:9/auth/callback';

const clock = new ManualClock('2026-03-01T12:00:00Z');
const options: StartFakeDiscordOptions = {
  clock,
  clientSecret: 'the-client-secret',
  guilds: [
    {
      id: GUILD,
      name: 'Art Club',
      ownerId: OWNER,
      channels: [{ id: ART, name: 'art' }],
      roles: [{ id: MODS, name: 'mods', permissions: String(PermissionFlagsBits.ManageGuild) }],
      members: [{ userId: OWNER }, { userId: ALICE, username: 'alice', roles: [MODS] }],
    },
    { id: OTHER_GUILD, name: 'Second', ownerId: ALICE, members: [{ userId: ALICE }] },
    { id: NOT_MINE, name: 'Elsewhere', members: [{ userId: OWNER }] },
  ],
};
const discord = perTest(
  'fake Discord',
  () => startFakeDiscord(options),
  (fake) => fake.close(),
);

interface Pkce {
  verifier: string;
  challenge: string;
}

function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorize URL a web side sends the browser to, with anything of it replaced or dropped (undefined). */
function authorizeUrl(fake: FakeDiscord, challenge: string, change: Record<string, string | undefined> = {}) {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: fake.applicationId,
    redirect_uri: REDIRECT,
    scope: 'identify guilds',
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...change,
  };
  const url = new URL(fake.oauthAuthorizeUrl);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.href;
}

async function page(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
}

/** Presses a button of the consent page as its form does; answers where the browser is sent. */
async function press(fake: FakeDiscord, html: string, decision: 'authorize' | 'cancel') {
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const res = await fetch(fake.oauthAuthorizeUrl, {
    method: 'POST',
    body: new URLSearchParams({ request, decision }),
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  return { status: res.status, location: location ? new URL(location) : null, html: await res.text() };
}

/** The whole browser side: the consent page as `userId`, Authorize, and the code it redirects with. */
async function authorize(fake: FakeDiscord, userId: string, change: Record<string, string | undefined> = {}) {
  const { verifier, challenge } = pkce();
  fake.setOAuthUser(userId);
  const consent = await page(authorizeUrl(fake, challenge, change));
  expect(consent.status).toBe(200);
  const answer = await press(fake, consent.html, 'authorize');
  expect(answer.status).toBe(302);
  return { code: answer.location?.searchParams.get('code') ?? '', verifier, location: answer.location };
}

type Form = Record<string, string>;

/** POST a form to the token endpoint (or revoke), by default below /api/v10 with HTTP Basic. */
async function tokenCall(
  fake: FakeDiscord,
  form: Form,
  how: { path?: string; basic?: boolean; base?: string } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (how.basic !== false) {
    headers.authorization = `Basic ${Buffer.from(`${fake.applicationId}:${fake.clientSecret}`).toString('base64')}`;
  }
  const res = await fetch(`${how.base ?? `${fake.apiUrl}/v10`}${how.path ?? '/oauth2/token'}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(form),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

function exchange(fake: FakeDiscord, code: string, verifier: string, extra: Form = {}) {
  return tokenCall(fake, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: verifier,
    ...extra,
  });
}

async function get(url: string, authorization?: string) {
  const res = await fetch(url, authorization ? { headers: { authorization } } : {});
  return { status: res.status, json: (await res.json()) as unknown };
}

async function signedIn(fake: FakeDiscord, userId = ALICE, scope = 'identify guilds') {
  const { code, verifier } = await authorize(fake, userId, { scope });
  const tokens = await exchange(fake, code, verifier);
  expect(tokens.status).toBe(200);
  return tokens.json as { access_token: string; refresh_token: string };
}

describe("the fake Discord's OAuth2 consent page", () => {
  it('shows the app, the scopes and who is signed in, and Authorize sends the browser back with a code and the state', async () => {
    const fake = discord;
    fake.setOAuthUser(ALICE);
    const consent = await page(authorizeUrl(fake, pkce().challenge, { scope: 'identify guilds email' }));
    expect(consent.status).toBe(200);
    expect(consent.type).toMatch(/^text\/html/);
    expect(consent.html).toContain('Fake Bot wants to access your account');
    expect(consent.html).toContain(
      `Signed in as <strong>alice</strong> (<span id="user-id">${ALICE}</span>)`,
    );
    expect([...consent.html.matchAll(/data-scope="([a-z]+)"/g)].map((m) => m[1])).toEqual([
      'identify',
      'guilds',
      'email',
    ]);
    expect(consent.html).not.toMatch(/<script/);
    const answer = await press(fake, consent.html, 'authorize');
    expect(answer.status).toBe(302);
    expect(answer.location?.origin + (answer.location?.pathname ?? '')).toBe(REDIRECT);
    expect(answer.location?.searchParams.get('state')).toBe('state-123');
    expect(answer.location?.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(fake.calls.map((c) => [c.method, c.path, c.route, c.status])).toEqual([
      ['GET', '/oauth2/authorize', 'oauthAuthorize', 200],
      ['POST', '/oauth2/authorize', 'oauthConsent', 302],
    ]);
    expect(fake.calls[1]?.location).toBe(answer.location?.href);
  });

  it('keeps a query the redirect URI already has, and Cancel sends the browser back with access_denied', async () => {
    const fake = discord;
    fake.setOAuthUser(ALICE);
    const consent = await page(
      authorizeUrl(fake, pkce().challenge, { redirect_uri: `${REDIRECT}?from=test` }),
    );
    const answer = await press(fake, consent.html, 'cancel');
    expect(answer.status).toBe(302);
    expect(Object.fromEntries(answer.location?.searchParams ?? [])).toEqual({
      from: 'test',
      error: 'access_denied',
      error_description: 'The resource owner or authorization server denied the request',
      state: 'state-123',
    });
    // The page's decision is made once: its form posted again is refused.
    const again = await press(fake, consent.html, 'authorize');
    expect(again.status).toBe(400);
    expect(again.location).toBeNull();
  });

  it('says nobody is signed in and refuses Authorize until a test signs a user in', async () => {
    const fake = discord;
    const consent = await page(authorizeUrl(fake, pkce().challenge));
    expect(consent.html).toContain('Nobody is signed in to Discord.');
    expect(consent.html).toMatch(/value="authorize" disabled>Authorize/);
    const refused = await press(fake, consent.html, 'authorize');
    expect(refused.status).toBe(403);
    expect(refused.location).toBeNull();
    expect(refused.html).toContain('Nobody is signed in to Discord');

    // Any id is a user: the fake makes one up, in no guild.
    fake.setOAuthUser('1299999999999999999');
    const later = await page(authorizeUrl(fake, pkce().challenge));
    expect(later.html).toContain('Signed in as <strong>user9999</strong>');
  });

  it.each([
    ['a client id of another application', { client_id: '1' }, /Unknown application/],
    ['a response type other than code', { response_type: 'token' }, /response_type must be &quot;code&quot;/],
    ['no redirect URI', { redirect_uri: undefined }, /redirect_uri is missing/],
    ['a scope beyond identify, guilds and email', { scope: 'identify bot' }, /scope not allowed here: bot/],
    ['no scope', { scope: undefined }, /scope is missing/],
    ['no state', { state: undefined }, /state is missing/],
    ['no PKCE challenge', { code_challenge: undefined }, /code_challenge is missing/],
    ['the plain PKCE method', { code_challenge_method: 'plain' }, /must be S256 \(got &quot;plain&quot;\)/],
    ['a PKCE challenge without its method', { code_challenge_method: undefined }, /must be S256/],
  ])('refuses %s with an error page, never a redirect', async (_, change, why) => {
    const fake = discord;
    fake.setOAuthUser(ALICE);
    const refused = await page(authorizeUrl(fake, pkce().challenge, change));
    expect(refused.status).toBe(400);
    expect(refused.type).toMatch(/^text\/html/);
    expect(refused.html).toContain('Invalid OAuth2 request');
    expect(refused.html).toMatch(why);
    expect(refused.html).not.toContain('<form');
  });
});

describe("the fake Discord's OAuth2 token endpoint", () => {
  it('exchanges a code once for tokens that read the user and their servers, below /api/v10 and /api', async () => {
    const fake = discord;
    const { code, verifier } = await authorize(fake, ALICE);
    const tokens = await exchange(fake, code, verifier);
    expect(tokens).toEqual({
      status: 200,
      json: {
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 604800,
        refresh_token: expect.any(String),
        scope: 'identify guilds',
      },
    });
    const bearer = `Bearer ${tokens.json.access_token}`;
    for (const base of [`${fake.apiUrl}/v10`, fake.apiUrl]) {
      const me = await get(`${base}/users/@me`, bearer);
      expect(me.status).toBe(200);
      expect(me.json).toMatchObject({ id: ALICE, username: 'alice', global_name: 'alice' });
      expect(me.json).not.toHaveProperty('email');
      const guilds = await get(`${base}/users/@me/guilds`, bearer);
      expect(guilds).toEqual({
        status: 200,
        json: [
          {
            id: GUILD,
            name: 'Art Club',
            icon: null,
            banner: null,
            owner: false,
            permissions: expect.any(String),
            features: [],
          },
          expect.objectContaining({ id: OTHER_GUILD, owner: true }),
        ],
      });
      const [artClub, second] = guilds.json as { permissions: string }[];
      expect(BigInt(artClub?.permissions ?? 0) & PermissionFlagsBits.ManageGuild).toBe(
        PermissionFlagsBits.ManageGuild,
      );
      expect(BigInt(artClub?.permissions ?? 0) & PermissionFlagsBits.Administrator).toBe(0n);
      expect(BigInt(second?.permissions ?? 0) & PermissionFlagsBits.Administrator).toBe(
        PermissionFlagsBits.Administrator,
      );
    }
    // A replay of the code is refused, and the log shows one exchange that worked.
    const replay = await exchange(fake, code, verifier);
    expect(replay).toEqual({
      status: 400,
      json: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' },
    });
    const exchanges = fake.calls.filter((c) => c.route === 'oauthToken');
    expect(exchanges.map((c) => c.status)).toEqual([200, 400]);
    expect(exchanges[0]?.body).toMatchObject({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
    });
    expect(fake.calls.filter((c) => c.route === 'oauthUser').map((c) => c.path)).toEqual([
      '/users/@me',
      '/users/@me',
    ]);
    expect(fake.calls.filter((c) => c.route === 'oauthGuilds')).toHaveLength(2);
  });

  it('adds the email with the email scope, and a token without a scope cannot read what needs it', async () => {
    const fake = discord;
    const withEmail = await signedIn(fake, ALICE, 'identify email');
    const me = await get(`${fake.apiUrl}/users/@me`, `Bearer ${withEmail.access_token}`);
    expect(me.json).toMatchObject({ id: ALICE, email: 'alice@users.fake-discord.invalid', verified: true });
    const noGuilds = await get(`${fake.apiUrl}/users/@me/guilds`, `Bearer ${withEmail.access_token}`);
    expect(noGuilds).toEqual({ status: 401, json: { message: '401: Unauthorized', code: 0 } });
    const guildsOnly = await signedIn(fake, ALICE, 'guilds');
    expect((await get(`${fake.apiUrl}/users/@me`, `Bearer ${guildsOnly.access_token}`)).status).toBe(401);
  });

  it("answers the user's Discord language: en-US until a test sets one, then that one", async () => {
    const fake = discord;
    const locale = async () => {
      const tokens = await signedIn(fake);
      return (
        (await get(`${fake.apiUrl}/users/@me`, `Bearer ${tokens.access_token}`)).json as { locale?: string }
      ).locale;
    };
    expect(await locale()).toBe('en-US');
    fake.setOAuthUser(ALICE, { locale: 'de' });
    expect(await locale()).toBe('de');
  });

  it('authenticates the client by client_id and client_secret in the body too, and refuses a wrong secret', async () => {
    const fake = discord;
    const first = await authorize(fake, ALICE);
    const wrong = await tokenCall(
      fake,
      {
        grant_type: 'authorization_code',
        code: first.code,
        redirect_uri: REDIRECT,
        code_verifier: first.verifier,
        client_id: fake.applicationId,
        client_secret: 'not-it',
      },
      { basic: false },
    );
    expect(wrong).toEqual({
      status: 401,
      json: { error: 'invalid_client', error_description: 'Client authentication failed.' },
    });
    const right = await tokenCall(
      fake,
      {
        grant_type: 'authorization_code',
        code: first.code,
        redirect_uri: REDIRECT,
        code_verifier: first.verifier,
        client_id: fake.applicationId,
        client_secret: 'the-client-secret',
      },
      { basic: false, base: fake.apiUrl },
    );
    expect(right.status).toBe(200);
    expect(fake.clientSecret).toBe('the-client-secret');
  });

  it('refuses a code with another redirect URI or a verifier that does not hash to the challenge, and spends it', async () => {
    const fake = discord;
    const first = await authorize(fake, ALICE);
    const elsewhere = await exchange(fake, first.code, first.verifier, {
      redirect_uri: 'http://127.0.0.1:9/other',
    });
    expect(elsewhere.json).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid "redirect_uri" in request.',
    });
    // Spent by the failed attempt: a stolen code is tried once.
    expect((await exchange(fake, first.code, first.verifier)).json).toMatchObject({ error: 'invalid_grant' });

    const second = await authorize(fake, ALICE);
    const guessed = await exchange(fake, second.code, pkce().verifier);
    expect(guessed).toEqual({
      status: 400,
      json: { error: 'invalid_grant', error_description: 'Invalid "code_verifier" in request.' },
    });
  });

  it('refuses a code after its ten minutes on the fake clock, and a JSON body or an unknown grant type', async () => {
    const fake = discord;
    const late = await authorize(fake, ALICE);
    clock.advance(10 * 60 * 1000);
    expect((await exchange(fake, late.code, late.verifier)).json).toMatchObject({ error: 'invalid_grant' });

    const inTime = await authorize(fake, ALICE);
    clock.advance(10 * 60 * 1000 - 1000);
    const json = await fetch(`${fake.apiUrl}/v10/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${fake.applicationId}:${fake.clientSecret}`).toString('base64')}`,
      },
      body: JSON.stringify({ grant_type: 'authorization_code', code: inTime.code }),
    });
    expect(json.status).toBe(400);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
    expect((await tokenCall(fake, { grant_type: 'password' })).json).toMatchObject({
      error: 'unsupported_grant_type',
    });
    expect((await exchange(fake, inTime.code, inTime.verifier)).status).toBe(200);
  });

  it('swaps a refresh token once for a new pair, the old access token stopping', async () => {
    const fake = discord;
    const first = await signedIn(fake);
    const refreshed = await tokenCall(fake, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(refreshed.json).toMatchObject({
      token_type: 'Bearer',
      scope: 'identify guilds',
      expires_in: 604800,
    });
    expect(refreshed.json.access_token).not.toBe(first.access_token);
    expect((await get(`${fake.apiUrl}/users/@me`, `Bearer ${first.access_token}`)).status).toBe(401);
    expect((await get(`${fake.apiUrl}/users/@me`, `Bearer ${refreshed.json.access_token}`)).status).toBe(200);
    const again = await tokenCall(fake, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(again.json).toMatchObject({ error: 'invalid_grant' });
  });

  it('stops an access token when it is revoked, or after its seven days', async () => {
    const fake = discord;
    const revoked = await signedIn(fake);
    const bearer = `Bearer ${revoked.access_token}`;
    expect((await get(`${fake.apiUrl}/users/@me/guilds`, bearer)).status).toBe(200);
    const answer = await tokenCall(
      fake,
      { token: revoked.access_token },
      { path: '/oauth2/token/revoke', base: fake.apiUrl },
    );
    expect(answer).toEqual({ status: 200, json: {} });
    expect(await get(`${fake.apiUrl}/users/@me/guilds`, bearer)).toEqual({
      status: 401,
      json: { message: '401: Unauthorized', code: 0 },
    });
    expect(
      (await tokenCall(fake, { grant_type: 'refresh_token', refresh_token: revoked.refresh_token })).status,
    ).toBe(400);
    expect(fake.calls.filter((c) => c.route === 'oauthRevoke').map((c) => c.path)).toEqual([
      '/oauth2/token/revoke',
    ]);

    const aged = await signedIn(fake);
    clock.advance(604_800 * 1000 - 1000);
    expect((await get(`${fake.apiUrl}/users/@me`, `Bearer ${aged.access_token}`)).status).toBe(200);
    clock.advance(1000);
    expect((await get(`${fake.apiUrl}/users/@me`, `Bearer ${aged.access_token}`)).status).toBe(401);
  });

  it('lets no bearer token on a bot route, nor the bot token on a member route', async () => {
    const fake = discord;
    const { access_token } = await signedIn(fake);
    const bearer = `Bearer ${access_token}`;
    const bot = `Bot ${fake.botToken}`;
    expect((await get(`${fake.apiUrl}/v10/guilds/${GUILD}`, bearer)).status).toBe(401);
    expect((await get(`${fake.apiUrl}/v10/channels/${ART}`, bearer)).status).toBe(401);
    expect((await get(`${fake.apiUrl}/v10/users/${ALICE}`, bearer)).status).toBe(401);
    expect((await get(`${fake.apiUrl}/v10/users/@me/guilds`, bot)).status).toBe(401);
    expect((await get(`${fake.apiUrl}/users/@me`, bot)).status).toBe(401);
    expect((await get(`${fake.apiUrl}/users/@me`)).status).toBe(401);
    expect((await get(`${fake.apiUrl}/v10/users/@me`, 'Bearer made-up')).status).toBe(401);
    // As on Discord, the bot token reads the bot itself: never a member.
    const itself = await get(`${fake.apiUrl}/v10/users/@me`, bot);
    expect(itself.json).toMatchObject({ id: fake.botUserId, bot: true });
    expect(fake.calls.find((c) => c.path === '/users/@me' && c.status === 200)?.route).toBe('currentUser');
  });

  it("answers a member's servers and permissions as the fake's state is now", async () => {
    const fake = discord;
    const { access_token } = await signedIn(fake);
    const guilds = async () =>
      (await get(`${fake.apiUrl}/users/@me/guilds`, `Bearer ${access_token}`)).json as {
        id: string;
        permissions: string;
      }[];
    await fake.setMemberRoles(GUILD, ALICE, []);
    const [artClub] = await guilds();
    expect(BigInt(artClub?.permissions ?? 0) & PermissionFlagsBits.ManageGuild).toBe(0n);
    await fake.removeMember(GUILD, ALICE);
    expect((await guilds()).map((g) => g.id)).toEqual([OTHER_GUILD]);
    await fake.addMember(NOT_MINE, { userId: ALICE });
    expect((await guilds()).map((g) => g.id)).toEqual([OTHER_GUILD, NOT_MINE]);
    const paged = await get(
      `${fake.apiUrl}/users/@me/guilds?after=${OTHER_GUILD}&limit=1`,
      `Bearer ${access_token}`,
    );
    expect((paged.json as { id: string }[]).map((g) => g.id)).toEqual([NOT_MINE]);
  });
});
