/**
 * A section of the benchmark's report: what report.ts lays out and the runs' own sections
 * (steady, burst, light, cadence, processes) fill, and the cells more than one of them writes.
 */
import type { RunFigures } from './metrics.ts';
import type { Spread } from './statistics.ts';

export interface Row {
  metric: string;
  target: string;
  bot: string;
  /** Whether the bot meets the target; null when the row is for information. */
  pass: boolean | null;
  /**
   * Another setting tried beside the default and judged by the default's target (the cadence
   * sweep): marked, but not a target of its own, so not listed among the targets missed.
   */
  alternative?: true;
  naive: string;
  comparison: string;
}

export interface Section {
  title: string;
  rows: Row[];
}

/** A figure to `digits` decimals, or a dash when the run has none. */
export const num = (n: number | null | undefined, digits = 1): string =>
  n === null || n === undefined ? '–' : n.toFixed(digits);

/** The chosen figures of a spread, in ms and in s. */
export const ms = (s: Spread, keys: ('p50' | 'p95' | 'p99' | 'max')[]) =>
  `${keys.map((k) => num(s[k], 0)).join(' / ')} ms`;
export const secs = (s: Spread, keys: ('p50' | 'p95' | 'p99' | 'max')[]) =>
  `${keys.map((k) => num(s[k], 1)).join(' / ')} s`;
/** How many times the naive poller's figure the bot's is. */
export const times = (a: number | null | undefined, b: number | null | undefined) =>
  a && b ? `×${(a / b).toFixed(1)}` : a && !b ? 'naive 0' : '–';

/** The 429s of a whole run, and how early they came. */
export function limited(f: RunFigures): string {
  const early = f.rateLimitedEarlyMs;
  return f.whole.rateLimited === 0
    ? '0'
    : `${f.whole.rateLimited} (${num(early.p50, 0)} / ${num(early.max, 0)} ms early)`;
}

/** API requests per minute: total (submissions / list polls incl. typed pages / single polls / other). */
function requestsLine(f: RunFigures): string {
  const r = f.requestsPerMinute;
  const typed = f.window.typedPages > 0 ? ` incl. ${num(f.window.typedPages / f.minutes)} typed pages` : '';
  return `${num(r.total)} (${num(r.submissions)} / ${num(r.listPolls)}${typed} / ${num(r.singlePolls)} / ${num(r.other)})`;
}

/** The row of the requests per minute against the service's 120, which every run shows. */
export function requestsRow(bot: RunFigures, naive: RunFigures): Row {
  return {
    metric: 'API requests per minute: total (submissions / list polls / single polls / other)',
    target: '≤ 120/min',
    bot: requestsLine(bot),
    pass: bot.requestsPerMinute.total <= 120,
    naive: requestsLine(naive),
    comparison: '',
  };
}

/** How busy the process was: the figures above are only as good as its keeping up. */
export function processRows(bot: RunFigures, naive: RunFigures): Row[] {
  const busy = (f: RunFigures) =>
    `${num(f.cpuCores, 2)} cores · loop delay p99 ${num(f.eventLoopDelayP99Ms, 0)} ms`;
  return [
    {
      metric: 'Bot process CPU (cores busy, 1 = one core) · event-loop delay p99 (real ms)',
      target: '–',
      bot: busy(bot),
      pass: null,
      naive: busy(naive),
      comparison: '',
    },
    {
      metric: "The benchmark's own process (simulator, fake Discord): CPU · event-loop delay p99",
      target: '–',
      bot: busy({ ...bot, ...bot.stage }),
      pass: null,
      naive: busy({ ...naive, ...naive.stage }),
      comparison: '',
    },
    {
      metric: "Peak RSS of the bot's process",
      target: '–',
      bot: `${num(bot.peakRssMb, 0)} MB`,
      pass: null,
      naive: `${num(naive.peakRssMb, 0)} MB`,
      comparison: '',
    },
  ];
}
