import type { Seasonality } from '../../domain/seasonality.js';
import { builder } from '../builder.js';
import { TrendClassEnum } from './enums.js';

/** Seasonality and trend of a monthly series (docs/decisions.md, "Seasonality"). */
export const SeasonalityRef = builder.objectRef<Seasonality>('Seasonality').implement({
  description: 'Seasonality and trend of a monthly series of 12 months or more.',
  fields: (t) => ({
    months: t.exposeInt('months', { description: 'The window every figure here rests on (the series\' months: 12 or 24, or the dynamics window).' }),
    yoyChangePercent: t.exposeFloat('yoyChangePercent', {
      nullable: true,
      description: "The window's newest 12 months against the 12 before them, in percent; null with fewer than 24 months.",
    }),
    peakMonth: t.exposeInt('peakMonth', { nullable: true, description: 'Calendar month (1–12) with the highest mean.' }),
    seasonalityIndex: t.exposeFloat('seasonalityIndex', { nullable: true, description: 'Peak month mean ÷ mean of all months (1 = flat).' }),
    slopePercentPerYear: t.exposeFloat('slopePercentPerYear', {
      description: "Least-squares line over the whole window (`months`): its change over 12 months relative to the mean, in percent; 12 and 24 months give different slopes.",
    }),
    trendClass: t.field({
      type: TrendClassEnum,
      description: 'Class of the series over the whole window (`months`): seasonal first, else by the slope (±10 % a year).',
      resolve: (s) => s.trendClass,
    }),
  }),
});
