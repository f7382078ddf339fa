/** Small text rules every view shares: what may be a link, how to put a URL in markdown, cutting to a length. */

/** Discord's longest button URL; also the longest link the views show. */
export const MAX_LINK = 512;

/** The URL when it can be a link (http(s), at most `max` characters), else undefined. */
export function linkable(text: string | undefined, max = MAX_LINK): string | undefined {
  if (!text) return undefined;
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.href.length <= max ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Parentheses would end a markdown link early and let the rest of the URL become markdown. */
export function markdownUrl(href: string): string {
  return href.replace(/\(/g, '%28').replace(/\)/g, '%29');
}

/** Shortens to `max` UTF-16 units (Discord's measure) without cutting a surrogate pair in half. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  if (/[\uD800-\uDBFF]/.test(text.charAt(cut - 1))) cut--;
  return `${text.slice(0, cut)}…`;
}
