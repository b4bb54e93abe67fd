import {
  checkSearchVolumeFields,
  checkSeed,
  DEFAULTS,
  DomainError,
  formatDate,
  getTask,
  invalidField,
  LIMITS,
  locationRows,
  monthsKept,
  MAX_LIVE_CALLS,
  ownUsage,
  postTasks,
  pricesOf,
  readyTasks,
  relatedKeywords,
  resolveStrictLocation,
  searchIntent,
  searchResults,
  searchVolume,
  serpInput,
  locationCodeOfRegion,
  type JsonObjectSchema,
  type SerpAnswer,
  type KeywordVolumeEntry,
  type RequestContext,
  type ServiceRuntime,
  type SuggestionsResult,
  type TaskRecord,
} from './core-operations.js';
import { keywordsForKeywordsBody, labsBody, searchIntentBody, searchVolumeBody, serpOrganicBody } from './body-schemas.js';
import { statusOfError, V3_STATUS, v3Envelope, v3ErrorTask, v3Task, type V3Task } from './envelope.js';
import {
  presentGoogleAdsRow,
  presentLabsItem,
  presentLabsVolumeItem,
  presentLocation,
  presentRelatedRows,
  presentSearchIntentItem,
  presentSerpOrganic,
  presentUserData,
  type MonthRange,
} from './presenters.js';
import {
  asTaskObject,
  LANGUAGES,
  MAX_SEEDS,
  presentationOf,
  refuseLabsUnservable,
  refuseUnservable,
  resolveBodyLocation,
  resolveDates,
  resolveLanguage,
  sortByOf,
  sortRows,
  tagOf,
  taskPresentation,
  type Body,
  type V3Presentation,
} from './requests.js';

/** What a route handler gets: the request scope, the body read (POST), path parameters, the frame of its tasks. */
export interface V3Call {
  runtime: ServiceRuntime;
  scope: RequestContext;
  body: unknown;
  params: Record<string, string>;
  path: string;
  elapsedMs(): number;
  now(): Date;
}

/** One route of the /v3 face. */
export interface V3Route {
  path: string;
  method: 'GET' | 'POST';
  /** Name in the ledger, logs and metrics. */
  operation: string;
  /** The OpenAPI document's operationId when it is not `operation` (a second path of the same route). */
  operationId?: string;
  /** A free read or a post (tasks are billed when they end): cost 0. */
  free?: boolean;
  /** A live call: its one task carries the request's price. */
  live?: boolean;
  summary: string;
  /** POST: one task of the body (the OpenAPI document's request schema). */
  body?: JsonObjectSchema;
  handle(call: V3Call): Promise<V3Task[]>;
}

const GOOGLE_ADS = '/v3/keywords_data/google_ads';
const LABS = '/v3/dataforseo_labs/google';
const SERP_YANDEX = '/v3/serp/yandex/organic';
/**
 * The official client (dataforseo-client 2.1.7) has no Yandex methods: its Google organic methods reach the same
 * Yandex routes under the Google path, as its Google Ads methods reach Wordstat (docs/v3.md, docs/decisions.md).
 */
const SERP_GOOGLE = '/v3/serp/google/organic';
const LABS_YANDEX = '/v3/dataforseo_labs/yandex';


/** The one task of a live call (the format's 40000 otherwise). */
function oneTask(body: unknown): Body {
  const tasks = Array.isArray(body) ? body : [body];
  if (tasks.length !== 1) {
    throw new DomainError('INVALID_FIELD', `You can set only one task at a time: the body must be an array of exactly one task, got ${tasks.length}`, { field: 'body', reason: 'too_many', params: { max: 1 } });
  }
  return asTaskObject(tasks[0]);
}

/** The posted tasks of a task_post: an array of 1 to LIMITS.tasksPerPost (one object is taken as one task). */
function postedTasks(body: unknown): unknown[] {
  const tasks = Array.isArray(body) ? body : [body];
  if (tasks.length < 1 || tasks.length > LIMITS.tasksPerPost) {
    throw invalidField('body', `body must be an array of 1 to ${LIMITS.tasksPerPost} tasks, got ${tasks.length}`, tasks.length < 1 ? 'empty' : 'too_many', { max: LIMITS.tasksPerPost });
  }
  return tasks;
}

