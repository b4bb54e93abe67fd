/**
 * Everything the /v3 face needs from the core, in one file: the other files of src/v3 import the services, the
 * tasks, the operations and the domain only through here (enforced by .dependency-cruiser.cjs, rule
 * v3-core-through-one-file). The keyword work is the operation registry's: search_volume and suggestions are
 * checked with their operations' input schemas, planned with their plans, run with their runs and bounded by
 * their limits (src/operations). Nothing here restates a limit, a price or a rule.
 */
import { z } from 'zod';
import { DomainError, invalidField, toDomainError, type ErrorCode } from '../domain/errors.js';
import {
  DEFAULT_LOCATION_CODE,
  isKnownLocationCode,
  locationCodeForRegion,
  type ResolvedLocation,
} from '../domain/location-codes.js';
import { parseBody, textField } from '../domain/requests/parse.js';
import { isIsoDate } from '../domain/dates/calendar.js';
import { defaultWindow } from '../domain/dates/window.js';
import { shiftPeriod } from '../domain/dates/periods.js';
import type { TaskOperation, TaskRecord } from '../domain/tasks.js';
import { planAndRunLive } from '../operations/live.js';
import type { Operation } from '../operations/operation.js';
import { defaultRegistry } from '../operations/registry.js';
import { taskInputOf } from '../operations/task-specs.js';
import type { Principal } from '../services/auth/authenticator.js';
import { HISTORY_MONTHS, type HistoryMonths } from '../services/keyword-history.js';
import { resolveLocation } from '../services/location.js';
import { requirePrincipal, runOperation, type OperationOutcome } from '../services/run-operation.js';
import type { RequestContext, ServiceRuntime } from '../services/runtime.js';
import { isKeywordVolumeError, type KeywordVolume, type KeywordVolumeEntry } from '../services/search-volume.js';
import type { SuggestionsResult } from '../services/suggestions.js';
import type { UsageReport } from '../services/usage.js';
import { MAX_TAG_LENGTH, MAX_TASKS_PER_POST, requireTasks } from '../tasks/task-service.js';
import type { PostedTask, TaskPresentation } from '../ports/task-service.js';
import { ENVELOPE_VERSION, formatSeconds, type Envelope, type EnvelopeTask } from '../operations/envelope.js';
import { formatDate } from '../operations/task-envelope.js';
import { presentSeasonality } from '../operations/present-v1.js';

export { DomainError, invalidField, toDomainError, isKeywordVolumeError };
// The envelope, its time formats and the seasonality presenter are the operations' own: /v3 speaks the same format.
export { ENVELOPE_VERSION, formatDate, formatSeconds, presentSeasonality };
export type { Envelope, EnvelopeTask, ErrorCode, KeywordVolume, KeywordVolumeEntry, RequestContext, ServiceRuntime, SuggestionsResult, TaskRecord, UsageReport };

/** The registry's operation of that name (the face is built on these two; a registry without them is a bug). */
function operationNamed(name: 'search_volume' | 'suggestions' | 'usage' | 'serp' | 'core_intent'): Operation {
  const operation = defaultRegistry.get(name);
  if (!operation) throw new Error(`the operation registry has no ${name} operation, which /v3 serves`);
  return operation;
}

const SEARCH_VOLUME = operationNamed('search_volume');
const SUGGESTIONS = operationNamed('suggestions');
const USAGE = operationNamed('usage');
const SERP = operationNamed('serp');
const CORE_INTENT = operationNamed('core_intent');

/** suggestions' `limit` field as its input schema declares it: its bound and its default. */
const suggestionsLimitField = SUGGESTIONS.input.shape.limit as z.ZodDefault<z.ZodNumber>;

/** The core's limits as this face states them: each is read from the operation (or the task service) that owns it. */
export const LIMITS = {
  /** Keywords of one live search_volume task. */
  liveKeywords: SEARCH_VOLUME.limits.items?.live,
  /** Tasks of one task_post. */
  tasksPerPost: MAX_TASKS_PER_POST,
  tagLength: MAX_TAG_LENGTH,
  /** The most rows one suggestions call may ask for, and what it asks for unless told: suggestions' input schema. */
  suggestionsLimit: suggestionsLimitField.unwrap().maxValue ?? Number.MAX_SAFE_INTEGER,
  defaultSuggestionsLimit: suggestionsLimitField.parse(undefined),
  /** Months of history the source keeps per keyword, longest first. */
  historyMonths: Math.max(...HISTORY_MONTHS) as HistoryMonths,
} as const;

