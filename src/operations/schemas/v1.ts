import { z } from 'zod';
import { KEYWORD_FORMS } from '../../domain/keyword-form.js';
import { component } from './components.js';

// Bodies of the keyword-data family: the task envelope and the three operations' result items (service-spec
// "Resources"; open points settled by decisions.md).

const volume = z.number().int().nonnegative();

export const taskFields = {
  id: z.string(),
  status_code: z.number().int().meta({ description: '20000 on success; a 5-digit error code otherwise.' }),
  status_message: z.string().meta({ description: '`Ok.` on success; otherwise what is wrong and with which field.' }),
  time: z.string().meta({ examples: ['0.0123 sec.'] }),
  cost: z.number().nonnegative(),
  result_count: z.number().int().nonnegative(),
  path: z.array(z.string()),
  data: z.looseObject({}).meta({ description: 'The request as sent, with `api` and `function`.' }),
};

export const envelopeFields = {
  version: z.string(),
  status_code: z.number().int(),
  status_message: z.string(),
  time: z.string(),
  cost: z.number().nonnegative(),
  tasks_count: z.number().int(),
  tasks_error: z.number().int(),
};

/** The success envelope around one task's result items. */
export function envelopeSchema<T extends z.ZodType>(item: T, id: string) {
  return component(
    z.object({ ...envelopeFields, tasks: z.array(z.object({ ...taskFields, result: z.array(item) })) }),
    id,
  );
}

/** Any /v1 error: the same envelope with a 5-digit status code, cost 0 and `result: null`. */
export const envelopeErrorSchema = component(
  z.object({ ...envelopeFields, tasks: z.array(z.object({ ...taskFields, result: z.null() })) }),
  'EnvelopeError',
);

const monthlySearches = z.array(z.object({ year: z.number().int(), month: z.number().int().min(1).max(12), search_volume: volume }));

const matchTypeSeries = z.object({
  source: z.literal('derived').meta({ description: 'Wordstat gives monthly figures only for broad: these months are broad\'s × ratio (docs/decisions.md).' }),
  last_30_days: volume.meta({ description: "The type's own count over the last 30 days." }),
  broad_last_30_days: volume.nullable().meta({ description: 'The bare phrase\'s count over the same 30 days (null in a task stored before it was kept).' }),
  ratio: z.number().min(0).max(1).nullable().meta({ description: 'last_30_days ÷ broad_last_30_days, capped at 1 (exact also at phrase\'s ratio), six decimals: each month is round(broad month × ratio).' }),
  monthly_searches: monthlySearches,
});

const keywordMeasure = z.object({
  measured_as: z.string().meta({ description: 'The phrase Wordstat counted over the last 30 days (the form\'s canonical spelling, or as written).' }),
  last_30_days: volume,
  monthly_source: z.enum(['derived', 'none']).meta({ description: 'derived: base_keyword\'s months × ratio; none: no base phrase (a | b), no months, search_volume is last_30_days.' }),
  base_keyword: z.string().nullable().meta({ description: 'The broad phrase the months come from (the words without operators, minus words and groups).' }),
  base_last_30_days: volume.nullable().meta({ description: 'base_keyword\'s count over the same 30 days.' }),
  ratio: z.number().min(0).max(1).nullable().meta({ description: 'last_30_days ÷ base_last_30_days, capped at 1; six decimals.' }),
});

export const seasonalitySchema = component(
  z.object({
    months: z.number().int().meta({ description: 'The window every figure here rests on: monthly_searches, 12 or 24 months (history_months).' }),
    yoy_change_percent: z.number().nullable().meta({ description: 'Newest 12 months against the 12 before them, in percent; null without 24 months.' }),
    peak_month: z.number().int().min(1).max(12).nullable().meta({ description: 'Calendar month with the highest mean.' }),
    seasonality_index: z.number().nullable().meta({ description: 'Peak month mean ÷ mean of all months (1 = flat).' }),
    slope_percent_per_year: z.number().meta({
      description: 'Least-squares line over monthly_searches (`months`: 12 or 24): its change over 12 months relative to the mean, in percent. 12 and 24 months give different slopes.',
    }),
    trend_class: z.enum(['growing', 'stable', 'falling', 'seasonal']).meta({ description: 'Class of monthly_searches over `months` months: seasonal first, else by the slope (±10 %/year).' }),
  }),
  'Seasonality',
);

