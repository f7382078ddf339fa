/**
 * The fake's OAuth2 API, as a web side signing members in with Discord calls it: the token
 * endpoint (a code for tokens, a refresh), the revocation endpoint, and what a member's access
 * token reads (their user, their servers). Served below /api/v10 and below /api, as Discord's
 * documentation writes these URLs without a version. Answers follow RFC 6749's shapes
 * (`{ error, error_description }`), as Discord's do on these routes.
 */

import type { APIUser } from 'discord.js';
import type { OAuthGrant } from './oauth-grants.ts';
import { type Context, error, type Reply, type Route, type RouteBase, route } from './rest-routes.ts';
import type { FakeState } from './state.ts';

const BOTH: readonly RouteBase[] = ['v10', 'api'];

/** POST /oauth2/token, POST /oauth2/token/revoke, and the bearer reads GET /users/@me(/guilds). */
export function oauthRoutes(s: FakeState): Route[] {
  const client = { auth: 'none', bases: BOTH } as const;
  const bearer = { auth: 'bearer', bases: BOTH } as const;
  return [
    route('POST', '/oauth2/token', 'oauthToken', (c) => tokenEndpoint(s, c), client),
    route('POST', '/oauth2/token/revoke', 'oauthRevoke', (c) => revokeEndpoint(s, c), client),
    route('GET', '/users/@me', 'oauthUser', (c) => currentUser(s, grantOf(c)), bearer),
    route('GET', '/users/@me/guilds', 'oauthGuilds', (c) => currentGuilds(s, c, grantOf(c)), bearer),
  ];
}

/**
 * The request's form from a client that authenticated, or the refusal: Discord's token endpoint
 * reads forms, not JSON, and each call authenticates the client (HTTP Basic or the form's fields).
 */
function clientForm(s: FakeState, ctx: Context): { form: Record<string, string> } | { refused: Reply } {
  if (!ctx.contentType?.startsWith('application/x-www-form-urlencoded') || typeof ctx.body !== 'object') {
    const description = 'The body must be application/x-www-form-urlencoded.';
    return { refused: { status: 400, body: { error: 'invalid_request', error_description: description } } };
  }
  const form = (ctx.body ?? {}) as Record<string, string>;
  if (s.oauth.clientAuthenticated(ctx.authorization, form)) return { form };
  return {
    refused: {
      status: 401,
      body: { error: 'invalid_client', error_description: 'Client authentication failed.' },
      headers: { 'www-authenticate': 'Basic realm="discord"' },
    },
  };
}

function tokenEndpoint(s: FakeState, ctx: Context): Reply {
  const request = clientForm(s, ctx);
  if ('refused' in request) return request.refused;
  return { ...s.oauth.token(request.form), headers: { 'cache-control': 'no-store' } };
}

function revokeEndpoint(s: FakeState, ctx: Context): Reply {
  const request = clientForm(s, ctx);
  if ('refused' in request) return request.refused;
  const token = request.form.token;
  if (!token)
    return { status: 400, body: { error: 'invalid_request', error_description: 'token is missing' } };
  s.oauth.revoke(token);
  return { status: 200, body: {} };
}

/** The route let the request in only with a working bearer token. */
function grantOf(ctx: Context): OAuthGrant {
  if (!ctx.grant) throw new Error('a bearer route ran without a grant');
  return ctx.grant;
}

/** Discord answers a token without the scope a route needs as it answers no token. */
const unauthorized = () => error(401, 0, '401: Unauthorized');

function currentUser(s: FakeState, grant: OAuthGrant): Reply {
  if (!grant.scopes.includes('identify')) return unauthorized();
  const user: APIUser = {
    ...s.user(grant.userId),
    mfa_enabled: false,
    locale: (s.userLocales.get(grant.userId) ?? 'en-US') as APIUser['locale'],
    flags: 0 as APIUser['flags'],
    premium_type: 0,
  };
  if (grant.scopes.includes('email')) {
    user.email = `${user.username}@users.fake-discord.invalid`;
    user.verified = true;
  }
  return { status: 200, body: user };
}

/**
 * The servers the member is in, as partial guilds: their permissions there from their roles (no
 * channel overwrites, as Discord computes them here), oldest id first, paged by before/after/limit.
 */
function currentGuilds(s: FakeState, ctx: Context, grant: OAuthGrant): Reply {
  if (!grant.scopes.includes('guilds')) return unauthorized();
  const limit = Math.min(Math.max(Number(ctx.query.limit ?? 200) || 200, 1), 200);
  const { after, before } = ctx.query;
  const guilds = [...s.guilds.values()]
    .filter((g) => g.members.has(grant.userId))
    .filter(
      (g) =>
        (after === undefined || idOrder(g.id, after) > 0) &&
        (before === undefined || idOrder(g.id, before) < 0),
    )
    .sort((a, b) => idOrder(a.id, b.id))
    .slice(0, limit)
    .map((g) => {
      const member = g.members.get(grant.userId);
      return {
        id: g.id,
        name: g.name,
        icon: null,
        banner: null,
        owner: g.ownerId === grant.userId,
        permissions: String(s.permissions(g.id, grant.userId, member?.roles ?? [])),
        features: [],
      };
    });
  return { status: 200, body: guilds };
}

/** Snowflakes in the order of their numbers: a shorter one is smaller. */
function idOrder(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
