/**
 * The parameters of a generation as people read them. One line, built from the request by one
 * function, on every card of a request's life (confirmation, queued, generating, result, failed,
 * batch), so the member reads the same words for the same request wherever it stands; Details
 * lists the same items one a line. Every field the bot sent (the model and the prompt are shown on
 * their own), or what the service echoed for jobs stored before the request was recorded.
 */
import type { Localizer } from '../../i18n/index.ts';
import cards from '../../i18n/locales/en/cards.ts';
import type { Job } from '../../jobs/job.ts';

/** Shown on their own, never among the parameters. */
const SHOWN_ELSEWHERE = new Set(['model', 'prompt']);

/** What a job was asked with: the request sent, or what the service echoed for older jobs. */
export function sentRequest(job: Pick<Job, 'request' | 'parameters'>): object {
  return job.request ?? job.parameters;
}

/** The parameters, as [name, value] in the order they were given; empty values left out. */
function parametersOf(source: object): [string, unknown][] {
  return Object.entries(source).filter(
    ([key, value]) => !SHOWN_ELSEWHERE.has(key) && value !== undefined && value !== null && value !== '',
  );
}

/** The parameters a job was sent with (see sentRequest). */
export function sentParameters(job: Pick<Job, 'request' | 'parameters'>): [string, unknown][] {
  return parametersOf(sentRequest(job));
}

type ParamKey = keyof typeof cards.paramName;

/** `aspect_ratio` -> `aspect ratio`, in the reader's language; a field the bot has no word for as it is. */
export function parameterName(l: Localizer, key: string): string {
  return Object.hasOwn(cards.paramName, key)
    ? l.t(`cards:paramName.${key as ParamKey}`)
    : key.replace(/_/g, ' ');
}

/** A length in seconds with its unit: `5 s`, `3 min` from two minutes on. */
export function durationText(l: Localizer, seconds: number): string {
  if (seconds >= 120) return l.t('cards:minutes', { value: l.number(Math.round(seconds / 60)) });
  return l.t('cards:seconds', { value: l.number(seconds, { maximumFractionDigits: 1 }) });
}

/**
 * One value, short: a duration with its unit, a list as its count (the URLs are in Details), a
 * boolean as yes/no. Not escaped: the caller escapes what it shows as markdown.
 */
function shortValue(l: Localizer, key: string, value: unknown): string {
  if (key === 'duration' && typeof value === 'number') return durationText(l, value);
  if (Array.isArray(value)) return l.number(value.length);
  if (typeof value === 'boolean') return value ? l.t('cards:yes') : l.t('cards:no');
  if (typeof value === 'number') return String(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One item: `aspect ratio: 16:9`. */
export function parameterItem(l: Localizer, key: string, value: unknown): string {
  return l.t('cards:param', { name: parameterName(l, key), value: shortValue(l, key, value) });
}

/**
 * The parameter line of a request, the same on every card: `aspect ratio: 16:9 · duration: 5 s ·
 * image urls: 2`. `source` is the request (or a job's sentRequest). Not escaped.
 */
export function parameterLine(l: Localizer, source: object): string {
  return parametersOf(source)
    .map(([key, value]) => parameterItem(l, key, value))
    .join(' · ');
}
