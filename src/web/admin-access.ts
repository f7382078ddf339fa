/**
 * Who may open the dashboard: a signed-in member who manages the server (Manage Server,
 * Administrator, or the owner) now, asked of Discord at every request (`fresh`), not the login's
 * snapshot nor a few seconds' cache: an admin whose role was taken away a moment ago is refused at
 * their next click. Everyone else gets the same 404 as an address that does not exist, with nothing
 * of the server in it.
 */
import type { Context } from 'hono';
import type { MemberAccess } from '../results/server-access.ts';
import type { WebDeps, WebEnv } from './context.ts';
import { notFound } from './routes/not-found.ts';
import type { Session } from './sessions.ts';
import type { Viewer } from './views/layout.ts';

const SNOWFLAKE = /^\d{17,20}$/;

export type Signed = { session: Session; access: MemberAccess; viewer: Viewer } | { response: Response };

/** The signed-in member and their access to the server now, or the answer to give instead. */
export async function memberOf(
  c: Context<WebEnv>,
  deps: WebDeps,
  guildId: string,
  opts: { admin?: boolean } = {},
): Promise<Signed> {
  const session = c.get('session');
  if (!session) {
    // A POST's form is not replayed after the sign-in: the admin lands on the page and saves again.
    const next = new URL(c.req.method === 'GET' ? c.req.url : `/servers/${guildId}/admin`, c.req.url);
    return { response: c.redirect(`/login?next=${encodeURIComponent(next.pathname + next.search)}`, 302) };
  }
  const viewer = { name: session.userName, csrf: session.csrf };
  if (!SNOWFLAKE.test(guildId)) return { response: notFound(c, viewer) };
  const access = await deps.access.memberAccess(guildId, session.userId, { fresh: opts.admin === true });
  if (!access || (opts.admin && !access.managesServer)) return { response: notFound(c, viewer) };
  return { session, access, viewer };
}
