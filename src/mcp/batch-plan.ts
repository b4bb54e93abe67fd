import { type DomainError, toDomainError } from '../domain/errors.js';
import { parseBody } from '../domain/requests/parse.js';
import type { SourceCall } from '../domain/source-call.js';
import type { SerpQuery } from '../ports/web-search.js';
import type { Principal } from '../services/auth/authenticator.js';
import { createLivePlan, type LivePlan } from '../services/live-plan.js';
import { planLiveCalls } from '../services/quota-check.js';
import { createRequestContext, type ServiceRuntime } from '../services/runtime.js';
import type { McpTool } from './tool.js';

/** What planning a POST's messages decided: the plan its calls share, or why every source call of it is refused. */
export interface BatchPlan {
  livePlan: LivePlan;
  /** Set when the calls together are over the live limit or the budget: each source-asking call fails with it. */
  refusal?: DomainError;
}

/** A `tools/call` message's tool name and arguments; undefined for anything else (lists, notifications, junk). */
function toolCallOf(message: unknown): { name: string; args: unknown } | undefined {
  if (message === null || typeof message !== 'object') return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown; arguments?: unknown } };
  if (method !== 'tools/call' || typeof params?.name !== 'string') return undefined;
  return { name: params.name, args: params.arguments };
}

/**
 * Plans the tool calls of one POST (a single message or a JSON-RPC batch) as one live request, before any of them
 * runs: the source calls each names (its tool's `plan`, the service's own call list), together, through the plan
 * REST applies to one request (planLiveCalls: the per-request call limit on every source, then the quota). A batch
 * of 50 calls is thereby one request of their calls, not 50 requests of the limit each. A call whose arguments are
 * bad contributes nothing: it fails by itself, billed 0, as a single call would.
 */
export async function planBatch(
  runtime: ServiceRuntime,
  principal: Principal,
  body: unknown,
  tools: ReadonlyMap<string, McpTool>,
): Promise<BatchPlan> {
  const livePlan = createLivePlan();
  const messages = Array.isArray(body) ? body : [body];
  // A scope for planning only: the calls run later, each in a scope of its own sharing `livePlan`.
  const scope = createRequestContext(runtime, principal, livePlan);
  const calls: SourceCall[] = [];
  const searches: SerpQuery[] = [];
  // The task route a refusal points to: the first planned call's (REST names its own operation's too).
  let operation: string | undefined;
  let taskRoute: string | undefined;
  for (const message of messages) {
    const call = toolCallOf(message);
    const tool = call && tools.get(call.name);
    if (!tool?.plan) continue;
    try {
      const args = parseBody(tool.input, call!.args ?? {}) as never;
      const planned = tool.plan(args, scope);
      const pages = tool.searches?.(args, scope) ?? [];
      calls.push(...planned);
      searches.push(...pages);
      operation ??= tool.taskOperation;
      taskRoute ??= tool.taskRoute;
    } catch {
      // Its own run reports the same error (billed 0); it makes no call.
    }
  }
  try {
    await planLiveCalls(scope, calls, { operation, taskRoute });
    // The batch's web searches together, in the plan its calls share (livePlan.searches): each call's own plan
    // then finds its pages planned.
    if (searches.length > 0) await scope.serp?.plan(searches, 'sync', taskRoute);
    return { livePlan };
  } catch (error) {
    return { livePlan, refusal: toDomainError(error) };
  }
}
