import type { z } from 'zod';
import type { RequestContext } from '../services/runtime.js';
import type { RouteDoc } from './openapi/route-doc.js';

/** The two REST families: error shapes and envelopes differ between them. */
export type Family = 'v1' | 'v2';

/**
 * One entry of the REST route table: path and method, the request schema, whether the call is billed, and a
 * typed handler. The pipeline (handler.ts) authenticates, reads the body (a POST's JSON, a GET's or DELETE's
 * query parameters), checks it against `schema` (INVALID_FIELD naming the field) and hands the handler the
 * checked value; the family then wraps what the handler returns. The front routes by `path` and `method`,
 * OpenAPI documents `schema`, and the metrics label a call by `path`.
 */
export interface RestRoute<S extends z.ZodType = z.ZodType> {
  /** The path, parameters in braces (e.g. `/v1/keywords/search_volume/task_get/{id}`). */
  path: string;
  /** POST (JSON body) unless GET or DELETE (query parameters become the body object). */
  method?: 'GET' | 'POST' | 'DELETE';
  /**
   * The handler returns the whole /v1 envelope itself (task routes: many tasks, each with its own status), and a
   * /v1 body that is an array reaches it as posted (not unwrapped as one task).
   */
  envelope?: 'own';
  /** A free read of the caller's own account (usage, quota): cost 0, no X-Cache; `unless-asked`: when it asked no source call. */
  free?: boolean | 'unless-asked';
  /** Largest body this route reads (default MAX_BODY_BYTES, 1 MiB): the operation's `limits.bodyBytes`. */
  maxBodyBytes?: number;
  family: Family;
  /** Name in the ledger, logs and metrics, e.g. `v2.top`. */
  operation: string;
  summary: string;
  /** OpenAPI documentation (fields, examples, the success body); absent: the table's (route-docs.ts). */
  doc?: RouteDoc;
  /** The body schema: checked before the handler runs, and the source of the OpenAPI document. */
  schema: S;
  /**
   * `checked` (the default): the handler gets the body checked against `schema`. `each-task`: the body is one
   * task or an array of up to 100, each checked by the task service on its own (a bad one fails alone, with its
   * own status, as the envelope format wants), so the handler gets the tasks as posted.
   */
  input?: 'checked' | 'each-task';
  /** Runs the operation; for v1, returns the task's result items. */
  handle(body: z.output<S>, scope: RequestContext, request: RestRequestInfo): Promise<unknown>;
}

/** A route of the table, its body type fixed by its own schema (the table holds routes of many schemas). */
export function defineRoute<S extends z.ZodType>(route: RestRoute<S>): RestRoute {
  // The one erasure: the pipeline only ever calls `handle` with `parseBody(route.schema, …)`, i.e. z.output<S>.
  return route as unknown as RestRoute;
}

/** What a handler may need of the request beyond its body. */
export interface RestRequestInfo {
  /** Path parameters (`{id}`). */
  params: Record<string, string>;
  path: string;
  startedAt: number;
  /** The service clock's time now (envelope `time`). */
  now(): number;
}
