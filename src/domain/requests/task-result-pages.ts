import { invalidField } from '../errors.js';
import { MAX_TASK_KEYWORDS } from './keyword-data.js';

/**
 * How a task's stored result is read, on every face: by pages of rows, never whole. Every page limit lives
 * here, once; REST task_get (JSON, CSV, XLSX), MCP task_result and GraphQL `Task.keywords` read them and restate
 * none. A face that writes its answer as a stream may hand out a large page (it is still read from the database
 * `readRows` at a time); a face that builds its answer in memory gets a small one.
 */
export const TASK_RESULT_PAGES = {
  /** Rows one database statement reads: a larger page is read in several, the event loop free between them. */
  readRows: 500,
  /** Streamed answers (REST) written at once per process; the others wait their turn (src/rest/stream-turns.ts). */
  streamsAtOnce: 2,
  /**
   * REST task_get, streamed: without `limit` the whole result of the largest task (clients of the envelope
   * format expect it whole, as task_get always answered), written page by page.
   */
  rest: { defaultLimit: MAX_TASK_KEYWORDS, maxLimit: MAX_TASK_KEYWORDS },
  /** MCP task_result: one JSON-RPC answer built in memory (and read by a model): a page of at most 1,000. */
  mcp: { defaultLimit: 1000, maxLimit: 1000 },
  /**
   * GraphQL `Task.keywords(first)` / `keywordPage(first)`: an answer built in memory, so 100 unless asked, 1 to
   * 1,000; over all the tasks an answer reads, at most `maxRowsPerAnswer` rows (about 700 bytes each with their
   * monthly figures: an answer stays near 1.5 MB) and at most `maxTaskReads` task reads (each alias of
   * `task(id)` is one: 140 of them read the same 10,000-keyword task 140 times).
   */
  graphql: { defaultLimit: 100, maxLimit: 1000, maxRowsPerAnswer: 2000, maxTaskReads: 100 },
} as const;

export type PagedFace = 'rest' | 'mcp';

/** A page of a task's result: rows `offset` to `offset + limit`. */
export interface ResultPageArgs {
  offset: number;
  limit: number;
}

/** A whole number from a JSON number or a query string's text; NaN for anything else. */
function wholeNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number.NaN;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value)) return Number(value);
  return Number.NaN;
}

/**
 * `offset` and `limit` as REST (query string) or MCP (JSON) sent them: a bad one is INVALID_FIELD naming it
 * (a 400), never a database error.
 */
export function resultPageArgs(face: PagedFace, input: { offset?: unknown; limit?: unknown }): ResultPageArgs {
  const { defaultLimit, maxLimit } = TASK_RESULT_PAGES[face];
  const offset = input.offset === undefined ? 0 : wholeNumber(input.offset);
  if (!(offset >= 0 && offset <= MAX_TASK_KEYWORDS)) {
    throw invalidField('offset', `offset must be a whole number from 0 to ${MAX_TASK_KEYWORDS}`, 'out_of_range', { min: 0, max: MAX_TASK_KEYWORDS });
  }
  const limit = input.limit === undefined ? defaultLimit : wholeNumber(input.limit);
  if (!(limit >= 1 && limit <= maxLimit)) {
    throw invalidField('limit', `limit must be a whole number from 1 to ${maxLimit}`, 'out_of_range', { min: 1, max: maxLimit });
  }
  return { offset, limit };
}

/** How many rows a page holds of a result of `total` rows. */
export const rowsInPage = (page: ResultPageArgs, total: number): number => Math.max(0, Math.min(page.limit, total - page.offset));
