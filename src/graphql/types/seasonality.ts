import type { Seasonality } from '../../domain/seasonality.js';
import { builder } from '../builder.js';
import { TrendClassEnum } from './enums.js';

/** Seasonality and trend of a monthly series (docs/decisions.md, "Seasonality"). */
export const SeasonalityRef = builder.objectRef<Seasonality>('Seasonality').implement({
  description: 'Seasonality and trend of a monthly series of 12 months or more.',
  fields: (t) => ({
    months: t.exposeInt('months', { description: 'Months the figures rest on.' }),
    yoyChangePercent: t.exposeFloat('yoyChangePercent', {
      nullable: true,
      description: 'Last 12 months against the 12 before, in percent; null with fewer than 24 months.',
    }),
    peakMonth: t.exposeInt('peakMonth', { nullable: true, description: 'Calendar month (1–12) with the highest mean.' }),
    seasonalityIndex: t.exposeFloat('seasonalityIndex', { nullable: true, description: 'Peak month mean ÷ mean of all months (1 = flat).' }),
    slopePercentPerYear: t.exposeFloat('slopePercentPerYear', { description: "The fitted line's change over a year relative to the mean, in percent." }),
    trendClass: t.field({ type: TrendClassEnum, resolve: (s) => s.trendClass }),
  }),
});
