import { resolveWindow } from '../domain/dates/window.js';
import { periodStart, periodStarts } from '../domain/dates/periods.js';
import { invalidField } from '../domain/errors.js';
import {
  monthlyOperatorProblem,
  normalizeDevices,
  normalizePeriod,
  normalizePhrase,
  normalizeRegionFilter,
} from '../domain/requests/fields.js';
import { computeTrend } from '../domain/trend.js';
import { type Seasonality, seasonalityOf } from '../domain/seasonality.js';
import type { DynamicsPoint, DynamicsQuery, DynamicsResult } from '../domain/types.js';
import type { ServiceContext } from './context.js';
import { createDerivedMemo } from './derived-memo.js';

export interface DynamicsParams {
  phrase: string;
  period?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  regions?: readonly number[] | undefined;
  devices?: string | readonly string[] | undefined;
}

export interface Dynamics {
  results: readonly DynamicsPoint[];
  trend: string;
  /** Seasonality and the fitted trend of a monthly window of 12 months or more; null otherwise. */
  seasonality: Seasonality | null;
}

/** Validates and canonicalises a dynamics request, resolving its window against today. */
export function toDynamicsQuery(ctx: ServiceContext, params: DynamicsParams): DynamicsQuery {
  const phrase = normalizePhrase(params.phrase, 'phrase');
  const period = normalizePeriod(params.period, 'PERIOD_MONTHLY');
  const operator = period === 'PERIOD_DAILY' ? undefined : monthlyOperatorProblem(phrase);
  if (operator) throw invalidField('phrase', `phrase ${operator}`);
  const window = resolveWindow({ period, fromDate: params.fromDate, toDate: params.toDate, today: ctx.today });
  return {
    phrase,
    period,
    ...window,
    regions: normalizeRegionFilter(params.regions, ctx.catalog),
    devices: normalizeDevices(params.devices),
  };
}

/** A cached answer's series, filled in over its window, kept with the answer (see derived-memo.ts). */
const filledSeries = createDerivedMemo<DynamicsResult, Dynamics>();

/**
 * Every period of the window (a period the source omitted counts 0), oldest first, with the trend.
 * Read-only: the same object may answer every hit of the same cached answer.
 */
export async function getDynamics(ctx: ServiceContext, params: DynamicsParams): Promise<Dynamics> {
  const query = toDynamicsQuery(ctx, params);
  const raw = await ctx.source.dynamics(query);
  return filledSeries(raw, `${query.fromDate}|${query.toDate}|${query.period}`, () => fillSeries(raw, query));
}

function fillSeries(raw: DynamicsResult, query: DynamicsQuery): Dynamics {
  // Matched by period, not by exact date: a bucket dated on another day of its period (a week stamped on its
  // Sunday, a month on its 2nd after a time-zone shift) used to miss its slot and show as a silent 0.
  const byDate = new Map<string, DynamicsPoint>();
  for (const point of raw.points) {
    const date = periodStart(point.date, query.period);
    const seen = byDate.get(date);
    byDate.set(date, Object.freeze(seen ? { date, count: seen.count + point.count, share: seen.share + point.share } : { ...point, date }));
  }
  const results = periodStarts(query.fromDate, query.toDate, query.period).map(
    (date) => byDate.get(date) ?? Object.freeze({ date, count: 0, share: 0 }),
  );
  const counts = results.map((p) => p.count);
  const seasonality = query.period === 'PERIOD_MONTHLY' && results[0] ? seasonalityOf(counts, Number(results[0].date.slice(5, 7))) : null;
  return Object.freeze({ results: Object.freeze(results), trend: computeTrend(counts), seasonality: seasonality && Object.freeze(seasonality) });
}
