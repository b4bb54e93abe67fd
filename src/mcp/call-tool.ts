import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parseBody } from '../domain/requests/parse.js';
import { assertJsonDepth } from '../face-kit/json-depth.js';
import type { Principal } from '../services/auth/authenticator.js';
import type { CallStatus } from '../services/cache-status.js';
import { runOperation } from '../services/run-operation.js';
import type { ServiceRuntime } from '../services/runtime.js';
import type { McpTool } from './tool.js';

/** What one tool call cost, for the transport to put in headers (X-Cache, X-Cost). */
export interface ToolCallOutcome {
  ok: boolean;
  free: boolean;
  cost: number;
  cacheStatus: CallStatus;
}

/** The ledger's name for a tool call: the face, then the tool, as `v2.top` and `graphql.top` are named. */
export const ledgerOperationOf = (tool: McpTool) => `mcp.${tool.name}`;

/**
 * Runs one tool call through the shared pipeline (scope, run, price, ledger row). Arguments are checked with
 * the REST request schema inside the run, so a bad one is a 400-like failure: billed 0, no upstream call, and
 * the same message as REST. Failures are tool results with `isError`, never protocol errors.
 */
export async function callTool(
  runtime: ServiceRuntime,
  principal: Principal,
  tool: McpTool,
  args: unknown,
): Promise<{ result: CallToolResult; outcome: ToolCallOutcome }> {
  let parsed: unknown;
  const outcome = await runOperation(runtime, principal, {
    face: 'MCP',
    operation: ledgerOperationOf(tool),
    free: tool.free,
    run: (scope) => {
      // Over HTTP the body was bounded already (http-route.ts); over stdio this is the first look at the line.
      assertJsonDepth(args);
      parsed = parseBody(tool.input, args ?? {});
      return tool.run(parsed as never, scope);
    },
  });
  const free = tool.free === true;
  const summary = { ok: outcome.ok, free, cost: outcome.cost, cacheStatus: outcome.cacheStatus };
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
  return {
    outcome: summary,
    result: {
      content: [{ type: 'text', text: tool.summarize(outcome.result, parsed as never) }],
      structuredContent: outcome.result as Record<string, unknown>,
      _meta: billing,
    },
  };
}
