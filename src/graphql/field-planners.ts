import { normalizePhrase } from '../domain/requests/fields.js';
import { normalizeKeywords, normalizeSuggestionsLimit } from '../domain/requests/keyword-data.js';
import type { SourceCall } from '../domain/source-call.js';
import type { ServiceContext } from '../services/context.js';
import { toDynamicsQuery } from '../services/dynamics.js';
import { keywordDataOf } from '../services/keyword-data-deps.js';
import { regionsSourceQuery, toRegionsQuery } from '../services/regions.js';
import { RELATED_QUERIES_PER_SEED } from '../services/suggestions.js';
import { toTopQuery } from '../services/top.js';
import type { ExtraMatchType } from '../domain/match-types.js';
import { DEFAULT_HISTORY_MONTHS } from '../services/keyword-history.js';
import { matchTypeCalls } from '../services/match-type-volumes.js';
import { matchTypesFor } from '../services/search-volume.js';
import { keywordFigureCalls } from '../services/keyword-form-volume.js';
import { keywordFormOf } from '../domain/keyword-form.js';
import { keywordVolumeOptions } from './keyword-args.js';
import { resolveUsageRange } from '../services/usage.js';
import { resolveLocation } from '../services/location.js';
import type { Args, FieldPlan, FieldPlanner, KeywordParent } from './field-plan.js';
import { TASK_FIELD_PLANNERS } from './task-field-planners.js';
import { livePlanOf } from '../operations/live.js';
import { topOperation } from '../operations/top.js';
import { dynamicsOperation } from '../operations/dynamics.js';
import { regionsOperation } from '../operations/regions.js';

export type { FieldPlan, FieldPlanner, KeywordParent, KeywordRows, TaskSelector } from './field-plan.js';

const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/**
 * The calls of a keyword's own figures (the /v1 search_volume calls; keyword-view.ts): broad, its monthly call; a
 * phrase written with operators, its form's GetTop and its base phrase's monthly call and GetTop.
 */
function volumeCalls(ctx: ServiceContext, keyword: KeywordParent): SourceCall[] {
  return keywordFigureCalls(ctx, keywordFormOf(keyword.phrase), keyword.regions, keyword.historyMonths ?? DEFAULT_HISTORY_MONTHS, 'phrase');
}

/** The keywords of a keyword field, over the region of its locationCode or locationName (checked as the resolver does). */
function keywordsOf(ctx: ServiceContext, phrases: readonly string[], args: Args): KeywordParent[] {
  const regions = [resolveLocation(ctx.catalog, args, { code: 'locationCode', name: 'locationName' }).regionId];
  const { matchTypes, historyMonths } = keywordVolumeOptions(args);
  return phrases.map((phrase) => ({ phrase, regions, matchTypes, historyMonths }));
}

/**
 * A match type's field: when its type was asked, the keyword's match-type figures (the volume call, then one GetTop
 * per asked type: they are measured together); `undefined` type: every asked type (matchTypeVolumes).
 */
const matchTypePlan =
  (type?: ExtraMatchType): FieldPlanner =>
  (_a, ctx, parents) => ({
    calls: parents
      .map((k) => ({ k, types: matchTypesFor(keywordFormOf(k.phrase), k.matchTypes ?? []) }))
      .filter(({ k, types }) => !k.stored && types.length > 0 && (type === undefined || types.includes(type)))
      .flatMap(({ k, types }) => [...volumeCalls(ctx, k), ...matchTypeCalls(ctx, k.phrase, types, k.regions, 'phrase')]),
  });

/** A `Keyword` costs nothing by itself: each field reading its monthly figures makes the volume call (once). */
const keywordPlan = (keywords: KeywordParent[]): FieldPlan => ({ calls: [], keywords });
const volumePlan: FieldPlanner = (_a, ctx, parents) => ({ calls: parents.filter((k) => !k.stored).flatMap((k) => volumeCalls(ctx, k)) });

