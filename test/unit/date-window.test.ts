import { describe, expect, it } from 'vitest';
import { isIsoDate, todayIn } from '../../src/domain/dates/calendar.js';
import { lastCompletedPeriodEnd, periodEnd, periodStart } from '../../src/domain/dates/periods.js';
import { defaultWindow, resolveWindow } from '../../src/domain/dates/window.js';
import { DomainError } from '../../src/domain/errors.js';

describe('calendar', () => {
  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-04-31', false],
    ['2025-12-31', true],
    ['2025-1-01', false],
    ['2025-00-10', false],
    ['20250101', false],
    ['2025-01-01T00:00:00Z', false],
  ])('isIsoDate(%s) = %s', (value, ok) => expect(isIsoDate(value)).toBe(ok));

  it('computes today in the service time zone, not UTC', () => {
    // 22:30 UTC on Dec 31 is already Jan 1 in Moscow (UTC+3) and still Dec 31 in New York.
    const instant = Date.parse('2025-12-31T22:30:00Z');
    expect(todayIn('Europe/Moscow', instant)).toBe('2026-01-01');
    expect(todayIn('America/New_York', instant)).toBe('2025-12-31');
  });
});

describe('period boundaries', () => {
  it.each([
    ['2026-03-18', 'PERIOD_MONTHLY', '2026-03-01', '2026-03-31'],
    ['2024-02-10', 'PERIOD_MONTHLY', '2024-02-01', '2024-02-29'],
    ['2026-11-18', 'PERIOD_WEEKLY', '2026-11-16', '2026-11-22'], // Wednesday → Monday..Sunday
    ['2026-11-16', 'PERIOD_WEEKLY', '2026-11-16', '2026-11-22'], // a Monday starts its own week
    ['2026-11-22', 'PERIOD_WEEKLY', '2026-11-16', '2026-11-22'], // a Sunday ends its week
    ['2025-12-31', 'PERIOD_WEEKLY', '2025-12-29', '2026-01-04'], // week across the new year
    ['2026-05-05', 'PERIOD_DAILY', '2026-05-05', '2026-05-05'],
  ] as const)('%s %s → %s..%s', (date, period, start, end) => {
    expect(periodStart(date, period)).toBe(start);
    expect(periodEnd(date, period)).toBe(end);
  });

  it.each([
    ['2026-11-20', 'PERIOD_MONTHLY', '2026-10-31'],
    ['2026-01-01', 'PERIOD_MONTHLY', '2025-12-31'], // year boundary
    ['2026-11-20', 'PERIOD_WEEKLY', '2026-11-15'], // Friday → previous Sunday
    ['2026-11-22', 'PERIOD_WEEKLY', '2026-11-22'], // Sunday: the current week counts as completed
    ['2026-11-23', 'PERIOD_WEEKLY', '2026-11-22'], // Monday → yesterday's Sunday
    ['2026-03-01', 'PERIOD_DAILY', '2026-02-28'],
  ] as const)('last completed period as of %s (%s) ends %s', (today, period, end) => {
    expect(lastCompletedPeriodEnd(today, period)).toBe(end);
  });
});

