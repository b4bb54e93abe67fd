import type { IsoDate } from '../types.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2025-02-30, 2025-1-1, …). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

/** Number of days in month `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days since 1970-01-01 of an ISO date (UTC calendar arithmetic; no time zone involved). */
export function toDayNumber(date: IsoDate): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** Day numbers of 0000-01-01 and 9999-12-31: the range a `YYYY-MM-DD` string can write. */
const FIRST_DAY = toDayNumber('0000-01-01');
const LAST_DAY = toDayNumber('9999-12-31');

/**
 * The ISO date of a day number, saturated to 0000-01-01..9999-12-31: past them `toISOString` writes a signed
 * six-digit year (`+010000-01-02`), which string comparison would put before every real date.
 */
export function fromDayNumber(day: number): IsoDate {
  const clamped = Math.min(LAST_DAY, Math.max(FIRST_DAY, day));
  return new Date(clamped * DAY_MS).toISOString().slice(0, 10);
}

/** `date` moved by `days` (may be negative). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** The 1st of the month `months` away from the month of `date`. */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  if (year > 9999) return '9999-12-01'; // saturate like fromDayNumber: a 5-digit year would not compare
  if (year < 0) return '0000-01-01';
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`;
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: IsoDate): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

// Every request asks for "today". Building an Intl.DateTimeFormat costs tens of microseconds (locale and zone
// data), so each zone's formatter is built once; and a date cannot change within one whole second (zone offsets
// are whole seconds), so the last answer per zone is reused for the rest of its second. A handful of zones at
// most: no bound needed.
const dateFormats = new Map<string, { format: Intl.DateTimeFormat; second: number; date: IsoDate }>();

/** The calendar date in `timeZone` at instant `nowMs`. */
export function todayIn(timeZone: string, nowMs: number): IsoDate {
  const second = Math.floor(nowMs / 1000);
  let memo = dateFormats.get(timeZone);
  if (memo?.second === second) return memo.date;
  if (!memo) {
    // en-CA formats as YYYY-MM-DD.
    const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    memo = { format, second: NaN, date: '' };
    dateFormats.set(timeZone, memo);
  }
  memo.date = memo.format.format(new Date(nowMs));
  memo.second = second;
  return memo.date;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