// --- search_volume -------------------------------------------------------------------------------------------

/** history_months as date_from needs it: the months it reaches, refused when the sent one is shorter. */
function historyMonthsFor(sent: unknown, needed: 12 | 24 | undefined): unknown {
  if (needed !== undefined && typeof sent === 'number' && sent < needed) {
    throw invalidField('history_months', `history_months ${sent} does not reach date_from; send ${needed} or leave it out`);
  }
  return needed ?? sent;
}

/** A live search_volume task: /v1's keyword rules and service, the format's location, language and dates. */
async function liveSearchVolume(scope: RequestContext, body: Body): Promise<{ entries: KeywordVolumeEntry[]; range: MonthRange | undefined }> {
  refuseUnservable(body);
  const fields = checkSearchVolumeFields({ keywords: body.keywords, match_types: body.match_types, history_months: body.history_months, location_code: body.location_code, location_name: body.location_name });
  const languageCode = resolveLanguage(body);
  const location = resolveBodyLocation(scope, body);
  const dates = resolveDates(scope, body);
  const historyMonths = historyMonthsFor(fields.history_months, dates.historyMonths) as typeof fields.history_months;
  tagOf(body);
  const entries = await searchVolume(scope, {
    keywords: fields.keywords,
    location,
    languageCode,
    match_types: fields.match_types,
    history_months: historyMonths,
  });
  return { entries, range: dates.range };
}

/** A task_post body turned into /v1's shape and the presentation its task keeps. */
interface PostedV3Task {
  body: Record<string, unknown>;
  presentation: V3Presentation;
}

/** The fields every /v3 task body shares: language, location, tag, notification URLs (checked by the task service), dates and order. */
function commonTaskFields(scope: RequestContext, body: Body) {
  refuseUnservable(body);
  const { presentation, historyMonths } = taskPresentation(scope, body);
  const languageCode = resolveLanguage(body);
  const location = resolveBodyLocation(scope, body);
  const tag = tagOf(body);
  const fields = {
    location_code: location.code,
    language_code: languageCode,
    ...(tag === undefined ? {} : { tag }),
    ...(body.postback_url === undefined ? {} : { postback_url: body.postback_url }),
    ...(body.pingback_url === undefined ? {} : { pingback_url: body.pingback_url }),
  };
  return { fields, presentation, historyMonths };
}

/** A search_volume task body in /v1's shape (the task service checks keywords itself), or the refusal naming the field. */
function searchVolumeTaskBody(scope: RequestContext, body: Body): PostedV3Task {
  const { fields, presentation, historyMonths } = commonTaskFields(scope, body);
  const history = historyMonthsFor(body.history_months, historyMonths);
  return {
    body: {
      keywords: body.keywords,
      ...fields,
      ...(body.match_types === undefined ? {} : { match_types: body.match_types }),
      ...(history === undefined ? {} : { history_months: history }),
    },
    presentation,
  };
}

// --- keywords_for_keywords, Labs -------------------------------------------------------------------------------

/** The seeds of a `keywords` array: 1 to MAX_SEEDS, each checked as /v1 checks a keyword. */
function seedsOf(body: Body): string[] {
  const seeds = body.keywords;
  if (!Array.isArray(seeds) || seeds.length < 1 || seeds.length > MAX_SEEDS) {
    throw invalidField('keywords', `keywords must be an array of 1 to ${MAX_SEEDS} seed keywords`, Array.isArray(seeds) ? 'too_many' : 'wrong_type', { max: MAX_SEEDS });
  }
  return seeds.map((seed, i) => {
    try {
      return checkSeed({ keyword: seed }).keyword;
    } catch (error) {
      if (error instanceof DomainError) throw invalidField(`keywords[${i}]`, error.message.replace(/^keyword/, `keywords[${i}]`), error.reason, error.params);
      throw error;
    }
  });
}

