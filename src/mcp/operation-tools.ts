import { z } from 'zod';
import { livePlanOf, runLive } from '../operations/live.js';
import { freeOf, type Operation } from '../operations/operation.js';
import type { OperationRegistry } from '../operations/registry.js';
import { taskBasePath } from '../operations/task-specs.js';
import { WorkbookFile } from '../services/files/workbook-file.js';
import { keepFile } from './file-resources.js';
import { rowLimitDoc, rowLimitField } from './row-limit.js';
import { defineTool, type McpTool } from './tool.js';

/**
 * An operation as an MCP tool: its input schema, field prose, price and plan are the operation's own; the tool
 * adds its name, prose for an agent, effects and a summary (the operation's `mcp` binding). A list answer
 * (`rows`) takes `limit` and says `total`; a result that is an array is `{ result: [...] }` (structuredContent
 * is an object).
 */
function operationTool(op: Operation): McpTool {
  const mcp = op.mcp!;
  const rows = mcp.rows;
  const isList = op.output instanceof z.ZodArray;
  const input = rows ? op.input.extend({ limit: rowLimitField() }) : op.input;
  const output = rows
    ? (op.output as z.ZodObject).extend({ total: z.number().int().nonnegative().meta({ description: 'Rows before the limit cut them.' }) })
    : isList
      ? z.object({ result: op.output })
      : op.output;
  /** The operation's own input: without the tool's `limit`. */
  const requestOf = (args: Record<string, unknown>) => {
    if (!rows) return args;
    const { limit: _limit, ...request } = args;
    return request;
  };
  return defineTool({
    name: mcp.tool,
    title: mcp.title,
    description: mcp.description,
    input,
    output,
    fields: rows ? { ...op.fields, limit: rowLimitDoc() } : op.fields,
    ...(freeOf(op) ? { free: freeOf(op) } : {}),
    ...(op.task ? { taskOperation: op.name, taskRoute: `${taskBasePath(op)}/task_post` } : {}),
    effects: mcp.effects,
    run: async (args: Record<string, unknown>, scope) => {
      const presented = await runLive(op, requestOf(args), scope);
      // A file (core_workbook): kept for the caller, and linked from the answer.
      if (presented instanceof WorkbookFile) {
        await keepFile(presented, scope.principal, scope.clock?.now() ?? Date.now());
        return presented;
      }
      if (rows) {
        const list = (presented as Record<string, unknown[]>)[rows]!;
        return { ...(presented as object), [rows]: list.slice(0, args.limit as number), total: list.length };
      }
      return isList ? { result: presented } : presented;
    },
    ...(op.plan ? { plan: (args: Record<string, unknown>, scope) => livePlanOf(op, requestOf(args), scope) } : {}),
    links: (result: unknown) => (result instanceof WorkbookFile && result.link ? [result.link] : []),
    ...(op.searches ? { searches: (args: Record<string, unknown>, scope) => op.searches!(requestOf(args) as never, scope) } : {}),
    summarize: (result: unknown, args: Record<string, unknown>) =>
      mcp.summarize((isList ? (result as { result: unknown }).result : result) as never, args as never),
  });
}

/** The tools of a registry's operations, in registry order. */
export const operationTools = (registry: OperationRegistry): McpTool[] => registry.operations.filter((op) => op.mcp).map(operationTool);
