import { z } from 'zod';
import { component } from './components.js';

// Response bodies of the native family, as the services produce them. The OpenAPI document is generated
// from these, and a test parses real responses with them, so the document cannot drift from the service.

const count = z.number().int().nonnegative();
const fraction = z.number().min(0).max(1);

export const phraseCountSchema = component(z.object({ phrase: z.string(), count }), 'PhraseCount');

export const topResponseSchema = component(
  z.object({
    totalCount: count.meta({ description: 'Total number of impressions for the phrase (last 30 days).' }),
    results: z.array(phraseCountSchema).meta({ description: 'Queries containing the phrase, count descending.' }),
    associations: z.array(phraseCountSchema).meta({ description: 'Similar queries, count descending.' }),
  }),
  'TopResponse',
);

export const dynamicsResponseSchema = component(
  z.object({
    results: z.array(
      z.object({
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ description: 'First day of the period (weeks: Monday).' }),
        count: count.meta({ description: 'Queries in the period.' }),
        share: fraction.meta({ description: "The phrase's part of all search queries in the period." }),
      }),
    ),
    trend: z
      .string()
      .regex(/^(up \d+%|down \d+%|stable|up \(new\))$/)
      .meta({
        description:
          "The window's first period against its last (the whole answered window, fromDate to toDate; not a fitted trend: " +
          'for a seasonal phrase it compares two seasons): `up N%`, `down N%`, `stable` (within 1 %), `up (new)`.',
      }),
    seasonality: z
      .object({
        months: z.number().int().meta({ description: 'The window every figure here rests on: the answered months (12 to 24 for the explorer).' }),
        yoyChangePercent: z.number().nullable().meta({ description: "The window's newest 12 months against the 12 before them, in percent; null with fewer than 24." }),
        peakMonth: z.number().int().min(1).max(12).nullable().meta({ description: 'Calendar month with the highest mean.' }),
        seasonalityIndex: z.number().nullable().meta({ description: 'Peak month mean ÷ mean of all months (1 = flat).' }),
        slopePercentPerYear: z.number().meta({
          description: 'Least-squares line over the whole window (`months` months): its change over 12 months relative to the mean, in percent. Depends on the window: 12 and 24 months give different slopes.',
        }),
        trendClass: z.enum(['growing', 'stable', 'falling', 'seasonal']).meta({ description: 'Class of the series over the whole window (`months` months): seasonal first, else by the slope (±10 %/year).' }),
      })
      .nullable()
      .meta({ description: 'For a monthly window of 12 months or more (ask fromDate 24 months back for year over year); null otherwise.' }),
  }),
  'DynamicsResponse',
);

export const regionDemandSchema = component(
  z.object({
    regionId: z.number().int(),
    regionName: z.string().meta({ description: 'Name in Russian.' }),
    regionNameEn: z.string(),
    regionType: z.enum(['country', 'district', 'region', 'city', 'other']),
    parentId: z.number().int().meta({ description: '0 for a root region.' }),
    parentName: z.string().meta({ description: 'Name of the parent in Russian; empty for a root region.' }),
    parentNameEn: z.string().meta({ description: 'Name of the parent in English; empty for a root region.' }),
    countryCode: z.string().meta({ description: 'ISO 3166-1 alpha-2.' }),
    count,
    share: fraction.meta({ description: "Part of the phrase's total demand over all regions." }),
    affinityIndex: z.number().nonnegative().meta({ description: '100 = national average.' }),
  }),
  'RegionDemand',
);

export const regionsResponseSchema = component(
  z.object({ regions: z.array(regionDemandSchema).meta({ description: 'Count descending.' }) }),
  'RegionsResponse',
);

/** RFC 9457 problem details: every /v2 error. */
export const problemSchema = component(
  z.object({
    type: z.string().meta({ description: 'A relative URI naming the problem, e.g. `/problems/invalid-field`.' }),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string().meta({ description: 'What is wrong, naming the field.' }),
    code: z.string().meta({ description: 'Stable error code, e.g. `INVALID_FIELD`, `SOURCE_QUOTA_EXHAUSTED`.' }),
    field: z.string().optional().meta({ description: 'The request field at fault, e.g. `numPhrases` or `regions[2]`.' }),
  }),
  'Problem',
);
