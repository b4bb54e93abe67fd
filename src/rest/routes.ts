import type { z } from 'zod';
import type { RequestScope } from '../services/runtime.js';

/** The two REST families: error shapes and envelopes differ between them. */
export type Family = 'v1' | 'v2';

/** One REST route: a validated body in, a presented body out (the family wraps it). */
export interface RestRoute {
  path: string;
  /** POST (JSON body) unless GET (query parameters become the body object). */
  method?: 'GET' | 'POST';
  /** A free read of the caller's own account (usage, quota): cost 0, no X-Cache. */
  free?: boolean;
  family: Family;
  /** Name in the ledger, logs and metrics, e.g. `v2.top`. */
  operation: string;
  summary: string;
  /** The body schema (also the source of the OpenAPI document). */
  schema: z.ZodType;
  /** Runs the operation; for v1, returns the task's result items. */
  handle(body: unknown, scope: RequestScope): Promise<unknown>;
}