/** Related phrases of each seed, in order, each phrase once (the first seed that found it keeps it). */
async function relatedOfSeeds(scope: RequestContext, seeds: readonly string[], limit: number, body: Body) {
  refuseUnservable(body);
  const languageCode = resolveLanguage(body);
  const location = resolveBodyLocation(scope, body);
  const results: SuggestionsResult[] = [];
  for (const keyword of seeds) results.push(await relatedKeywords(scope, { keyword, limit, location }));
  const seen = new Set<string>();
  const items = results.flatMap((r) => r.items).filter((item) => !seen.has(item.keyword) && seen.add(item.keyword));
  return { results, items, location, languageCode };
}

/** limit of a Labs call: 1 to the core's suggestions limit, the core's default when absent. */
function labsLimit(body: Body): number {
  return checkSeed({ keyword: 'x', limit: body.limit ?? LIMITS.defaultSuggestionsLimit }).limit;
}

/** related_keywords' `depth`: 0 to 4, refused when its worst case needs more source calls than a live request may make. */
const RELATED_FANOUT = 8;
function depthOf(body: Body): number {
  const depth = body.depth ?? 1;
  if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0 || depth > 4) throw invalidField('depth', 'depth must be an integer from 0 to 4', 'out_of_range', { min: 0, max: 4 });
  let worst = 0;
  for (let level = 0; level < depth; level++) worst += RELATED_FANOUT ** level;
  if (worst > MAX_LIVE_CALLS) {
    throw invalidField('depth', `depth ${depth} may need ${worst} source calls (${RELATED_FANOUT} related phrases per keyword and level), more than one live request may make (${MAX_LIVE_CALLS})`, 'out_of_range', { max: depth - 1 });
  }
  return depth;
}

// --- tasks ---------------------------------------------------------------------------------------------------

type TaskOp = 'search_volume' | 'suggestions' | 'serp';

/** The rows of a done task, as its live route presents them. */
type TaskRows = (task: TaskRecord, scope: Pick<RequestContext, 'catalog'>) => unknown[];

/** Each task operation's task_get path and rows (filled by taskRoutes): what a /v3 task's postback presents. */
const TASK_READERS = new Map<TaskOp, { base: string; get: string; rows: TaskRows }>();

/**
 * The postback body of a task posted through /v3: the format's task_get body of it (its rows as task_get shows
 * them), or undefined for a task posted through another face (its postback is that face's).
 */
export function v3TaskPostback(task: TaskRecord, scope: Pick<RequestContext, 'catalog'>): object | undefined {
  const reader = TASK_READERS.get(task.operation as TaskOp);
  if (!reader || !presentationOf(task.request)) return undefined;
  return v3Envelope(0, [presentTaskGet({ path: `${reader.base}/${reader.get}/${task.id}`, elapsedMs: 0, scope }, task, reader.rows)]);
}

/** What task_get needs besides the task: its path, the time so far, and the region catalogue (stored codes). */
interface TaskGetFrame {
  path: string;
  elapsedMs: number;
  scope: Pick<RequestContext, 'catalog'>;
}

/** The stored request as the format echoes it: /v1's fields, the format fields a /v3 task was sent with, tag and URLs. */
function taskData(task: TaskRecord): Record<string, unknown> {
  const { presentation: _kept, ...request } = task.request;
  return {
    ...request,
    ...presentationOf(task.request)?.sent,
    ...(task.tag === null ? {} : { tag: task.tag }),
    ...(task.postbackUrl === null ? {} : { postback_url: task.postbackUrl }),
    ...(task.pingbackUrl === null ? {} : { pingback_url: task.pingbackUrl }),
  };
}

/** task_get of a task: its status, and its rows once done. */
function presentTaskGet(at: TaskGetFrame, task: TaskRecord, rows: TaskRows): V3Task {
  const frame = { path: at.path, elapsedMs: at.elapsedMs };
  const data = taskData(task);
  const waiting = { queued: V3_STATUS.inQueue, running: V3_STATUS.handed, cancelled: V3_STATUS.cancelled } as const;
  if (task.status === 'done') return v3Task(frame, { id: task.id, status: V3_STATUS.ok, cost: task.cost ?? 0, data, result: rows(task, at.scope) });
  if (task.status === 'failed') {
    const error = new DomainError(task.errorCode ?? 'INTERNAL', task.errorMessage ?? 'the task failed');
    return { ...v3ErrorTask(frame, error, data, task.cost ?? 0), id: task.id };
  }
  return v3Task(frame, { id: task.id, status: waiting[task.status], cost: task.cost ?? 0, data, result: null });
}

