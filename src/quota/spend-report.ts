/**
 * The server's spend report (/quota report), from the ledger, as pure functions: which days it
 * covers, the daily spend split by member (the top few, the rest together) and by model, and the
 * period's ledger as CSV. The chart and the Discord answer are drawn from these figures elsewhere.
 *
 * Spend is what the service charged less what was refunded, on the UTC day the money belongs to
 * (`LedgerEntry.day`: a refund belongs to its charge's day), as the server budget counts it
 * (state.ts, applyToGuild). Reservations and their releases are holds, not spend, and an admin's
 * reset (`adjust`) gives a member room without giving the money back: none of them is in the report.
 */
import type { Micros } from '../money.ts';
import type { LedgerEntry } from './ledger.ts';
import { type DayKey, dayKey, dayStart } from './periods.ts';

const DAY_MS = 86_400_000;

/** The longest report: the ledger is kept for ever, but a longer walk would hold the answer too long. */
export const MAX_REPORT_DAYS = 90;
export const DEFAULT_REPORT_DAYS = 30;
/** Members drawn on their own; the others are one series together. */
export const TOP_MEMBERS = 5;
/** Models drawn on their own; the others are one series together. */
export const TOP_MODELS = 8;
/** The key of "everyone else" in a series (not a possible user id or model slug). */
export const OTHERS = '*others*';

/** The UTC days a report of `days` days ending today covers, oldest first. */
export function reportDays(days: number, now: Date | number): DayKey[] {
  if (!Number.isInteger(days) || days < 1 || days > MAX_REPORT_DAYS) {
    throw new RangeError(`a report covers 1 to ${MAX_REPORT_DAYS} days (got ${days})`);
  }
  const today = dayStart(dayKey(now)).getTime();
  return Array.from({ length: days }, (_, i) => dayKey(today - (days - 1 - i) * DAY_MS));
}

/** One bar segment: the net spend of one series on one day. */
export interface SpendPoint {
  day: DayKey;
  key: string;
  micros: Micros;
}

/** Daily spend split into series, the biggest first and OTHERS (when there are any) last. */
export interface SpendSeries {
  keys: string[];
  /** Each series' net spend over the whole report. */
  totals: Record<string, Micros>;
  /** Only days with spend of that series; oldest day first. */
  points: SpendPoint[];
}

export interface SpendReport {
  days: DayKey[];
  /** The charges and refunds of the report's days, oldest first (by ledger seq). */
  entries: LedgerEntry[];
  /** The top-ups credited or taken back in those days (not spend: the CSV's rows of their own kind). */
  topups: LedgerEntry[];
  chargedMicros: Micros;
  refundedMicros: Micros;
  /** Charged less refunded. */
  netMicros: Micros;
  byMember: SpendSeries;
  byModel: SpendSeries;
}

/** A charge adds to spend, a refund takes from it; other entries are not spend (0). */
export function spendOf(entry: LedgerEntry): Micros {
  if (entry.kind === 'charge') return entry.amountMicros;
  if (entry.kind === 'refund') return -entry.amountMicros;
  return 0;
}

/** What an entry without a model is filed under. */
export const UNKNOWN_MODEL = 'unknown model';

/** The report of `days` (from reportDays) over ledger entries in any order (others are ignored). */
export function buildSpendReport(
  ledger: readonly LedgerEntry[],
  days: readonly DayKey[],
  options: { topMembers?: number; topModels?: number } = {},
): SpendReport {
  const first = days[0];
  const last = days.at(-1);
  const inDays = (e: LedgerEntry) =>
    first !== undefined && last !== undefined && e.day >= first && e.day <= last;
  const entries = ledger
    .filter((e) => (e.kind === 'charge' || e.kind === 'refund') && inDays(e))
    .sort((a, b) => a.seq - b.seq);
  const topups = ledger.filter((e) => e.kind === 'topup' && inDays(e)).sort((a, b) => a.seq - b.seq);
  let chargedMicros = 0;
  let refundedMicros = 0;
  for (const e of entries) {
    if (e.kind === 'charge') chargedMicros += e.amountMicros;
    else refundedMicros += e.amountMicros;
  }
  return {
    days: [...days],
    entries,
    topups,
    chargedMicros,
    refundedMicros,
    netMicros: chargedMicros - refundedMicros,
    byMember: series(entries, (e) => e.userId, options.topMembers ?? TOP_MEMBERS),
    byModel: series(entries, (e) => e.model ?? UNKNOWN_MODEL, options.topModels ?? TOP_MODELS),
  };
}

