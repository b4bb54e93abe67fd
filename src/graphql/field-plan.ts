import type { ExtraMatchType } from '../domain/match-types.js';
import type { SourceCall } from '../domain/source-call.js';
import type { SerpQuery } from '../ports/web-search.js';
import type { HistoryMonths } from '../services/keyword-history.js';
import type { ServiceContext } from '../services/context.js';
import type { TaskOperation } from '../domain/tasks.js';

// The shapes of the operation plan's per-field planners (field-planners.ts, task-field-planners.ts).

/** A `Keyword` the operation will resolve: its nested views ask the source about this phrase and region. */
export interface KeywordParent {
  phrase: string;
  regions: number[];
  /** Match types asked beyond broad (none unless the field asked). */
  matchTypes?: readonly ExtraMatchType[];
  /** Months of the volume call's window (12 unless asked). */
  historyMonths?: HistoryMonths;
  /** A task's stored keyword: its volume figures were gathered by the task (no call); its nested views call. */
  stored?: boolean;
}

/** Which stored tasks a selection reads: one by id (`task`), or a page of the list (`tasks`). */
export type TaskSelector =
  | { kind: 'one'; id: string }
  /** A task this operation creates: done at once when every keyword is cached, so its keywords may be read. */
  | { kind: 'posted'; keywords: readonly KeywordParent[] }
  | { kind: 'page'; status?: string | undefined; first: number; after?: string | undefined };

/** A page of a task's stored keywords (`Task.keywords(first, after)`): rows `offset` to `offset + first`. */
export interface KeywordRows {
  offset: number;
  first: number;
}

/** What one selected field will make the source do, once its arguments passed the domain's rules. */
export interface FieldPlan {
  calls: SourceCall[];
  /** The web-search pages it asks for (an operation's `searches`): planned with the document's others. */
  searches?: SerpQuery[];
  /** Calls beyond `calls` the field may make that no one can name before it runs (suggestion verification). */
  extraCalls?: number;
  /** The `Keyword` objects it returns, for the fields selected below it. */
  keywords?: KeywordParent[];
  /** How many objects it returns for each of its own (a page size): what is selected below repeats that often. */
  fanout?: number;
  /** The stored tasks it returns, for a `Task.keywords` below it. */
  tasks?: TaskSelector;
  /** Stored tasks it reads, at most (a `task(id)` one, a `tasks(first)` page `first`): bounded per operation. */
  taskReads?: number;
  /** It returns stored keywords of the tasks above: their phrases are known only once read (task-keyword-plan.ts). */
  storedKeywords?: KeywordRows;
  /** Tasks it creates (a `createSearchVolumeTask`). */
  creates?: number;
  /** The body of the task it creates, to check as a post would before any task of the operation is created. */
  taskBody?: { operation: TaskOperation; body: Record<string, unknown> };
  /** The task operation a refusal of the live plan points to (a field derived from an operation that has one). */
  taskOperation?: string;
  /** Its task_post path, named in a refusal. */
  taskRoute?: string;
}

export type Args = Record<string, any>;
/**
 * Runs the same normalisers the resolver (and REST) will run, so a bad argument throws the same INVALID_FIELD
 * naming it, and names the source calls the resolver will make. `parents`: the Keywords the field hangs off.
 */
export type FieldPlanner = (args: Args, ctx: ServiceContext, parents: readonly KeywordParent[]) => FieldPlan;

