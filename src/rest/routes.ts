import type { z } from 'zod';
import type { RequestScope } from '../services/runtime.js';

/** The two REST families: error shapes and envelopes differ between them. */
export type Family = 'v1' | 'v2';

/** One REST route: a validated body in, a presented body out (the family wraps it). */
export interface RestRoute {
  /** The path, parameters in braces (e.g. `/v1/keywords/search_volume/task_get/{id}`): routing, OpenAPI and metrics labels. */
  path: string;
  /** POST (JSON body) unless GET or DELETE (query parameters become the body object). */
  method?: 'GET' | 'POST' | 'DELETE';
  /**
   * The handler returns the whole /v1 envelope itself (task routes: many tasks, each with its own status), and a
   * /v1 body that is an array reaches it as posted (not unwrapped as one task).
   */
  envelope?: 'own';
  /** A free read of the caller's own account (usage, quota): cost 0, no X-Cache. */
  free?: boolean;
  family: Family;
  /** Name in the ledger, logs and metrics, e.g. `v2.top`. */
  operation: string;
  summary: string;
  /** The body schema (also the source of the OpenAPI document). */
  schema: z.ZodType;
  /** Runs the operation; for v1, returns the task's result items. */
  handle(body: unknown, scope: RequestScope, request: RestRequestInfo): Promise<unknown>;
}

/** What a handler may need of the request beyond its body. */
export interface RestRequestInfo {
  /** Path parameters (routes with `match`). */
  params: Record<string, string>;
  path: string;
  startedAt: number;
  /** The service clock's time now (envelope `time`). */
  now(): number;
}
