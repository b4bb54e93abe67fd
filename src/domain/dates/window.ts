import { createBoundedMemo } from '../bounded-memo.js';
import { invalidField } from '../errors.js';
import type { IsoDate, Period } from '../types.js';
import { addDays, isIsoDate } from './calendar.js';
import { lastCompletedPeriodEnd, periodEnd, periodStart, shiftPeriod } from './periods.js';

/** How many periods the default window holds: a year of months or weeks, 59 days. */
export const DEFAULT_WINDOW_PERIODS: Record<Period, number> = {
  PERIOD_MONTHLY: 12,
  PERIOD_WEEKLY: 52,
  PERIOD_DAILY: 59,
};

/**
 * Daily data reach back this many days from today. The docs say "the last 60 days", but the live API refuses a
 * window starting 60 days back (seen by a peer calling it): the earliest day it takes is today − 59.
 */
export const DAILY_DEPTH_DAYS = 59;

/** Monthly and weekly history at the source starts here. */
export const HISTORY_START: IsoDate = '2018-01-01';

export interface DateWindow {
  fromDate: IsoDate;
  toDate: IsoDate;
}

export interface WindowRequest {
  period: Period;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  /** Today in the service's time zone. */
  today: IsoDate;
}

/** The earliest day a daily window may start on, as of `today`. */
export function earliestDailyDate(today: IsoDate): IsoDate {
  return addDays(today, -DAILY_DEPTH_DAYS);
}

/** The default window: the last N completed periods (12 months, 52 weeks, 59 days). */
export function defaultWindow(period: Period, today: IsoDate): DateWindow {
  const toDate = lastCompletedPeriodEnd(today, period);
  const lastStart = periodStart(toDate, period);
  return { fromDate: shiftPeriod(lastStart, period, 1 - DEFAULT_WINDOW_PERIODS[period]), toDate };
}

/**
 * Resolves the requested window: fromDate moved back to its period's start, toDate forward to its period's
 * end, cut at the last completed period (and at the start of history). Throws INVALID_FIELD naming the field
 * for a malformed date, fromDate after toDate, a window wholly in the future, or a daily window starting more
 * than 59 days back. A missing end takes the default: toDate = last completed period; fromDate = N periods
 * before toDate (N as in the default window).
 */
export function resolveWindow(request: WindowRequest): Readonly<DateWindow> {
  const key = `${request.today}|${request.period}|${keyPart(request.fromDate)}|${keyPart(request.toDate)}`;
  return resolvedWindows.get(key, () => Object.freeze(computeWindow(request)));
}

/** An absent date and an empty one must not share a key: '' is an error, absent is the default. */
function keyPart(date: string | undefined): string {
  return date === undefined ? '' : `=${date}`;
}

/**
 * Windows already resolved, by everything they depend on (today included: the default window moves at
 * midnight in the service's zone). Every cache hit of a dynamics or search_volume request resolves the same
 * few windows, at a cost of a dozen calendar conversions each. A refused window throws and is not kept.
 */
const resolvedWindows = createBoundedMemo<string, Readonly<DateWindow>>(1024);

function computeWindow(request: WindowRequest): DateWindow {
  const { period, today } = request;
  for (const field of ['fromDate', 'toDate'] as const) {
    const value = request[field];
    if (value !== undefined && !isIsoDate(value)) {
      throw invalidField(field, `${field} must be a valid date written YYYY-MM-DD, got "${value}"`, 'invalid_date');
    }
  }
  if (request.fromDate && request.toDate && request.fromDate > request.toDate) {
    throw invalidField('fromDate', `fromDate (${request.fromDate}) is after toDate (${request.toDate})`, 'date_order');
  }
  const lastEnd = lastCompletedPeriodEnd(today, period);
  // Cut before moving to the period's end: the end of a week in 9999-12 lies in year 10000, past what an ISO
  // date string can hold and compare.
  let toDate = request.toDate === undefined || request.toDate >= lastEnd ? lastEnd : periodEnd(request.toDate, period);
  if (toDate > lastEnd) toDate = lastEnd;
  let fromDate =
    request.fromDate === undefined
      ? shiftPeriod(periodStart(toDate, period), period, 1 - DEFAULT_WINDOW_PERIODS[period])
      : periodStart(request.fromDate, period);

  if (period === 'PERIOD_DAILY') {
    const earliest = earliestDailyDate(today);
    if (request.fromDate !== undefined && fromDate < earliest) {
      throw invalidField(
        'fromDate',
        `daily data exist only for the last ${DAILY_DEPTH_DAYS} days: fromDate must be on or after ${earliest}`,
        'too_early',
        { earliest },
      );
    }
    if (fromDate < earliest) fromDate = earliest;
  } else {
    const historyStart = periodStart(HISTORY_START, period) < HISTORY_START
      ? shiftPeriod(periodStart(HISTORY_START, period), period, 1)
      : HISTORY_START;
    if (fromDate < historyStart) fromDate = historyStart;
  }
  if (fromDate > toDate) {
    throw invalidField(
      request.fromDate !== undefined ? 'fromDate' : 'toDate',
      `the window ${fromDate}..${toDate} holds no completed period (the last completed one ends ${lastEnd})`,
      'no_completed_period',
      { lastEnd },
    );
  }
  return { fromDate, toDate };
}
