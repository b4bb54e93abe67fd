import { integerField } from '../domain/requests/parse.js';

/** Most rows a list tool returns: enough for research, not enough to flood an agent's context. */
export const MAX_ROWS = 1000;
export const DEFAULT_ROWS = 50;

/** The `limit` argument of the list tools, validated like every REST integer field. */
export const rowLimitField = (max = MAX_ROWS, fallback = DEFAULT_ROWS) =>
  integerField('limit')
    .min(1, { error: `limit must be between 1 and ${max}` })
    .max(max, { error: `limit must be between 1 and ${max}` })
    .default(fallback);

export const rowLimitDoc = (max = MAX_ROWS, fallback = DEFAULT_ROWS) =>
  `Most rows to return, 1–${max} (default ${fallback}); \`total\` tells how many there were.`;
