/**
 * The parameters of a generation as people read them, shared by the result card and Details: every
 * field the bot sent (the model and the prompt are shown on their own), or what the service echoed
 * for jobs stored before the request was recorded.
 */
import type { Job } from '../../jobs/job.ts';

/** Shown on their own, never among the parameters. */
const SHOWN_ELSEWHERE = new Set(['model', 'prompt']);

/** The parameters sent, as [name, value] in the order they were sent; empty values left out. */
export function sentParameters(job: Job): [string, unknown][] {
  const source: Record<string, unknown> = job.request ? { ...job.request } : job.parameters;
  return Object.entries(source).filter(
    ([key, value]) => !SHOWN_ELSEWHERE.has(key) && value !== undefined && value !== null && value !== '',
  );
}

/** `aspect_ratio` -> `aspect ratio`. */
export function parameterName(key: string): string {
  return key.replace(/_/g, ' ');
}

/**
 * One value, short: a duration with its unit, a list as its count (the URLs are in Details), a
 * boolean as yes/no. Not escaped: the caller escapes what it shows as markdown.
 */
export function shortValue(key: string, value: unknown): string {
  if (key === 'duration' && typeof value === 'number') return `${value} s`;
  if (Array.isArray(value)) return `${value.length}`;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** `aspect ratio: 16:9 · duration: 5 s · image urls: 2`. */
export function describeSentParameters(job: Job): string {
  return sentParameters(job)
    .map(([key, value]) => `${parameterName(key)}: ${shortValue(key, value)}`)
    .join(' · ');
}
