import { invalidField } from '../domain/errors.js';
import { TASK_RESULT_PAGES } from '../domain/requests/task-result-pages.js';

// The arguments of the task fields, checked the same way by the operation plan (before anything runs) and by
// the resolvers: a bad one is BAD_USER_INPUT naming it, never a database error (a 500).

/** A page of the task list: 20 unless asked, 1 to 100. */
export const DEFAULT_TASKS_PAGE = 20;
export const MAX_TASKS_PAGE = 100;
/** A page of a task's keywords (`Task.keywords`), and the bounds of one answer: TASK_RESULT_PAGES.graphql. */
export const DEFAULT_KEYWORDS_PAGE = TASK_RESULT_PAGES.graphql.defaultLimit;
export const MAX_KEYWORDS_PAGE = TASK_RESULT_PAGES.graphql.maxLimit;
/** Most keyword rows one answer may hold, over every task it reads (`tasks(first) × keywords(first)`). */
export const MAX_KEYWORD_ROWS_PER_ANSWER = TASK_RESULT_PAGES.graphql.maxRowsPerAnswer;
/** Most task reads one operation may make: each alias of `task(id)` is one, a `tasks` page one per task. */
export const MAX_TASK_READS = TASK_RESULT_PAGES.graphql.maxTaskReads;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function pageSize(value: number | null | undefined, fallback: number, max: number, field: string): number {
  const first = value ?? fallback;
  if (!Number.isInteger(first) || first < 1 || first > max) throw invalidField(field, `${field} must be between 1 and ${max}`);
  return first;
}

/** `tasks(first, after)`: the page size, and the cursor (the id of the last task of the previous page). */
export function taskListArgs(first: number | null | undefined, after: string | null | undefined): { first: number; after: string | undefined } {
  if (after != null && !UUID.test(after)) throw invalidField('after', 'after must be the endCursor of a previous page (a task id)');
  return { first: pageSize(first, DEFAULT_TASKS_PAGE, MAX_TASKS_PAGE, 'first'), after: after ?? undefined };
}

/**
 * `Task.keywords(first, after)`: the page size, and the offset the cursor stands for. A keyword cursor is the
 * number of keywords before the next page (the previous page's endCursor), a decimal string.
 */
export function keywordRowsArgs(first: number | null | undefined, after: string | null | undefined): { first: number; offset: number } {
  let offset = 0;
  if (after != null) {
    if (!/^\d{1,7}$/.test(after)) throw invalidField('after', 'after must be the endCursor of a previous keyword page (a number)');
    offset = Number(after);
  }
  return { first: pageSize(first, DEFAULT_KEYWORDS_PAGE, MAX_KEYWORDS_PAGE, 'first'), offset };
}
