import { competitionLevel, cpcForVolume } from '../../domain/keyword-metrics.js';
import { LOCATION_FALLBACK_NOTE } from '../../domain/location-codes.js';
import { DEFAULT_NUM_PHRASES, DEFAULT_PERIOD, DEFAULT_REGION_LEVEL, normalizePhrase } from '../../domain/requests/fields.js';
import { DEFAULT_LANGUAGE_CODE, normalizeKeywords } from '../../domain/requests/keyword-data.js';
import { getDynamics } from '../../services/dynamics.js';
import { getRegions } from '../../services/regions.js';
import type { MonthlyVolume } from '../../services/search-volume.js';
import { getTop } from '../../services/top.js';
import { builder } from '../builder.js';
import { type KeywordView, keywordViews } from '../keyword-view.js';
import { DynamicsRef } from './dynamics.js';
import type { ExtraMatchType } from '../../domain/match-types.js';
import { keywordVolumeOptions } from '../keyword-args.js';
import { locationArgs } from '../location-args.js';
import type { MatchTypeVolume } from '../../services/search-volume.js';
import { DeviceEnum, KeywordFormEnum, MatchTypeEnum, MonthlySourceEnum, PeriodEnum, RegionLevelEnum } from './enums.js';
import type { FormMeasure } from '../../services/keyword-form-volume.js';
import { SeasonalityRef } from './seasonality.js';
import { RegionDemandRef } from './regions.js';
import { TopRef } from './top.js';

const CompetitionLevelEnum = builder.enumType('CompetitionLevel', { values: ['LOW', 'MEDIUM', 'HIGH'] as const });

const MonthlyVolumeRef = builder.objectRef<MonthlyVolume>('MonthlyVolume').implement({
  fields: (t) => ({
    year: t.exposeInt('year'),
    month: t.exposeInt('month'),
    searchVolume: t.exposeInt('searchVolume'),
  }),
});

/** One match type's figures for a keyword. */
const MatchTypeVolumeRef = builder.objectRef<MatchTypeVolume & { matchType: ExtraMatchType }>('MatchTypeVolume').implement({
  fields: (t) => ({
    matchType: t.field({ type: MatchTypeEnum, resolve: (v) => v.matchType }),
    searchVolume: t.exposeInt('searchVolume', { description: 'Rounded mean of the newest 12 derived months: comparable with broad searchVolume.' }),
    last30Days: t.exposeInt('last30Days', { description: "The type's own count over the last 30 days." }),
    broadLast30Days: t.int({
      nullable: true,
      description: "The bare phrase's count over the same 30 days (null in a task stored before it was kept).",
      resolve: (v) => v.broadLast30Days ?? null,
    }),
    ratio: t.float({
      nullable: true,
      description: 'last30Days ÷ broadLast30Days, capped at 1 (EXACT also at PHRASE\'s): each month is round(broad month × ratio).',
      resolve: (v) => v.ratio ?? null,
    }),
    monthlySource: t.field({ type: MonthlySourceEnum, resolve: (v) => v.monthlySource }),
    monthlySearches: t.field({ type: [MonthlyVolumeRef], description: 'Newest first; derived (see monthlySource).', resolve: (v) => v.monthlySearches }),
  }),
});

/** How a keyword written in another form than broad was measured. */
const KeywordMeasureRef = builder.objectRef<FormMeasure>('KeywordMeasure').implement({
  description: 'How a keyword in another form than BROAD was measured: its 30-day count, and the base phrase its months come from.',
  fields: (t) => ({
    measuredAs: t.exposeString('measuredAs', { description: 'The phrase Wordstat counted over the last 30 days.' }),
    last30Days: t.exposeInt('last30Days'),
    monthlySource: t.field({ type: MonthlySourceEnum, resolve: (m) => m.monthlySource }),
    baseKeyword: t.string({ nullable: true, description: 'The broad phrase whose months are scaled.', resolve: (m) => m.baseKeyword }),
    baseLast30Days: t.int({ nullable: true, description: "The base phrase's count over the same 30 days.", resolve: (m) => m.baseLast30Days }),
    ratio: t.float({ nullable: true, description: 'last30Days ÷ baseLast30Days, capped at 1.', resolve: (m) => m.ratio }),
  }),
});

/** A match type's mean volume, or null when the keyword's query did not ask for it. */
const typeVolume = (type: ExtraMatchType) => async (k: KeywordView) =>
  k.askedMatchTypes.includes(type) ? ((await k.matchTypes())[type]?.searchVolume ?? null) : null;

/** The `keyword`/`keywords` arguments beyond the phrases: match types and history. */
const volumeArgs = builder.args((t) => ({
  matchTypes: t.field({
    type: [MatchTypeEnum],
    description: 'Match types to measure (BROAD always is); each extra type is one more Wordstat call per keyword.',
  }),
  historyMonths: t.int({ defaultValue: 12, description: '12 or 24 months of monthly history (24 gives yoyChangePercent).' }),
}));

/**
 * The /v1 search_volume item, plus nested views of the same phrase (one query feeds a dashboard card). Lazy
 * (keyword-view.ts): each figure reaches the source only when selected, so a query for one nested view makes
 * that view's call alone; the operation plan (field-planners.ts) counts calls the same way.
 */
