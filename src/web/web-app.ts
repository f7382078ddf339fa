/**
 * The web side as one hono app: the security headers on every answer, the session and the page's
 * language read once per request, the static files, the sign-in, the member's servers and the
 * gallery. Anything unknown is 404; a failure (the store, Discord) is a 503 page, logged, with
 * nothing of the error in it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { WebDeps, WebEnv } from './context.ts';
import { cookieNames, sessionCookie } from './cookies.ts';
import { pageLocalizer } from './page-language.ts';
import { adminRoutes } from './routes/admin.ts';
import { adminRuleRoutes } from './routes/admin-rules.ts';
import { authRoutes } from './routes/auth.ts';
import { galleryRoutes } from './routes/gallery.ts';
import { notFound } from './routes/not-found.ts';
import { takeDownRoutes } from './routes/take-down.ts';
import { contentSecurityPolicy, securityHeaders } from './security.ts';
import { serversHome, signedOutHome } from './views/home.ts';
import { messagePage } from './views/layout.ts';

const STATIC_FILES: Readonly<Record<string, string>> = {
  'app.css': 'text/css; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
};

/** The largest body a POST may have: the site's forms send a few short fields. */
const FORM_MAX_BYTES = 16 * 1024;

/** Read once at start: a handful of small files, served from memory. */
function staticFiles(): Map<string, { body: string; type: string }> {
  const dir = join(import.meta.dirname, 'static');
  return new Map(
    Object.entries(STATIC_FILES).map(([name, type]) => [
      name,
      { body: readFileSync(join(dir, name), 'utf8'), type },
    ]),
  );
}

export function createWebApp(deps: WebDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  const names = cookieNames(deps.publicUrl);
  const files = staticFiles();

  app.use(securityHeaders(contentSecurityPolicy(deps.mediaOrigins)));
  // How long the bot spent on the answer (Server-Timing, shown by a browser's developer tools):
  // what the benchmark reads as the server time, apart from the network's.
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    c.header('Server-Timing', `app;dur=${(performance.now() - started).toFixed(1)}`);
  });

  // The site's forms carry a few short fields: a larger body is nobody's form, and is not read.
  app.use(
    bodyLimit({
      maxSize: FORM_MAX_BYTES,
      onError: (c) => c.text('Payload Too Large', 413),
    }),
  );

  app.get('/static/:file', (c) => {
    const file = files.get(c.req.param('file'));
    if (!file) return c.notFound();
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(file.body, 200, { 'Content-Type': file.type });
  });

  app.use(async (c, next) => {
    const id = sessionCookie(c, names);
    const session = await deps.sessions.get(id);
    c.set('session', session);
    c.set('sessionId', session ? id : undefined);
    c.set('l', pageLocalizer(session?.locale, c.req.header('accept-language')));
    await next();
  });

  app.get('/', async (c) => {
    const l = c.get('l');
    const session = c.get('session');
    if (!session) return c.html(signedOutHome(l));
    const servers = await deps.access.botServers(session.guildIds);
    return c.html(serversHome(l, { name: session.userName, csrf: session.csrf }, servers));
  });

  authRoutes(app, deps, names);
  galleryRoutes(app, deps);
  adminRoutes(app, deps);
  adminRuleRoutes(app, deps);
  takeDownRoutes(app, deps);

  app.notFound((c) => {
    const session = c.get('session');
    if (!c.get('l')) c.set('l', pageLocalizer(undefined, c.req.header('accept-language')));
    return notFound(c, session ? { name: session.userName, csrf: session.csrf } : undefined);
  });

  app.onError((err, c) => {
    deps.logger.error({ err, path: new URL(c.req.url).pathname }, 'a web request failed');
    const l = c.get('l') ?? pageLocalizer(undefined, c.req.header('accept-language'));
    return c.html(messagePage(l, l.t('web:title'), l.t('web:errors.unavailable'), undefined), 503);
  });

  return app;
}
