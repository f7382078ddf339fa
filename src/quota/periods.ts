/**
 * Quota periods, all on UTC boundaries:
 * - daily: from 00:00 UTC to the next 00:00 UTC;
 * - weekly: ISO weeks, Monday 00:00 UTC to the next Monday (the ISO 8601 week, which most of the
 *   world's calendars and Discord's audience expect, and whose key `2024-W18` is unambiguous);
 * - monthly: from the 1st 00:00 UTC to the 1st of the next month;
 * - total: one period that never resets.
 *
 * Money is booked on UTC days (`DayKey`, `2024-05-01`); every period is a whole number of days, so
 * a period's spend is the sum of its days, whatever period an admin chooses later.
 */

export const PERIODS = ['daily', 'weekly', 'monthly', 'total'] as const;
export type Period = (typeof PERIODS)[number];

/** A UTC calendar day, `YYYY-MM-DD`. Strings of this form sort like the days they name. */
export type DayKey = string;

const DAY_MS = 86_400_000;

/** True when `value` names a period. */
export function isPeriod(value: unknown): value is Period {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

function toDate(at: Date | number): Date {
  return typeof at === 'number' ? new Date(at) : at;
}

/** The UTC day of an instant. */
export function dayKey(at: Date | number): DayKey {
  return toDate(at).toISOString().slice(0, 10);
}

/** Midnight UTC that starts a day key. */
export function dayStart(day: DayKey): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** Start of the period that contains `at` (the epoch for `total`). */
export function periodStart(period: Period, at: Date | number): Date {
  const d = toDate(at);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  switch (period) {
    case 'daily':
      return new Date(Date.UTC(y, m, day));
    case 'weekly': {
      // getUTCDay: Sunday 0 … Saturday 6; days since Monday: Monday 0 … Sunday 6.
      const sinceMonday = (d.getUTCDay() + 6) % 7;
      return new Date(Date.UTC(y, m, day - sinceMonday));
    }
    case 'monthly':
      return new Date(Date.UTC(y, m, 1));
    case 'total':
      return new Date(0);
  }
}

/** End (exclusive) of the period that contains `at`: the moment it resets; null for `total`. */
export function periodEnd(period: Period, at: Date | number): Date | null {
  const start = periodStart(period, at);
  switch (period) {
    case 'daily':
      return new Date(start.getTime() + DAY_MS);
    case 'weekly':
      return new Date(start.getTime() + 7 * DAY_MS);
    case 'monthly':
      return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    case 'total':
      return null;
  }
}

/** When the allowance shown to a member resets: the end of the current period, null for `total`. */
export function resetsAt(period: Period, at: Date | number): Date | null {
  return periodEnd(period, at);
}

/**
 * A stable name for the period containing `at`: `d:2024-05-01`, `w:2024-W18` (ISO week-numbering
 * year, which can differ from the calendar year around New Year), `m:2024-05`, `total`.
 */
export function periodKey(period: Period, at: Date | number): string {
  const start = periodStart(period, at);
  switch (period) {
    case 'daily':
      return `d:${dayKey(start)}`;
    case 'weekly': {
      // The ISO week belongs to the year of its Thursday; week 1 holds the year's first Thursday.
      const thursday = new Date(start.getTime() + 3 * DAY_MS);
      const isoYear = thursday.getUTCFullYear();
      const jan1 = Date.UTC(isoYear, 0, 1);
      const week = Math.floor((thursday.getTime() - jan1) / DAY_MS / 7) + 1;
      return `w:${isoYear}-W${String(week).padStart(2, '0')}`;
    }
    case 'monthly':
      return `m:${dayKey(start).slice(0, 7)}`;
    case 'total':
      return 'total';
  }
}

/** True when the UTC day `day` lies in the period that contains `at`. */
export function dayInPeriod(day: DayKey, period: Period, at: Date | number): boolean {
  if (period === 'total') return true;
  const end = periodEnd(period, at);
  return day >= dayKey(periodStart(period, at)) && (end === null || day < dayKey(end));
}