/**
 * How a function's tasks are read: task_get's path under the base (`task_get`, or the SERP's
 * `task_get/advanced`), and the endpoints a tasks_ready entry names (the format's fields for that function).
 */
interface TaskReading {
  /** The routes' name in the ledger (`v3.{name}.task_post`); default the function's. */
  name?: string;
  get: string;
  endpoints(path: string): Record<string, string | null>;
}

const KEYWORD_TASK_READING: TaskReading = { get: 'task_get', endpoints: (path) => ({ endpoint: path }) };

/** task_post, tasks_ready and task_get/{id} of one function over one task operation. */
function taskRoutes(base: string, fn: string, op: TaskOp, toV1: (scope: RequestContext, body: Body) => PostedV3Task, rows: TaskRows, body: JsonObjectSchema, reading: TaskReading = KEYWORD_TASK_READING): V3Route[] {
  TASK_READERS.set(op, { base, get: reading.get, rows });
  return [
    {
      path: `${base}/task_post`,
      method: 'POST',
      operation: `v3.${reading.name ?? fn}.task_post`,
      free: true,
      summary: `Post 1 to ${LIMITS.tasksPerPost} ${fn} tasks; collect them with tasks_ready and task_get`,
      body,
      async handle(call) {
        const posted = postedTasks(call.body);
        const frame = () => ({ path: call.path, elapsedMs: call.elapsedMs() });
        // Each task is checked on its own: a bad one fails alone, with its own status.
        const converted = posted.map((raw, i) => {
          try {
            return { ok: true as const, ...toV1(call.scope, asTaskObject(raw, `body[${i}]`)) };
          } catch (error) {
            if (error instanceof DomainError) return { ok: false as const, error, raw };
            throw error;
          }
        });
        const accepted = converted.flatMap((c) => (c.ok ? [c] : []));
        const answers = accepted.length > 0 ? await postTasks(call.scope, op, accepted.map((c) => c.body), accepted.map((c) => c.presentation)) : [];
        let next = 0;
        return converted.map((c, i) => {
          const echo = (posted[i] !== null && typeof posted[i] === 'object' ? posted[i] : {}) as Record<string, unknown>;
          if (!c.ok) return v3ErrorTask(frame(), c.error, echo);
          const answer = answers[next++]!;
          if (!answer.ok) return v3ErrorTask(frame(), answer.error, echo);
          return v3Task(frame(), { id: answer.task.id, status: V3_STATUS.created, data: echo, result: null });
        });
      },
    },
    {
      path: `${base}/tasks_ready`,
      method: 'GET',
      operation: `v3.${reading.name ?? fn}.tasks_ready`,
      free: true,
      summary: `This key's finished ${fn} tasks not yet collected`,
      async handle(call) {
        const ready = await readyTasks(call.scope, op);
        const result = ready.map((task) => ({
          id: task.id,
          se: base.split('/')[3],
          se_type: fn,
          date_posted: formatDate(task.postedAt),
          tag: task.tag,
          ...reading.endpoints(`${base}/${reading.get}/${task.id}`),
        }));
        return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, result })];
      },
    },
    {
      path: `${base}/${reading.get}/{id}`,
      method: 'GET',
      operation: `v3.${reading.name ?? fn}.task_get`,
      free: true,
      summary: `One ${fn} task: its status, and its rows once done (polling costs nothing)`,
      async handle(call) {
        const id = call.params.id ?? '';
        try {
          const task = await getTask(call.scope, id, op);
          return [presentTaskGet({ path: call.path, elapsedMs: call.elapsedMs(), scope: call.scope }, task, rows)];
        } catch (error) {
          if (error instanceof DomainError && error.code === 'NOT_FOUND') {
            return [{ ...v3ErrorTask({ path: call.path, elapsedMs: call.elapsedMs() }, error), id, status_code: statusOfError(error).code }];
          }
          throw error;
        }
      },
    },
  ];
}

/**
 * The location and language a stored /v1-shaped request names, resolved as the task ran (a task posted through /v1
 * may name its location by name). A location /v1 computed as Russia is refused here, as this face refuses it live.
 */
