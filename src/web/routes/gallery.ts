/**
 * `/servers/<guild id>` (the gallery) and `/servers/<guild id>/results/<generation id>` (a
 * result's page). Who may see what is asked of the bot's view of the server at every request
 * (ServerAccess): a server the member is not in, and a result in a channel they cannot view, answer
 * 404 with nothing of it in the page, and are not listed or counted.
 */
import type { Hono } from 'hono';
import type { Localizer } from '../../i18n/index.ts';
import { DEFAULT_REPORT_DAYS } from '../../quota/spend-report.ts';
import type { GalleryQuery } from '../../results/result.ts';
import { memberOf } from '../admin-access.ts';
import { profilesOf } from '../admin-data.ts';
import type { WebDeps, WebEnv } from '../context.ts';
import { dayEnd, dayStart, GENERATION_ID, readFilters } from '../gallery-address.ts';
import { mediaLinks } from '../media-links.ts';
import { remakeCommand } from '../remake-command.ts';
import type { Notice } from '../views/admin-bits.ts';
import { galleryPage } from '../views/gallery.ts';
import { resultPage } from '../views/result-page.ts';
import { takeDownNotice } from '../views/take-down.ts';
import { notFound } from './not-found.ts';

const PAGE_SIZE = 60;

export function galleryRoutes(app: Hono<WebEnv>, deps: WebDeps): void {
  app.get('/servers/:guildId', async (c) => {
    const signedIn = await memberOf(c, deps, c.req.param('guildId'));
    if (!('access' in signedIn)) return signedIn.response;
    const { session, access, viewer } = signedIn;
    const filters = readFilters(new URL(c.req.url).searchParams);
    const query: GalleryQuery = {
      guildId: access.server.id,
      viewableChannelIds: access.viewableChannelIds,
      text: filters.q || undefined,
      type: filters.type,
      model: filters.model,
      userId: filters.member === 'me' ? session.userId : filters.member,
      from: filters.from ? dayStart(filters.from) : undefined,
      to: filters.to ? dayEnd(filters.to) : undefined,
      cursor: filters.cursor ? fromAddress(filters.cursor) : undefined,
      limit: PAGE_SIZE,
    };
    if (access.managesServer) warmDashboard(deps, access.server.id);
    const [page, notice] = await Promise.all([
      deps.results.search(query),
      access.managesServer
        ? takenDownNotice(c.get('l'), deps, access.server.id, session.userId, c.req.query('takenDown'))
        : undefined,
    ]);
    const mediaUrls = await mediaLinks(deps.access, page.results);
    return c.html(
      galleryPage(c.get('l'), viewer, {
        server: access.server,
        filters,
        page,
        nextCursor: page.next ? toAddress(page.next) : null,
        models: deps.models(),
        mediaUrls,
        manages: access.managesServer,
        ...(notice ? { notice } : {}),
      }),
    );
  });

  app.get('/servers/:guildId/results/:generationId', async (c) => {
    const signedIn = await memberOf(c, deps, c.req.param('guildId'));
    if (!('access' in signedIn)) return signedIn.response;
    const { access, viewer } = signedIn;
    const generationId = c.req.param('generationId');
    if (!GENERATION_ID.test(generationId)) return notFound(c, viewer);
    const result = await deps.results.get(access.server.id, generationId);
    if (!result || !access.viewableChannelIds.has(result.viewChannelId)) return notFound(c, viewer);
    const takes = result.batch
      ? (await deps.results.batch(access.server.id, result.batch.id)).filter((t) =>
          access.viewableChannelIds.has(t.viewChannelId),
        )
      : [result];
    const mediaUrls = await mediaLinks(deps.access, takes);
    return c.html(
      resultPage(c.get('l'), viewer, {
        server: access.server,
        result,
        takes,
        mediaUrls,
        again: remakeCommand(deps.commands, result),
        manages: access.managesServer,
      }),
    );
  });
}

/**
 * What a take-down posted from this gallery did (its form redirects here with `takenDown=<id>`),
 * from the audit log's record: nothing when there is none (an address typed or kept).
 */
async function takenDownNotice(
  l: Localizer,
  deps: WebDeps,
  guildId: string,
  viewerId: string,
  generationId: string | undefined,
): Promise<Notice | undefined> {
  if (!generationId || !GENERATION_ID.test(generationId)) return undefined;
  const record = await deps.quota.admin.takeDownOf(guildId, generationId);
  if (!record) return undefined;
  const named = [record.by, ...(typeof record.detail.authorId === 'string' ? [record.detail.authorId] : [])];
  const profiles = await profilesOf(deps, guildId, named);
  const names = new Map([...profiles].map(([id, p]) => [id, p.displayName]));
  return takeDownNotice(l, record, viewerId, names);
}

/**
 * The dashboard's first page of a server in a process folds its whole ledger (about a second for
 * 100,000 entries): an admin on the gallery starts it, so the Dashboard tab is usually ready. A
 * failure here is the dashboard's to tell, when it is opened.
 */
function warmDashboard(deps: WebDeps, guildId: string): void {
  deps.quota.dashboard.spend(guildId, DEFAULT_REPORT_DAYS).catch((err: unknown) => {
    deps.logger.warn({ err, guildId }, "could not read ahead a server's dashboard");
  });
}

/** The index's cursor as the address carries it (URL-safe whatever the engine writes), and back. */
function toAddress(cursor: string): string {
  return Buffer.from(cursor).toString('base64url');
}
function fromAddress(cursor: string): string {
  return Buffer.from(cursor, 'base64url').toString();
}