/** search_volume's default language_code (its input schema's), and the location every face answers without one. */
export const DEFAULTS = {
  languageCode: (SEARCH_VOLUME.input.shape.language_code as z.ZodDefault<z.ZodString>).parse(undefined),
  locationCode: DEFAULT_LOCATION_CODE,
} as const;

/** A short text checked as the core checks echoed texts (language_code, tag): INVALID_FIELD naming it otherwise. */
export function checkText(name: string, max: number, value: unknown): string {
  return parseBody(z.object({ [name]: textField(name, max) }), { [name]: value })[name] as string;
}

/** The caller behind an Authorization header (UNAUTHENTICATED, TOO_MANY_REQUESTS or SERVICE_UNAVAILABLE otherwise). */
export function authenticate(runtime: ServiceRuntime, authorization: string | null, peer: string | undefined): Promise<Principal> {
  return requirePrincipal(runtime, authorization, peer);
}

/** The shared request pipeline (scope, price, ledger row). */
export function runV3Operation<T>(
  runtime: ServiceRuntime,
  principal: Principal,
  call: { operation: string; free?: boolean; run(scope: RequestContext): Promise<T> },
): Promise<OperationOutcome<T>> {
  return runOperation(runtime, principal, { face: 'v3', ...call });
}

/** A location as the format names it, resolved over the region catalogue with no fallback: unknown → INVALID_FIELD. */
export function resolveStrictLocation(scope: Pick<RequestContext, 'catalog'>, input: { locationCode?: number | undefined; locationName?: string | undefined }): ResolvedLocation {
  if (input.locationCode !== undefined && !isKnownLocationCode(input.locationCode, scope.catalog)) {
    throw invalidField('location_code', `location_code ${input.locationCode} is not a known location; see GET /v3/keywords_data/google_ads/locations`, 'unknown_region', { value: input.locationCode });
  }
  return resolveLocation(scope.catalog, input);
}

/** A JSON Schema object's fields (what the /v3 OpenAPI document shows of a task body). */
export interface JsonObjectSchema {
  type: 'object';
  properties: Record<string, object>;
  required?: string[];
}

/**
 * The input fields of a registry operation as JSON Schema (draft 2020-12, as /openapi.json writes them), live or
 * task: what the /v3 document shows of the fields this face shares with /v1, from the schemas that check them.
 */
export function operationInputSchema(name: 'search_volume' | 'suggestions' | 'serp' | 'core_intent', mode: 'live' | 'task'): JsonObjectSchema {
  const op = { search_volume: SEARCH_VOLUME, suggestions: SUGGESTIONS, serp: SERP, core_intent: CORE_INTENT }[name];
  const schema = mode === 'task' ? taskInputOf(op) : op.input;
  const { properties = {}, required } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, object>; required?: string[] };
  return { type: 'object', properties, ...(required ? { required } : {}) };
}

/** The live body fields search_volume shares with /v1, checked by the search_volume operation's input schema. */
export function checkSearchVolumeFields(fields: Record<string, unknown>): {
  keywords: string[];
  match_types?: string[] | undefined;
  history_months?: HistoryMonths | undefined;
} {
  return parseBody(SEARCH_VOLUME.input, fields) as never;
}

/** location_code and location_name, typed as the search_volume operation types them (resolved by resolveStrictLocation). */
export function checkLocationFields(fields: Record<string, unknown>): { location_code?: number | undefined; location_name?: string | undefined } {
  return parseBody(SEARCH_VOLUME.input.pick({ location_code: true, location_name: true }), fields);
}

/** Most uncached source calls one live request may plan (the operations' bound on every face). */
export const MAX_LIVE_CALLS = SUGGESTIONS.limits.calls;

/** A seed keyword and a limit, checked by the suggestions operation's input schema. */
export function checkSeed(fields: { keyword: unknown; limit?: unknown }): { keyword: string; limit: number } {
  const checked = parseBody(SUGGESTIONS.input, fields) as { keyword: string; limit: number };
  return { keyword: checked.keyword, limit: checked.limit };
}

/**
 * search_volume for checked fields over a resolved location: the operation's plan (refused before any call over
 * the per-request limit or the budget), then its run (same price, cache and keyword limit as every face).
 */
