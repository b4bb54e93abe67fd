import { resolveWindow } from '../domain/dates/window.js';
import { periodStarts } from '../domain/dates/periods.js';
import {
  normalizeDevices,
  normalizePeriod,
  normalizePhrase,
  normalizeRegionFilter,
} from '../domain/requests/fields.js';
import { computeTrend } from '../domain/trend.js';
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
}

/** Validates and canonicalises a dynamics request, resolving its window against today. */
export function toDynamicsQuery(ctx: ServiceContext, params: DynamicsParams): DynamicsQuery {
  const phrase = normalizePhrase(params.phrase, 'phrase');
  const period = normalizePeriod(params.period, 'PERIOD_MONTHLY');
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
  const byDate = new Map(raw.points.map((p) => [p.date, p]));
  const results = periodStarts(query.fromDate, query.toDate, query.period).map(
    (date) => byDate.get(date) ?? Object.freeze({ date, count: 0, share: 0 }),
  );
  return Object.freeze({ results: Object.freeze(results), trend: computeTrend(results.map((p) => p.count)) });
}
