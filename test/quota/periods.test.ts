import { describe, expect, it } from 'vitest';
import { dayInPeriod, dayKey, periodEnd, periodKey, periodStart, resetsAt } from '../../src/quota/periods.ts';

const t = (iso: string) => new Date(iso);

describe('quota periods (UTC)', () => {
  it('starts a day at 00:00 UTC and resets at the next midnight', () => {
    const at = t('2024-05-15T23:59:59.999Z');
    expect(periodStart('daily', at).toISOString()).toBe('2024-05-15T00:00:00.000Z');
    expect(periodEnd('daily', at)?.toISOString()).toBe('2024-05-16T00:00:00.000Z');
    expect(periodKey('daily', at)).toBe('d:2024-05-15');
  });

  it('uses ISO weeks: Monday 00:00 UTC to the next Monday', () => {
    // 2024-05-19 is a Sunday, 2024-05-20 a Monday.
    expect(periodStart('weekly', t('2024-05-19T23:59:00Z')).toISOString()).toBe('2024-05-13T00:00:00.000Z');
    expect(periodStart('weekly', t('2024-05-20T00:00:00Z')).toISOString()).toBe('2024-05-20T00:00:00.000Z');
    expect(resetsAt('weekly', t('2024-05-15T12:00:00Z'))?.toISOString()).toBe('2024-05-20T00:00:00.000Z');
    expect(periodKey('weekly', t('2024-05-15T12:00:00Z'))).toBe('w:2024-W20');
  });

  it('names a week by its ISO week-numbering year around New Year', () => {
    // Sunday 2021-01-03 belongs to week 53 of 2020; Monday 2024-12-30 to week 1 of 2025.
    expect(periodKey('weekly', t('2021-01-03T10:00:00Z'))).toBe('w:2020-W53');
    expect(periodKey('weekly', t('2024-12-30T10:00:00Z'))).toBe('w:2025-W01');
  });

  it('starts a month on the 1st and resets on the 1st of the next, across years', () => {
    expect(periodStart('monthly', t('2024-02-29T18:00:00Z')).toISOString()).toBe('2024-02-01T00:00:00.000Z');
    expect(periodEnd('monthly', t('2024-02-29T18:00:00Z'))?.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(periodEnd('monthly', t('2024-12-31T23:00:00Z'))?.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(periodKey('monthly', t('2024-12-31T23:00:00Z'))).toBe('m:2024-12');
  });

  it('never resets the total period', () => {
    expect(periodEnd('total', t('2024-05-15T12:00:00Z'))).toBeNull();
    expect(resetsAt('total', t('2024-05-15T12:00:00Z'))).toBeNull();
    expect(periodKey('total', t('2030-01-01T00:00:00Z'))).toBe('total');
    expect(dayInPeriod('1999-01-01', 'total', t('2030-01-01T00:00:00Z'))).toBe(true);
  });

  it('tells which UTC days lie in a period', () => {
    const at = t('2024-05-15T12:00:00Z');
    expect(dayKey(at)).toBe('2024-05-15');
    expect(dayInPeriod('2024-05-13', 'weekly', at)).toBe(true);
    expect(dayInPeriod('2024-05-12', 'weekly', at)).toBe(false);
    expect(dayInPeriod('2024-05-20', 'weekly', at)).toBe(false);
    expect(dayInPeriod('2024-05-01', 'monthly', at)).toBe(true);
    expect(dayInPeriod('2024-04-30', 'monthly', at)).toBe(false);
    expect(dayInPeriod('2024-05-14', 'daily', at)).toBe(false);
  });
});
