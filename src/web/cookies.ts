/**
 * The web side's two cookies: the session's id, and the binding of a login on its way through
 * Discord to the browser that started it. Both HttpOnly and SameSite=Lax (the callback from
 * Discord is a top-level GET, which Lax lets through); Secure, and `__Host-` named, when the site is
 * https, so no other host or path can set them.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { LOGIN_LIFETIME_MS } from './login-flow.ts';
import { SESSION_LIFETIME_MS } from './sessions.ts';

export interface CookieNames {
  session: string;
  login: string;
  secure: boolean;
}

export function cookieNames(publicUrl: string): CookieNames {
  const secure = new URL(publicUrl).protocol === 'https:';
  return secure
    ? { session: '__Host-session', login: '__Host-login', secure }
    : { session: 'session', login: 'login', secure };
}

const options = (names: CookieNames, maxAgeMs: number) =>
  ({
    httpOnly: true,
    sameSite: 'Lax',
    secure: names.secure,
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
  }) as const;

export function sessionCookie(c: Context, names: CookieNames): string | undefined {
  return getCookie(c, names.session);
}
export function setSessionCookie(c: Context, names: CookieNames, id: string): void {
  setCookie(c, names.session, id, options(names, SESSION_LIFETIME_MS));
}
export function clearSessionCookie(c: Context, names: CookieNames): void {
  deleteCookie(c, names.session, { path: '/', secure: names.secure });
}

export function loginCookie(c: Context, names: CookieNames): string | undefined {
  return getCookie(c, names.login);
}
export function setLoginCookie(c: Context, names: CookieNames, binding: string): void {
  setCookie(c, names.login, binding, options(names, LOGIN_LIFETIME_MS));
}
export function clearLoginCookie(c: Context, names: CookieNames): void {
  deleteCookie(c, names.login, { path: '/', secure: names.secure });
}
