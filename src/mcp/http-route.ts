import { type DomainError, toDomainError } from '../domain/errors.js';
import { MAX_BATCH_MESSAGES } from '../domain/requests/live-limits.js';
import { type JsonPathPart, MAX_JSON_DEPTH, tooDeepError, tooDeepTextPath } from '../face-kit/json-depth.js';
import { MAX_BODY_BYTES, readTextBody } from '../face-kit/request-body.js';
import { errorHeaders } from '../http/error-headers.js';
import { type HttpCall, jsonReply, type Reply } from '../http/exchange.js';
import { replyFromResponse } from '../http/fetch-exchange.js';
import type { CallStatus } from '../services/cache-status.js';
import { requirePrincipal } from '../services/run-operation.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { planBatch } from './batch-plan.js';
import { mayBeModern } from './eras.js';
import type { ToolCallOutcome } from './call-tool.js';
import type { McpTool } from './tool.js';

// The MCP SDK costs about 0.5 s of CPU and 20 MiB to import: it is loaded by the first /mcp request, not at start.
let sdk:
  | Promise<[typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'), typeof import('./server.js')]>
  | undefined;
const loadSdk = () => (sdk ??= Promise.all([import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'), import('./server.js')]));
// The v2 SDK, for the 2026-07-28 era (modern.ts) and to tell the eras apart: loaded by the first POST that may be modern (eras.ts).
let v2: Promise<[typeof import('@modelcontextprotocol/server'), typeof import('./modern.js')]> | undefined;
const loadV2 = () => (v2 ??= Promise.all([import('@modelcontextprotocol/server'), import('./modern.js')]));

export const MCP_PATH = '/mcp';

/** A JSON-RPC error outside any request (the transport's own shape for HTTP-level failures). */
function transportError(status: number, message: string, headers: Record<string, string> = {}, rpc: { code?: number; data?: unknown } = {}): Reply {
  const error = { code: rpc.code ?? -32000, message, ...(rpc.data === undefined ? {} : { data: rpc.data }) };
  return jsonReply({ jsonrpc: '2.0', error, id: null }, status, headers, 'application/json');
}

/** A tool argument by its name (`keywords` for `params.arguments.keywords[0][0]…`), else the message's member. */
function mcpFieldOf(path: readonly JsonPathPart[]): string {
  const steps = typeof path[0] === 'number' ? path.slice(1) : path; // a batch: [index, …]
  if (steps[0] === 'params' && steps[1] === 'arguments' && typeof steps[2] === 'string') return steps[2];
  const named = steps.filter((step): step is string => typeof step === 'string').slice(0, 2);
  return named.length > 0 ? named.join('.') : 'body';
}

const refused = (...args: Parameters<typeof transportError>) => ({ refused: transportError(...args) });

function authError(error: DomainError): Reply {
  return transportError(error.status, error.message, { ...errorHeaders(error), 'x-cost': '0' });
}

/** MISS when any call missed, else STALE when any was stale, else HIT: the header speaks for the request. */
function combined(statuses: readonly CallStatus[]): CallStatus {
  if (statuses.includes('MISS')) return 'MISS';
  return statuses.includes('STALE') ? 'STALE' : 'HIT';
}

const isJson = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
/** The transport answers 406 unless the client takes both (and plans nothing for a request it will refuse). */
const acceptsAnswer = (accept: string | null) => !!accept?.includes('application/json') && accept.includes('text/event-stream');

/**
 * The POST's JSON body, read here rather than by the transport so its calls can be planned before any runs; the
 * refusal when it cannot be (too large, not JSON, a batch of more than MAX_BATCH_MESSAGES), undefined when the
 * transport refuses the request anyway (not JSON: 415; an Accept without both types: 406), as it always did.
 */
async function readMessages(call: HttpCall, maxBytes: number): Promise<{ body: unknown } | { refused: Reply } | undefined> {
  if (!isJson(call.headers.get('content-type')) || !acceptsAnswer(call.headers.get('accept'))) return undefined;
  let text: string;
  try {
    text = await readTextBody(call, maxBytes);
  } catch (error) {
    const failed = toDomainError(error);
    return refused(failed.status, failed.message, { 'x-cost': '0' });
  }
  // JSON nested deeper than MAX_JSON_DEPTH is refused as every face refuses it, found in the text before it is
  // parsed: HTTP 400, -32602 naming the argument when it is in the params, the domain's code, field and reason in
  // `data`. Refused unparsed, so its id is not known: null, as JSON-RPC 2.0 says for a request it could not read.
  const path = tooDeepTextPath(text);
  if (path) {
    const error = tooDeepError(mcpFieldOf(path));
    const inParams = path[typeof path[0] === 'number' ? 1 : 0] === 'params';
    const data = { code: error.code, field: error.field, reason: error.reason, params: { max: MAX_JSON_DEPTH } };
    return refused(400, error.message, { 'x-cost': '0' }, { code: inParams ? -32602 : -32600, data });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return refused(400, 'Parse error: Invalid JSON', { 'x-cost': '0' }, { code: -32700 });
  }
  if (Array.isArray(body) && body.length > MAX_BATCH_MESSAGES) {
    const message = `a batch may hold at most ${MAX_BATCH_MESSAGES} messages and this one holds ${body.length}; send the rest in another request`;
    return refused(400, message, { 'x-cost': '0' }, { code: -32600 });
  }
  return { body };
}

function addBillingHeaders(reply: Reply, outcomes: readonly ToolCallOutcome[]): Reply {
  const billed = outcomes.filter((o) => o.ok && !o.free);
  if (billed.length > 0) reply.headers['x-cache'] = combined(billed.map((o) => o.cacheStatus));
  reply.headers['x-cost'] = String(outcomes.reduce((sum, o) => sum + o.cost, 0));
  return reply;
}

/** The POST as the transport reads it: method, URL and headers (the body, read here, is handed over parsed). */
function headersOnly(call: HttpCall): Request {
  const request = call.webRequest();
  return new Request(request.url, { method: request.method, headers: request.headers });
}

/**
 * POST /mcp: the MCP Streamable HTTP transport, stateless (no sessions, no server-sent stream: each POST is
 * answered with JSON once its calls are done, so the cost can go in the headers). The Bearer key is checked
 * before the transport sees the request: without one, a 401 with WWW-Authenticate, as on every face.
 */
export function createMcpRoute(runtime: ServiceRuntime, options: { maxBodyBytes?: number; tools?: readonly McpTool[] } = {}) {
  let modernHandler: import('@modelcontextprotocol/server').McpHttpHandler | undefined;
  // `call.peer`: the socket's address, which wrong keys are counted by.
  return async (call: HttpCall): Promise<Reply> => {
    let principal;
    try {
      principal = await requirePrincipal(runtime, call.headers.get('authorization'), call.peer);
    } catch (error) {
      return authError(toDomainError(error));
    }
    // Stateless: no stream to open with GET and no session to end with DELETE.
    if (call.method !== 'POST') return transportError(405, `${call.method} is not allowed on ${MCP_PATH}; use POST`, { allow: 'POST' });

    const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
    const read = await readMessages(call, maxBodyBytes);
    if (read && 'refused' in read) return read.refused;
    const [{ WebStandardStreamableHTTPServerTransport }, { createMcpServer, toolsByName }] = await loadSdk();
    // Every tool call of the POST, one or a batch, planned together before any runs: one live request.
    const planned = read ? await planBatch(runtime, principal, read.body, toolsByName(options.tools)) : undefined;
    const outcomes: ToolCallOutcome[] = [];
    if (read && mayBeModern(read.body, call.headers.get('mcp-protocol-version'))) {
      // The era is the request's own: a `_meta` envelope naming the 2026-07-28 revision (or its header) is the
      // modern era, served statelessly by the v2 SDK; everything else is answered as before by the 1.x transport.
      const [{ isLegacyRequest }, { createModernHandler, authInfoOf }] = await loadV2();
      const request = headersOnly(call);
      if (!(await isLegacyRequest(request, read.body, { maxRequestBodySize: maxBodyBytes }))) {
        modernHandler ??= createModernHandler(runtime);
        const callOptions = { tools: options.tools, onToolCall: (outcome: ToolCallOutcome) => outcomes.push(outcome), planned };
        const response = await modernHandler.fetch(request, { parsedBody: read.body, authInfo: authInfoOf({ principal, options: callOptions }) });
        return addBillingHeaders(await replyFromResponse(response), outcomes);
      }
    }
    const server = createMcpServer(runtime, principal, { tools: options.tools, onToolCall: (outcome) => outcomes.push(outcome), planned });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxBodyBytes,
    });
    try {
      await server.connect(transport);
      // The body is read (or refused unread, when the transport refuses the request): only its headers go on.
      const response = await transport.handleRequest(headersOnly(call), read ? { parsedBody: read.body } : undefined);
      return addBillingHeaders(await replyFromResponse(response), outcomes);
    } finally {
      await server.close();
    }
  };
}
