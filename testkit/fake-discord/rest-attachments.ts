/**
 * POST /attachments/refresh-urls: fresh links for attachment links that expired or will, as the
 * bot asks Discord before it shows an old attachment. Only links of attachments still on their
 * message come back; a deleted message's (or one its message dropped) is left out of the answer.
 */

import { type Context, type Reply, type Route, route } from './rest-routes.ts';
import type { FakeState } from './state.ts';

/** Discord refreshes at most this many links a call. */
export const REFRESH_URLS_LIMIT = 50;

export function attachmentRoutes(s: FakeState): Route[] {
  return [route('POST', '/attachments/refresh-urls', 'attachmentRefresh', (c) => refreshUrls(s, c))];
}

function refreshUrls(s: FakeState, ctx: Context): Reply {
  const urls = (ctx.body as { attachment_urls?: unknown } | undefined)?.attachment_urls;
  if (!Array.isArray(urls) || urls.some((u) => typeof u !== 'string')) {
    return invalid('BASE_TYPE_REQUIRED', 'attachment_urls must be a list of strings.');
  }
  if (urls.length > REFRESH_URLS_LIMIT) {
    return invalid('BASE_TYPE_MAX_LENGTH', `Must be ${REFRESH_URLS_LIMIT} or fewer in length.`);
  }
  const refreshed = (urls as string[]).flatMap((original) => {
    const target = s.links.target(original);
    const file = target ? s.liveFile(target.attachmentId) : undefined;
    if (!target || !file || file.channelId !== target.channelId || file.filename !== target.filename)
      return [];
    return [{ original, refreshed: s.links.sign(target) }];
  });
  return { status: 200, body: { refreshed_urls: refreshed } };
}

function invalid(code: string, message: string): Reply {
  return {
    status: 400,
    body: {
      message: 'Invalid Form Body',
      code: 50035,
      errors: { attachment_urls: { _errors: [{ code, message }] } },
    },
  };
}
