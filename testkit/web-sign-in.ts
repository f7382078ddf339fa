/**
 * A member signed in on the web side over plain HTTP, as a browser would, each redirect followed by
 * hand: /login, the fake Discord's consent page and its Authorize button, the callback. For tests
 * and the benchmark that need a session and no browser.
 */
import type { FakeDiscord } from './fake-discord.ts';

/** The value of the cookie `name` a response sets, if it does. */
export function cookieSet(response: Response, name: string): string | undefined {
  const set = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  const value = set?.split(';')[0]?.slice(name.length + 1);
  return value ? value : undefined;
}

/** Where a redirect points; throws when the answer is not one. */
export function redirectOf(response: Response): string {
  if (response.status !== 302 && response.status !== 303) {
    throw new Error(`expected a redirect, got ${response.status} from ${response.url}`);
  }
  return response.headers.get('location') ?? '';
}

/** Signs `userId` in on the web side at `site` (its public address); returns the session id. */
export async function signInOverHttp(site: string, discord: FakeDiscord, userId: string): Promise<string> {
  discord.setOAuthUser(userId);
  const login = await fetch(`${site}/login`, { redirect: 'manual' });
  const binding = cookieSet(login, 'login');
  const consent = await fetch(redirectOf(login), { redirect: 'manual' });
  if (consent.status !== 200) throw new Error(`the consent page answered ${consent.status}`);
  const request = /name="request" value="([^"]+)"/.exec(await consent.text())?.[1];
  const authorized = await fetch(new URL('/oauth2/authorize', discord.oauthAuthorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: request ?? '', decision: 'authorize' }),
    redirect: 'manual',
  });
  const callback = redirectOf(authorized);
  // The redirect URI is the web side's own public address.
  if (!callback.startsWith(`${site}/auth/callback?`)) throw new Error(`the callback went to ${callback}`);
  const signedIn = await fetch(callback, { headers: { cookie: `login=${binding}` }, redirect: 'manual' });
  if (redirectOf(signedIn) !== '/') throw new Error('the sign-in did not return to /');
  const session = cookieSet(signedIn, 'session');
  if (!session) throw new Error(`no session cookie after the callback (${signedIn.status})`);
  return session;
}