describe('default windows', () => {
  it.each([
    ['2026-11-20', 'PERIOD_MONTHLY', '2025-11-01', '2026-10-31'],
    ['2026-01-15', 'PERIOD_MONTHLY', '2025-01-01', '2025-12-31'],
    ['2026-11-20', 'PERIOD_WEEKLY', '2025-11-17', '2026-11-15'], // 51 weeks before Monday 2026-11-09,
    ['2026-11-22', 'PERIOD_WEEKLY', '2025-11-24', '2026-11-22'], // Sunday: this week is the last,
    // 59 days: the live API refuses a daily window starting 60 days back (issue 20, item 23).
    ['2026-11-20', 'PERIOD_DAILY', '2026-09-22', '2026-11-19'],
  ] as const)('as of %s, %s: %s..%s', (today, period, fromDate, toDate) => {
    expect(defaultWindow(period, today)).toEqual({ fromDate, toDate });
    expect(resolveWindow({ period, today })).toEqual({ fromDate, toDate });
  });

  it('holds 12 months, 52 weeks and 59 days', () => {
    const weekly = defaultWindow('PERIOD_WEEKLY', '2026-11-20');
    const days = (Date.parse(weekly.toDate) - Date.parse(weekly.fromDate)) / 86_400_000 + 1;
    expect(days).toBe(52 * 7);
    const daily = defaultWindow('PERIOD_DAILY', '2026-11-20');
    expect((Date.parse(daily.toDate) - Date.parse(daily.fromDate)) / 86_400_000 + 1).toBe(59);
  });
});

function fieldOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INVALID_FIELD') return error.field;
    throw error;
  }
  return undefined;
}

describe('resolveWindow with dates', () => {
  const today = '2026-11-20';
  it.each([
    ['PERIOD_MONTHLY', '2026-02-14', '2026-05-03', '2026-02-01', '2026-05-31'],
    ['PERIOD_WEEKLY', '2026-02-11', '2026-03-04', '2026-02-09', '2026-03-08'],
    ['PERIOD_DAILY', '2026-10-01', '2026-10-05', '2026-10-01', '2026-10-05'],
    ['PERIOD_MONTHLY', '2026-09-10', '2027-03-01', '2026-09-01', '2026-10-31'], // cut at last completed month
    ['PERIOD_WEEKLY', '2026-11-01', '2026-11-30', '2026-10-26', '2026-11-15'], // cut at last completed week
    ['PERIOD_MONTHLY', '2010-01-01', '2018-03-10', '2018-01-01', '2018-03-31'], // history starts 2018-01
  ] as const)('%s %s..%s → %s..%s', (period, fromDate, toDate, from, to) => {
    expect(resolveWindow({ period, fromDate, toDate, today })).toEqual({ fromDate: from, toDate: to });
  });

  it('with only fromDate runs to the last completed period', () => {
    expect(resolveWindow({ period: 'PERIOD_MONTHLY', fromDate: '2026-06-20', today })).toEqual({
      fromDate: '2026-06-01',
      toDate: '2026-10-31',
    });
  });

  it('with only toDate takes the default length before it', () => {
    expect(resolveWindow({ period: 'PERIOD_MONTHLY', toDate: '2026-03-05', today })).toEqual({
      fromDate: '2025-04-01',
      toDate: '2026-03-31',
    });
  });

  it.each([
    [{ fromDate: '2026-13-01' }, 'fromDate'],
    [{ toDate: '2026-02-30' }, 'toDate'],
    [{ fromDate: 'yesterday' }, 'fromDate'],
    [{ fromDate: '2026-05-01', toDate: '2026-04-01' }, 'fromDate'],
    [{ fromDate: '2026-11-10' }, 'fromDate'], // monthly: November is not completed yet
  ])('rejects %o naming %s', (dates, field) => {
    expect(fieldOf(() => resolveWindow({ period: 'PERIOD_MONTHLY', today, ...dates }))).toBe(field);
  });

  it('refuses a daily window starting 60 or more days back (today − 59 is the earliest), naming the earliest date', () => {
    let message = '';
    try {
      resolveWindow({ period: 'PERIOD_DAILY', fromDate: '2026-09-01', today });
    } catch (error) {
      message = (error as Error).message;
      expect((error as DomainError).field).toBe('fromDate');
    }
    expect(message).toContain('2026-09-22');
    expect(() => resolveWindow({ period: 'PERIOD_DAILY', fromDate: '2026-09-21', today })).toThrow(/2026-09-22/);
    expect(resolveWindow({ period: 'PERIOD_DAILY', fromDate: '2026-09-22', today }).fromDate).toBe('2026-09-22');
  });
});
