import { addDays, isIsoDate, todayIn, toDayNumber } from '../domain/dates/calendar.js';
import { invalidField } from '../domain/errors.js';
import type { IsoDate } from '../domain/types.js';
import type { Clock } from '../ports/clock.js';
import type { UsageBucket, UsageReader } from '../ports/usage-reader.js';

/** Counts over any set of calls. `spend` is in the operator's currency units, rounded to 6 decimals. */
export interface UsageTotals {
  calls: number;
  /** Wholly fresh cache hits (X-Cache: HIT). */
  hits: number;
  /** Served from cache with stale entries (billed at the repeat price like hits). */
  stale: number;
  /** 4xx/5xx answers (free). */
  errors: number;
  spend: number;
}

export interface OperationUsage extends UsageTotals {
  operation: string;
}

/** One day with calls (days without calls are left out), with its per-operation split. */
export interface DayUsage extends UsageTotals {
  date: IsoDate;
  operations: OperationUsage[];
}

/** Usage over a range of days (both ends included, in `timeZone`). */
export interface UsageReport {
  from: IsoDate;
  to: IsoDate;
  timeZone: string;
  totals: UsageTotals;
  /** Ascending by date. */
  days: DayUsage[];
  /** The whole range by operation, ascending by name. */
  operations: OperationUsage[];
}

export interface KeyUsage extends UsageTotals {
  keyId: string;
  operations: OperationUsage[];
}

/** The operator's view: the same report over every key, plus a per-key breakdown (ascending by key id). */
export interface OperatorUsageReport extends UsageReport {
  keys: KeyUsage[];
}

/** Optional `YYYY-MM-DD` bounds; missing ones default to the last 30 days ending today. */
export interface UsageRange {
  from?: string | undefined;
  to?: string | undefined;
}

export interface UsageService {
  /** The caller's own usage (`keyId` is the principal's, never taken from the request). */
  forKey(keyId: string, range?: UsageRange): Promise<UsageReport>;
  /** Every key's usage (operators only: the caller decides who may see it). */
  forAll(range?: UsageRange): Promise<OperatorUsageReport>;
}

export const DEFAULT_USAGE_DAYS = 30;
export const MAX_USAGE_DAYS = 366;

/** Usage reports over the ledger; ranges are whole days in the service's time zone. */
export function createUsageService(deps: { reader: UsageReader; clock: Clock; timeZone: string }): UsageService {
  const { reader, clock, timeZone } = deps;
  return {
    async forKey(keyId, range = {}) {
      const { from, to } = resolveUsageRange(range, todayIn(timeZone, clock.now()));
      const buckets = await reader.buckets({ fromDate: from, toDate: to, timeZone, keyId });
      return { from, to, timeZone, ...summarizeUsage(buckets) };
    },
    async forAll(range = {}) {
      const { from, to } = resolveUsageRange(range, todayIn(timeZone, clock.now()));
      const buckets = await reader.buckets({ fromDate: from, toDate: to, timeZone });
      const byKey = groupBy(buckets, (b) => b.keyId);
      const keys = [...byKey.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([keyId, rows]) => ({ keyId, ...totalsOf(rows), operations: byOperation(rows) }));
      return { from, to, timeZone, ...summarizeUsage(buckets), keys };
    },
  };
}

/** The range a request asks for: defaults, then checks (real dates, from ≤ to, at most a year). */
export function resolveUsageRange(range: UsageRange, today: IsoDate): { from: IsoDate; to: IsoDate } {
  for (const field of ['from', 'to'] as const) {
    const value = range[field];
    if (value !== undefined && !isIsoDate(value)) throw invalidField(field, `${field} must be a date YYYY-MM-DD`);
  }
  const to = range.to ?? today;
  const from = range.from ?? addDays(to, -(DEFAULT_USAGE_DAYS - 1));
  if (from > to) throw invalidField('from', `from (${from}) must not be after to (${to})`);
  const days = toDayNumber(to) - toDayNumber(from) + 1;
  if (days > MAX_USAGE_DAYS) throw invalidField('from', `at most ${MAX_USAGE_DAYS} days per report, asked for ${days}`);
  return { from, to };
}

/** Totals, days and operations of a set of buckets (pure). */
export function summarizeUsage(buckets: readonly UsageBucket[]): Pick<UsageReport, 'totals' | 'days' | 'operations'> {
  const days = [...groupBy(buckets, (b) => b.day).entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, rows]) => ({ date, ...totalsOf(rows), operations: byOperation(rows) }));
  return { totals: totalsOf(buckets), days, operations: byOperation(buckets) };
}

function byOperation(buckets: readonly UsageBucket[]): OperationUsage[] {
  return [...groupBy(buckets, (b) => b.operation).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([operation, rows]) => ({ operation, ...totalsOf(rows) }));
}

function totalsOf(buckets: readonly UsageBucket[]): UsageTotals {
  const totals: UsageTotals = { calls: 0, hits: 0, stale: 0, errors: 0, spend: 0 };
  for (const b of buckets) {
    totals.calls += b.calls;
    totals.hits += b.hits;
    totals.stale += b.stale;
    totals.errors += b.errors;
    totals.spend += b.spend;
  }
  // Each bucket's spend is an exact database sum; adding them as doubles can leave 0.30000000000000004.
  totals.spend = Math.round(totals.spend * 1e6) / 1e6;
  return totals;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
