import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getVariableValues,
  GraphQLError,
  GraphQLIncludeDirective,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  GraphQLSkipDirective,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  OperationTypeNode,
  type SelectionSetNode,
} from 'graphql';
import { DomainError } from '../domain/errors.js';
import { type SourceCall, sourceCallKey } from '../domain/source-call.js';
import type { ServiceContext } from '../services/context.js';
import type { SerpQuery } from '../ports/web-search.js';
import { inArgumentTerms } from './argument-names.js';
import { domainToGraphQLError } from './errors.js';
import { FIELD_PLANNERS, type FieldPlanner, type KeywordParent, type KeywordRows, type TaskSelector } from './field-planners.js';
import { MAX_KEYWORD_ROWS_PER_ANSWER, MAX_TASK_READS } from './task-args.js';
import { MAX_TASKS_PER_POST } from '../tasks/task-service.js';
import type { TaskOperation } from '../domain/tasks.js';

/** What one GraphQL operation will ask of the source, known before any field runs. */
export interface OperationPlan {
  /**
   * Every argument error (variables, then fields in document order): BAD_USER_INPUT naming the argument; and the
   * operation's refusals by size (QUERY_TOO_COMPLEX: too many tasks created, too many keyword rows).
   */
  errors: GraphQLError[];
  /** The distinct source calls the operation's fields will make, one per canonical key (sourceCallKey). */
  calls: SourceCall[];
  /** The web-search pages its fields ask for (every alias), planned together against the search limit and budget. */
  searches: SerpQuery[];
  /** Calls beyond `calls` that no one can name in advance (suggestion verification budgets), at most. */
  extraCalls: number;
  /**
   * Nested views of stored task keywords (`task(id) { keywords { dynamics } }`): their calls depend on phrases
   * kept in the database, so the face reads those (task-keyword-plan.ts) and adds the calls before the quota plan.
   */
  storedKeywordViews: StoredKeywordViews[];
  /** Keyword rows the answer may hold, at most (stored task keywords, over every task read). */
  keywordRows: number;
  /** Stored tasks the operation may read, at most (every alias of `task(id)`, every task of a `tasks` page). */
  taskReads: number;
  /** Tasks the operation creates (every alias of createSearchVolumeTask). */
  tasksCreated: number;
  /** The task operation a refusal of the live plan points to: the first planned field's that names one. */
  taskOperation?: string | undefined;
  taskRoute?: string | undefined;
  /**
   * Their bodies in document order, with where each is and the field that posts it (whose arguments name the
   * body's errors): checked (async: DNS) before the first is created.
   */
  taskBodies: { operation: TaskOperation; body: Record<string, unknown>; path: readonly string[]; field: GraphQLField<unknown, unknown> }[];
}

/** The source-backed fields selected below one `Task.keywords`, for the tasks and rows it reads. */
export interface StoredKeywordViews {
  tasks: TaskSelector;
  rows: KeywordRows;
  /** The calls those fields make for these keywords (the arguments are already checked). */
  callsFor(keywords: readonly KeywordParent[]): SourceCall[];
}

export interface OperationPlanInput {
  schema: GraphQLSchema;
  /** Parsed and validated. */
  document: DocumentNode;
  operationName?: string | null | undefined;
  /** As the client sent them (coerced here, as execution will). */
  variableValues?: Record<string, unknown> | null | undefined;
  /** The request's service context (today, region catalog, suggestion budget). */
  services: ServiceContext;
}

const EMPTY: OperationPlan = { errors: [], calls: [], searches: [], extraCalls: 0, storedKeywordViews: [], keywordRows: 0, taskReads: 0, tasksCreated: 0, taskBodies: [] };

/** Where a stored keyword's nested views are checked, before the real phrases are read: any valid phrase. */
const PROBE: KeywordParent = { phrase: 'probe', regions: [], stored: true };

interface Scope {
  /** How many times this selection is answered (the page sizes above it). */
  fanout: number;
  tasks?: TaskSelector | undefined;
}

