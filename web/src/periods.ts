// Calendar arithmetic the explorer needs on `YYYY-MM-DD` strings (UTC, so no time zone moves a day).

const iso = (date: Date) => date.toISOString().slice(0, 10);
const parse = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

export function addDaysIso(isoDate: string, days: number): string {
  const date = parse(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
}

/** The first day of the month `months` after (or before, when negative) `isoDate`'s month. */
export function shiftMonthIso(isoDate: string, months: number): string {
  const date = parse(isoDate);
  return iso(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)));
}

/** The reader's calendar day (the browser's clock and zone): what "today" means on the page. */
function localToday(now: Date): string {
  return iso(new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate())));
}

/** The 30 days before today, as the service counts top and regions: `from` … `to` (yesterday). */
export function last30Days(now: Date): { from: string; to: string } {
  const today = localToday(now);
  return { from: addDaysIso(today, -30), to: addDaysIso(today, -1) };
}

/**
 * A monthly window and the year before it in one request. With a `from`, the reader's window starts there
 * (`shownFrom`); without, it is the last 12 months the answer holds (the service's default window: its clock
 * decides which month is the last completed one). `fetchFrom` reaches 12 months before the window.
 */
export function yearBeforeWindow(from: string | undefined, to: string | undefined, now: Date): { shownFrom: string | undefined; fetchFrom: string } {
  if (from) return { shownFrom: shiftMonthIso(from, 0), fetchFrom: shiftMonthIso(from, -12) };
  const lastMonth = shiftMonthIso(to ?? localToday(now), to ? 0 : -1);
  return { shownFrom: undefined, fetchFrom: shiftMonthIso(lastMonth, -23) };
}

/**
 * The reader's months (from `shownFrom` on, else the last 12 of the answer), and for each the count of the same
 * month a year before (null when the answer has none: history starts in 2018).
 */
export function withYearBefore<P extends { date: string; count: number }>(
  points: readonly P[],
  shownFrom: string | undefined,
): { shown: P[]; yearBefore: (number | null)[] } {
  const byDate = new Map(points.map((p) => [p.date, p.count]));
  const shown = shownFrom ? points.filter((p) => p.date >= shownFrom) : points.slice(-12);
  return { shown, yearBefore: shown.map((p) => byDate.get(shiftMonthIso(p.date, -12)) ?? null) };
}