export async function searchVolume(
  scope: RequestContext,
  request: { keywords: readonly string[]; location: ResolvedLocation; languageCode: string; match_types?: readonly string[] | undefined; history_months?: HistoryMonths | undefined },
): Promise<KeywordVolumeEntry[]> {
  const input = parseBody(SEARCH_VOLUME.input, {
    keywords: request.keywords,
    location_code: request.location.code,
    language_code: request.languageCode,
    ...(request.match_types === undefined ? {} : { match_types: request.match_types }),
    ...(request.history_months === undefined ? {} : { history_months: request.history_months }),
  });
  // search_volume's run returns the service's entries (what a task stores); /v3 presents them itself.
  return (await planAndRunLive(SEARCH_VOLUME, input, scope)) as KeywordVolumeEntry[];
}

/** Related keywords of one seed: the suggestions operation's plan and run (the source's related phrases, one cached call). */
export async function relatedKeywords(scope: RequestContext, request: { keyword: string; limit: number; location: ResolvedLocation }): Promise<SuggestionsResult> {
  const input = parseBody(SUGGESTIONS.input, { keyword: request.keyword, limit: request.limit, location_code: request.location.code });
  return (await planAndRunLive(SUGGESTIONS, input, scope)) as SuggestionsResult;
}

/** One Yandex results page as the serp operation answers it (its run's output). */
export interface SerpAnswer {
  foundDocs: number;
  /** `snippet`: the result's text from the engine's passages or headline, when the page was read with it. */
  results: { position: number; url: string; domain: string; title: string; snippet?: string | null | undefined }[];
}

/**
 * An operation's input checked by its own schema, sent under this face's field names (`renames`: the operation's
 * name → this face's): a refusal names the field as the client sent it (`phrases[2]` → `keywords[2]`).
 */
function parseRenamed<T>(schema: z.ZodType, input: Record<string, unknown>, renames: Record<string, string>): T {
  try {
    return parseBody(schema, input) as T;
  } catch (error) {
    const domain = toDomainError(error);
    const at = domain.field ? /^([a-z_]+)(.*)$/.exec(domain.field) : null;
    const renamed = at && renames[at[1]!];
    if (!at || !renamed) throw domain;
    const field = `${renamed}${at[2]}`;
    throw new DomainError(domain.code, domain.message.replace(domain.field!, field), { field, reason: domain.reason, params: domain.params, cause: domain });
  }
}

/** The serp operation's field names as this face writes them (its body says `keyword`, a location code). */
const SERP_FIELDS: Record<string, string> = { phrase: 'keyword', region: 'location_code' };

/** The serp operation's input of a format body (keyword, a resolved location, device, depth), checked by its schema. */
export function serpInput(request: { keyword: unknown; location: ResolvedLocation; device?: unknown; depth?: unknown }): { phrase: string; region: number; device: string; depth: number } {
  return parseRenamed(
    SERP.input,
    {
      phrase: request.keyword,
      region: request.location.regionId,
      ...(request.device === undefined ? {} : { device: request.device }),
      ...(request.depth === undefined ? {} : { depth: request.depth }),
    },
    SERP_FIELDS,
  );
}

/**
 * One keyword's Yandex results page: the serp operation's input schema (under this face's field names), plan and
 * run (the same cache, search budget and price as every face).
 */
export async function searchResults(
  scope: RequestContext,
  request: { keyword: unknown; location: ResolvedLocation; device?: unknown; depth?: unknown },
): Promise<SerpAnswer & { keyword: string; device: string; depth: number }> {
  const input = serpInput(request);
  const page = (await planAndRunLive(SERP, input, scope)) as SerpAnswer;
  return { ...page, keyword: input.phrase.trim(), device: input.device, depth: input.depth };
}

/** One phrase's row of core_intent's answer (src/operations/core-intent.ts; each figure defined in docs/intent.md). */
export interface IntentRow {
  phrase: string;
  commerciality: number;
  class: 'informational' | 'mixed' | 'commercial';
  components: Record<string, number | null>;
  geo: { region: number; compare_region: number; overlap: number | null; dependent: boolean | null };
  home_pages: number;
  found_docs: number;
  volume: number;
  volume_source: 'wordstat' | 'client';
  kei: number | null;
}

/** core_intent's field names as this face writes them: the phrases are the format's `keywords`, the region a location. */
const INTENT_FIELDS: Record<string, string> = { phrases: 'keywords', region: 'location_code' };

