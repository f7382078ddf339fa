/**
 * `POST /servers/<id>/admin/results/<generation id>/take-down`: an admin takes a member's result
 * down from the gallery. In order, and nothing changes unless all pass: the request comes from
 * this site with the session's form token (else 403), the member manages the server now, asked of
 * Discord (else 404), the result is this server's and in a channel they can view (else 404, unless
 * its take-down is recorded already: then the gallery says who did it). Then the message is
 * deleted in Discord with the bot's token (Discord's "unknown message" counts as deleted already;
 * any other refusal changes nothing and says so), the take-down is recorded in the audit log once
 * per message (a double click, or two admins, record it once: quota/take-downs.ts), and the
 * message's results leave the index at once. The member is not refunded. The answer redirects to the
 * gallery the form was on, which says what was done.
 */
import type { Context, Hono } from 'hono';
import { LockTimeoutError } from '../../locks.ts';
import { DeletionUnknown } from '../../results/result-messages.ts';
import type { WebDeps, WebEnv } from '../context.ts';
import { GENERATION_ID, galleryHref, readFilters } from '../gallery-address.ts';
import { takeDownProblemPage } from '../views/take-down.ts';
import { type Admin, adminPost } from './admin.ts';
import { notFound } from './not-found.ts';

/** The gallery's query an address may carry back: a few filters and a cursor. */
const MAX_BACK_CHARS = 1_000;

/** The gallery address with the form's filters, read as the gallery reads them (nothing else passes). */
function galleryBack(guildId: string, back: unknown): string {
  const query = typeof back === 'string' && back.length <= MAX_BACK_CHARS ? back : '';
  return galleryHref(guildId, readFilters(new URLSearchParams(query)));
}

/** The gallery, saying what the take-down of `generationId` did. */
function withNotice(href: string, generationId: string): string {
  return `${href}${href.includes('?') ? '&' : '?'}takenDown=${generationId}#notice`;
}

export function takeDownRoutes(app: Hono<WebEnv>, deps: WebDeps): void {
  app.post('/servers/:guildId/admin/results/:generationId/take-down', async (c) => {
    const l = c.get('l');
    const posted = await adminPost(c, deps);
    if (posted instanceof Response) return posted;
    const { a, form } = posted;
    const generationId = c.req.param('generationId');
    if (!GENERATION_ID.test(generationId)) return notFound(c, a.viewer);
    const guildId = a.access.server.id;
    const back = galleryBack(guildId, form.back);

    try {
      return await deps.takeDownLock.withLock(`takedown:${guildId}`, () =>
        takeDown(c, deps, { a, generationId, back }),
      );
    } catch (err) {
      if (!(err instanceof LockTimeoutError)) throw err;
      deps.logger.warn({ guildId, generationId }, 'a take-down waited too long for the one before it');
      const text = l.t('web:takeDown.busy');
      const title = l.t('web:takeDown.refusedTitle');
      return c.html(takeDownProblemPage(l, a.viewer, { back, text, title }), 503);
    }
  });
}

/**
 * The take-down itself, held under the server's take-down lock: what a second one finds, once the
 * first let go, is the first's record (Discord's word of the deletion may have emptied the index
 * already, so the index alone cannot say it was taken down rather than never here).
 */
async function takeDown(
  c: Context<WebEnv>,
  deps: WebDeps,
  { a, generationId, back }: { a: Admin; generationId: string; back: string },
): Promise<Response> {
  const l = c.get('l');
  const guildId = a.access.server.id;
  const result = await deps.results.get(guildId, generationId);
  // In a channel this admin cannot view: nothing of it, whatever is recorded.
  if (result && !a.access.viewableChannelIds.has(result.viewChannelId)) return notFound(c, a.viewer);
  if (!result) {
    // Gone from the gallery: taken down already (a second click, another admin), or never here.
    const earlier = await deps.quota.admin.takeDownOf(guildId, generationId);
    return earlier ? c.redirect(withNotice(back, generationId), 303) : notFound(c, a.viewer);
  }
  const takes = result.batch
    ? (await deps.results.batch(guildId, result.batch.id))
        .filter((t) => t.messageId === result.messageId)
        .map((t) => t.generationId)
    : [];
  const where = { guildId, generationId, channelId: result.channelId, messageId: result.messageId };

  try {
    const deletion = await deps.messages.deleteMessage(result.channelId, result.messageId);
    if (deletion === 'gone') deps.logger.info(where, 'a result taken down was already gone from Discord');
  } catch (err) {
    const unknown = err instanceof DeletionUnknown;
    deps.logger.warn(
      { err, ...where },
      unknown
        ? 'Discord failed a take-down and could not say whether the message was deleted'
        : 'Discord did not delete a result taken down on the dashboard',
    );
    const text = l.t(unknown ? 'web:takeDown.unknown' : 'web:takeDown.refused');
    const title = l.t(unknown ? 'web:takeDown.unknownTitle' : 'web:takeDown.refusedTitle');
    return c.html(takeDownProblemPage(l, a.viewer, { back, text, title }), 502);
  }
  // The results leave the index whatever the record did, and at once, not at the gateway's word of
  // the deletion: the page the admin lands on must not show them.
  try {
    const { recorded } = await deps.quota.admin.recordTakeDown(guildId, {
      by: a.userId,
      via: 'web',
      generationId,
      messageId: result.messageId,
      channelId: result.channelId,
      authorId: result.userId,
      prompt: result.prompt,
      takes,
    });
    deps.logger.info({ ...where, by: a.userId, recorded }, 'a result taken down on the dashboard');
  } catch (err) {
    // The message is gone and so is the gallery's entry: only the record is missing. The log keeps
    // what it would have said, and the admin is told.
    deps.logger.error(
      { err, ...where, by: a.userId, authorId: result.userId },
      'a take-down was not recorded in the audit log',
    );
    const text = l.t('web:takeDown.notAudited');
    const title = l.t('web:admin.audit.title');
    return c.html(takeDownProblemPage(l, a.viewer, { back, text, title }), 503);
  } finally {
    // The message is gone whatever the index says; the gateway's word of it removes them later.
    await deps.results
      .removeMessage(guildId, result.messageId)
      .catch((err) =>
        deps.logger.warn({ err, ...where }, 'cannot remove a result taken down from the index'),
      );
  }
  return c.redirect(withNotice(back, generationId), 303);
}
