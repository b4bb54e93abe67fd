import { DomainError, toDomainError } from '../domain/errors.js';
import type { HttpCall, Reply } from '../http/exchange.js';
import { jsonReply } from '../http/exchange.js';
import { createCorsPolicy } from '../http/cors-policy.js';
import { callFromFetch, replyToResponse } from '../http/fetch-exchange.js';
import { jsonBytes } from '../http/json-bytes.js';
import { createHttpFront } from '../http/front.js';
import { type RestEndpoints, restFrontEntries } from './front-entries.js';
import { knownPrincipal, recordRow, requirePrincipal, runOperation } from '../services/run-operation.js';
import type { Principal } from '../services/auth/authenticator.js';
import { todayIn } from '../domain/dates/calendar.js';
import { MAX_BODY_BYTES, readTextBody, receivedText } from '../face-kit/request-body.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { parseBody } from '../domain/requests/parse.js';
import { assertJsonContentType, isJsonContentType, parseJsonText, readJsonBody } from './body.js';
import { envelopeTemplate } from './kept-envelope.js';
import { createHitMemo, type HitMemo, isKeptRoute, type KeptAnswer } from './hit-memo.js';
import { csvRequestFor } from './csv/csv-request.js';
import { coreCleanTaskFile, isCoreCleanTaskGet } from './csv/core-clean-task-file.js';
import { csvReply, workbookFileReply } from './csv/csv-response.js';
import { WorkbookFile } from '../services/files/workbook-file.js';
import { type TableLang, tableLangOf } from './csv/table-lang.js';
import { errorReply } from './responses.js';
import { locationFallbackHeaders } from './location-fallback.js';
import type { Family, RestRoute } from './routes.js';
import { finishedTaskResult, presentEnvelope } from './v1/envelope.js';
import { StreamedList } from './streamed-list.js';
import { streamedJsonReply } from './streamed-json.js';


/**
 * The REST pipeline once the front has routed a call: auth, then the operation (body limit and JSON, the
 * route's handler) through the shared runner (scope, price, ledger row), then the family's success or error
 * shape with cache and cost headers, or the CSV table.
 */