/**
 * Plans an operation: coerces its variables, then walks every selected field (aliases, fragments, nested
 * fields; `@skip`/`@include` honoured), checks each field's arguments with the domain normalisers the
 * resolvers and REST use, and lists the source calls the operation would make. A face runs nothing when
 * `errors` is not empty, and may check `calls` against the quota before the first call.
 */
export function planOperation(input: OperationPlanInput): OperationPlan {
  const operation = findOperation(input.document, input.operationName);
  const root = operation && input.schema.getRootType(operation.operation);
  if (!operation || !root) return EMPTY; // execution reports it, and makes no call
  const coerced = getVariableValues(input.schema, operation.variableDefinitions ?? [], input.variableValues ?? {});
  if (coerced.errors) return { ...EMPTY, errors: coerced.errors.map((e) => asBadUserInput(e)) };

  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of input.document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const variables = coerced.coerced;
  const errors: GraphQLError[] = [];
  const calls = new Map<string, SourceCall>();
  const searches: SerpQuery[] = [];
  const storedKeywordViews: StoredKeywordViews[] = [];
  let extraCalls = 0;
  let keywordRows = 0;
  let taskReads = 0;
  let tasksCreated = 0;
  const taskBodies: OperationPlan['taskBodies'] = [];
  let taskOperation: string | undefined;
  let taskRoute: string | undefined;

  // Counted before any argument is checked: 150 aliases of a 10,000-keyword list must not be parsed first.
  if (operation.operation === OperationTypeNode.MUTATION) {
    let creates = 0;
    for (const [, nodes] of collectFields([operation.selectionSet], variables, fragments)) if (nodes[0]!.name.value === 'createSearchVolumeTask') creates++;
    if (creates > MAX_TASKS_PER_POST) return { ...EMPTY, errors: [tooManyTasks(creates)], tasksCreated: creates };
  }

  const walk = (
    type: GraphQLObjectType,
    selections: readonly SelectionSetNode[],
    parents: readonly KeywordParent[],
    path: string[],
    scope: Scope,
    sink: Map<string, SourceCall>,
  ) => {
    for (const [key, nodes] of collectFields(selections, variables, fragments)) {
      const node = nodes[0]!;
      const field = type.getFields()[node.name.value];
      if (!field) continue; // __typename and introspection: no source call, no argument rule of ours
      const at = [...path, key];
      let children = parents;
      let below: Scope = scope;
      let stored: KeywordRows | undefined;
      // A field derived from an operation carries its planner (operation-fields.ts).
      const planner = FIELD_PLANNERS[`${type.name}.${field.name}`] ?? (field.extensions.plan as FieldPlanner | undefined);
      if (planner) {
        try {
          const plan = planner(getArgumentValues(field, node, variables), input.services, parents);
          for (const call of plan.calls) sink.set(sourceCallKey(call), call);
          if (plan.searches) searches.push(...plan.searches);
          extraCalls += (plan.extraCalls ?? 0) * scope.fanout;
          tasksCreated += plan.creates ?? 0;
          taskReads += (plan.taskReads ?? 0) * scope.fanout;
          if (plan.taskBody) taskBodies.push({ ...plan.taskBody, path: at, field });
          taskOperation ??= plan.taskOperation;
          taskRoute ??= plan.taskRoute;
          children = plan.keywords ?? parents;
          below = { fanout: scope.fanout * (plan.fanout ?? 1), tasks: plan.tasks ?? scope.tasks };
          stored = plan.storedKeywords;
        } catch (error) {
          if (error instanceof DomainError) errors.push(domainToGraphQLError(inArgumentTerms(error, field), at));
          else if (isGraphQLError(error)) errors.push(asBadUserInput(error, at));
          else throw error; // a fault of ours, not of the request
          continue; // nothing below a refused field runs
        }
      }
      const named = getNamedType(field.type);
      const sets = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
      if (!isObjectType(named) || sets.length === 0) continue;
      if (stored && below.tasks) {
        // Stored keywords: their phrases are in the database. The nested views' arguments are checked now, on a
        // probe keyword; their calls are named later, for the phrases read (only when there are any to make).
        keywordRows += below.fanout * stored.first;
        const rowsScope = { fanout: below.fanout * stored.first, tasks: below.tasks };
        const probe = new Map<string, SourceCall>();
        walk(named, sets, [PROBE], at, rowsScope, probe);
        if (probe.size > 0) {
          storedKeywordViews.push({
            tasks: below.tasks,
            rows: stored,
            callsFor: (keywords) => {
              // Runs per request on this (memoised) plan: the arguments were checked on the probe, so whatever
              // a stored phrase might add to the errors must not stick to the plan.
              const found = new Map<string, SourceCall>();
              const checked = errors.length;
              walk(named, sets, keywords, at, rowsScope, found);
              errors.length = checked;
              return [...found.values()];
            },
          });
        }
        continue;
      }
      walk(named, sets, children, at, below, sink);
    }
  };
  walk(root, [operation.selectionSet], [], [], { fanout: 1 }, calls);
  if (keywordRows > MAX_KEYWORD_ROWS_PER_ANSWER) errors.push(tooManyRows(keywordRows));
  if (taskReads > MAX_TASK_READS) errors.push(tooManyTaskReads(taskReads));
  return { errors, calls: [...calls.values()], searches, extraCalls, storedKeywordViews, keywordRows, taskReads, tasksCreated, taskBodies, taskOperation, taskRoute };
}

