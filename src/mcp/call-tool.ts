import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DomainError } from '../domain/errors.js';
import { parseBody } from '../domain/requests/parse.js';
import { assertJsonDepth } from '../face-kit/json-depth.js';
import type { Principal } from '../services/auth/authenticator.js';
import type { CallStatus } from '../services/cache-status.js';
import type { LivePlan } from '../services/live-plan.js';
import { runOperation } from '../services/run-operation.js';
import type { ServiceRuntime } from '../services/runtime.js';
import type { McpTool } from './tool.js';

/** What one tool call cost, for the transport to put in headers (X-Cache, X-Cost). */
export interface ToolCallOutcome {
  ok: boolean;
  free: boolean;
  cost: number;
  cacheStatus: CallStatus;
  /**
   * How long (ms) the answer stays what the source cache holds: until its earliest stored input stops being fresh
   * (CACHE_TTL after it was stored). 0 for a failure or an answer bound to nothing stored (the account's own).
   */
  freshForMs: number;
}

/** The ledger's name for a tool call: the face, then the tool, as `v2.top` and `graphql.top` are named. */
export const ledgerOperationOf = (tool: McpTool) => `mcp.${tool.name}`;

/** How the POST that holds a call planned it (batch-plan.ts); a call planned by nobody plans itself. */
export interface PlannedWith {
  livePlan?: LivePlan | undefined;
  /** The POST's calls together were refused: a call that asks the source fails with this, after its own checks. */
  refusal?: DomainError | undefined;
}

/**
 * Runs one tool call through the shared pipeline (scope, run, price, ledger row). Arguments are checked with
 * the REST request schema inside the run, so a bad one is a 400-like failure: billed 0, no upstream call, and
 * the same message as REST; then the plan's refusal, if the POST it came in was refused. Failures are tool
 * results with `isError`, never protocol errors.
 */
export async function callTool(
  runtime: ServiceRuntime,
  principal: Principal,
  tool: McpTool,
  args: unknown,
  planned: PlannedWith = {},
): Promise<{ result: CallToolResult; outcome: ToolCallOutcome }> {
  let parsed: unknown;
  const outcome = await runOperation(runtime, principal, {
    face: 'MCP',
    operation: ledgerOperationOf(tool),
    free: tool.free,
    livePlan: planned.livePlan,
    run: (scope) => {
      // Over HTTP the body was bounded already (http-route.ts); over stdio this is the first look at the line.
      assertJsonDepth(args);
      parsed = parseBody(tool.input, args ?? {});
      if (planned.refusal && tool.plan) {
        tool.plan(parsed as never, scope); // a call whose own arguments are bad says so, as REST would first
        throw planned.refusal;
      }
      return tool.run(parsed as never, scope);
    },
  });
  const free = outcome.free;
  const freshUntil = outcome.scope.tracker.freshUntil();
  const freshForMs = outcome.ok && Number.isFinite(freshUntil) ? Math.max(0, Math.floor(freshUntil - runtime.clock.now())) : 0;
  const summary = { ok: outcome.ok, free, cost: outcome.cost, cacheStatus: outcome.cacheStatus, freshForMs };
  const billing = free ? { cost: outcome.cost } : { cost: outcome.cost, cacheStatus: outcome.cacheStatus };
  if (!outcome.ok) {
    const { error } = outcome;
    return {
      outcome: summary,
      result: {
        isError: true,
        content: [{ type: 'text', text: error.message }],
        _meta: { cost: 0, code: error.code, status: error.status, ...(error.field === undefined ? {} : { field: error.field }) },
      },
    };
  }
  const links = tool.links?.(outcome.result) ?? [];
  const answer = outcome.result as { toJSON?: () => unknown };
  return {
    outcome: summary,
    result: {
      content: [{ type: 'text', text: tool.summarize(outcome.result, parsed as never) }, ...links.map((link) => ({ type: 'resource_link' as const, ...link }))],
      // A file's answer is its summary (WorkbookFile.toJSON), a plain object as the output schema says.
      structuredContent: (typeof answer.toJSON === 'function' ? answer.toJSON() : answer) as Record<string, unknown>,
      _meta: billing,
    },
  };
}
