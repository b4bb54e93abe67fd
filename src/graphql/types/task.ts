import { DomainError } from '../../domain/errors.js';
import { DEFAULT_LANGUAGE_CODE } from '../../domain/requests/keyword-data.js';
import type { KeywordVolumeEntry } from '../../services/search-volume.js';
import type { RequestContext } from '../../services/runtime.js';
import { requireTasks, type TaskView } from '../../tasks/task-service.js';
import type { TaskRecord, TaskStatus } from '../../domain/tasks.js';
import { builder } from '../builder.js';
import { MatchTypeEnum } from './enums.js';
import { keywordViewOf } from '../keyword-view.js';
import { locationArgs } from '../location-args.js';
import { KeywordRef } from './keyword.js';
import { createTaskBody } from '../task-field-planners.js';
import { inArgumentTerms } from '../argument-names.js';
import {
  DEFAULT_KEYWORDS_PAGE,
  DEFAULT_TASKS_PAGE,
  keywordRowsArgs,
  MAX_KEYWORD_ROWS_PER_ANSWER,
  MAX_KEYWORDS_PAGE,
  MAX_TASKS_PAGE,
  taskListArgs,
} from '../task-args.js';

// Tasks in GraphQL: post a big keyword list now, read it when the budget allowed it. Reading costs no source call.

const TaskStatusEnum = builder.enumType('TaskStatus', {
  values: {
    QUEUED: { value: 'queued' },
    RUNNING: { value: 'running' },
    DONE: { value: 'done' },
    FAILED: { value: 'failed' },
    CANCELLED: { value: 'cancelled' },
  } as const,
});

const TaskProgressRef = builder.objectRef<TaskView>('TaskProgress').implement({
  fields: (t) => ({
    callsTotal: t.int({ resolve: (v) => v.task.callsTotal }),
    callsDone: t.int({ resolve: (v) => v.task.callsDone }),
    eta: t.string({ nullable: true, description: 'ISO time by which the budget allows the remaining calls; null once ended.', resolve: (v) => v.eta?.toISOString() ?? null }),
  }),
});

/** A page of a task's keywords: rows `offset` to `offset + rows.length` of `total`. */
interface KeywordRowsPage {
  rows: KeywordVolumeEntry[];
  offset: number;
  total: number;
}

const TaskKeywordPageRef = builder.objectRef<KeywordRowsPage>('TaskKeywordPage').implement({
  fields: (t) => ({
    // A keyword the source refused is null, with its error; the others are answered.
    nodes: t.field({
      type: [KeywordRef],
      nullable: { list: false, items: true },
      resolve: (p, _args, ctx) => p.rows.map((row) => keywordViewOf(row, ctx.catalog)),
    }),
    totalCount: t.int({ description: 'Keywords of the whole task.', resolve: (p) => p.total }),
    hasNextPage: t.boolean({ resolve: (p) => p.offset + p.rows.length < p.total }),
    endCursor: t.string({ description: 'Pass as `after` for the next page.', resolve: (p) => String(p.offset + p.rows.length) }),
  }),
});

/** Each task keyword row is priced by what is selected below it: `keywords(first: 100) { dynamics }` is 100 calls. */
const keywordRowsComplexity = (args: { first?: number | null }) => ({ field: 0, multiplier: Math.min(Math.max(args.first ?? DEFAULT_KEYWORDS_PAGE, 1), MAX_KEYWORDS_PAGE) });

async function keywordRowsOf(v: TaskView, args: { first?: number | null; after?: string | null }, ctx: RequestContext): Promise<KeywordRowsPage | null> {
  const rows = keywordRowsArgs(args.first, args.after);
  if (v.task.status !== 'done' || v.task.operation !== 'search_volume') return null;
  if (Array.isArray(v.task.result)) {
    const all = v.task.result as KeywordVolumeEntry[];
    return { rows: all.slice(rows.offset, rows.offset + rows.first), offset: rows.offset, total: all.length };
  }
  const page = await tasksOf(ctx).resultPage(ctx.principal.keyId, v.task.id, rows.offset, rows.first);
  return page ? { rows: page.rows as KeywordVolumeEntry[], offset: rows.offset, total: page.total } : null;
}

