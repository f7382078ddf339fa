/** Pieces a gallery tile and a result's page share: the media element, the first line, the date. */
import { html } from 'hono/html';
import type { Localizer } from '../../i18n/index.ts';
import type { IndexedResult } from '../../results/result.ts';
import type { Html } from './layout.ts';

const MAX_FIRST_LINE = 140;

export function firstLine(prompt: string): string {
  const line = prompt.split('\n', 1)[0]?.trim() ?? '';
  return line.length > MAX_FIRST_LINE ? `${line.slice(0, MAX_FIRST_LINE - 1)}…` : line;
}

/** Only an http(s) link becomes a src: a service's answer is untrusted (no `javascript:`, no `data:`). */
export function safeMediaUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function mediaTag(r: IndexedResult, url: string | undefined, size: 'thumb' | 'full'): Html {
  const src = safeMediaUrl(url);
  if (!src) return html`<span class="nomedia ${size}"></span>`;
  const alt = r.prompt.slice(0, 200);
  if (r.type === 'video') {
    return size === 'thumb'
      ? html`<video class="${size}" src="${src}" preload="metadata" muted playsinline></video>`
      : html`<video class="${size}" src="${src}" controls preload="metadata" playsinline></video>`;
  }
  return html`<img class="${size}" src="${src}" alt="${alt}"${size === 'thumb' ? html` loading="lazy"` : ''}>`;
}

/** One formatter per language: making an Intl.DateTimeFormat costs far more than using one. */
const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();

/** A date and time as members read it in the bot's replies: the member's language, in UTC, named. */
export function shownWhen(l: Localizer, at: number): string {
  let format = DATE_FORMATS.get(l.language);
  if (!format) {
    // dateStyle cannot be combined with timeZoneName: the zone is written after it.
    format = new Intl.DateTimeFormat(l.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    DATE_FORMATS.set(l.language, format);
  }
  return `${format.format(at)} UTC`;
}
