/**
 * `/login`, `/auth/callback`, `POST /logout`. A login is rate-limited per address, bound to the
 * browser (a cookie), its `state` used once, the code exchanged with the PKCE verifier, and the
 * session id new at every login (an id a visitor had before is not promoted). After the login the
 * member goes back to the page they asked for: a path of this site only.
 */

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, Hono } from 'hono';
import type { WebDeps, WebEnv } from '../context.ts';
import {
  type CookieNames,
  clearLoginCookie,
  clearSessionCookie,
  loginCookie,
  sessionCookie,
  setLoginCookie,
  setSessionCookie,
} from '../cookies.ts';
import { safeReturnPath } from '../login-flow.ts';
import { LoginLimit } from '../login-limit.ts';
import { formTokenMatches, fromThisSite } from '../security.ts';
import { messagePage } from '../views/layout.ts';

export function authRoutes(app: Hono<WebEnv>, deps: WebDeps, names: CookieNames): void {
  const limit = new LoginLimit(() => deps.clock.now());
  const publicOrigin = new URL(deps.publicUrl).origin;

  app.get('/login', async (c) => {
    const l = c.get('l');
    if (!limit.take(clientAddress(c, deps.trustProxy))) {
      return c.html(messagePage(l, l.t('web:signIn'), l.t('web:errors.tooManyLogins'), undefined), 429);
    }
    const started = await deps.logins.start(safeReturnPath(c.req.query('next')));
    setLoginCookie(c, names, started.binding);
    return c.redirect((await deps.signIn.authorizationUrl(started.state, started.verifier)).href, 302);
  });

  app.get('/auth/callback', async (c) => {
    const l = c.get('l');
    const failed = (text: string) => {
      clearLoginCookie(c, names);
      return c.html(messagePage(l, l.t('web:signIn'), text, undefined), 400);
    };
    const state = c.req.query('state') ?? '';
    // Taken out first, whatever follows: a state is good for one callback only.
    const pending = await deps.logins.finish(state, loginCookie(c, names));
    if (c.req.query('error')) return failed(l.t('web:errors.loginDenied'));
    if (!pending) return failed(l.t('web:errors.loginFailed'));
    // The address Discord sent the browser back to, as the member sees it (behind a proxy too).
    const callbackUrl = new URL(`${deps.publicUrl}/auth/callback${new URL(c.req.url).search}`);
    let member: Awaited<ReturnType<WebDeps['signIn']['signIn']>>;
    try {
      member = await deps.signIn.signIn(callbackUrl, state, pending.verifier);
    } catch (err) {
      // openid-client's errors name the endpoint and Discord's error code, never the secret or the code.
      deps.logger.warn(
        { err: { name: (err as Error).name, message: (err as Error).message } },
        'a sign-in failed',
      );
      return failed(l.t('web:errors.loginFailed'));
    }
    const previous = sessionCookie(c, names);
    if (previous) await deps.sessions.destroy(previous);
    const { id } = await deps.sessions.create({
      userId: member.user.id,
      userName: member.user.name,
      locale: member.user.locale,
      guildIds: member.guildIds,
    });
    clearLoginCookie(c, names);
    setSessionCookie(c, names, id);
    deps.logger.info({ userId: member.user.id }, 'a member signed in to the web side');
    return c.redirect(pending.returnTo, 302);
  });

  app.post('/logout', async (c) => {
    const l = c.get('l');
    const session = c.get('session');
    const id = c.get('sessionId');
    const form = await c.req.parseBody();
    if (!fromThisSite(c, publicOrigin) || !session || !id || !formTokenMatches(form._csrf, session.csrf)) {
      return c.html(messagePage(l, l.t('web:signOut'), l.t('web:errors.forbidden'), undefined), 403);
    }
    await deps.sessions.destroy(id);
    clearSessionCookie(c, names);
    return c.redirect('/', 303);
  });
}

/** The client's address: the socket's peer, or behind the operator's proxy the last X-Forwarded-For hop. */
function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = c.req.header('x-forwarded-for')?.split(',');
    const last = hops?.at(-1)?.trim();
    if (last) return last;
  }
  return getConnInfo(c).remote.address ?? 'unknown';
}
