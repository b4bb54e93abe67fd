import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';
import type { SerpPage, SerpQuery } from '../../src/ports/web-search.js';
import { CAPTCHA_HTML, serpHtml, serpQueryOf, serpXml } from './wire.js';

/**
 * What the next search (sync or searchAsync) meets instead of an answer:
 * - `quota`: 429 with RESOURCE_EXHAUSTED and the folder's hourly quota named (the service's 403);
 * - `rate`: 429 with RESOURCE_EXHAUSTED, the per-second limit, "Time to refill: 2 seconds";
 * - `unavailable`: 503 with UNAVAILABLE; `permission`: 403 with PERMISSION_DENIED;
 * - `captcha`: 200 whose rawData is the robot-check page; `operationError`: searchAsync accepts, and its
 *   operation ends with `error {code 13}` (sync: a 500 INTERNAL).
 */
export type SearchFault = 'quota' | 'rate' | 'unavailable' | 'permission' | 'captcha' | 'operationError';

export interface FakeSearchOptions {
  /**
   * Answers the pages (the demo's search results, or a test's fixture). Served as XML, or as HTML when the request
   * asks FORMAT_HTML (with the page's ads: demoSerpWithAds gives commercial phrases ads, informational ones none).
   */
  model: (query: SerpQuery) => SerpPage;
  /** Accepted `Authorization: Api-Key <apiKey>`; any credential when absent. */
  apiKey?: string;
  /** How long a deferred operation takes (default 5 minutes, as Yandex's: "at least 5 minutes"). */
  deferredLatencyMs?: number;
  /** The fake's time for operations (tests inject a fake clock); default Date.now. */
  now?: () => number;
  /** How long a sync search takes to answer, in real time (default 0): lets concurrent requests overlap. */
  syncLatencyMs?: number;
}

interface StoredOperation {
  id: string;
  createdAt: number;
  page?: SerpPage;
  query: string;
  html: boolean;
  fault?: SearchFault;
}

/** One request as the fake saw it. */
export interface FakeSearchRequest {
  kind: 'search' | 'searchAsync' | 'operation';
  authorization: string | undefined;
  body: unknown;
  status: number;
}

export interface FakeSearch {
  url: string;
  /** Searches that reached the fake (sync + searchAsync; operation polls are counted apart). */
  readonly calls: { search: number; searchAsync: number; operation: number };
  readonly requests: FakeSearchRequest[];
  /** The next `times` searches meet `fault`. */
  inject(fault: SearchFault, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

/** A gRPC-gateway error body as Yandex's API writes it. */
function grpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ code, message, details: [{ '@type': 'type.googleapis.com/google.rpc.RequestInfo', requestId: 'fake' }] }));
}

function faultAnswer(res: ServerResponse, fault: SearchFault): boolean {
  switch (fault) {
    case 'quota':
      grpcError(res, 429, 8, 'Quota limit searchapi.webSearch.requestsPerHour exceeded for folder b1gfake');
      return true;
    case 'rate':
      grpcError(res, 429, 8, 'Too many requests. Time to refill: 2 seconds');
      return true;
    case 'unavailable':
      grpcError(res, 503, 14, 'Service is temporarily unavailable');
      return true;
    case 'permission':
      grpcError(res, 403, 7, 'Permission denied');
      return true;
    default:
      return false;
  }
}

const rawDataOf = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * A wire-faithful fake of the Yandex Search API v2 web search: `POST /v2/web/search` → `{rawData}` (base64 of the
 * XML page), `POST /v2/web/searchAsync` → an Operation `{id, done: false, …}`, and the operations API on the same
 * server, `GET /operations/{id}` → the Operation, done once `deferredLatencyMs` of the fake's clock have passed,
 * with `response {@type, rawData}` or `error {code, message, details}`. Checks the credentials, the request's
 * fields and bounds (400 INVALID_ARGUMENT), and plays injected faults. Listens on 127.0.0.1.
 */
export async function startFakeSearch(options: FakeSearchOptions): Promise<FakeSearch> {
  const now = options.now ?? Date.now;
  const latency = options.deferredLatencyMs ?? 5 * 60_000;
  const calls = { search: 0, searchAsync: 0, operation: 0 };
  const requests: FakeSearchRequest[] = [];
  const faults: SearchFault[] = [];
  const operations = new Map<string, StoredOperation>();
  let nextId = 1;

  const operationView = (op: StoredOperation) => {
    const done = now() - op.createdAt >= latency;
    const base = { id: op.id, description: 'WEB search async', createdAt: new Date(op.createdAt).toISOString(), createdBy: 'fake', modifiedAt: new Date(op.createdAt).toISOString(), done };
    if (!done) return base;
    if (op.fault === 'operationError') return { ...base, error: { code: 13, message: 'Internal error while searching', details: [] } };
    const xml = op.fault === 'captcha' ? CAPTCHA_HTML : op.html ? serpHtml(op.page!, op.query) : serpXml(op.page!, op.query);
    return { ...base, response: { '@type': 'type.googleapis.com/yandex.cloud.searchapi.v2.WebSearchResponse', rawData: rawDataOf(xml) } };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const authorization = req.headers.authorization;
    const kind = req.method === 'POST' && path === '/v2/web/search' ? 'search' : req.method === 'POST' && path === '/v2/web/searchAsync' ? 'searchAsync' : req.method === 'GET' && path.startsWith('/operations/') ? 'operation' : undefined;
    const text = await readText(req);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // kept as text: refused below
    }
    const record: FakeSearchRequest = { kind: kind ?? 'search', authorization, body, status: 0 };
    requests.push(record);
    const statusOf = () => (record.status = res.statusCode);
    res.on('finish', statusOf);
    if (!kind) return grpcError(res, 404, 5, `no route ${req.method} ${path}`);
    calls[kind]++;
    if (options.apiKey && authorization !== `Api-Key ${options.apiKey}`) return grpcError(res, 401, 16, 'The token is invalid');
    if (kind === 'operation') {
      const op = operations.get(decodeURIComponent(path.slice('/operations/'.length)));
      if (!op) return grpcError(res, 404, 5, 'Operation not found');
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(operationView(op)));
    }
    const fault = faults.shift();
    if (fault && faultAnswer(res, fault)) return;
    const query = serpQueryOf(body);
    if ('refuse' in query) return grpcError(res, 400, 3, query.refuse);
    if (kind === 'searchAsync') {
      const { html, ...asked } = query;
      const op: StoredOperation = { id: `sprfake${nextId++}`, createdAt: now(), query: query.phrase, html, ...(fault ? { fault } : { page: options.model(asked) }) };
      operations.set(op.id, op);
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(operationView(op)));
    }
    if (options.syncLatencyMs) await new Promise((resolve) => setTimeout(resolve, options.syncLatencyMs));
    if (fault === 'operationError') return grpcError(res, 500, 13, 'Internal error while searching');
    const { html, ...asked } = query;
    const xml = fault === 'captcha' ? CAPTCHA_HTML : html ? serpHtml(options.model(asked), query.phrase) : serpXml(options.model(asked), query.phrase);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ rawData: rawDataOf(xml) }));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) grpcError(res, 500, 13, 'fake failure');
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    requests,
    inject(fault, times = 1) {
      for (let i = 0; i < times; i++) faults.push(fault);
    },
    reset() {
      faults.length = 0;
      requests.length = 0;
      calls.search = calls.searchAsync = calls.operation = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
