import type { ResultTable } from './tables.js';
import type { z } from 'zod';
import { MAX_LIVE_CALLS_PER_REQUEST } from '../domain/requests/live-limits.js';
import { TASK_RESULT_PAGES } from '../domain/requests/task-result-pages.js';
import type { SourceCall } from '../domain/source-call.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import type { SerpQuery } from '../ports/web-search.js';
import type { ServiceContext } from '../services/context.js';
import type { ToolEffects } from './tool-effects.js';

/**
 * One operation, declared once: its input (one zod schema for every face), plan, price, limits, run and result.
 * REST /v1 and /v2, MCP, tasks and GraphQL are adapters that read it (src/operations/registry.ts); none restates
 * a limit, a price or a validation rule.
 */

/**
 * How a request is billed: by billing.ts's one rule (call / repeat price), never (a free read), or `when-asked`:
 * by the rule when the request asked the source, free when it asked nothing (core_clean: local unless `measure`).
 */
export type OperationPrice = 'source' | 'free' | 'when-asked';

/** The bounds of an operation, the same on every face. */
export interface OperationLimits {
  /** Items (keywords) one request may carry: live, and posted as a task (absent: the input schema's own bound). */
  items?: { live: number; task: number };
  /** Most uncached source calls one live request may plan (MAX_LIVE_CALLS_PER_REQUEST). */
  calls: number;
  /** Rows per page of a task's stored result, per face (task-result-pages.ts). */
  pages: typeof TASK_RESULT_PAGES;
  /** Largest REST request body, when the operation's items are bigger than the 1 MiB every other route takes. */
  bodyBytes?: number;
}

/** The limits every operation shares unless it says otherwise. */
export const DEFAULT_LIMITS: OperationLimits = { calls: MAX_LIVE_CALLS_PER_REQUEST, pages: TASK_RESULT_PAGES };

/** Where a plan or a run happens: a live request (its item limit) or a task (the task item limit). */
export interface RunMode {
  mode: 'live' | 'task';
  /** The item limit that applies (limits.items.live or .task); undefined when the operation has none. */
  maxItems: number | undefined;
}

/** What MCP adds to a tool: its name and prose for an agent, what it does to the world, a readable summary. */
export interface McpBinding<In, Out> {
  tool: string;
  title: string;
  description: string;
  /** MCP annotations (src/mcp/tool-effects.ts names the usual ones). */
  effects: ToolEffects;
  /**
   * A list answer cut to `limit` rows (default 50, at most 1,000) with the count before the cut in `total`: the
   * key of the result's array. The tool's input gains `limit`, its output `total`.
   */
  rows?: string;
  summarize(result: Out, input: In): string;
  /**
   * The tool that posts the operation as a task (operations with `task: true`): its name and prose for an agent.
   * Default: `task_create_<name>`, with a title and description derived from the live tool's.
   */
  task?: { tool?: string; title?: string; description?: string };
}

/** What the REST face adds: where the operation is served and how it is documented in /openapi.json. */
export interface RestBinding {
  path: string;
  /** POST (a JSON body) unless GET (query parameters become the body object). */
  method?: 'GET' | 'POST';
  /** v1: the keyword-data envelope (result items); v2: the native answer as it is. */
  family: 'v1' | 'v2';
  summary: string;
  /** OpenAPI: the success body (v1: the envelope), and examples of both bodies. */
  docs?: { response: z.ZodType; requestExample: Record<string, unknown>; responseExample: unknown; file?: string };
  /** Its result as one table (tables.ts): the route's `?format=csv|xlsx` (and its task_get's). None: no table form. */
  table?: ResultTable;
}

export interface Operation<I extends z.ZodObject = z.ZodObject, R = unknown, P = R> {
  /** The operation's name: tasks and ledger rows (`v1.search_volume`, `mcp.…`) are named after it. */
  name: string;
  title: string;
  description: string;
  /** Prose per input field, read by REST's OpenAPI document and MCP's tool schema alike. */
  fields: Record<string, string>;
  /** The one input schema of every face (REST body, MCP arguments, a task's body, GraphQL's mapped arguments). */
  input: I;
  /** A task's body (the task item limit); default `input`. */
  taskInput?: z.ZodObject;
  /** What `present(run(...))` is: the /v2 answer, or the /v1 result item (an array of them when `many`). */
  output: z.ZodType;
  limits: OperationLimits;
  price: OperationPrice;
  /**
   * The source calls `run` makes for this input, named with the services' own plan functions (the ones their
   * live plan counts). Every face plans a live request with it before any call: over `limits.calls` it is
   * refused up front. May throw the input's DomainError. Absent: the operation never asks the source.
   */
  plan?(input: z.output<I>, ctx: ServiceContext, mode: RunMode): SourceCall[];
  /**
   * The web-search pages `run` asks for (distinct or not; the gateway keys them), when it searches: every face
   * plans them before any search (the live limit and the mode's budget; GraphQL's document and MCP's batch sum
   * them), and a task counts them in its progress and asks them on the deferred mode.
   */
  searches?(input: z.output<I>, ctx: Pick<ServiceContext, 'catalog'>): SerpQuery[];
  /** Checks of the input against the service's data (an unknown region), run at a task's post as live runs them. */
  checkInput?(input: z.output<I>, catalog: RegionCatalog): void;
  /** The work: the service call. A task stores what it returns. */
  run(input: z.output<I>, ctx: ServiceContext, mode: RunMode): Promise<R>;
  /** The face-neutral answer (the /v1 item(s) or the /v2 body) of a result; default: the result as it is. */
  present?(result: R, input: z.output<I>): P;
  rest?: RestBinding;
  mcp?: McpBinding<z.output<I>, P>;
  /** Posted as a task (task_post/task_get): the same definition with the task item limit. */
  task?: true;
  /** The GraphQL Query field that serves it (a hand-made one, or derived when none is). */
  graphql?: { field: string };
}

/** Helps inference: plan, run, present and summaries are checked against the input and result types. */
export function defineOperation<I extends z.ZodObject, R, P = R>(operation: Operation<I, R, P>): Operation {
  // The one erasure: adapters only ever call plan/run/present with input parsed by `operation.input`.
  return operation as unknown as Operation;
}

/** The run mode of a live request or a task, from the operation's limits. */
export const runModeOf = (operation: Pick<Operation, 'limits'>, mode: RunMode['mode']): RunMode => ({
  mode,
  maxItems: mode === 'live' ? operation.limits.items?.live : operation.limits.items?.task,
});

/** What a face hands the request pipeline as `free` (run-operation.ts, billing.ts isFreeRequest) for `op`'s price. */
export const freeOf = (op: Pick<Operation, 'price'>): true | 'unless-asked' | undefined =>
  op.price === 'free' ? true : op.price === 'when-asked' ? 'unless-asked' : undefined;

/** `present`, or the result as it is. */
export const presentOf = (operation: Operation, result: unknown, input: unknown): unknown =>
  operation.present ? operation.present(result as never, input as never) : result;
