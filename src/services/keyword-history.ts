import { defaultWindow } from '../domain/dates/window.js';
import { shiftPeriod } from '../domain/dates/periods.js';
import { invalidField } from '../domain/errors.js';
import type { IsoDate } from '../domain/types.js';

/** Months of history a keyword's volume figures may carry: the format's year, or two for year over year. */
export const HISTORY_MONTHS = [12, 24] as const;
export type HistoryMonths = (typeof HISTORY_MONTHS)[number];
export const DEFAULT_HISTORY_MONTHS: HistoryMonths = 12;

/** history_months: absent → 12; 12 or 24 kept; anything else is INVALID_FIELD naming the field. */
export function normalizeHistoryMonths(value: unknown, field = 'history_months'): HistoryMonths {
  if (value === undefined || value === null) return DEFAULT_HISTORY_MONTHS;
  if (value === 12 || value === 24) return value;
  throw invalidField(field, `${field} must be 12 or 24, got ${JSON.stringify(value)}`);
}

/**
 * The monthly window of a keyword's figures: the last `months` completed months. 12 is the default window, the
 * very query /v2 dynamics makes by default (one cache entry for both); 24 is one call of its own.
 */
export function historyWindow(today: IsoDate, months: HistoryMonths): { fromDate?: IsoDate; toDate?: IsoDate } {
  if (months === DEFAULT_HISTORY_MONTHS) return {};
  const { fromDate, toDate } = defaultWindow('PERIOD_MONTHLY', today);
  return { fromDate: shiftPeriod(fromDate, 'PERIOD_MONTHLY', DEFAULT_HISTORY_MONTHS - months), toDate };
}
