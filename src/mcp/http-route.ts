import { type DomainError, toDomainError } from '../domain/errors.js';
import { type JsonPathPart, MAX_JSON_DEPTH, tooDeepError, tooDeepTextPath } from '../face-kit/json-depth.js';
import { MAX_BODY_BYTES, readTextBody } from '../face-kit/request-body.js';
import type { CallStatus } from '../services/cache-status.js';
import { requirePrincipal } from '../services/run-operation.js';
import type { ServiceRuntime } from '../services/runtime.js';
import type { ToolCallOutcome } from './call-tool.js';

// The MCP SDK costs about 0.5 s of CPU and 20 MiB to import: it is loaded by the first /mcp request, not at start.
let sdk: Promise<[typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'), typeof import('./server.js')]> | undefined;
const loadSdk = () => (sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'), import('./server.js')]));

export const MCP_PATH = '/mcp';

/** A JSON-RPC error outside any request (the transport's own shape for HTTP-level failures). */
function transportError(status: number, message: string, headers: Record<string, string> = {}, rpc: { code?: number; data?: unknown } = {}): Response {
  const error = { code: rpc.code ?? -32000, message, ...(rpc.data === undefined ? {} : { data: rpc.data }) };
  const body = JSON.stringify({ jsonrpc: '2.0', error, id: null });
  return new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } });
}

/**
 * The body read here (at most `limit` bytes) rather than by the transport, so that JSON nested deeper than
 * MAX_JSON_DEPTH is refused as every face refuses it: HTTP 400, a JSON-RPC error (-32602 Invalid params when it
 * is in the params) naming the argument, with the domain's code, field and reason in `data`, found in the text
 * before it is parsed. What parses is handed to the transport as parsed; what does not is handed on as text, for
 * the transport's own parse error.
 */
async function readMessages(request: Request, limit: number): Promise<{ refused: Response } | { text: string; parsed?: unknown }> {
  let text: string;
  try {
    text = await readTextBody(request, limit);
  } catch (error) {
    const domain = toDomainError(error);
    if (domain.code === 'INTERNAL') throw error;
    return { refused: transportError(domain.status, domain.message) };
  }
  const path = tooDeepTextPath(text);
  if (!path) {
    try {
      return { text, parsed: JSON.parse(text) };
    } catch {
      return { text };
    }
  }
  const error = tooDeepError(mcpFieldOf(path));
  const inParams = path[typeof path[0] === 'number' ? 1 : 0] === 'params';
  const data = { code: error.code, field: error.field, reason: error.reason, params: { max: MAX_JSON_DEPTH } };
  // Refused unparsed, so its id is not known: null, as JSON-RPC 2.0 says for a request that could not be read.
  return { refused: transportError(400, error.message, { 'x-cost': '0' }, { code: inParams ? -32602 : -32600, data }) };
}

/** A tool argument by its name (`keywords` for `params.arguments.keywords[0][0]…`), else the message's member. */
function mcpFieldOf(path: readonly JsonPathPart[]): string {
  const steps = typeof path[0] === 'number' ? path.slice(1) : path; // a batch: [index, …]
  if (steps[0] === 'params' && steps[1] === 'arguments' && typeof steps[2] === 'string') return steps[2];
  const named = steps.filter((step): step is string => typeof step === 'string').slice(0, 2);
  return named.length > 0 ? named.join('.') : 'body';
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
  // `info.peer`: the socket's address, which wrong keys are counted by (the router passes it).
  return async (request: Request, info?: { peer?: string | undefined }): Promise<Response | undefined> => {
    if (new URL(request.url).pathname !== MCP_PATH) return undefined;
    let principal;
    try {
      principal = await requirePrincipal(runtime, request.headers.get('authorization'), info?.peer);
    } catch (error) {
      return authError(toDomainError(error));
    }
    // Stateless: no stream to open with GET and no session to end with DELETE.
    if (request.method !== 'POST') return transportError(405, `${request.method} is not allowed on ${MCP_PATH}; use POST`, { allow: 'POST' });

    const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
    const body = await readMessages(request, limit);
    if ('refused' in body) return body.refused;

    const [{ WebStandardStreamableHTTPServerTransport }, { createMcpServer }] = await loadSdk();
    const outcomes: ToolCallOutcome[] = [];
    const server = createMcpServer(runtime, principal, { onToolCall: (outcome) => outcomes.push(outcome) });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: limit,
    });
    try {
      await server.connect(transport);
      const answer =
        body.parsed === undefined
          ? await transport.handleRequest(new Request(request.url, { method: 'POST', headers: request.headers, body: body.text }))
          : await transport.handleRequest(request, { parsedBody: body.parsed });
      return addBillingHeaders(answer, outcomes);
    } finally {
      await server.close();
    }
  };
}
