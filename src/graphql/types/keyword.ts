import { regionFilterForLocation } from '../../domain/location-codes.js';
import { getDynamics } from '../../services/dynamics.js';
import { keywordDataOf } from '../../services/keyword-data-deps.js';
import { getRegions } from '../../services/regions.js';
import { getKeywordVolume, getSearchVolume, type KeywordVolume, type MonthlyVolume } from '../../services/search-volume.js';
import { getTop } from '../../services/top.js';
import { builder } from '../builder.js';
import { DynamicsRef } from './dynamics.js';
import { DeviceEnum, PeriodEnum, RegionLevelEnum } from './enums.js';
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

/** The /v1 search_volume item, plus nested views of the same phrase (one query feeds a dashboard card). */
export const KeywordRef = builder.objectRef<KeywordVolume>('Keyword').implement({
  fields: (t) => ({
    phrase: t.string({ resolve: (k) => k.keyword }),
    locationCode: t.exposeInt('locationCode'),
    languageCode: t.exposeString('languageCode'),
    searchVolume: t.exposeInt('searchVolume', { description: 'Rounded mean of the last 12 completed months.' }),
    competition: t.float({ nullable: true, resolve: (k) => k.competition }),
    competitionLevel: t.field({ type: CompetitionLevelEnum, nullable: true, resolve: (k) => k.competitionLevel }),
    cpc: t.exposeFloat('cpc'),
    monthlySearches: t.field({ type: [MonthlyVolumeRef], description: 'Newest first.', resolve: (k) => k.monthlySearches }),
    // Nested views use the keyword's location as their region filter, like the keyword's own figures.
    dynamics: t.field({
      type: DynamicsRef,
      args: {
        period: t.arg({ type: PeriodEnum, defaultValue: 'PERIOD_MONTHLY' }),
        fromDate: t.arg({ type: 'Date' }),
        toDate: t.arg({ type: 'Date' }),
        devices: t.arg({ type: [DeviceEnum] }),
      },
      resolve: (k, args, ctx) =>
        getDynamics(ctx.scope.services, {
          phrase: k.keyword,
          period: args.period ?? undefined,
          fromDate: args.fromDate ?? undefined,
          toDate: args.toDate ?? undefined,
          regions: regionFilterForLocation(k.locationCode),
          devices: args.devices ?? undefined,
        }),
    }),
    regions: t.field({
      type: [RegionDemandRef],
      args: {
        level: t.arg({ type: RegionLevelEnum, defaultValue: 'REGION_ALL' }),
        devices: t.arg({ type: [DeviceEnum] }),
      },
      resolve: (k, args, ctx) =>
        getRegions(ctx.scope.services, { phrase: k.keyword, region: args.level ?? undefined, devices: args.devices ?? undefined }),
    }),
    top: t.field({
      type: TopRef,
      args: { numPhrases: t.arg.int({ defaultValue: 50 }), devices: t.arg({ type: [DeviceEnum] }) },
      resolve: (k, args, ctx) =>
        getTop(ctx.scope.services, {
          phrase: k.keyword,
          numPhrases: args.numPhrases ?? undefined,
          regions: regionFilterForLocation(k.locationCode),
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
      locationCode: t.arg.int({ defaultValue: 2643 }),
      languageCode: t.arg.string({ defaultValue: 'ru' }),
    },
    resolve: (_root, args, ctx) =>
      getKeywordVolume(
        ctx.scope.services,
        { keyword: args.phrase, locationCode: args.locationCode ?? undefined, languageCode: args.languageCode ?? undefined, field: 'phrase' },
        keywordDataOf(ctx.scope.services),
      ),
  }),
);

builder.queryField('keywords', (t) =>
  t.field({
    type: [KeywordRef],
    description: 'The same for up to 100 keywords; source calls are batched and deduplicated.',
    args: {
      phrases: t.arg.stringList({ required: true }),
      locationCode: t.arg.int({ defaultValue: 2643 }),
      languageCode: t.arg.string({ defaultValue: 'ru' }),
    },
    resolve: (_root, args, ctx) =>
      getSearchVolume(
        ctx.scope.services,
        { keywords: args.phrases, locationCode: args.locationCode ?? undefined, languageCode: args.languageCode ?? undefined, field: 'phrases' },
        keywordDataOf(ctx.scope.services),
      ),
  }),
);
