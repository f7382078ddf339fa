/** The list endpoints' query parameters, read as the service reads them (the paging and the type filter). */
import type { MediaType } from '../../media/schemas.ts';

/** A positive integer query parameter: its default when absent, clamped to `max`, or an error message. */
export function intParam(
  query: URLSearchParams,
  name: string,
  fallback: number,
  max?: number,
): number | string {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) return `The ${name} must be a positive integer.`;
  return max === undefined ? Number(raw) : Math.min(Number(raw), max);
}

/** The `type` filter: absent, one of the two media types, or the error that answers it. */
export function typeParam(query: URLSearchParams): MediaType | undefined | { error: string } {
  const raw = query.get('type');
  if (raw === null || raw === '') return undefined;
  return raw === 'video' || raw === 'image' ? raw : { error: 'The type must be video or image.' };
}
