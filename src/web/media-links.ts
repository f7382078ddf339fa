/**
 * Working links for results' files: a Discord attachment's link expires, so the ones a page shows
 * are refreshed together (ServerAccess.refreshUrls: at most 50 a call, cached until they expire);
 * the service's links are shown as they are. A link Discord would not refresh is left out (the
 * page says the file is not available).
 */
import type { IndexedResult } from '../results/result.ts';
import type { ServerAccess } from '../results/server-access.ts';

export async function mediaLinks(
  access: ServerAccess,
  results: readonly IndexedResult[],
): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const discord = results.filter((r) => r.media?.from === 'discord');
  const refreshed =
    discord.length > 0 ? await access.refreshUrls(discord.map((r) => r.media?.url ?? '')) : new Map();
  for (const r of results) {
    if (!r.media) continue;
    const url = r.media.from === 'discord' ? refreshed.get(r.media.url) : r.media.url;
    if (url) links.set(r.generationId, url);
  }
  return links;
}
