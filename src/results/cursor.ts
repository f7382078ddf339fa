/**
 * What both engines share about a gallery page: its order (newest first by deliveredAt, then by
 * generation id), its cursor (where the previous page ended: no offsets, so results delivered
 * between two pages neither repeat nor hide one), its size limits and its count.
 */
import type { IndexedResult } from './result.ts';

/** The last result of a page: the next page starts after it. */
export interface PagePosition {
  deliveredAt: number;
  generationId: string;
}

/** A page holds at most this many results (GalleryQuery.limit). */
export const MAX_PAGE = 100;

/** The limit asked for, as a whole number of results from 1 to MAX_PAGE. */
export function pageLimit(limit: number): number {
  return Number.isFinite(limit) ? Math.min(MAX_PAGE, Math.max(1, Math.floor(limit))) : MAX_PAGE;
}

/** Opaque to the web: base64url of [deliveredAt, generationId]. */
export function encodeCursor(at: PagePosition): string {
  return Buffer.from(JSON.stringify([at.deliveredAt, at.generationId])).toString('base64url');
}

/**
 * The position a cursor names; undefined for none, and for one that is not a cursor of ours (an
 * edited address): the gallery then starts from the newest.
 */
export function decodeCursor(cursor: string | undefined): PagePosition | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string'
    ) {
      return { deliveredAt: value[0], generationId: value[1] };
    }
  } catch {
    // Not JSON: not ours.
  }
  return undefined;
}

/**
 * Generation ids compared as both stores compare them: by their UTF-8 bytes (SQLite's BINARY
 * collation, Redis's lexicographic order), which JavaScript's `<` (UTF-16 units) does not always follow.
 */
export function compareIds(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** The gallery's order, for Array.sort: newest first, then the larger generation id first. */
export function newestFirst(a: PagePosition, b: PagePosition): number {
  return b.deliveredAt - a.deliveredAt || compareIds(b.generationId, a.generationId);
}

/** Where a result sits in the gallery's order. */
export function positionOf(result: IndexedResult): PagePosition {
  return { deliveredAt: result.deliveredAt, generationId: result.generationId };
}
