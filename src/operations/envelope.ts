import { randomUUID } from 'node:crypto';
import type { DomainError, ErrorCode } from '../domain/errors.js';
import { StreamedList } from './streamed-list.js';
import { taskStatusCode } from './status-codes.js';

export { taskStatusCode };

/** Version string of the envelope format this service speaks. */
export const ENVELOPE_VERSION = '0.1.20260122';

export interface EnvelopeTask<R> {
  id: string;
  status_code: number;
  status_message: string;
  time: string;
  cost: number;
  result_count: number;
  path: string[];
  data: Record<string, unknown>;
  result: R[] | null;
  /** On an error task only: the stable code, the field at fault and why, for a client's own message. */
  error?: EnvelopeErrorDetail;
}

/** What an error task adds to the format's fields (clients of the format ignore fields they do not know). */
export interface EnvelopeErrorDetail {
  code: ErrorCode;
  field?: string;
  reason?: string;
  params?: Readonly<Record<string, string | number>>;
}

/** The error detail of a domain error, as /v1 error tasks carry it. */
export function envelopeErrorDetail(error: DomainError): EnvelopeErrorDetail {
  return {
    code: error.code,
    ...(error.field === undefined ? {} : { field: error.field }),
    ...(error.reason === undefined ? {} : { reason: error.reason }),
    ...(error.params === undefined ? {} : { params: error.params }),
  };
}

export interface Envelope<R> {
  version: string;
  status_code: number;
  status_message: string;
  time: string;
  cost: number;
  tasks_count: number;
  tasks_error: number;
  tasks: EnvelopeTask<R>[];
}

export interface EnvelopeRequest {
  /** URL path, e.g. `/v1/keywords/search_volume`. */
  path: string;
  /** The request as sent (echoed in `data`), or undefined when it could not be read. */
  body: unknown;
  startedAt: number;
  now: number;
}

/** `"0.0123 sec."`, as the format writes durations. */
export function formatSeconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(4)} sec.`;
}

function taskFrame(request: EnvelopeRequest) {
  const path = request.path.split('/').filter(Boolean);
  const echo = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {};
  return {
    id: randomUUID(),
    path,
    data: { api: path[1] ?? '', function: path[2] ?? '', ...(echo as Record<string, unknown>) },
    time: formatSeconds(request.now - request.startedAt),
  };
}

/** One task, its fields in the order the format lists them. */
function task<R>(
  frame: ReturnType<typeof taskFrame>,
  status_code: number,
  status_message: string,
  cost: number,
  result_count: number,
  result: R[] | null,
): EnvelopeTask<R> {
  const { id, time, path, data } = frame;
  return { id, status_code, status_message, time, cost, result_count, path, data, result };
}

/** The success envelope around one task's result items. */
export function presentEnvelope<R>(request: EnvelopeRequest, result: R[], cost: number): Envelope<R> {
  const frame = taskFrame(request);
  return {
    version: ENVELOPE_VERSION,
    status_code: 20000,
    status_message: 'Ok.',
    time: frame.time,
    cost,
    tasks_count: 1,
    tasks_error: 0,
    tasks: [task(frame, 20000, 'Ok.', cost, result.length, result)],
  };
}

/**
 * The error envelope: same shape, a 5-digit code, a message naming the field, result null; cost 0 unless the
 * request fetched answers upstream before it failed.
 */
export function presentEnvelopeError(request: EnvelopeRequest, error: DomainError, cost = 0): Envelope<never> {
  const frame = taskFrame(request);
  const code = taskStatusCode(error.code);
  return {
    version: ENVELOPE_VERSION,
    status_code: code,
    status_message: error.message,
    time: frame.time,
    cost,
    tasks_count: 1,
    tasks_error: 1,
    tasks: [{ ...task<never>(frame, code, error.message, cost, 0, null), error: envelopeErrorDetail(error) }],
  };
}

/**
 * The result items of a route that presents its own envelope (task_get), when its one task is finished
 * (20000); undefined while it is queued, running, failed or cancelled. What a CSV of a task holds. A page of a
 * list result comes as a StreamedList (read as it is written).
 */
export function finishedTaskResult(envelope: unknown): unknown[] | StreamedList | undefined {
  const first = (envelope as { tasks?: { status_code?: number; result?: unknown }[] } | undefined)?.tasks?.[0];
  if (first?.status_code !== 20000) return undefined;
  return Array.isArray(first.result) || first.result instanceof StreamedList ? first.result : undefined;
}
