import { z } from 'zod';
import { stringField } from './parse.js';

/** GET /v1/usage query: optional `YYYY-MM-DD` bounds (default: the last 30 days). */
export const usageRequestSchema = z.object({
  from: stringField('from').optional(),
  to: stringField('to').optional(),
});

/** GET /v2/stats/quota takes no parameters. */
export const quotaRequestSchema = z.object({});