const TaskRef = builder.objectRef<TaskView>('Task').implement({
  description: 'A task: a keyword list collected within the upstream budget, fairly shared between keys.',
  fields: (t) => ({
    id: t.id({ resolve: (v) => v.task.id }),
    operation: t.string({ resolve: (v) => v.task.operation }),
    status: t.field({ type: TaskStatusEnum, resolve: (v) => v.task.status }),
    tag: t.string({ nullable: true, resolve: (v) => v.task.tag }),
    createdAt: t.string({ description: 'ISO time.', resolve: (v) => v.task.postedAt.toISOString() }),
    finishedAt: t.string({ nullable: true, resolve: (v) => v.task.finishedAt?.toISOString() ?? null }),
    progress: t.field({ type: TaskProgressRef, resolve: (v) => v }),
    cost: t.float({ nullable: true, description: 'Billed when the task ends: one call (the repeat price when all came from cache).', resolve: (v) => v.task.cost }),
    error: t.string({ nullable: true, description: 'Why a failed task failed (e.g. the keyword the source rejected).', resolve: (v) => v.task.errorMessage }),
    keywords: t.field({
      type: [KeywordRef],
      nullable: { list: true, items: true },
      description:
        'A page of the Keyword objects of a done search_volume task (the same as the keywords query): `first` ' +
        `(1 to ${MAX_KEYWORDS_PAGE}, default ${DEFAULT_KEYWORDS_PAGE}) from the cursor \`after\` (keywordPage's endCursor). ` +
        `An answer holds at most ${MAX_KEYWORD_ROWS_PER_ANSWER} task keywords over all its tasks. Null before the task is done.`,
      args: { first: t.arg.int({ defaultValue: DEFAULT_KEYWORDS_PAGE }), after: t.arg.string() },
      complexity: keywordRowsComplexity,
      resolve: async (v, args, ctx) => (await keywordRowsOf(v, args, ctx))?.rows.map((row) => keywordViewOf(row, ctx.catalog)) ?? null,
    }),
    keywordPage: t.field({
      type: TaskKeywordPageRef,
      nullable: true,
      description: 'The same page as `keywords`, with the cursor of the next one and the task\'s keyword count.',
      args: { first: t.arg.int({ defaultValue: DEFAULT_KEYWORDS_PAGE }), after: t.arg.string() },
      complexity: keywordRowsComplexity,
      resolve: (v, args, ctx) => keywordRowsOf(v, args, ctx),
    }),
  }),
});

const TaskEdgeRef = builder.objectRef<{ cursor: string; node: TaskView }>('TaskEdge').implement({
  fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.field({ type: TaskRef, resolve: (e) => e.node }) }),
});

const TaskConnectionRef = builder
  .objectRef<{ edges: { cursor: string; node: TaskView }[]; hasNextPage: boolean }>('TaskConnection')
  .implement({
    fields: (t) => ({
      edges: t.field({ type: [TaskEdgeRef], resolve: (c) => c.edges }),
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.string({ nullable: true, resolve: (c) => c.edges.at(-1)?.cursor ?? null }),
    }),
  });

const tasksOf = (scope: RequestContext) => requireTasks(scope);

const view = (task: TaskRecord): TaskView => ({ task, eta: null });

builder.mutationType({});

builder.mutationField('createSearchVolumeTask', (t) =>
  t.field({
    type: TaskRef,
    description: 'Posts 1 to 10,000 keywords as a task (REST: POST /v1/keywords/search_volume/task_post). Free; billed once when it ends.',
    complexity: 0,
    args: {
      keywords: t.arg.stringList({ required: true }),
      ...locationArgs,
      languageCode: t.arg.string({ defaultValue: DEFAULT_LANGUAGE_CODE }),
      matchTypes: t.arg({ type: [MatchTypeEnum], description: 'As keyword(matchTypes): each extra type is one more call per keyword.' }),
      historyMonths: t.arg.int({ description: '12 (default) or 24 months of history.' }),
      tag: t.arg.string(),
      postbackUrl: t.arg.string(),
    },
    resolve: async (_root, args, ctx, info) => {
      const body = createTaskBody(args);
      const [posted] = await tasksOf(ctx).post(ctx.principal.keyId, 'search_volume', [body]);
      if (!posted!.ok) throw inArgumentTerms(posted!.error, info.parentType.getFields()[info.fieldName]);
      return tasksOf(ctx).get(ctx.principal.keyId, posted!.task.id);
    },
  }),
);

builder.mutationField('cancelTask', (t) =>
  t.field({
    type: TaskRef,
    description: 'Cancels a queued or running task of this key: it makes no further calls; billed the call price only if it already spent upstream calls.',
    complexity: 0,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => tasksOf(ctx).cancel(ctx.principal.keyId, String(args.id)),
  }),
);

builder.queryField('task', (t) =>
  t.field({
    type: TaskRef,
    nullable: true,
    description: "One of this key's tasks (null when unknown). Polling costs nothing.",
    complexity: 0,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      try {
        // Without its result: Task.keywords reads only the rows asked for (an operation may alias task(id) 100 times).
        return await tasksOf(ctx).get(ctx.principal.keyId, String(args.id), { withResult: false });
      } catch (error) {
        if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  }),
);

builder.queryField('tasks', (t) =>
  t.field({
    type: TaskConnectionRef,
    description: "This key's tasks, newest first; `after` is the endCursor of the previous page.",
    args: {
      status: t.arg({ type: TaskStatusEnum }),
      first: t.arg.int({ defaultValue: DEFAULT_TASKS_PAGE }),
      after: t.arg.string(),
    },
    // Each task is priced by what is selected below it (its keywords' nested views), once per task of the page.
    complexity: (args) => ({ field: 0, multiplier: Math.min(Math.max(args.first ?? DEFAULT_TASKS_PAGE, 1), MAX_TASKS_PAGE) }),
    resolve: async (_root, args, ctx) => {
      const { first, after } = taskListArgs(args.first, args.after);
      const page = await tasksOf(ctx).list(ctx.principal.keyId, {
        status: (args.status ?? undefined) as TaskStatus | undefined,
        first,
        after,
      });
      return { edges: page.tasks.map((task) => ({ cursor: task.id, node: view(task) })), hasNextPage: page.hasNextPage };
    },
  }),
);
