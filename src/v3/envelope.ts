import { randomUUID } from 'node:crypto';
import { ENVELOPE_VERSION, formatSeconds, type DomainError, type Envelope, type EnvelopeTask, type ErrorCode } from './core-operations.js';

/**
 * The keyword-data format's envelope and status policy on /v3 (docs/v3.md): HTTP 200 for every answer but 401
 * (no valid key), 404 (no such route) and 500 (a real fault), the outcome in `status_code` of the envelope and of
 * each task. No key has a balance here, so 402 is never sent.
 */

/** Version string of the format this face speaks: the envelope's own (the same format as /v1's). */
export const V3_VERSION = ENVELOPE_VERSION;

/** The format's status codes this server sends, with their messages: GET /v3/appendix/errors lists exactly these. */
export const V3_STATUS = {
  ok: { code: 20000, message: 'Ok.' },
  created: { code: 20100, message: 'Task Created.' },
  oneTaskAtATime: { code: 40000, message: 'You can set only one task at a time.' },
  unauthorized: { code: 40100, message: 'You are not authorized to access this resource.' },
  rateLimited: { code: 40202, message: 'Rate limit exceeded.' },
  tooManyRequests: { code: 40209, message: 'Too many requests: slow down.' },
  budgetExhausted: { code: 40210, message: 'The source budget of this hour is spent; retry later.' },
  notFound: { code: 40400, message: 'Not Found.' },
  invalidField: { code: 40501, message: 'Invalid Field.' },
  invalidPostData: { code: 40503, message: 'POST Data Is Invalid.' },
  handed: { code: 40601, message: 'Task Handed.' },
  inQueue: { code: 40602, message: 'Task In Queue.' },
  cancelled: { code: 40603, message: 'Task Cancelled.' },
  timeout: { code: 40800, message: 'Request Timeout.' },
  internal: { code: 50000, message: 'Internal Error.' },
  sourceUnavailable: { code: 50301, message: 'Service Temporarily Unavailable.' },
} as const;

type StatusName = keyof typeof V3_STATUS;

/** Each error code of the core, as the format's status and the HTTP status it travels with. */
const ERROR_STATUS: Record<ErrorCode, { status: StatusName; http: number }> = {
  INVALID_JSON: { status: 'invalidPostData', http: 200 },
  PAYLOAD_TOO_LARGE: { status: 'invalidPostData', http: 200 },
  UNSUPPORTED_MEDIA_TYPE: { status: 'invalidPostData', http: 200 },
  METHOD_NOT_ALLOWED: { status: 'notFound', http: 404 },
  NOT_FOUND: { status: 'notFound', http: 200 },
  CLIENT_CLOSED_REQUEST: { status: 'invalidPostData', http: 200 },
  REQUEST_TIMEOUT: { status: 'timeout', http: 200 },
  UNAUTHENTICATED: { status: 'unauthorized', http: 401 },
  SOURCE_RATE_LIMITED: { status: 'rateLimited', http: 200 },
  TOO_MANY_REQUESTS: { status: 'tooManyRequests', http: 200 },
  SOURCE_QUOTA_EXHAUSTED: { status: 'budgetExhausted', http: 200 },
  INVALID_FIELD: { status: 'invalidField', http: 200 },
  QUERY_TOO_COMPLEX: { status: 'invalidField', http: 200 },
  SOURCE_FAILED: { status: 'internal', http: 200 },
  INTERNAL: { status: 'internal', http: 500 },
  SOURCE_UNAVAILABLE: { status: 'sourceUnavailable', http: 200 },
  SERVICE_UNAVAILABLE: { status: 'sourceUnavailable', http: 200 },
};

/** The format's status code and the HTTP status of a core error. */
export function statusOfError(error: DomainError): { code: number; http: number } {
  const mapped = ERROR_STATUS[error.code];
  return { code: V3_STATUS[mapped.status].code, http: mapped.http };
}

/** Errors that concern the request as a whole (it could not be read): the envelope carries them, not only a task. */
const REQUEST_LEVEL: ReadonlySet<ErrorCode> = new Set(['INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'CLIENT_CLOSED_REQUEST', 'UNAUTHENTICATED', 'TOO_MANY_REQUESTS', 'METHOD_NOT_ALLOWED', 'INTERNAL']);
export const isRequestLevel = (error: DomainError) => REQUEST_LEVEL.has(error.code);

/** One task of the envelope: the operations' envelope task (src/operations/envelope.ts), its rows this face's. */
export type V3Task = EnvelopeTask<unknown>;

type V3Envelope = Envelope<unknown>;

/** The path parts and `data` head of a call: api, function and, where the path has one, se (`google_ads`, `google`). */
export function frameOf(path: string): { path: string[]; head: Record<string, string> } {
  const parts = path.split('/').filter(Boolean);
  const [, api = '', third = '', fourth] = parts;
  const head: Record<string, string> = fourth === undefined || api === 'appendix' ? { api, function: third } : { api, function: fourth, se: third };
  return { path: parts, head };
}

/** A task of the envelope. */
export function v3Task(
  frame: { path: string; elapsedMs: number },
  fields: { id?: string; status: { code: number; message: string }; cost?: number; data?: Record<string, unknown>; result?: unknown[] | null },
): V3Task {
  const { path, head } = frameOf(frame.path);
  const result = fields.result ?? null;
  return {
    id: fields.id ?? taskId(),
    status_code: fields.status.code,
    status_message: fields.status.message,
    time: formatSeconds(frame.elapsedMs),
    cost: fields.cost ?? 0,
    result_count: result?.length ?? 0,
    path,
    data: { ...head, ...(fields.data ?? {}) },
    result,
  };
}

/** An error task: the core's message (naming the field) as status_message. */
export function v3ErrorTask(frame: { path: string; elapsedMs: number }, error: DomainError, data?: Record<string, unknown>, cost = 0): V3Task {
  const { code } = statusOfError(error);
  return {
    ...v3Task(frame, { status: { code, message: error.message }, cost, ...(data ? { data } : {}) }),
    error: { code: error.code, ...(error.field === undefined ? {} : { field: error.field }) },
  };
}

const isError = (task: V3Task) => task.status_code >= 40000 && task.status_code !== V3_STATUS.handed.code && task.status_code !== V3_STATUS.inQueue.code;

/** The envelope around tasks answered one by one: 20000 unless `failure` says the request itself failed. */
export function v3Envelope(elapsedMs: number, tasks: V3Task[], failure?: { code: number; message: string }): V3Envelope {
  return {
    version: V3_VERSION,
    status_code: failure?.code ?? V3_STATUS.ok.code,
    status_message: failure?.message ?? V3_STATUS.ok.message,
    time: formatSeconds(elapsedMs),
    cost: Math.round(tasks.reduce((sum, t) => sum + t.cost, 0) * 1e6) / 1e6,
    tasks_count: tasks.length,
    tasks_error: tasks.filter(isError).length,
    tasks,
  };
}

/** An id in the format's shape (a UUID) for a task this server does not keep (live calls, lists). */
export const taskId = () => randomUUID();
