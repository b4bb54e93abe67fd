import type { z } from 'zod';

/** What the route table does not say about a route: its success body, and examples of both bodies. */
export interface RouteDoc {
  response: z.ZodType;
  requestExample: Record<string, unknown>;
  responseExample: unknown;
  /** Descriptions of request fields (the validating schemas carry rules, not prose). */
  fields: Record<string, string>;
}
