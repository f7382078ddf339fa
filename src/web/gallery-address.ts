/**
 * A gallery's address: what `?q=…&type=…&model=…&member=…&from=…&to=…&cursor=…` asks for, read
 * leniently (a value the bot cannot use is dropped and the filter shows as unset, never an error
 * page), and the links that keep every filter when one changes, so a search can be shared by its
 * address.
 */
import type { MediaType } from '../media/schemas.ts';

export interface GalleryFilters {
  q: string;
  type: MediaType | undefined;
  model: string | undefined;
  /** `me`, or a member's id. */
  member: string | undefined;
  /** Days as typed (YYYY-MM-DD), UTC. */
  from: string | undefined;
  to: string | undefined;
  cursor: string | undefined;
}

/** A result's address part (its generation id), as a result page or a take-down takes it. */
export const GENERATION_ID = /^[\w-]{1,100}$/;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_QUERY_CHARS = 200;

function day(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = DAY.exec(value);
  if (!m) return undefined;
  const at = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // 2026-02-31 is not a day.
  return new Date(at).toISOString().slice(0, 10) === value ? value : undefined;
}

export function readFilters(params: URLSearchParams): GalleryFilters {
  const type = params.get('type');
  const model = params.get('model') ?? '';
  const member = params.get('member') ?? '';
  const cursor = params.get('cursor') ?? '';
  return {
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_CHARS),
    type: type === 'image' || type === 'video' ? type : undefined,
    model: /^[a-z0-9][a-z0-9._-]{0,63}$/i.test(model) ? model : undefined,
    member: member === 'me' || /^\d{17,20}$/.test(member) ? member : undefined,
    from: day(params.get('from') ?? undefined),
    to: day(params.get('to') ?? undefined),
    cursor: cursor && cursor.length <= 200 && /^[\w.~-]+$/.test(cursor) ? cursor : undefined,
  };
}

/** The first ms of a day, and the first ms after it (the range's end is the whole `to` day). */
export function dayStart(value: string): number {
  return Date.parse(`${value}T00:00:00Z`);
}
export function dayEnd(value: string): number {
  return dayStart(value) + 24 * 60 * 60 * 1000;
}

/** The filters as an address's query (empty ones left out, the cursor only when given), without `?`. */
export function filtersQuery(f: Partial<GalleryFilters>): string {
  const params = new URLSearchParams();
  if (f.q) params.set('q', f.q);
  if (f.type) params.set('type', f.type);
  if (f.model) params.set('model', f.model);
  if (f.member) params.set('member', f.member);
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.cursor) params.set('cursor', f.cursor);
  return params.toString();
}

/** The gallery's address with these filters. */
export function galleryHref(guildId: string, f: Partial<GalleryFilters>): string {
  const query = filtersQuery(f);
  return `/servers/${guildId}${query ? `?${query}` : ''}`;
}
