import { resolveLocation } from '../services/location.js';
import { restBodyOf } from './argument-names.js';
import type { FieldPlanner } from './field-plan.js';
import { keywordRowsArgs, taskListArgs } from './task-args.js';

/**
 * The task fields' share of the operation plan (field-planners.ts): reading tasks makes no source call by itself,
 * but a `Task.keywords` page is a list of Keywords whose nested views (dynamics, regions, top) do.
 */
const keywordRows: FieldPlanner = (a) => ({ calls: [], storedKeywords: keywordRowsArgs(a.first, a.after) });

export const TASK_FIELD_PLANNERS: Readonly<Record<string, FieldPlanner>> = {
  // Each alias of task(id) is a read of its own (140 of them read the same task 140 times): counted, bounded.
  'Query.task': (a) => ({ calls: [], taskReads: 1, tasks: { kind: 'one', id: String(a.id) } }),
  'Query.tasks': (a) => {
    const page = taskListArgs(a.first, a.after);
    return { calls: [], fanout: page.first, taskReads: page.first, tasks: { kind: 'page', status: a.status ?? undefined, ...page } };
  },
  'Task.keywords': keywordRows,
  'Task.keywordPage': keywordRows,
  // Counted here (at most 100 per operation); each body is checked as a post checks it (tag, the notification
  // URLs, which need a DNS look-up, then the keywords) by the plan plugin, before the first task is created.
  'Mutation.createSearchVolumeTask': (a, ctx) => {
    const regions = [resolveLocation(ctx.catalog, a, { code: 'locationCode', name: 'locationName' }).regionId];
    const keywords = Array.isArray(a.keywords) ? a.keywords.map((phrase: string) => ({ phrase, regions, stored: true })) : [];
    return { calls: [], creates: 1, tasks: { kind: 'posted', keywords }, taskBody: { operation: 'search_volume', body: createTaskBody(a) } };
  },
};

/**
 * The /v1 task body of a createSearchVolumeTask (its resolver posts exactly this): each argument under its REST
 * name (argument-names.ts), so the task is checked by the same rules as a task_post.
 */
export function createTaskBody(args: Record<string, unknown>): Record<string, unknown> {
  return restBodyOf(args);
}