export function createRestEndpoints(runtime: ServiceRuntime): RestEndpoints {
  const refuse = (family: Family, call: HttpCall, error: DomainError, body?: unknown, startedAt = runtime.clock.now(), cost = 0) =>
    errorReply(family, error, { path: call.path, body, startedAt, now: runtime.clock.now() }, cost);

  const memo: HitMemo | undefined = runtime.dataVersion && createHitMemo(runtime.dataVersion);

  /** A kept answer, served as the pipeline would: the same body, headers and ledger row. */
  const serveKept = (route: RestRoute, call: HttpCall, principal: Principal, startedAt: number, kept: KeptAnswer): Reply => {
    recordRow(runtime, principal, startedAt, { operation: route.operation, cacheStatus: 'HIT', status: 200, price: kept.cost });
    const headers: Record<string, string> = { 'content-type': JSON_TYPE, 'x-cache': 'HIT', 'x-cost': String(kept.cost) };
    Object.assign(headers, kept.headers);
    if (kept.bytes) return { status: 200, headers, body: kept.bytes };
    if (kept.template) return { status: 200, headers, body: kept.template.fill(startedAt, runtime.clock.now()) };
    const payload = presentEnvelope({ path: call.path, body: kept.body, startedAt, now: runtime.clock.now() }, kept.result as unknown[], kept.cost);
    return { status: 200, headers, body: jsonBytes(payload) };
  };

  /** The kept answer for a body, if one is kept and still fresh. */
  const keptFor = (route: RestRoute, text: string): KeptAnswer | undefined => {
    const now = runtime.clock.now();
    return memo?.find(route.operation, text, now, todayIn(runtime.timeZone, now));
  };

  /**
   * The whole pipeline, from authentication on. `known` is the caller when already known, `received` the body when
   * already read (serve looked for a kept answer with them).
   */
  const servePipeline = async (
    route: RestRoute,
    call: HttpCall,
    params: Record<string, string>,
    startedAt: number,
    known?: Principal,
    received?: string,
  ): Promise<Reply> => {
    const family = route.family;
    let principal;
    try {
      principal = known ?? (await requirePrincipal(runtime, call.headers.get('authorization'), call.peer));
    } catch (error) {
      return refuse(family, call, toDomainError(error), undefined, startedAt);
    }

    // The body is read here for a route whose answers are kept; a failure to read it is thrown where the
    // pipeline would have thrown it (inside the run: same status, same ledger row).
    const keptRoute = memo !== undefined && isKeptRoute(route, call);
    let text: string | undefined;
    let readFailure: { error: unknown } | undefined;
    let version = 0;
    if (keptRoute) {
      try {
        assertJsonContentType(call.headers);
        text = received ?? (await readTextBody(call, route.maxBodyBytes ?? MAX_BODY_BYTES));
      } catch (error) {
        readFailure = { error };
      }
      if (text !== undefined) {
        const kept = received === undefined ? keptFor(route, text) : undefined; // a received body was looked up
        if (kept) return serveKept(route, call, principal, startedAt, kept);
        version = memo.version();
      }
    }

    let body: unknown;
    let csv: ReturnType<typeof csvRequestFor>;
    let lang: TableLang | undefined;
    const outcome = await runOperation(runtime, principal, {
      face: 'REST',
      operation: route.operation,
      free: route.free,
      run: async (scope) => {
        csv = csvRequestFor(call); // ?format=csv or Accept: text/csv (src/rest/csv)
        lang = csv && tableLangOf(call, csv); // ?lang=ru|en; a workbook follows Accept-Language
        if (readFailure) throw readFailure.error;
        body = text !== undefined ? parseJsonText(text) : (route.method ?? 'POST') === 'POST' ? await readJsonBody(call, route.maxBodyBytes) : Object.fromEntries(call.query);
        // Clients of the envelope format post an array of tasks; exactly one task is accepted as that task
        // (task_post takes the array itself: each task is checked on its own).
        if (family === 'v1' && Array.isArray(body) && route.input !== 'each-task') body = unwrapSingleTask(body);
        const input = route.input === 'each-task' ? body : parseBody(route.schema, body);
        return route.handle(input, scope, { params, path: call.path, startedAt, now: () => runtime.clock.now() });
      },
    });
    if (!outcome.ok) return refuse(family, call, outcome.error, body, startedAt, outcome.cost);
    const { result: presented, cacheStatus, cost } = outcome;
    const headers: Record<string, string> = outcome.free ? { 'x-cost': '0' } : { 'x-cache': cacheStatus, 'x-cost': String(cost) };
    // An operation whose answer is a file (core_workbook): its bytes, whatever the format asked.
    if (presented instanceof WorkbookFile) return workbookFileReply(presented, headers);
    const fallback = locationFallbackHeaders(body, runtime.catalog);
    Object.assign(headers, fallback);
    if (text !== undefined && cacheStatus === 'HIT' && outcome.scope.tracker.staleCount() === 0 && outcome.scope.tracker.count() > 0) {
      const v1 = family === 'v1' && route.envelope !== 'own';
      if (!v1 || Array.isArray(presented)) {
        const answer = v1
          ? { result: presented as unknown[], template: envelopeTemplate(call.path, body, presented as unknown[], cost), body, headers: fallback, cost }
          : { bytes: jsonBytes(presented), body: undefined, headers: fallback, cost };
        const built = { version, today: outcome.scope.today, freshUntil: outcome.scope.tracker.freshUntil(), now: runtime.clock.now() };
        memo!.keep(route.operation, text, answer, built);
        if (answer.bytes) return { status: 200, headers: { 'content-type': JSON_TYPE, ...headers }, body: answer.bytes };
      }
    }
    const payload =
      family === 'v1' && route.envelope !== 'own'
        ? presentEnvelope({ path: call.path, body, startedAt, now: runtime.clock.now() }, presented as unknown[], cost)
        : presented;
    // A finished core_clean task's file is its semantic-core workbook; still waiting, its JSON status.
    const cleanFile = csv === 'xlsx' && isCoreCleanTaskGet(call.path) ? coreCleanTaskFile(presented, lang ?? 'en', runtime) : undefined;
    if (cleanFile) return workbookFileReply(cleanFile, headers);
    // A finished task's CSV is its result items' table; a task still waiting answers its JSON status instead.
    const rows = route.envelope === 'own' ? finishedTaskResult(presented) : presented;
    const file = { lang, body, source: runtime.sourceKind, catalog: runtime.catalog, timeZone: runtime.timeZone, now: runtime.clock.now() };
    const table = csv && rows !== undefined && (await csvReply(call.path, rows, csv, headers, file));
    if (table) return table;
    // A task's result page is written as it is read from the database (up to 10,000 keywords).
    return rows instanceof StreamedList ? streamedJsonReply(payload, rows, headers) : jsonReply(payload, 200, headers);
  };

  return {
    refuse: (family, call, error) => refuse(family, call, error),
    serve(route, call, params) {
      const startedAt = runtime.clock.now();
      // A kept answer for a caller known at once whose body is already here is answered at once: not one promise
      // on its way (each paid AsyncLocalStorage's hooks). Anything else, a refusal included, is the pipeline's.
      const known = knownPrincipal(runtime, call.headers.get('authorization'));
      if (!known || memo === undefined || !isKeptRoute(route, call) || !isJsonContentType(call.headers)) return servePipeline(route, call, params, startedAt, known);
      const received = receivedText(call, route.maxBodyBytes ?? MAX_BODY_BYTES);
      const kept = received === undefined ? undefined : keptFor(route, received);
      return kept ? serveKept(route, call, known, startedAt, kept) : servePipeline(route, call, params, startedAt, known, received);
    },
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

function unwrapSingleTask(tasks: unknown[]): unknown {
  if (tasks.length === 1) return tasks[0];
  throw new DomainError('INVALID_FIELD', `the request must hold exactly one task, got ${tasks.length}`, { field: 'body' });
}

/**
 * The REST routes alone as a fetch handler, through the same front and pipeline the app serves them with (tests
 * and tools that need no GraphQL); undefined for a path outside /v1 and /v2 and the given routes.
 */
export function createRestHandler(runtime: ServiceRuntime, routes: readonly RestRoute[]): (request: Request) => Promise<Response | undefined> {
  const front = createHttpFront({
    ...restFrontEntries(routes, createRestEndpoints(runtime)),
    cors: createCorsPolicy([]),
    demo: () => false,
    access: () => {},
    logger: runtime.logger,
  });
  return async (request) => {
    const call = callFromFetch(request);
    const routed = front.route(call.method, call.path);
    return routed ? replyToResponse(await routed(call), request.method === 'HEAD') : undefined;
  };
}
