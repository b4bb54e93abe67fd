import { assertJsonTextDepth } from '../face-kit/json-depth.js';
import { MAX_BODY_BYTES, readTextBody } from '../face-kit/request-body.js';
import { errorHeaders } from '../http/error-headers.js';
import { jsonReply, type HttpCall, type Reply } from '../http/exchange.js';
import type { FrontEntry } from '../http/front.js';
import { authenticate, DomainError, runV3Operation, toDomainError, type ServiceRuntime } from './core-operations.js';
import { isRequestLevel, statusOfError, V3_STATUS, v3Envelope, v3ErrorTask, type V3Task } from './envelope.js';
import { v3OpenApiDocument, V3_OPENAPI_PATH } from './openapi.js';
import { v3Routes, type V3Route } from './routes.js';

/** Where the face lives. */
const V3_PREFIX = '/v3';

/**
 * `Authorization: Basic base64(login:password)` → the password as the API key (the login is any text); Bearer
 * passes as it is. Anything else is left for the authenticator to refuse.
 */
function bearerOf(authorization: string | null): string | null {
  if (authorization === null) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(authorization);
  if (!match) return authorization;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? null : `Bearer ${decoded.slice(colon + 1)}`;
}

/** The body as JSON: bounded, depth-checked; an unreadable one is the format's "POST Data Is Invalid." */
async function readBody(call: HttpCall): Promise<unknown> {
  const text = await readTextBody(call, MAX_BODY_BYTES);
  if (text.trim() === '') throw new DomainError('INVALID_JSON', 'the request body is empty; expected a JSON array of tasks', { field: 'body' });
  assertJsonTextDepth(text);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DomainError('INVALID_JSON', `the request body is not valid JSON: ${error instanceof Error ? error.message : 'malformed'}`, { field: 'body' });
  }
}

/** A task's echo of what was posted (live routes post one task). */
const echoOf = (body: unknown): Record<string, unknown> | undefined => {
  const first = Array.isArray(body) ? body[0] : body;
  return first !== null && typeof first === 'object' && !Array.isArray(first) ? (first as Record<string, unknown>) : undefined;
};

/** The face's routes as entries of the HTTP front, and its subtree answering every other /v3 path with 404. */
export function createV3Face(runtime: ServiceRuntime, routes: readonly V3Route[] = v3Routes): { entries: FrontEntry[]; subtree: { prefix: string; serve(call: HttpCall): Promise<Reply> } } {
  const clockMs = () => runtime.clock.now();

  /** The envelope of a request that failed as a whole: its status at both levels, in one error task. */
  const failed = (call: HttpCall, error: DomainError, startedAt: number, body?: unknown, cost = 0, as?: { code: number; http: number }): Reply => {
    const elapsedMs = clockMs() - startedAt;
    const { code, http } = as ?? statusOfError(error);
    const task = { ...v3ErrorTask({ path: call.path, elapsedMs }, error, echoOf(body), cost), status_code: code };
    const headers = errorHeaders(error);
    if (http === 401) headers['www-authenticate'] = 'Basic realm="v3", Bearer';
    return jsonReply(v3Envelope(elapsedMs, [task], { code, message: error.message }), http, headers);
  };

  const serve = async (route: V3Route, call: HttpCall, params: Record<string, string>): Promise<Reply> => {
    const startedAt = clockMs();
    let principal;
    try {
      principal = await authenticate(runtime, bearerOf(call.headers.get('authorization')), call.peer);
    } catch (error) {
      const refusal = toDomainError(error);
      return failed(call, refusal.code === 'UNAUTHENTICATED' ? new DomainError('UNAUTHENTICATED', 'a valid API key is required: HTTP Basic with the key as password, or Authorization: Bearer <key>') : refusal, startedAt);
    }
    let body: unknown;
    const outcome = await runV3Operation(runtime, principal, {
      operation: route.operation,
      free: route.free,
      run: async (scope) => {
        if (route.method === 'POST') body = await readBody(call);
        return route.handle({ runtime, scope, body, params, path: call.path, elapsedMs: () => clockMs() - startedAt, now: () => new Date(clockMs()) });
      },
    });
    const elapsedMs = clockMs() - startedAt;
    const headers: Record<string, string> = { 'x-cost': String(outcome.cost) };
    if (!outcome.ok) {
      if (isRequestLevel(outcome.error) || isOneTaskRefusal(outcome.error)) {
        const as = isOneTaskRefusal(outcome.error) ? { code: V3_STATUS.oneTaskAtATime.code, http: 200 } : undefined;
        const reply = failed(call, outcome.error, startedAt, body, outcome.cost, as);
        return { ...reply, headers: { ...reply.headers, ...headers } };
      }
      // A task that failed on its own (a field, a location, the source): HTTP 200, the error in the task.
      const task = v3ErrorTask({ path: call.path, elapsedMs }, outcome.error, echoOf(body), outcome.cost);
      return jsonReply(v3Envelope(elapsedMs, [task]), 200, { ...errorHeaders(outcome.error), ...headers });
    }
    const tasks: V3Task[] = outcome.result;
    // A live call is one task: it carries the request's price.
    if (route.live && tasks.length === 1) tasks[0]!.cost = outcome.cost;
    return jsonReply(v3Envelope(elapsedMs, tasks), 200, headers);
  };

  const byPath = new Map<string, V3Route[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  const entries: FrontEntry[] = [...byPath].map(([path, served]) => ({
    path,
    serve: (call, params) => {
      const route = served.find((r) => r.method === call.method);
      if (route) return serve(route, call, params);
      const methods = served.map((r) => r.method).join(' or ');
      // The format has no 405: a method a path does not take is no route (404), the Allow header says which.
      const error = new DomainError('METHOD_NOT_ALLOWED', `${call.method} is not served on ${call.path}; use ${methods}`, { allow: methods.replace(' or ', ', ') });
      return Promise.resolve(failed(call, error, clockMs()));
    },
  }));
  const document = v3OpenApiDocument(routes);
  entries.push({
    path: V3_OPENAPI_PATH,
    serve: async (call) => (call.method === 'GET' ? jsonReply(document) : failed(call, new DomainError('METHOD_NOT_ALLOWED', `${call.method} is not served on ${call.path}; use GET`, { allow: 'GET' }), clockMs())),
  });
  return {
    entries,
    subtree: {
      prefix: V3_PREFIX,
      serve: async (call) =>
        failed(call, new DomainError('NOT_FOUND', `no route ${call.path} on /v3; see docs/v3.md for the paths served`), clockMs(), undefined, 0, { code: V3_STATUS.notFound.code, http: 404 }),
    },
  };
}

/** The refusal of a live call that posted other than one task (routes.ts oneTask): the format's 40000. */
const isOneTaskRefusal = (error: DomainError) => error.code === 'INVALID_FIELD' && error.field === 'body' && error.reason === 'too_many' && error.params?.max === 1;