function storedCodes(task: TaskRecord, scope: Pick<RequestContext, 'catalog'>, fellBack: boolean | undefined) {
  if (fellBack === true) {
    throw invalidField('location_code', `location_code ${String(task.request.location_code)} is not a known location (the task was posted through /v1, whose answer is Russia's figures)`);
  }
  const request = task.request as { location_code?: number; location_name?: string; language_code?: string };
  const location = request.location_name === undefined && request.location_code === undefined
    ? DEFAULTS.locationCode
    : resolveStrictLocation(scope, { locationCode: request.location_code, locationName: request.location_name }).code;
  return { location, language: request.language_code ?? DEFAULTS.languageCode };
}

// --- Yandex organic results, Labs search intent ----------------------------------------------------------------

/** The format's fields a SERP task keeps to present its page as live does (its request is the serp operation's). */
interface SerpSent {
  keyword: unknown;
  location_code: number;
  language_code: string;
  device: string;
  depth: number;
}

/** A SERP task_post body as the serp operation's task body (its schema, under the format's field names), or the refusal naming the field. */
function serpTaskBody(scope: RequestContext, body: Body): PostedV3Task {
  const languageCode = resolveLanguage(body);
  const location = resolveBodyLocation(scope, body);
  const tag = tagOf(body);
  const input = serpInput({ keyword: body.keyword, location, device: body.device, depth: body.depth });
  const sent: SerpSent = { keyword: body.keyword, location_code: location.code, language_code: languageCode, device: input.device, depth: input.depth };
  return {
    body: {
      ...input,
      ...(tag === undefined ? {} : { tag }),
      ...(body.postback_url === undefined ? {} : { postback_url: body.postback_url }),
      ...(body.pingback_url === undefined ? {} : { pingback_url: body.pingback_url }),
    },
    presentation: { face: 'v3', sort_by: 'relevance', sent: { ...sent } },
  };
}

/** A done SERP task's page as live presents it (a task posted through /v2 has its region's location code and the default language). */
function serpTaskRows(task: TaskRecord): unknown[] {
  const request = task.request as { phrase: string; region: number; device: string };
  const sent = presentationOf(task.request)?.sent as Partial<SerpSent> | undefined;
  return [
    presentSerpOrganic(task.result as SerpAnswer, {
      keyword: request.phrase.trim(),
      locationCode: sent?.location_code ?? locationCodeOfRegion(request.region),
      regionId: request.region,
      languageCode: sent?.language_code ?? DEFAULTS.languageCode,
      device: request.device,
      datetime: formatDate(task.finishedAt ?? task.postedAt),
    }),
  ];
}

/** SERP tasks are read at task_get/advanced; tasks_ready names that endpoint (regular and html are not served). */
const SERP_TASK_READING: TaskReading = {
  name: 'serp',
  get: 'task_get/advanced',
  endpoints: (path) => ({ endpoint_regular: null, endpoint_advanced: path, endpoint_html: null }),
};

/** Yandex organic results: live, and as tasks of the serp operation (the same page, cache, budget and price). */
const SERP_ROUTES: V3Route[] = [
  {
    path: `${SERP_YANDEX}/live/advanced`,
    method: 'POST',
    operation: 'v3.serp.live',
    body: serpOrganicBody('live'),
    live: true,
    summary: 'Yandex organic results of one keyword (top 10, 20 or 30) for a location and device, in the format\u2019s SERP item shape (one web search, cached 7 days)',
    async handle(call) {
      const body = oneTask(call.body);
      const languageCode = resolveLanguage(body);
      const location = resolveBodyLocation(call.scope, body);
      tagOf(body);
      const page = await searchResults(call.scope, { keyword: body.keyword, location, device: body.device, depth: body.depth });
      const result = presentSerpOrganic(page, {
        keyword: page.keyword,
        locationCode: location.code,
        regionId: location.regionId,
        languageCode,
        device: page.device,
        datetime: formatDate(call.now()),
      });
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, data: body, result: [result] })];
    },
  },
  ...taskRoutes(SERP_YANDEX, 'organic', 'serp', serpTaskBody, serpTaskRows, serpOrganicBody('task'), SERP_TASK_READING),
];