const locationNote = z
  .string()
  .nullable()
  .meta({ description: '"computed as Russia: unknown location_code" when location_code named no region (the figures are Russia\'s, the code is echoed as sent); null otherwise.' });

export const searchVolumeItemSchema = component(
  z.object({
    keyword: z.string(),
    location_code: z.number().int().meta({
      description: 'As sent (default 2643, Russia); with location_name, the code of the region it names. Table codes and the codes /v1/keywords/locations lists (source region id + 10000) are computed over their region.',
    }),
    location_note: locationNote,
    language_code: z.string().meta({ description: 'As sent (default `ru`).' }),
    search_volume: volume.nullable().meta({ description: 'Mean of the 12 monthly values, rounded (derived months for a keyword in another form than broad); null only with `error`.' }),
    competition: z.number().min(0).max(1).nullable(),
    competition_level: z.enum(['LOW', 'MEDIUM', 'HIGH']).nullable(),
    cpc: z.number().nonnegative().nullable().meta({ description: 'Estimate from the volume level; null only with `error`.' }),
    monthly_searches: monthlySearches.meta({ description: 'The last 12 completed months (24 with history_months 24), newest first.' }),
    search_volume_phrase: volume.nullable().meta({ description: 'Phrase match ("…"): mean of its derived months; null when not asked in match_types.' }),
    search_volume_exact: volume.nullable().meta({ description: 'Exact match ("!…" on every word): mean of its derived months; null when not asked.' }),
    search_volume_order: volume.nullable().meta({ description: 'Fixed order ([…]): mean of its derived months; null when not asked.' }),
    match_type_monthly_searches: z
      .object({ phrase: matchTypeSeries.optional(), exact: matchTypeSeries.optional(), order: matchTypeSeries.optional() })
      .meta({ description: 'Each asked match type: its own last-30-days count and its months, derived from broad (docs/decisions.md).' }),
    seasonality: seasonalitySchema.nullable().meta({ description: 'Seasonality and trend of monthly_searches.' }),
    keyword_form: z.enum(KEYWORD_FORMS).meta({
      description: 'The form the keyword is written in, from its own operators: broad (none but +), phrase ("…"), exact (every word !), order ([…]), operators (minus words, |, ( ), mixed: counted as written).',
    }),
    keyword_measure: keywordMeasure.nullable().meta({ description: 'How a keyword in another form than broad was measured; null for broad.' }),
    error: z
      .object({ status_code: z.number().int(), status_message: z.string(), field: z.string() })
      .optional()
      .meta({ description: 'Only on a keyword the source refused (its figures are null); the other keywords are answered.' }),
  }),
  'SearchVolumeItem',
);

export const suggestionsItemSchema = component(
  z.object({
    seed_keyword: z.string(),
    location_note: locationNote,
    items: z
      .array(
        z.object({
          keyword: z.string(),
          search_volume: volume,
          competition: z.number().min(0).max(1).meta({ description: 'One estimate for the whole topic; 0 when unknown.' }),
          cpc: z.number().nonnegative(),
        }),
      )
      .meta({ description: 'Phrases containing the seed by search_volume descending (ties by keyword), every fifth place for a related phrase that does not.' }),
  }),
  'SuggestionsItem',
);

export const locationsItemSchema = component(
  z.object({
    keyword: z.string(),
    items: z.array(
      z.object({
        location_code: z.number().int().meta({ description: 'Listed codes as listed; others: source region code + 10000.' }),
        location_name: z.string().meta({ description: 'English name.' }),
        location_name_local: z.string().meta({ description: 'Russian name.' }),
        country_code: z.string(),
        search_volume: volume,
        share: z.number().min(0).max(1),
        affinity_index: z.number().nonnegative(),
      }),
    ),
  }),
  'LocationsItem',
);