/** Planners by `Type.field`; a field without one makes no source call and has no argument rule of ours. */
export const FIELD_PLANNERS: Readonly<Record<string, FieldPlanner>> = {
  ...TASK_FIELD_PLANNERS,
  // The native fields plan with their operation's own plan (src/operations), their arguments as its input.
  'Query.top': (a, ctx) => ({
    calls: livePlanOf(topOperation, { phrase: a.phrase, numPhrases: opt(a.numPhrases), regions: opt(a.regions), devices: opt(a.devices) }, ctx),
  }),
  'Query.dynamics': (a, ctx) => ({
    calls: livePlanOf(
      dynamicsOperation,
      { phrase: a.phrase, period: opt(a.period), fromDate: opt(a.fromDate), toDate: opt(a.toDate), regions: opt(a.regions), devices: opt(a.devices) },
      ctx,
    ),
  }),
  'Query.regions': (a, ctx) => ({ calls: livePlanOf(regionsOperation, { phrase: a.phrase, region: opt(a.level), devices: opt(a.devices) }, ctx) }),
  'Query.keyword': (a, ctx) => keywordPlan(keywordsOf(ctx, [normalizePhrase(a.phrase, 'phrase')], a)),
  'Query.keywords': (a, ctx) => keywordPlan(keywordsOf(ctx, normalizeKeywords(a.phrases, 'phrases'), a)),
  'Query.suggestions': (a, ctx) => {
    normalizeSuggestionsLimit(opt(a.limit));
    const [seed] = keywordsOf(ctx, [normalizePhrase(a.keyword, 'keyword')], a);
    // The related-queries provider's one top call; the verifier's calls depend on what the LLM proposes.
    const related = toTopQuery(ctx, { phrase: seed!.phrase, numPhrases: RELATED_QUERIES_PER_SEED, regions: seed!.regions });
    return { calls: [{ method: 'top', query: related }], extraCalls: Math.max(0, (keywordDataOf(ctx).suggestionsMaxCalls ?? 1) - 1) };
  },
  'Query.usage': (a, ctx) => {
    resolveUsageRange({ from: opt(a.from), to: opt(a.to) }, ctx.today);
    return { calls: [] };
  },
  'Keyword.searchVolume': volumePlan,
  'Keyword.cpc': volumePlan,
  'Keyword.monthlySearches': volumePlan,
  'Keyword.seasonality': volumePlan,
  // Broad keywords answer null without a call.
  'Keyword.keywordMeasure': (a, ctx, parents) => volumePlan(a, ctx, parents.filter((k) => keywordFormOf(k.phrase).form !== 'broad')),
  'Keyword.searchVolumePhrase': matchTypePlan('phrase'),
  'Keyword.searchVolumeExact': matchTypePlan('exact'),
  'Keyword.searchVolumeOrder': matchTypePlan('order'),
  'Keyword.matchTypeVolumes': matchTypePlan(),
  'Keyword.dynamics': (a, ctx, parents) => ({
    calls: parents.map((k) => ({
      method: 'dynamics' as const,
      query: toDynamicsQuery(ctx, { phrase: k.phrase, period: opt(a.period), fromDate: opt(a.fromDate), toDate: opt(a.toDate), regions: k.regions, devices: opt(a.devices) }),
    })),
  }),
  'Keyword.regions': (a, _ctx, parents) => ({
    calls: parents.map((k) => ({
      method: 'regions' as const,
      query: regionsSourceQuery(toRegionsQuery({ phrase: k.phrase, region: opt(a.level), devices: opt(a.devices) })),
    })),
  }),
  'Keyword.top': (a, ctx, parents) => ({
    calls: parents.map((k) => ({
      method: 'top' as const,
      query: toTopQuery(ctx, { phrase: k.phrase, numPhrases: opt(a.numPhrases), regions: k.regions, devices: opt(a.devices) }),
    })),
  }),
};
