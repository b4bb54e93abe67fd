import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { ErrorCode, ListResourcesRequestSchema, ListToolsRequestSchema, ReadResourceRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Principal } from '../services/auth/authenticator.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { callTool, type PlannedWith, type ToolCallOutcome } from './call-tool.js';
import { listFileResources, readFileResource } from './file-resources.js';
import { MCP_TOOLS } from './tool-list.js';
import { jsonSchemaOf, type McpTool } from './tool.js';
import { annotationsOf } from '../operations/tool-effects.js';

export const SERVER_INFO = { name: 'search-demand-stats', version: '0.1.0' };

export const INSTRUCTIONS =
  'Yandex search-demand statistics (Wordstat). Start with wordstat_top for a phrase, then wordstat_dynamics for ' +
  'its trend and wordstat_regions for where it is searched; keyword_* tools answer in the keyword-data format. ' +
  'Repeated questions are answered from a shared cache at a lower price; each result says its cost in _meta.';

/** The tools as tools/list shows them: JSON Schemas derived from the zod schemas, computed once per list. */
export function describeTools(tools: readonly McpTool[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.input, 'input', tool.fields),
    outputSchema: jsonSchemaOf(tool.output, 'output'),
    annotations: annotationsOf(tool.title, tool.effects),
  }));
}

export interface McpServerOptions {
  tools?: readonly McpTool[];
  /** Told about every tool call, e.g. to put the cost in the HTTP response's headers. */
  onToolCall?: (outcome: ToolCallOutcome) => void;
  /** How the request's calls were planned together (the HTTP face plans each POST, batch-plan.ts). */
  planned?: PlannedWith;
}

/** Listings and name maps, built once per tool list (an app's list is the same array for every request). */
const listings = new WeakMap<readonly McpTool[], Tool[]>();
const maps = new WeakMap<readonly McpTool[], ReadonlyMap<string, McpTool>>();
export const listingOf = (tools: readonly McpTool[]): Tool[] => {
  let listing = listings.get(tools);
  if (!listing) listings.set(tools, (listing = describeTools(tools)));
  return listing;
};

/** The tools by name (built once per list). */
export const toolsByName = (tools: readonly McpTool[] = MCP_TOOLS): ReadonlyMap<string, McpTool> => {
  let map = maps.get(tools);
  if (!map) maps.set(tools, (map = new Map(tools.map((tool) => [tool.name, tool]))));
  return map;
};

/**
 * An MCP server for one caller: tools/list and tools/call over the shared pipeline. The HTTP face builds one
 * per request (stateless), stdio one per process. The SDK's low-level Server, not McpServer: McpServer checks
 * arguments itself before the handler runs, with its own messages and outside the pipeline (no ledger row),
 * where REST's messages and a billed-0 row are wanted.
 */
export function createMcpServer(runtime: ServiceRuntime, principal: Principal, options: McpServerOptions = {}): Server {
  const tools = options.tools ?? MCP_TOOLS;
  const listing = listingOf(tools);
  const byName = toolsByName(tools);
  const server = new Server(SERVER_INFO, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing }));
  // The files tools made for this key (core_workbook's XLSX), linked from their answers.
  server.setRequestHandler(ListResourcesRequestSchema, () => listFileResources(principal, runtime.clock.now()));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readFileResource(principal, request.params.uri, runtime.clock.now()));
  setUncheckedRequestHandler(server, TOOLS_CALL, async (request) => {
    const { name, args } = toolCallOf(request.params);
    const tool = byName.get(name);
    if (!tool) throw invalidParams(`unknown tool ${JSON.stringify(name)}; see tools/list`, 'name', 'unknown_value');
    const { result, outcome } = await callTool(runtime, principal, tool, args, options.planned);
    options.onToolCall?.(outcome);
    return result;
  });
  return server;
}

/** tools/call with its params unchecked: toolCallOf checks them, answering -32602 in words. */
const TOOLS_CALL = z.object({ method: z.literal('tools/call'), params: z.unknown().optional() });

/**
 * Sets a handler the way the SDK's Protocol does, without the Server's tools/call wrapper: that wrapper and the
 * SDK's own schema parse the params first and answer a non-object `arguments` with -32603 and a raw zod dump.
 * Results are still ours alone to shape (callTool builds every one of them).
 */
function setUncheckedRequestHandler(server: Server, schema: typeof TOOLS_CALL, handler: (request: z.output<typeof TOOLS_CALL>) => Promise<unknown>): void {
  (Protocol.prototype.setRequestHandler as (this: Server, schema: typeof TOOLS_CALL, handler: (request: z.output<typeof TOOLS_CALL>) => Promise<unknown>) => void).call(
    server,
    schema,
    handler,
  );
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a JSON value is, for a message: `a string`, `an array`, `null`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** The tool's name and its arguments (undefined when none were sent), or -32602 saying what is wrong. */
export function toolCallOf(params: unknown): { name: string; args: Record<string, unknown> | undefined } {
  if (!isObject(params)) throw invalidParams(`tools/call needs params {"name": "<tool>", "arguments": {…}}, got ${kindOf(params)}`, 'params');
  if (typeof params.name !== 'string') throw invalidParams(`params.name must be the tool's name as a string, got ${kindOf(params.name)}; see tools/list`, 'name');
  const args = params.arguments;
  if (args !== undefined && !isObject(args)) {
    throw invalidParams(`params.arguments must be an object of the tool's arguments by name, got ${kindOf(args)}; see the tool's inputSchema in tools/list`, 'arguments');
  }
  return { name: params.name, args };
}

/**
 * A JSON-RPC -32602 error whose message is only ours: the SDK's McpError puts "MCP error -32602: " in the message
 * it sends, and the client's McpError adds its own again.
 */
function invalidParams(message: string, field: string, reason: 'wrong_type' | 'unknown_value' = 'wrong_type'): Error {
  return Object.assign(new Error(message), { code: ErrorCode.InvalidParams, data: { code: 'INVALID_FIELD', field, reason } });
}
