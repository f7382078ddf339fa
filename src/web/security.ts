/**
 * What every page and every form of the web side is held to: a Content-Security-Policy that runs no
 * inline script (scripts and styles come from /static only), headers that keep the pages out of
 * frames and other sites' referrers, and for each state-changing request (always a POST) both an
 * Origin that is this site's and the session's form token.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { sameSecret } from './sessions.ts';

/** The policy, with the origins media may come from (Discord's CDN, the service's files). */
export function contentSecurityPolicy(mediaOrigins: readonly string[]): string {
  const media = ["'self'", ...mediaOrigins].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${media} data:`,
    `media-src ${media}`,
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function securityHeaders(policy: string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('Content-Security-Policy', policy);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('X-Frame-Options', 'DENY');
    c.header('Referrer-Policy', 'same-origin');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    // Pages carry a member's results and the form token: no shared cache keeps them.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  };
}

/**
 * A POST from this site: its Origin header is this site's origin. Browsers send Origin on every
 * cross-site POST and on same-origin form posts; a request without one is refused too.
 */
export function fromThisSite(c: Context, publicOrigin: string): boolean {
  return c.req.header('origin') === publicOrigin;
}

/** The form's token equals the session's. */
export function formTokenMatches(given: unknown, expected: string): boolean {
  return typeof given === 'string' && sameSecret(given, expected);
}
