import type { z } from 'zod';

/** What the route table does not say about a route: its success body, and examples of both bodies. */
export interface RouteDoc {
  response: z.ZodType;
  requestExample: Record<string, unknown>;
  responseExample: unknown;
  /** The success body is a file of this media type (core_workbook's XLSX), not JSON; `response` is what it sums up. */
  file?: string;
  /** Descriptions of request fields (the validating schemas carry rules, not prose). */
  fields: Record<string, string>;
}
