import { type DomainError, toDomainError } from '../domain/errors.js';
import { MAX_BODY_BYTES } from '../face-kit/request-body.js';
import type { CallStatus } from '../services/cache-status.js';
import { requirePrincipal } from '../services/run-operation.js';
import type { ServiceRuntime } from '../services/runtime.js';
import type { ToolCallOutcome } from './call-tool.js';

// The MCP SDK costs about 0.5 s of CPU and 20 MiB to import: it is loaded by the first /mcp request, not at start.
let sdk: Promise<[typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'), typeof import('./server.js')]> | undefined;
const loadSdk = () => (sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'), import('./server.js')]));

export const MCP_PATH = '/mcp';

/** A JSON-RPC error outside any request (the transport's own shape for HTTP-level failures). */
function transportError(status: number, message: string, headers: Record<string, string> = {}): Response {
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  return new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });
}

function authError(error: DomainError): Response {
  const headers: Record<string, string> = { 'x-cost': '0' };
  if (error.code === 'UNAUTHENTICATED') headers['www-authenticate'] = 'Bearer';
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
  return transportError(error.status, error.message, headers);
}

/** MISS when any call missed, else STALE when any was stale, else HIT: the header speaks for the request. */
function combined(statuses: readonly CallStatus[]): CallStatus {
  if (statuses.includes('MISS')) return 'MISS';
  return statuses.includes('STALE') ? 'STALE' : 'HIT';
}

function addBillingHeaders(response: Response, outcomes: readonly ToolCallOutcome[]): Response {
  const billed = outcomes.filter((o) => o.ok && !o.free);
  if (billed.length > 0) response.headers.set('x-cache', combined(billed.map((o) => o.cacheStatus)));
  response.headers.set('x-cost', String(outcomes.reduce((sum, o) => sum + o.cost, 0)));
  return response;
}

/**
 * POST /mcp: the MCP Streamable HTTP transport, stateless (no sessions, no server-sent stream: each POST is
 * answered with JSON once its calls are done, so the cost can go in the headers). The Bearer key is checked
 * before the transport sees the request: without one, a 401 with WWW-Authenticate, as on every face.
 */
export function createMcpRoute(runtime: ServiceRuntime, options: { maxBodyBytes?: number } = {}) {
  return async (request: Request): Promise<Response | undefined> => {
    if (new URL(request.url).pathname !== MCP_PATH) return undefined;
    let principal;
    try {
      principal = await requirePrincipal(runtime, request.headers.get('authorization'));
    } catch (error) {
      return authError(toDomainError(error));
    }
    // Stateless: no stream to open with GET and no session to end with DELETE.
    if (request.method !== 'POST') return transportError(405, `${request.method} is not allowed on ${MCP_PATH}; use POST`, { allow: 'POST' });

    const [{ WebStandardStreamableHTTPServerTransport }, { createMcpServer }] = await loadSdk();
    const outcomes: ToolCallOutcome[] = [];
    const server = createMcpServer(runtime, principal, { onToolCall: (outcome) => outcomes.push(outcome) });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: options.maxBodyBytes ?? MAX_BODY_BYTES,
    });
    try {
      await server.connect(transport);
      return addBillingHeaders(await transport.handleRequest(request), outcomes);
    } finally {
      await server.close();
    }
  };
}
