import { normalizeKeywords } from '../domain/requests/keyword-data.js';
import { parseBody } from '../domain/requests/parse.js';
import type { SourceCall } from '../domain/source-call.js';
import type { ServiceContext } from '../services/context.js';
import { toDynamicsQuery } from '../services/dynamics.js';
import { keywordDataOf } from '../services/keyword-data-deps.js';
import { regionsSourceQuery, toRegionsQuery } from '../services/regions.js';
import { toTopQuery } from '../services/top.js';
import type { ExtraMatchType } from '../domain/match-types.js';
import { DEFAULT_HISTORY_MONTHS } from '../services/keyword-history.js';
import { matchTypeCalls } from '../services/match-type-volumes.js';
import { bodyVolumeOptions, matchTypesFor } from '../services/search-volume.js';
import { keywordFigureCalls } from '../services/keyword-form-volume.js';
import { keywordFormOf } from '../domain/keyword-form.js';
import { resolveLocation } from '../services/location.js';
import type { Args, FieldPlan, FieldPlanner, KeywordParent } from './field-plan.js';
import { TASK_FIELD_PLANNERS } from './task-field-planners.js';
import { livePlanOf } from '../operations/live.js';
import { topOperation } from '../operations/top.js';
import { dynamicsOperation } from '../operations/dynamics.js';
import { regionsOperation } from '../operations/regions.js';
import { searchVolumeOperation } from '../operations/search-volume.js';
import { suggestionsOperation } from '../operations/suggestions.js';
import { usageOperation } from '../operations/usage.js';
import { runModeOf, type Operation } from '../operations/operation.js';
import { inArguments } from './argument-names.js';

export type { FieldPlanner, KeywordParent, KeywordRows, TaskSelector } from './field-plan.js';

const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/**
 * The calls of a keyword's own figures (the /v1 search_volume calls; keyword-view.ts): broad, its monthly call; a
 * phrase written with operators, its form's GetTop and its base phrase's monthly call and GetTop.
 */
function volumeCalls(ctx: ServiceContext, keyword: KeywordParent): SourceCall[] {
  return keywordFigureCalls(ctx, keywordFormOf(keyword.phrase), keyword.regions, keyword.historyMonths ?? DEFAULT_HISTORY_MONTHS, 'phrase');
}

/** The input fields of the location and language arguments, by argument. */
const LOCATION_INPUT = { location_code: 'locationCode', location_name: 'locationName', language_code: 'languageCode' } as const;
/** search_volume's input fields as `keywords` names its arguments (`keyword` names its one keyword `phrase`). */
const KEYWORDS_ARGS = { keywords: 'phrases', ...LOCATION_INPUT, match_types: 'matchTypes', history_months: 'historyMonths' } as const;
const KEYWORD_ARGS = { 'keywords[0]': 'phrase', keywords: 'phrase', ...LOCATION_INPUT, match_types: 'matchTypes', history_months: 'historyMonths' } as const;
const SUGGESTIONS_ARGS = { keyword: 'keyword', limit: 'limit', ...LOCATION_INPUT } as const;
const USAGE_ARGS = { from: 'from', to: 'to' } as const;

/** A field's arguments as an operation's input (each given argument under its input field), parsed by its schema. */
function inputOf(operation: Operation, args: Args, renames: Readonly<Record<string, string>>, keywords?: unknown): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, argument] of Object.entries(renames)) if (!field.includes('[') && args[argument] != null) body[field] = args[argument];
  if (keywords !== undefined) body.keywords = keywords;
  return parseBody(operation.input, body) as Record<string, unknown>;
}

/**
 * The keywords of a `keyword`/`keywords` field: its arguments checked as the search_volume operation checks its
 * input (its schema, its live keyword limit, its location rules), errors naming the field's arguments. Their calls
 * are the fields asked of each keyword (below), not the whole /v1 item the operation's plan counts.
 */
function keywordsOf(ctx: ServiceContext, args: Args, renames: Readonly<Record<string, string>>, keywords: unknown): KeywordParent[] {
  return inArguments(renames, () => {
    const input = inputOf(searchVolumeOperation, args, renames, keywords) as Parameters<typeof bodyVolumeOptions>[0] & { keywords: string[]; location_code?: number; location_name?: string };
    const phrases = normalizeKeywords(input.keywords, 'keywords', runModeOf(searchVolumeOperation, 'live').maxItems);
    const regions = [resolveLocation(ctx.catalog, { locationCode: input.location_code, locationName: input.location_name }).regionId];
    const { matchTypes, historyMonths } = bodyVolumeOptions(input);
    return phrases.map((phrase) => ({ phrase, regions, matchTypes, historyMonths }));
  });
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
  // The keyword fields and suggestions take validation, limits and plan from their operation (search_volume,
  // suggestions), their arguments mapped to its input fields.
  'Query.keyword': (a, ctx) => keywordPlan(keywordsOf(ctx, a, KEYWORD_ARGS, a.phrase == null ? undefined : [a.phrase])),
  'Query.keywords': (a, ctx) => keywordPlan(keywordsOf(ctx, a, KEYWORDS_ARGS, a.phrases)),
  'Query.suggestions': (a, ctx) =>
    inArguments(SUGGESTIONS_ARGS, () => ({
      calls: livePlanOf(suggestionsOperation, inputOf(suggestionsOperation, a, SUGGESTIONS_ARGS), ctx),
      // The verifier's calls depend on what the LLM proposes: its budget, counted as they come.
      extraCalls: Math.max(0, (keywordDataOf(ctx).suggestionsMaxCalls ?? 1) - 1),
    })),
  // A free read: its operation's plan checks the range (no source call).
  'Query.usage': (a, ctx) => ({ calls: livePlanOf(usageOperation, inputOf(usageOperation, a, USAGE_ARGS), ctx) }),
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
