import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DomainError } from '../../src/domain/errors.js';
import type { StatisticsSource } from '../../src/ports/statistics-source.js';
import { createFaultQueue, type FakeMethod, type FaultName, type FaultOptions, playFault, sendGrpcError } from './faults.js';
import { dynamicsQuery, parseJsonBody, regionsQuery, topQuery, WireError } from './wire-in.js';
import { dynamicsOut, regionsOut, regionTreeOut, topOut } from './wire-out.js';

export type { FakeMethod, FaultName, FaultOptions } from './faults.js';

const PATHS: Record<string, FakeMethod> = {
  '/v2/wordstat/topRequests': 'top',
  '/v2/wordstat/dynamics': 'dynamics',
  '/v2/wordstat/regions': 'regions',
  '/v2/wordstat/getRegionsTree': 'regionTree',
};

export interface FakeWordstatOptions {
  /** Answers the calls (the demo source, or a test fixture). */
  model: StatisticsSource;
  /** Accepted `Authorization: Api-Key <apiKey>`; with neither apiKey nor iamToken any credential passes. */
  apiKey?: string;
  /** Accepted `Authorization: Bearer <iamToken>`. */
  iamToken?: string;
  /** The folder the credentials may use; any non-empty folderId when absent. */
  folderId?: string;
  port?: number;
  host?: string;
  /** "Today" (UTC) for default windows and the 60-day daily limit; default the real date. */
  today?: () => string;
}

/** One request as the fake saw it. */
export interface FakeRequest {
  method: FakeMethod;
  at: number;
  status: number;
  authorization: string | undefined;
  /** The client's `x-client-request-id`, when it sent one. */
  clientRequestId: string | undefined;
  body: unknown;
}

export interface FakeWordstat {
  url: string;
  port: number;
  /** Requests per method that reached the fake (answered, failed or faulted alike). */
  calls: Record<FakeMethod, number>;
  /** Every request in arrival order. */
  requests: FakeRequest[];
  inject(fault: FaultName, options?: FaultOptions): void;
  /** Clears faults, counters and the request log. */
  reset(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toWireError(error: unknown): WireError {
  if (error instanceof WireError) return error;
  if (error instanceof DomainError) {
    if (error.code === 'INVALID_FIELD') return new WireError(400, 3, error.message);
    if (error.code === 'SOURCE_QUOTA_EXHAUSTED' || error.code === 'SOURCE_RATE_LIMITED') {
      return new WireError(429, 8, error.message);
    }
    if (error.code === 'SOURCE_UNAVAILABLE') return new WireError(503, 14, error.message);
  }
  return new WireError(500, 13, 'Internal error');
}

/** Starts a fake Search API v2 (Wordstat) on an ephemeral port, speaking the real wire format. */
export async function startFakeWordstat(options: FakeWordstatOptions): Promise<FakeWordstat> {
  const { model } = options;
  const today = options.today ?? (() => new Date().toISOString().slice(0, 10));
  const faults = createFaultQueue();
  const hanging = new Set<ServerResponse>();
  const calls: Record<FakeMethod, number> = { top: 0, dynamics: 0, regions: 0, regionTree: 0 };
  const requests: FakeRequest[] = [];

  const authorized = (header: string | undefined): boolean => {
    if (!options.apiKey && !options.iamToken) return /^(Api-Key|Bearer) \S+$/.test(header ?? '');
    return (
      (options.apiKey !== undefined && header === `Api-Key ${options.apiKey}`) ||
      (options.iamToken !== undefined && header === `Bearer ${options.iamToken}`)
    );
  };

  const answer = async (method: FakeMethod, body: Record<string, unknown>): Promise<unknown> => {
    switch (method) {
      case 'top':
        return topOut(await model.top(topQuery(body)));
      case 'dynamics':
        return dynamicsOut(await model.dynamics(dynamicsQuery(body, today())));
      case 'regions':
        return regionsOut(await model.regions(regionsQuery(body)));
      case 'regionTree':
        return regionTreeOut(await model.regionTree());
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const method = PATHS[(req.url ?? '').split('?')[0] ?? ''];
    if (!method) return sendGrpcError(res, 404, 5, 'Not Found');
    calls[method]++;
    const clientRequestId = req.headers['x-client-request-id'];
    const entry: FakeRequest = {
      method,
      at: Date.now(),
      status: 0,
      authorization: req.headers.authorization,
      clientRequestId: typeof clientRequestId === 'string' ? clientRequestId : undefined,
      body: undefined,
    };
    // As Yandex Cloud does: every answer carries the id its logs know the call by.
    res.setHeader('x-request-id', `fake-${requests.length + 1}`);
    requests.push(entry);
    res.on('finish', () => (entry.status = res.statusCode));
    if (req.method !== 'POST') return sendGrpcError(res, 405, 12, 'Method Not Allowed');
    const fault = faults.take(method);
    if (fault?.fault === 'reset' || fault?.fault === 'hang') return playFault(fault, req, res, hanging);
    const text = await readBody(req);
    if (fault) {
      entry.body = safeJson(text);
      return playFault(fault, req, res, hanging);
    }
    try {
      const body = parseJsonBody(text);
      entry.body = body;
      if (!authorized(req.headers.authorization)) throw new WireError(401, 16, 'Unauthenticated');
      const folderId = body.folderId;
      if (typeof folderId !== 'string' || folderId === '') throw new WireError(400, 3, 'folder_id: required field is missing');
      if (folderId.length > 50) throw new WireError(400, 3, 'folder_id: length must be <=50');
      if (options.folderId !== undefined && folderId !== options.folderId) {
        throw new WireError(403, 7, `Permission denied to folder ${folderId}`);
      }
      const json = JSON.stringify(await answer(method, body));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(json);
    } catch (error) {
      const wire = toWireError(error);
      sendGrpcError(res, wire.httpStatus, wire.grpcCode, wire.message);
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendGrpcError(res, 500, 13, 'Internal error');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    calls,
    requests,
    inject: (fault, faultOptions) => faults.inject(fault, faultOptions),
    reset() {
      faults.clear();
      for (const key of Object.keys(calls) as FakeMethod[]) calls[key] = 0;
      requests.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