/** The same routes at a second path (the official client's), with their own operationIds in the OpenAPI document. */
function alsoAt(routes: readonly V3Route[], from: string, to: string): V3Route[] {
  const engine = to.split('/')[3];
  return routes.map((route) => ({ ...route, path: route.path.replace(from, to), operationId: `${route.operation}.${engine}` }));
}

/**
 * Labs search_intent of 1 to core_intent's limit of keywords: core_intent's plan, run and price (two web searches
 * per uncached phrase, a Wordstat call per phrase for its KEI), each row as the format's item (presentSearchIntentItem).
 */
function searchIntentRoute(base: string): V3Route {
  return {
    path: `${base}/search_intent/live`,
    method: 'POST',
    operation: 'v3.labs.search_intent',
    ...(base === LABS ? {} : { operationId: `v3.labs.search_intent.${base.split('/')[3]}` }),
    body: searchIntentBody(),
    live: true,
    summary: "Search intent of keywords from their Yandex results (core_intent's commerciality: commercial or informational, with its probability)",
    async handle(call) {
      const body = oneTask(call.body);
      refuseLabsUnservable(body);
      const languageCode = resolveLanguage(body);
      const located = body.location_code !== undefined || body.location_name !== undefined;
      const location = located ? resolveBodyLocation(call.scope, body) : undefined;
      tagOf(body);
      const rows = await searchIntent(call.scope, { keywords: body.keywords, location });
      const region = rows[0]?.geo.region;
      const result = [
        {
          language_code: languageCode,
          location_code: location?.code ?? (region === undefined ? null : locationCodeOfRegion(region)),
          items_count: rows.length,
          items: rows.map(presentSearchIntentItem),
        },
      ];
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, data: body, result })];
    },
  };
}

// --- the table -----------------------------------------------------------------------------------------------

