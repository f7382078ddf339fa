/**
 * The browser's half of the fake's OAuth2: GET /oauth2/authorize on the fake's origin (where
 * DISCORD_OAUTH_AUTHORIZE_URL points) checks the request and shows a consent page; its Authorize
 * and Cancel buttons are a plain HTML form (no script), so a real browser driven by a test clicks
 * them. Authorize sends the browser back to the redirect URI with a code, Cancel with
 * `error=access_denied`, both with the request's state. A request the fake refuses gets an error
 * page and never a redirect: the redirect URI of a bad request is not to be trusted.
 */

import type { AuthorizationRequest } from './oauth-grants.ts';
import { type Context, type Reply, type Route, route } from './rest-routes.ts';
import type { FakeState } from './state.ts';

/** What each scope lets the web side read, as Discord's consent page words it. */
const SCOPE_TEXTS: Record<string, string> = {
  identify: 'Access your username, avatar, and banner',
  guilds: "Know what servers you're in",
  email: 'Access your email address',
};

export function authorizePageRoutes(s: FakeState): Route[] {
  const page = { auth: 'none', bases: ['origin'] } as const;
  return [
    route('GET', '/oauth2/authorize', 'oauthAuthorize', (c) => consentPage(s, c), page),
    route('POST', '/oauth2/authorize', 'oauthConsent', (c) => decision(s, c), page),
  ];
}

function consentPage(s: FakeState, ctx: Context): Reply {
  const request = s.oauth.request(ctx.query);
  if (typeof request === 'string') return errorPage(400, request);
  const app = s.botUser.username;
  const userId = s.oauth.signedInUserId;
  const user = userId === null ? undefined : s.user(userId);
  const who = user
    ? `<p id="signed-in">Signed in as <strong>${html(user.username)}</strong> (<span id="user-id">${html(user.id)}</span>)</p>`
    : '<p id="signed-in">Nobody is signed in to Discord.</p>';
  const scopes = request.scopes
    .map((scope) => `<li data-scope="${html(scope)}">${html(SCOPE_TEXTS[scope] ?? scope)}</li>`)
    .join('');
  return page(
    200,
    `Authorize ${app}`,
    `<h1>${html(app)} wants to access your account</h1>
${who}
<p>This will allow the developer of ${html(app)} to:</p>
<ul id="scopes">${scopes}</ul>
<form method="post" action="/oauth2/authorize">
<input type="hidden" name="request" value="${html(request.id)}">
<button type="submit" name="decision" value="cancel">Cancel</button>
<button type="submit" name="decision" value="authorize"${user ? '' : ' disabled'}>Authorize</button>
</form>`,
  );
}

/** The consent form's answer: back to the client with a code, or with access_denied. */
function decision(s: FakeState, ctx: Context): Reply {
  const form = (typeof ctx.body === 'object' && ctx.body !== null ? ctx.body : {}) as Record<string, string>;
  const request = s.oauth.take(form.request ?? '');
  if (!request) return errorPage(400, 'This authorization request is unknown or was already answered.');
  if (form.decision === 'cancel') {
    return redirect(request, {
      error: 'access_denied',
      error_description: 'The resource owner or authorization server denied the request',
    });
  }
  if (form.decision !== 'authorize') return errorPage(400, 'Choose Authorize or Cancel.');
  const userId = s.oauth.signedInUserId;
  if (userId === null) return errorPage(403, 'Nobody is signed in to Discord: nothing to authorize.');
  return redirect(request, { code: s.oauth.issueCode(request, userId) });
}

function redirect(request: AuthorizationRequest, params: Record<string, string>): Reply {
  const target = new URL(request.redirectUri);
  for (const [name, value] of Object.entries({ ...params, state: request.state })) {
    target.searchParams.set(name, value);
  }
  return { status: 302, headers: { location: target.href } };
}

function errorPage(status: number, why: string): Reply {
  return page(
    status,
    'Invalid OAuth2 request',
    `<h1>Invalid OAuth2 request</h1>\n<p id="error">${html(why)}</p>`,
  );
}

function page(status: number, title: string, main: string): Reply {
  return {
    status,
    html: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${html(title)} | Discord</title></head>
<body><main>
${main}
</main></body>
</html>
`,
    headers: { 'cache-control': 'no-store' },
  };
}

/** Every text on the pages came from a request or a test: escaped for HTML text and attributes. */
function html(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
