import {
  type AuthInfo,
  createMcpHandler,
  type JSONRPCRequest,
  type McpHttpHandler,
  ProtocolError,
  ProtocolErrorCode,
  type Result,
  Server,
  type ServerContext,
  type Tool,
} from '@modelcontextprotocol/server';
import type { Principal } from '../services/auth/authenticator.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { callTool } from './call-tool.js';
import { listFileResources, readFileResource } from './file-resources.js';
import { INSTRUCTIONS, listingOf, type McpServerOptions, SERVER_INFO, toolCallOf, toolsByName } from './server.js';
import { registerTaskMethods, TASKS_EXTENSION, taskInsteadOfRefusal } from './tasks-extension.js';
import { MCP_TOOLS } from './tool-list.js';

/**
 * The 2026-07-28 revision of MCP (stateless: `server/discover`, a `_meta` envelope on every request, no
 * `initialize` and no session) served by the v2 SDK's low-level Server, over the same tool definitions and the
 * same pipeline (call-tool.ts) as the 2025 era's server.ts. The v2 SDK answers the envelope, the Mcp-Method /
 * Mcp-Name header checks and the cache fields of the cacheable results; we answer tools/list and tools/call.
 */
/** The tool list only changes with a deployment: an hour in any cache, shared (it is the same for every key). */
const LIST_HINT = { ttlMs: 3_600_000, cacheScope: 'public' } as const;

/**
 * The cache hint of one tool call's answer, beside its cost in `_meta` (tools/call is not a CacheableResult in
 * the revision, so the hint rides in the result's fields only as an extension): a statistics answer is the
 * same for every key until the source cache's entry ages out, so `public` for that long; the caller's own
 * account (free tools) and failures are `private` with 0.
 */
function callHint(ok: boolean, free: boolean, freshForMs: number): { ttlMs: number; cacheScope: 'public' | 'private' } {
  return ok && !free && freshForMs > 0 ? { ttlMs: freshForMs, cacheScope: 'public' } : { ttlMs: 0, cacheScope: 'private' };
}

/**
 * The v2 Server, with the params of tools/call checked by toolCallOf first: the SDK's own check of a non-object
 * `arguments` answers -32602 with a raw zod dump, where the 2025 era (server.ts) and REST say what is wrong.
 */
class ModernServer extends Server {
  protected override _wrapHandler(
    method: string,
    handler: (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>,
  ): (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result> {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return wrapped;
    return (request, ctx) => {
      try {
        toolCallOf(request.params);
      } catch (error) {
        return Promise.reject(asProtocolError(error));
      }
      return wrapped(request, ctx);
    };
  }
}

/** Our -32602 (message and `data`) as the v2 SDK's error, which it sends as it is. */
function asProtocolError(error: unknown): unknown {
  const { code, message, data } = error as { code?: unknown; message: string; data?: unknown };
  return code === ProtocolErrorCode.InvalidParams ? new ProtocolError(ProtocolErrorCode.InvalidParams, message, data) : error;
}

export function createModernServer(runtime: ServiceRuntime, principal: Principal, options: McpServerOptions = {}): Server {
  const tools = options.tools ?? MCP_TOOLS;
  const listing = listingOf(tools) as Tool[];
  const byName = toolsByName(tools);
  const server = new ModernServer(SERVER_INFO, {
    capabilities: { tools: {}, resources: {}, extensions: { [TASKS_EXTENSION]: {} } },
    instructions: INSTRUCTIONS,
    cacheHints: { 'tools/list': LIST_HINT, 'server/discover': LIST_HINT },
  });
  server.setRequestHandler('tools/list', () => ({ tools: listing }));
  // The files tools made for this key (core_workbook's XLSX), linked from their answers.
  server.setRequestHandler('resources/list', () => listFileResources(principal, runtime.clock.now()));
  server.setRequestHandler('resources/read', (request) => {
    try {
      return readFileResource(principal, request.params.uri, runtime.clock.now());
    } catch (error) {
      const { message, data } = error as { message: string; data?: unknown };
      throw new ProtocolError(ProtocolErrorCode.ResourceNotFound, message, data);
    }
  });
  server.setRequestHandler('tools/call', async (request, ctx) => {
    const { name, args } = toolCallOf(request.params);
    const tool = byName.get(name);
    if (!tool) {
      const data = { code: 'INVALID_FIELD', field: 'name', reason: 'unknown_value' };
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown tool ${JSON.stringify(name)}; see tools/list`, data);
    }
    const { result, outcome } = await callTool(runtime, principal, tool, args, options.planned);
    options.onToolCall?.(outcome);
    // Long work for a client that declared the Tasks extension: the refused live call becomes one of our tasks.
    const task = outcome.ok ? undefined : await taskInsteadOfRefusal(runtime, principal, { tool, args, ctx, refusal: result });
    if (task) return task as never; // a CreateTaskResult: the revision's open resultType union, beyond the SDK's types
    return { ...result, ...callHint(outcome.ok, outcome.free, outcome.freshForMs) };
  });
  registerTaskMethods(server, runtime, principal, tools);
  return server;
}

/** What the HTTP route hands the modern handler for one request: who calls, and where its outcomes go. */
interface ModernCall {
  principal: Principal;
  options: McpServerOptions;
}

/**
 * The modern era's HTTP handler for one route (strict: 2025-era traffic never reaches it, http-route.ts routes
 * that to the 1.x transport). Each request's caller travels in `authInfo.extra`, as the SDK passes it through.
 */
export function createModernHandler(runtime: ServiceRuntime): McpHttpHandler {
  return createMcpHandler(
    (ctx) => {
      const call = ctx.authInfo?.extra?.call as ModernCall | undefined;
      if (!call) throw new Error('an MCP request reached the modern handler without its caller');
      return createModernServer(runtime, call.principal, call.options);
    },
    { legacy: 'reject' },
  );
}

export const authInfoOf = (call: ModernCall): AuthInfo => ({ token: '', clientId: call.principal.keyId, scopes: [], extra: { call } });
