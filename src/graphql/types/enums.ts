import { builder } from '../builder.js';

/** Device filter; maps to the source's DEVICE_* values. */
export const DeviceEnum = builder.enumType('Device', {
  values: {
    ALL: { value: 'DEVICE_ALL' },
    DESKTOP: { value: 'DEVICE_DESKTOP' },
    PHONE: { value: 'DEVICE_PHONE' },
    TABLET: { value: 'DEVICE_TABLET' },
  } as const,
});

/** Granularity of dynamics. */
export const PeriodEnum = builder.enumType('Period', {
  values: {
    MONTHLY: { value: 'PERIOD_MONTHLY' },
    WEEKLY: { value: 'PERIOD_WEEKLY' },
    DAILY: { value: 'PERIOD_DAILY' },
  } as const,
});

/** Level of detail of the regional distribution. */
export const RegionLevelEnum = builder.enumType('RegionLevel', {
  values: {
    ALL: { value: 'REGION_ALL' },
    CITIES: { value: 'REGION_CITIES' },
    REGIONS: { value: 'REGION_REGIONS' },
  } as const,
});

/** How a keyword's frequency is counted (Wordstat's operator forms); maps to the service's lower-case names. */
export const MatchTypeEnum = builder.enumType('MatchType', {
  values: {
    BROAD: { value: 'broad', description: 'The bare phrase: every query holding its words in any form (search_volume).' },
    PHRASE: { value: 'phrase', description: '"…": only these words, any form and order.' },
    EXACT: { value: 'exact', description: '"!…" on every word: these words in exactly these forms.' },
    ORDER: { value: 'order', description: '[…]: these words in this order, other words allowed.' },
  } as const,
});

/** Where a monthly series comes from. */
export const MonthlySourceEnum = builder.enumType('MonthlySource', {
  values: {
    DERIVED: {
      value: 'derived',
      description: "Wordstat gives monthly figures only for broad: broad's months × the form's share of the bare phrase over the same 30 days.",
    },
    NONE: { value: 'none', description: 'No base phrase to derive from (a | b): no months; the volume is the 30-day count.' },
  } as const,
});

/** The form a keyword is written in, read from its own Wordstat operators (issue 24, item 4). */
export const KeywordFormEnum = builder.enumType('KeywordForm', {
  values: {
    BROAD: { value: 'broad', description: 'No operator but +: its own monthly figures.' },
    PHRASE: { value: 'phrase', description: '"w1 w2"' },
    EXACT: { value: 'exact', description: '!w1 !w2 or "!w1 !w2": measured as "!w1 !w2".' },
    ORDER: { value: 'order', description: '[w1 w2]' },
    OPERATORS: { value: 'operators', description: 'Minus words, |, ( ) or a mixed form: counted as written.' },
  } as const,
});

export const TrendClassEnum = builder.enumType('TrendClass', {
  values: {
    GROWING: { value: 'growing' },
    STABLE: { value: 'stable' },
    FALLING: { value: 'falling' },
    SEASONAL: { value: 'seasonal', description: 'Swings around its fitted line by at least half its mean.' },
  } as const,
});
