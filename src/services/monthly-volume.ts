import type { DynamicsPoint } from '../domain/types.js';
import type { Seasonality } from '../domain/seasonality.js';
import type { ServiceContext } from './context.js';
import { createDerivedMemo } from './derived-memo.js';
import { type Dynamics, type DynamicsParams, getDynamics, toDynamicsQuery } from './dynamics.js';
import { type HistoryMonths, historyWindow } from './keyword-history.js';
import { type MonthlyVolume, meanOfNewest } from './match-type-volumes.js';

// A broad phrase's monthly figures: search_volume's one call per keyword, shared by GraphQL's Keyword.

/** The monthly dynamics request of a keyword's broad figures: the history window over the location's regions. */
function monthlyVolumeParams(ctx: ServiceContext, phrase: string, regions: readonly number[], historyMonths: HistoryMonths): DynamicsParams {
  return { phrase, period: 'PERIOD_MONTHLY', regions, ...historyWindow(ctx.today, historyMonths) };
}

/** That request as the plan counts it. */
export function monthlyVolumeQuery(ctx: ServiceContext, phrase: string, regions: readonly number[], historyMonths: HistoryMonths) {
  return toDynamicsQuery(ctx, monthlyVolumeParams(ctx, phrase, regions, historyMonths));
}

/** A keyword's broad figures: its monthly dynamics call (cached, coalesced) and what follows from the series. */
export async function measureMonthlyVolume(ctx: ServiceContext, phrase: string, regions: readonly number[], historyMonths: HistoryMonths) {
  return monthlyVolumeOf(await getDynamics(ctx, monthlyVolumeParams(ctx, phrase, regions, historyMonths)));
}

export interface MonthlyFigures {
  monthlySearches: readonly MonthlyVolume[];
  searchVolume: number;
  seasonality: Seasonality | null;
}

/** A cached series' monthly figures, kept with the (shared, frozen) series (see derived-memo.ts). */
const monthlyFigures = createDerivedMemo<readonly DynamicsPoint[], MonthlyFigures>();

/**
 * The volume figures of a phrase's monthly dynamics: the months newest first, the rounded mean of the newest 12,
 * and the series' seasonality (computed with the series, dynamics.ts). Read-only: every hit of the same cached answer shares them.
 */
export function monthlyVolumeOf(dynamics: Dynamics): MonthlyFigures {
  return monthlyFigures(dynamics.results, '', (points) => toMonthlyFigures(points, dynamics.seasonality));
}

function toMonthlyFigures(points: readonly DynamicsPoint[], seasonality: Seasonality | null): MonthlyFigures {
  const monthlySearches = points
    .map((point) =>
      Object.freeze({
        year: Number(point.date.slice(0, 4)),
        month: Number(point.date.slice(5, 7)),
        searchVolume: point.count,
      }),
    )
    .reverse();
  return Object.freeze({ monthlySearches: Object.freeze(monthlySearches), searchVolume: meanOfNewest(monthlySearches, 12), seasonality });
}

