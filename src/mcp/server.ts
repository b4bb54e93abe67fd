import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../services/auth/authenticator.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { callTool, type PlannedWith, type ToolCallOutcome } from './call-tool.js';
import { MCP_TOOLS } from './tool-list.js';
import { jsonSchemaOf, type McpTool } from './tool.js';
import { annotationsOf } from '../operations/tool-effects.js';

export const SERVER_INFO = { name: 'search-demand-stats', version: '0.1.0' };

const INSTRUCTIONS =
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
const listingOf = (tools: readonly McpTool[]): Tool[] => {
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
  const server = new Server(SERVER_INFO, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}; see tools/list`);
    const { result, outcome } = await callTool(runtime, principal, tool, request.params.arguments, options.planned);
    options.onToolCall?.(outcome);
    return result;
  });
  return server;
}
