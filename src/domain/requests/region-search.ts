import { z } from 'zod';
import { integerField, stringField } from './parse.js';

/** Most regions one lookup returns. */
export const REGION_SEARCH_MAX_LIMIT = 50;
export const REGION_SEARCH_DEFAULT_LIMIT = 10;

/** POST /v2/stats/region_search body: a name or part of one, and how many matches to return (1–50, default 10). */
export const regionSearchRequestSchema = z.object({
  query: stringField('query')
    .max(200, { error: 'query must be at most 200 characters' })
    .refine((q) => q.trim().length > 0, { error: 'query must not be empty' }),
  limit: integerField('limit')
    .min(1, { error: 'limit must be at least 1' })
    .max(REGION_SEARCH_MAX_LIMIT, { error: `limit must be at most ${REGION_SEARCH_MAX_LIMIT}` })
    .optional(),
});
