import type { IncomingMessage, ServerResponse } from 'node:http';

/** Methods of the fake, named as the adapter names them. */
export type FakeMethod = 'top' | 'dynamics' | 'regions' | 'regionTree';

/**
 * Failures the fake can give instead of an answer:
 * - `rate-limited`: 429, code 8, no hint how long to wait;
 * - `rate-limited-retry-after`: 429 with a `Retry-After: <seconds>` header;
 * - `rate-limited-refill`: 429 whose message says "Time to refill: <seconds> seconds" (no header);
 * - `quota-exhausted`: 429, the hourly quota: "Time to refill: <seconds, default 1800> seconds";
 * - `unauthenticated` (401, code 16), `permission-denied` (403, code 7), `internal` (500, code 13),
 *   `unavailable` (503, code 14);
 * - `hang`: never answers (until the client gives up or the fake closes);
 * - `reset`: destroys the connection without an answer;
 * - `malformed-json`: 200 with a truncated JSON body; `unexpected-body`: 200 with JSON of the wrong shape.
 */
export type FaultName =
  | 'rate-limited'
  | 'rate-limited-retry-after'
  | 'rate-limited-refill'
  | 'quota-exhausted'
  | 'unauthenticated'
  | 'permission-denied'
  | 'internal'
  | 'unavailable'
  | 'hang'
  | 'reset'
  | 'malformed-json'
  | 'unexpected-body'
  /** HTTP 200 with a gRPC error body, as some gateways send it. */
  | 'error-in-success';

export interface FaultOptions {
  /** Only calls to this method; default any method. */
  method?: FakeMethod;
  /** How many calls get the fault; default 1, Infinity for all until reset(). */
  times?: number;
  /** The wait announced by the rate-limit faults (header or message). */
  seconds?: number;
}

interface Armed {
  fault: FaultName;
  method: FakeMethod | undefined;
  remaining: number;
  seconds: number | undefined;
}

/** Writes a gRPC-gateway error body. */
export function sendGrpcError(
  res: ServerResponse,
  httpStatus: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify({ code, message, details: [] });
  res.writeHead(httpStatus, { 'content-type': 'application/json', ...headers });
  res.end(body);
}

/** The armed faults, first armed first served. */
export function createFaultQueue() {
  let armed: Armed[] = [];
  return {
    inject(fault: FaultName, options: FaultOptions = {}) {
      armed.push({ fault, method: options.method, remaining: options.times ?? 1, seconds: options.seconds });
    },
    /** Takes the fault for this call, if any is armed for it. */
    take(method: FakeMethod): Armed | undefined {
      const hit = armed.find((a) => a.remaining > 0 && (a.method === undefined || a.method === method));
      if (!hit) return undefined;
      hit.remaining--;
      armed = armed.filter((a) => a.remaining > 0);
      return hit;
    },
    clear() {
      armed = [];
    },
  };
}

/** Plays a fault on the exchange. `hanging` collects responses left open, so close() can end them. */
export function playFault(armed: Armed, req: IncomingMessage, res: ServerResponse, hanging: Set<ServerResponse>): void {
  switch (armed.fault) {
    case 'rate-limited':
      return sendGrpcError(res, 429, 8, 'Too many requests');
    case 'rate-limited-retry-after':
      return sendGrpcError(res, 429, 8, 'Too many requests', { 'retry-after': String(armed.seconds ?? 1) });
    case 'rate-limited-refill':
      return sendGrpcError(res, 429, 8, `Request limit exceeded. Time to refill: ${armed.seconds ?? 1} seconds`);
    case 'quota-exhausted':
      return sendGrpcError(
        res,
        429,
        8,
        `Quota limit wordstat.requestsPerHour exceeded. Time to refill: ${armed.seconds ?? 1800} seconds`,
      );
    case 'unauthenticated':
      return sendGrpcError(res, 401, 16, 'The API key is invalid');
    case 'permission-denied':
      return sendGrpcError(res, 403, 7, 'Permission denied to folder');
    case 'internal':
      return sendGrpcError(res, 500, 13, 'Internal error');
    case 'unavailable':
      return sendGrpcError(res, 503, 14, 'Service is temporarily unavailable');
    case 'hang':
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    case 'reset':
      req.socket.destroy();
      return;
    case 'malformed-json':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"totalCount": "12", "results": [{"phrase": "a", "cou');
      return;
    case 'error-in-success':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 13, message: 'Internal error', details: [] }));
      return;
    case 'unexpected-body':
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ results: 'not a list', regions: { id: 1 }, totalCount: 'many' }));
      return;
  }
}