/**
 * The intent of phrases from their Yandex results: core_intent's input schema (under this face's field names),
 * plan (its searches and Wordstat calls, refused over the live limit or the budget before any), run and price.
 * Without a location the operation's own default region applies.
 */
export async function searchIntent(scope: RequestContext, request: { keywords: unknown; location: ResolvedLocation | undefined }): Promise<IntentRow[]> {
  const input = parseRenamed(
    CORE_INTENT.input,
    { phrases: request.keywords, ...(request.location === undefined ? {} : { region: request.location.regionId }) },
    INTENT_FIELDS,
  );
  return ((await planAndRunLive(CORE_INTENT, input as never, scope)) as { phrases: IntentRow[] }).phrases;
}

/** One row of the location list: every region of the catalogue, by the code /v1 gives it. */
export interface LocationRow {
  code: number;
  /** The format's comma form: the place, then the regions it lies in up to its country. */
  name: string;
  parentCode: number | null;
  countryIsoCode: string;
  type: string;
}

/** Every location of the region catalogue, in catalogue order. */
export function locationRows(runtime: Pick<ServiceRuntime, 'catalog'>): LocationRow[] {
  const { catalog } = runtime;
  return catalog.all.map((region) => {
    const chain = [region, ...catalog.ancestors(region.id)];
    const countryAt = chain.findIndex((r) => r.type === 'country');
    const named = countryAt === -1 ? chain : chain.slice(0, countryAt + 1);
    return {
      code: locationCodeForRegion(region.id),
      name: named.map((r) => r.nameEn || r.name).join(','),
      parentCode: region.parentId === null ? null : locationCodeForRegion(region.parentId),
      countryIsoCode: region.countryCode,
      type: region.type.charAt(0).toUpperCase() + region.type.slice(1),
    };
  });
}

/** The months of monthly_searches the source keeps: the last completed month, and the oldest it can give. */
export function monthsKept(scope: Pick<RequestContext, 'today'>): { newest: string; oldestDefault: string; oldest: string } {
  const window = defaultWindow('PERIOD_MONTHLY', scope.today);
  const oldestDefault = window.fromDate.slice(0, 7);
  const oldest = shiftPeriod(window.fromDate, 'PERIOD_MONTHLY', 12 - LIMITS.historyMonths).slice(0, 7);
  return { newest: window.toDate.slice(0, 7), oldestDefault, oldest };
}

/** The format's location code of a catalogue region (what /v1 calls it). */
export const locationCodeOfRegion = (regionId: number): number => locationCodeForRegion(regionId);

/** True for a `YYYY-MM-DD` calendar date. */
export const isCalendarDate = isIsoDate;

/** The task service of the request (SERVICE_UNAVAILABLE when the service keeps no tasks). */
const tasksOf = (scope: RequestContext) => requireTasks(scope);

/**
 * Posts bodies already in /v1's shape (each checked by the task service on its own: tag, postback_url and
 * pingback_url with the webhook address guard, the operation's body), each with how /v3 presents its result.
 */
export function postTasks(scope: RequestContext, operation: TaskOperation, bodies: readonly unknown[], presentations: readonly TaskPresentation[]): Promise<PostedTask[]> {
  return tasksOf(scope).post(scope.principal.keyId, operation, bodies, presentations);
}

/** This key's finished tasks of an operation not yet collected. */
export function readyTasks(scope: RequestContext, operation: TaskOperation): Promise<TaskRecord[]> {
  return tasksOf(scope).ready(scope.principal.keyId, operation);
}

/** One task of this key, with its whole result (NOT_FOUND for an unknown id or another operation's task). */
export async function getTask(scope: RequestContext, id: string, operation: TaskOperation): Promise<TaskRecord> {
  return (await tasksOf(scope).get(scope.principal.keyId, id, { operation, withResult: true })).task;
}

/** The caller's own usage over the default range: the usage operation's run (a free read). */
export async function ownUsage(scope: RequestContext): Promise<UsageReport> {
  return (await planAndRunLive(USAGE, parseBody(USAGE.input, {}), scope)) as UsageReport;
}

/** Prices per call as configured (the format's user_data shows them). */
export function pricesOf(runtime: ServiceRuntime): { call: number; repeat: number } {
  return { call: runtime.prices.call, repeat: runtime.prices.repeat };
}