function series(
  entries: readonly LedgerEntry[],
  keyOf: (e: LedgerEntry) => string,
  top: number,
): SpendSeries {
  return seriesOfCells(
    entries.map((e) => ({ day: e.day, key: keyOf(e), micros: spendOf(e) })),
    top,
  );
}

/**
 * The series of spend already added up by day and key (the dashboard's digest, dashboard-digest.ts)
 * or not (one cell per entry, buildSpendReport): the same figures either way, since only sums of
 * cells are ranked and drawn. A cell of 0 still names its key (a charge refunded the same day).
 */
export function seriesOfCells(cells: Iterable<SpendPoint>, top: number): SpendSeries {
  const list = [...cells];
  const totals = new Map<string, Micros>();
  for (const c of list) totals.set(c.key, (totals.get(c.key) ?? 0) + c.micros);
  // The biggest spenders first; equal ones in a stable order.
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  // Folding a single series into "others" would hide a name for nothing.
  const shown = ranked.length <= top + 1 ? ranked : ranked.slice(0, top);
  const named = new Set(shown.map(([key]) => key));
  const seriesOf = (key: string) => (named.has(key) ? key : OTHERS);

  const outTotals: Record<string, Micros> = {};
  // By day, then by series: the dashboard's thousands of cells make no key strings.
  const byDay = new Map<DayKey, Map<string, SpendPoint>>();
  for (const c of list) {
    const key = seriesOf(c.key);
    outTotals[key] = (outTotals[key] ?? 0) + c.micros;
    let day = byDay.get(c.day);
    if (!day) {
      day = new Map();
      byDay.set(c.day, day);
    }
    const point = day.get(key);
    if (point) point.micros += c.micros;
    else day.set(key, { day: c.day, key, micros: c.micros });
  }
  const keys = shown.map(([key]) => key);
  if (named.size < totals.size) keys.push(OTHERS);
  const order = new Map(keys.map((k, i) => [k, i]));
  const points = [...byDay.values()]
    .flatMap((day) => [...day.values()])
    .filter((p) => p.micros !== 0)
    .sort((a, b) =>
      a.day < b.day ? -1 : a.day > b.day ? 1 : (order.get(a.key) ?? 0) - (order.get(b.key) ?? 0),
    );
  return { keys, totals: outTotals, points };
}

// ---- CSV ----------------------------------------------------------------------------------------

export const CSV_HEADER = [
  'time',
  'day',
  'member_id',
  'member',
  'kind',
  'model',
  'generation_id',
  'amount_usd',
];

/** Exact USD from micro-USD, 6 decimals, a minus sign for a negative amount: `-0.132000`. */
export function usdDecimal(micros: Micros): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  return `${sign}${Math.floor(abs / 1_000_000)}.${String(abs % 1_000_000).padStart(6, '0')}`;
}

/**
 * One CSV cell of text that may come from anyone (a member's name, a model's slug): a cell a
 * spreadsheet would take for a formula (starting with = + - @, or a tab or carriage return that
 * hides one) gets a leading `'`; a cell holding a comma, a quote or a line break is quoted.
 */
export function csvText(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Members named in the CSV beside their ids; the others by id only (each name is asked of Discord). */
export const CSV_NAMED_MEMBERS = 25;

/** The members the CSV names: the biggest spenders of the report first (/quota report and the dashboard alike). */
export function namedInCsv(report: Pick<SpendReport, 'entries'>, count = CSV_NAMED_MEMBERS): string[] {
  const totals = new Map<string, Micros>();
  for (const e of report.entries) totals.set(e.userId, (totals.get(e.userId) ?? 0) + spendOf(e));
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, count)
    .map(([id]) => id);
}

/**
 * The report's ledger as CSV (RFC 4180, CRLF): one row per charge or refund, oldest first; refunds
 * negative, so the amounts of those rows add up to the report's net spend. A top-up bought in
 * Discord's store is a row of its own kind, `topup` (a credit positive, a refund's take-back
 * negative): money members paid Discord, not spend. `nameOf` gives a member's name where it is
 * known (empty otherwise).
 */
export function spendCsv(report: SpendReport, nameOf: (userId: string) => string | undefined): string {
  const rows = [CSV_HEADER.join(',')];
  const all = [...report.entries, ...(report.topups ?? [])].sort((a, b) => a.seq - b.seq);
  for (const e of all) {
    rows.push(
      [
        csvText(e.at),
        csvText(e.day),
        csvText(e.userId),
        csvText(nameOf(e.userId) ?? ''),
        csvText(e.kind),
        csvText(e.model ?? ''),
        csvText(e.generationId ?? ''),
        usdDecimal(e.kind === 'topup' ? e.amountMicros : spendOf(e)),
      ].join(','),
    );
  }
  return `${rows.join('\r\n')}\r\n`;
}
