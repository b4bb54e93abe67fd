import { createBoundedMemo } from '../bounded-memo.js';
import type { IsoDate, Period } from '../types.js';
import { addDays, addMonths, daysInMonth, isoWeekday } from './calendar.js';

/** First day of the period containing `date`: the 1st of the month, the Monday of the week, or the day. */
export function periodStart(date: IsoDate, period: Period): IsoDate {
  switch (period) {
    case 'PERIOD_MONTHLY':
      return `${date.slice(0, 7)}-01`;
    case 'PERIOD_WEEKLY':
      return addDays(date, 1 - isoWeekday(date));
    case 'PERIOD_DAILY':
      return date;
  }
}

/** Last day of the period containing `date`: the month's last day, the Sunday of the week, or the day. */
export function periodEnd(date: IsoDate, period: Period): IsoDate {
  switch (period) {
    case 'PERIOD_MONTHLY': {
      const y = Number(date.slice(0, 4));
      const m = Number(date.slice(5, 7));
      return `${date.slice(0, 7)}-${String(daysInMonth(y, m)).padStart(2, '0')}`;
    }
    case 'PERIOD_WEEKLY':
      return addDays(date, 7 - isoWeekday(date));
    case 'PERIOD_DAILY':
      return date;
  }
}

/** Start of the period `n` periods after the one starting at `start` (n may be negative). */
export function shiftPeriod(start: IsoDate, period: Period, n: number): IsoDate {
  switch (period) {
    case 'PERIOD_MONTHLY':
      return addMonths(start, n);
    case 'PERIOD_WEEKLY':
      return addDays(start, 7 * n);
    case 'PERIOD_DAILY':
      return addDays(start, n);
  }
}

/**
 * Last day of the last completed period as of `today`: the previous month's last day; the last Sunday before
 * today (today itself on a Sunday, whose week ends that day); yesterday.
 */
export function lastCompletedPeriodEnd(today: IsoDate, period: Period): IsoDate {
  switch (period) {
    case 'PERIOD_MONTHLY':
      return addDays(`${today.slice(0, 7)}-01`, -1);
    case 'PERIOD_WEEKLY':
      return isoWeekday(today) === 7 ? today : addDays(today, -isoWeekday(today));
    case 'PERIOD_DAILY':
      return addDays(today, -1);
  }
}

/**
 * Period lists already built, by their window: every cache hit of a dynamics request lists the same periods
 * again (a calendar conversion per period). Bounded in entries, and only lists of up to 1,000 periods are
 * kept (a window the service resolves holds at most about 460: weekly since 2018).
 */
const startLists = createBoundedMemo<string, readonly IsoDate[]>(1024);
const MAX_KEPT_LIST = 1000;
const MOST_PERIODS_PER_YEAR: Record<Period, number> = { PERIOD_MONTHLY: 12, PERIOD_WEEKLY: 54, PERIOD_DAILY: 366 };

/** Start dates of every period from `fromDate` to `toDate` (both aligned), oldest first. Read-only: shared. */
export function periodStarts(fromDate: IsoDate, toDate: IsoDate, period: Period): readonly IsoDate[] {
  const years = Number(toDate.slice(0, 4)) - Number(fromDate.slice(0, 4)) + 1;
  if (!(years * MOST_PERIODS_PER_YEAR[period] <= MAX_KEPT_LIST)) return listPeriodStarts(fromDate, toDate, period);
  return startLists.get(`${fromDate}|${toDate}|${period}`, () => Object.freeze(listPeriodStarts(fromDate, toDate, period)));
}

function listPeriodStarts(fromDate: IsoDate, toDate: IsoDate, period: Period): IsoDate[] {
  const starts: IsoDate[] = [];
  for (let d = fromDate; d <= toDate; ) {
    starts.push(d);
    const next = shiftPeriod(d, period, 1);
    if (next <= d) break; // the calendar saturates at 9999-12-31: never loop on the last day
    d = next;
  }
  return starts;
}