export const KeywordRef = builder.objectRef<KeywordView>('Keyword').implement({
  fields: (t) => ({
    phrase: t.string({ resolve: (k) => k.keyword }),
    keywordForm: t.field({ type: KeywordFormEnum, description: 'The form the phrase is written in, from its own operators.', resolve: (k) => k.form }),
    keywordMeasure: t.field({
      type: KeywordMeasureRef,
      nullable: true,
      description: 'How a phrase in another form than BROAD was measured (its figures are derived); null for BROAD.',
      resolve: async (k) => (k.form === 'broad' ? null : (await k.volume()).measure),
    }),
    locationCode: t.exposeInt('locationCode'),
    locationNote: t.string({
      nullable: true,
      description: '"computed as Russia: unknown location_code" when locationCode was unknown (the figures are Russia\'s); null otherwise.',
      resolve: (k) => (k.locationFallback ? LOCATION_FALLBACK_NOTE : null),
    }),
    languageCode: t.exposeString('languageCode'),
    searchVolume: t.int({
      description: 'Rounded mean of the last 12 completed months.',
      resolve: async (k) => (await k.volume()).searchVolume,
    }),
    searchVolumePhrase: t.int({ nullable: true, description: 'PHRASE match volume; null unless asked in matchTypes.', resolve: typeVolume('phrase') }),
    searchVolumeExact: t.int({ nullable: true, description: 'EXACT match volume; null unless asked in matchTypes.', resolve: typeVolume('exact') }),
    searchVolumeOrder: t.int({ nullable: true, description: 'ORDER match volume; null unless asked in matchTypes.', resolve: typeVolume('order') }),
    matchTypeVolumes: t.field({
      type: [MatchTypeVolumeRef],
      description: 'Each asked match type beyond BROAD, with its derived months.',
      resolve: async (k) => {
        const volumes = await k.matchTypes();
        return k.askedMatchTypes.flatMap((matchType) => (volumes[matchType] ? [{ ...volumes[matchType], matchType }] : []));
      },
    }),
    seasonality: t.field({
      type: SeasonalityRef,
      nullable: true,
      description: 'Seasonality and trend of monthlySearches.',
      resolve: async (k) => (await k.volume()).seasonality,
    }),
    competition: t.float({ nullable: true, resolve: (k) => k.competition() }),
    competitionLevel: t.field({ type: CompetitionLevelEnum, nullable: true, resolve: async (k) => competitionLevel(await k.competition()) }),
    cpc: t.float({ resolve: async (k) => cpcForVolume((await k.volume()).searchVolume) }),
    monthlySearches: t.field({ type: [MonthlyVolumeRef], description: 'Newest first.', resolve: async (k) => (await k.volume()).monthlySearches }),
    // Nested views use the keyword's location as their region filter, like the keyword's own figures.
    dynamics: t.field({
      type: DynamicsRef,
      args: {
        period: t.arg({ type: PeriodEnum, defaultValue: DEFAULT_PERIOD }),
        fromDate: t.arg({ type: 'Date' }),
        toDate: t.arg({ type: 'Date' }),
        devices: t.arg({ type: [DeviceEnum] }),
      },
      resolve: (k, args, ctx) =>
        getDynamics(ctx, {
          phrase: k.keyword,
          period: args.period ?? undefined,
          fromDate: args.fromDate ?? undefined,
          toDate: args.toDate ?? undefined,
          regions: [...k.regions],
          devices: args.devices ?? undefined,
        }),
    }),
    regions: t.field({
      type: [RegionDemandRef],
      args: {
        level: t.arg({ type: RegionLevelEnum, defaultValue: DEFAULT_REGION_LEVEL }),
        devices: t.arg({ type: [DeviceEnum] }),
      },
      resolve: (k, args, ctx) =>
        getRegions(ctx, { phrase: k.keyword, region: args.level ?? undefined, devices: args.devices ?? undefined }),
    }),
    top: t.field({
      type: TopRef,
      args: { numPhrases: t.arg.int({ defaultValue: DEFAULT_NUM_PHRASES }), devices: t.arg({ type: [DeviceEnum] }) },
      resolve: (k, args, ctx) =>
        getTop(ctx, {
          phrase: k.keyword,
          numPhrases: args.numPhrases ?? undefined,
          regions: [...k.regions],
          devices: args.devices ?? undefined,
        }),
    }),
  }),
});

builder.queryField('keyword', (t) =>
  t.field({
    type: KeywordRef,
    description: 'Search volume, 12-month history, competition and CPC of one keyword (the /v1 search_volume item).',
    args: {
      phrase: t.arg.string({ required: true }),
      ...locationArgs,
      languageCode: t.arg.string({ defaultValue: DEFAULT_LANGUAGE_CODE }),
      ...volumeArgs,
    },
    resolve: (_root, args, ctx) =>
      keywordViews(ctx, {
        keywords: [args.phrase],
        phrases: [normalizePhrase(args.phrase, 'phrase')],
        field: 'phrase',
        locationCode: args.locationCode,
        locationName: args.locationName,
        languageCode: args.languageCode ?? undefined,
        ...keywordVolumeOptions(args),
      })[0]!,
  }),
);

builder.queryField('keywords', (t) =>
  t.field({
    type: [KeywordRef],
    // A phrase the source refuses is null here, with its own error naming phrases[i]; the others are answered.
    nullable: { list: false, items: true },
    description:
      'The same for up to 100 keywords; source calls are batched and deduplicated. A phrase may carry Wordstat operators ' +
      '(see keywordForm); one the source refuses is null with its own error, the others are answered.',
    args: {
      phrases: t.arg.stringList({ required: true }),
      ...locationArgs,
      languageCode: t.arg.string({ defaultValue: DEFAULT_LANGUAGE_CODE }),
      ...volumeArgs,
    },
    resolve: (_root, args, ctx) =>
      keywordViews(ctx, {
        keywords: args.phrases,
        // Every phrase checked before any call: a bad 57th phrase must not cost 56 calls.
        phrases: normalizeKeywords(args.phrases, 'phrases'),
        field: 'phrases',
        locationCode: args.locationCode,
        locationName: args.locationName,
        languageCode: args.languageCode ?? undefined,
        ...keywordVolumeOptions(args),
      }),
  }),
);