export const v3Routes: V3Route[] = [
  ...SERP_ROUTES,
  ...alsoAt(SERP_ROUTES, SERP_YANDEX, SERP_GOOGLE),
  searchIntentRoute(LABS),
  searchIntentRoute(LABS_YANDEX),
  {
    path: `${GOOGLE_ADS}/search_volume/live`,
    method: 'POST',
    operation: 'v3.search_volume.live',
    body: searchVolumeBody('live'),
    live: true,
    summary: 'Average monthly volume and the monthly figures of 1 to 100 keywords (Wordstat), in the Google Ads row shape',
    async handle(call) {
      const body = oneTask(call.body);
      const sort = sortByOf(body);
      const { entries, range } = await liveSearchVolume(call.scope, body);
      const rows = sortRows(entries.map((e) => presentGoogleAdsRow(e, range)), sort);
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, data: oneTask(call.body), result: rows })];
    },
  },
  ...taskRoutes(`${GOOGLE_ADS}/search_volume`, 'search_volume', 'search_volume', searchVolumeTaskBody, (task) => {
    const presentation = presentationOf(task.request);
    const rows = ((task.result as KeywordVolumeEntry[] | null) ?? []).map((e) => presentGoogleAdsRow(e, presentation?.months));
    return sortRows(rows, presentation?.sort_by ?? 'relevance');
  }, searchVolumeBody('task')),
  {
    path: `${GOOGLE_ADS}/keywords_for_keywords/live`,
    method: 'POST',
    operation: 'v3.keywords_for_keywords.live',
    body: keywordsForKeywordsBody('live'),
    live: true,
    summary: "Related phrases of 1 to 20 seeds (Wordstat's related queries, one call per seed), one flat row each",
    async handle(call) {
      const body = oneTask(call.body);
      const seeds = seedsOf(body);
      const sort = sortByOf(body);
      tagOf(body);
      const { results, location, languageCode } = await relatedOfSeeds(call.scope, seeds, LIMITS.suggestionsLimit, body);
      const seen = new Set<string>();
      const rows = sortRows(results.flatMap((r) => presentRelatedRows(r, location.code, languageCode)).filter((row) => !seen.has(row.keyword) && seen.add(row.keyword)), sort);
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, data: body, result: rows })];
    },
  },
  ...taskRoutes(
    `${GOOGLE_ADS}/keywords_for_keywords`,
    'keywords_for_keywords',
    'suggestions',
    (scope, body) => {
      const seeds = seedsOf(body);
      if (seeds.length !== 1) throw invalidField('keywords', `keywords: a task takes one seed on this server (got ${seeds.length}); post one task per seed`, 'too_many', { max: 1 });
      // date_from/date_to are checked and echoed: these rows have no months to choose (monthly_searches null).
      const { fields, presentation } = commonTaskFields(scope, body);
      return { body: { keyword: seeds[0], limit: LIMITS.suggestionsLimit, ...fields }, presentation };
    },
    (task, scope) => {
      const result = task.result as SuggestionsResult;
      const codes = storedCodes(task, scope, result.locationFallback);
      return sortRows(presentRelatedRows(result, codes.location, codes.language), presentationOf(task.request)?.sort_by ?? 'relevance');
    },
    keywordsForKeywordsBody('task'),
  ),
  {
    path: `${GOOGLE_ADS}/locations`,
    method: 'GET',
    operation: 'v3.locations',
    free: true,
    summary: 'Every location of the region catalogue, with the codes search_volume takes',
    async handle(call) {
      const result = locationRows(call.scope).map(presentLocation);
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, result })];
    },
  },
  {
    path: `${GOOGLE_ADS}/locations/{country}`,
    method: 'GET',
    operation: 'v3.locations_country',
    free: true,
    summary: 'The locations of one country (ISO 3166-1 alpha-2), with the codes search_volume takes',
    async handle(call) {
      const country = (call.params.country ?? '').toUpperCase();
      const result = locationRows(call.scope)
        .filter((row) => row.countryIsoCode === country)
        .map(presentLocation);
      if (result.length === 0) throw invalidField('country', `country "${call.params.country ?? ''}" has no location in the region catalogue; see GET /v3/keywords_data/google_ads/locations`);
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, result })];
    },
  },
  {
    path: `${GOOGLE_ADS}/status`,
    method: 'GET',
    operation: 'v3.status',
    free: true,
    summary: 'The newest month of monthly_searches the source gives today',
    async handle(call) {
      const newest = monthsKept(call.scope).newest;
      const result = [
        {
          actual_data: true,
          date_update: call.scope.today,
          last_year_in_monthly_searches: Number(newest.slice(0, 4)),
          last_month_in_monthly_searches: Number(newest.slice(5, 7)),
        },
      ];
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, result })];
    },
  },
  {
    path: `${GOOGLE_ADS}/languages`,
    method: 'GET',
    operation: 'v3.languages',
    free: true,
    summary: 'The languages a task may name (Wordstat counts every query of a region whatever its language)',
    async handle(call) {
      const result = LANGUAGES.map((l) => ({ language_name: l.name, language_code: l.code }));
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, result })];
    },
  },
  {
    path: '/v3/appendix/errors',
    method: 'GET',
    operation: 'v3.errors',
    free: true,
    summary: 'The status codes this server sends, with their messages',
    async handle(call) {
      const result = Object.values(V3_STATUS).map((s) => ({ code: s.code, message: s.message }));
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, result })];
    },
  },
  {
    path: '/v3/appendix/user_data',
    method: 'GET',
    operation: 'v3.user_data',
    free: true,
    summary: "The key's name, time zone, spend over the last 30 days and the prices (keys have no balance)",
    async handle(call) {
      const usage = call.scope.usage ? await ownUsage(call.scope) : undefined;
      const result = [presentUserData(call.scope.principal.name, timeZoneOf(call), usage, pricesOfScope(call))];
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, result })];
    },
  },
  {
    path: `${LABS}/keyword_suggestions/live`,
    method: 'POST',
    operation: 'v3.labs.keyword_suggestions',
    body: labsBody('keyword', { include_seed_keyword: { type: 'boolean', default: false } }),
    live: true,
    summary: "The seed's related phrases (Wordstat's, one call), each with keyword_info",
    async handle(call) {
      const body = oneTask(call.body);
      refuseLabsUnservable(body);
      const seed = checkSeed({ keyword: body.keyword }).keyword;
      const limit = labsLimit(body);
      tagOf(body);
      const { items, location, languageCode } = await relatedOfSeeds(call.scope, [seed], limit, body);
      const seedData = body.include_seed_keyword === true ? (await searchVolume(call.scope, { keywords: [seed], location, languageCode }))[0] : undefined;
      const result = [
        {
          se_type: 'google',
          seed_keyword: seed,
          seed_keyword_data: seedData ? presentLabsVolumeItem(seedData, call.now()) : null,
          location_code: location.code,
          language_code: languageCode,
          total_count: items.length,
          items_count: items.length,
          offset: 0,
          offset_token: null,
          items: items.map((item) => presentLabsItem(item, location.code, languageCode, call.now())),
        },
      ];
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, data: body, result })];
    },
  },
  {
    path: `${LABS}/keyword_ideas/live`,
    method: 'POST',
    operation: 'v3.labs.keyword_ideas',
    body: labsBody('keywords'),
    live: true,
    summary: "Related phrases of 1 to 20 seeds (Wordstat's, one call per seed), each with keyword_info",
    async handle(call) {
      const body = oneTask(call.body);
      refuseLabsUnservable(body);
      const seeds = seedsOf(body);
      const limit = labsLimit(body);
      tagOf(body);
      const { items, location, languageCode } = await relatedOfSeeds(call.scope, seeds, LIMITS.suggestionsLimit, body);
      const kept = items.slice(0, limit);
      const result = [
        {
          se_type: 'google',
          seed_keywords: seeds,
          location_code: location.code,
          language_code: languageCode,
          total_count: items.length,
          items_count: kept.length,
          offset: 0,
          offset_token: null,
          items: kept.map((item) => presentLabsItem(item, location.code, languageCode, call.now())),
        },
      ];
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, data: body, result })];
    },
  },
  {
    path: `${LABS}/related_keywords/live`,
    method: 'POST',
    operation: 'v3.labs.related_keywords',
    body: labsBody('keyword', { depth: { type: 'integer', minimum: 0, maximum: 4, default: 1 } }),
    live: true,
    summary: "Related phrases to a depth of 0 to 4 (Wordstat's, one call per keyword expanded, 8 per keyword and level)",
    async handle(call) {
      const body = oneTask(call.body);
      refuseLabsUnservable(body);
      const seed = checkSeed({ keyword: body.keyword }).keyword;
      const depth = depthOf(body);
      const limit = labsLimit(body);
      tagOf(body);
      const languageCode = resolveLanguage(body);
      const location = resolveBodyLocation(call.scope, body);
      const now = call.now();
      type Node = { item: SuggestionsResult['items'][number]; depth: number; related: string[] };
      const nodes: Node[] = [];
      const seen = new Set<string>([seed]);
      let level: { keyword: string; node?: Node }[] = [{ keyword: seed }];
      // A level is expanded only while rows are still wanted: each expansion is a source call.
      for (let d = 1; d <= depth && level.length > 0 && nodes.length < limit; d++) {
        const next: { keyword: string; node?: Node }[] = [];
        for (const parent of level) {
          if (nodes.length >= limit) break;
          const found = await relatedKeywords(call.scope, { keyword: parent.keyword, limit: LIMITS.suggestionsLimit, location });
          const children = found.items.filter((item) => !seen.has(item.keyword)).slice(0, RELATED_FANOUT);
          if (parent.node) parent.node.related = children.map((c) => c.keyword);
          for (const item of children) {
            seen.add(item.keyword);
            const node: Node = { item, depth: d, related: [] };
            nodes.push(node);
            next.push({ keyword: item.keyword, node });
          }
        }
        level = next;
      }
      const kept = nodes.slice(0, limit);
      const result = [
        {
          se_type: 'google',
          seed_keyword: seed,
          seed_keyword_data: null,
          location_code: location.code,
          language_code: languageCode,
          total_count: nodes.length,
          items_count: kept.length,
          items: kept.map((n) => ({ se_type: 'google', keyword_data: presentLabsItem(n.item, location.code, languageCode, now), depth: n.depth, related_keywords: n.related })),
        },
      ];
      return [v3Task({ path: call.path, elapsedMs: call.elapsedMs() }, { status: V3_STATUS.ok, data: body, result })];
    },
  },
];

const timeZoneOf = (call: V3Call) => call.runtime.timeZone;
const pricesOfScope = (call: V3Call) => pricesOf(call.runtime);