function tooComplex(message: string, extensions: Record<string, unknown>): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 }, ...extensions } });
}

/** The limit of a /v1 task_post (100 tasks), for one GraphQL operation: every alias is a task. */
function tooManyTasks(count: number): GraphQLError {
  return tooComplex(
    `the operation creates ${count} tasks (createSearchVolumeTask, counting aliases); at most ${MAX_TASKS_PER_POST} tasks may be created per operation, as in one task_post`,
    { limit: 'tasks', tasks: count, maxTasks: MAX_TASKS_PER_POST },
  );
}

function tooManyRows(rows: number): GraphQLError {
  return tooComplex(
    `the answer could hold up to ${rows} task keyword rows; at most ${MAX_KEYWORD_ROWS_PER_ANSWER} are allowed per operation — ` +
      'page them with keywords(first:, after:) or ask for fewer tasks',
    { limit: 'keywordRows', keywordRows: rows, maxKeywordRows: MAX_KEYWORD_ROWS_PER_ANSWER },
  );
}

/** 140 aliases of `task(id)` read the stored task 140 times: as many reads as one `tasks(first: 100)` page, no more. */
function tooManyTaskReads(reads: number): GraphQLError {
  return tooComplex(
    `the operation reads up to ${reads} tasks (task(id), counting aliases, and the tasks of each tasks page); at most ${MAX_TASK_READS} ` +
      'are allowed per operation — ask for fewer, or page them with tasks(first:, after:)',
    { limit: 'taskReads', taskReads: reads, maxTaskReads: MAX_TASK_READS },
  );
}

function findOperation(document: DocumentNode, name: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (name) return operations.find((o) => o.name?.value === name);
  return operations.length === 1 ? operations[0] : undefined;
}

function included(node: FieldNode | SelectionSetNode['selections'][number], variables: Record<string, unknown>): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

/**
 * The fields of selection sets by response key, as execution groups them: fragments inlined (each named
 * fragment once, as graphql-js does, so repeated spreads cannot multiply the walk).
 */
function collectFields(
  sets: readonly SelectionSetNode[],
  variables: Record<string, unknown>,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>();
  const visited = new Set<string>();
  const collect = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (!included(selection, variables)) continue;
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        const list = fields.get(key);
        if (list) list.push(selection);
        else fields.set(key, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet);
      } else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) collect(fragment.selectionSet);
      }
    }
  };
  for (const set of sets) collect(set);
  return fields;
}

// graphql may be loaded twice (CommonJS and ESM builds): recognise its errors by name.
const isGraphQLError = (error: unknown): error is GraphQLError => error instanceof Error && error.name === 'GraphQLError';

/** graphql's own coercion errors (a bad variable, a missing argument) as the contract's BAD_USER_INPUT. */
function asBadUserInput(error: GraphQLError, path?: readonly string[]): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, path, extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
}
