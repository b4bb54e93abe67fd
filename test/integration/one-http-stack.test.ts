import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createCapturedLogger } from '../support/log-capture.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

// Issue 25, item 3: one HTTP stack. Every kind of route is an entry of the one router, and what every answer needs
// (the request id, CORS, HEAD as GET without the body, the access log) is written once, by the front, on each.
// Over a real node:http socket, so a header written twice would come back joined ("a, a").

const ORIGIN = 'http://app.example';
const ADMIN_TOKEN = 'admin-token-for-the-one-stack-test';
const AUTH = { authorization: `Bearer ${TEST_KEY}` };

/** One route of each kind, asked with GET (HEAD must answer the same, without the body). */
const ROUTES: { kind: string; path: string; headers?: Record<string, string> }[] = [
  { kind: 'REST', path: '/v2/stats/quota', headers: AUTH },
  { kind: 'GraphQL', path: '/graphql?query=%7B__typename%7D', headers: { ...AUTH, accept: 'application/json' } },
  { kind: 'MCP', path: '/mcp', headers: AUTH },
  { kind: 'admin', path: '/admin/keys' },
  { kind: 'explorer', path: '/explorer/dev-key' },
  { kind: 'metrics', path: '/metrics' },
  { kind: 'health', path: '/healthz' },
  { kind: 'unknown path', path: '/nowhere/at/all' },
];

let app: App;
let server: Server;
let base: string;
const log = createCapturedLogger('debug');
let sequence = 0;

beforeAll(async () => {
  app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }), logger: log.logger }, { CORS_ORIGINS: ORIGIN, ADMIN_TOKEN });
  server = createServer(app.handleNode);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.close();
});

/** Sends one request with a fresh request id; the answer, its body, and the access-log lines of that id. */
async function ask(method: string, path: string, headers: Record<string, string> = {}) {
  const id = `one-stack-${++sequence}`;
  const response = await fetch(`${base}${path}`, { method, headers: { origin: ORIGIN, 'x-request-id': id, ...headers } });
  const body = new Uint8Array(await response.arrayBuffer());
  // The access-log line is written when the answer is, in a batch: wait for it (an event, not a timer).
  await log.untilLine((line) => line.reqId === id && typeof line.status === 'number');
  const accessLines = log.lines().filter((line) => line.reqId === id && (line.msg === 'request' || line.msg === 'request failed'));
  return { id, response, body, accessLines };
}

function expectDecoratedOnce(answer: Awaited<ReturnType<typeof ask>>, method: string) {
  const { id, response, accessLines } = answer;
  expect(response.headers.get('x-request-id')).toBe(id);
  expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  if (method !== 'OPTIONS') expect(response.headers.get('access-control-expose-headers')).toBe('X-Cache, X-Cost, X-Request-Id, X-Source, Retry-After, X-Location-Fallback, WWW-Authenticate');
  const vary = (response.headers.get('vary') ?? '').split(/\s*,\s*/).filter((v) => v.toLowerCase() === 'origin');
  expect(vary).toHaveLength(1);
  expect(accessLines).toHaveLength(1);
  expect(accessLines[0]).toMatchObject({ method, status: response.status });
}

describe('one HTTP stack: every kind of route decorated once, by the front', () => {
  it.each(ROUTES)('$kind ($path): request id, CORS and one access-log line, once; HEAD is GET without the body', async ({ kind, path, headers }) => {
    const got = await ask('GET', path, headers);
    expectDecoratedOnce(got, 'GET');
    const head = await ask('HEAD', path, headers);
    expectDecoratedOnce(head, 'HEAD');
    expect(head.response.status).toBe(got.response.status);
    expect(head.body.byteLength).toBe(0);
    expect(head.response.headers.get('content-type')).toBe(got.response.headers.get('content-type'));
    // The length the GET's body would have had, when that body is sent in one piece (a scrape counts the one before).
    if (got.response.headers.get('content-length') !== null && kind !== 'metrics') expect(head.response.headers.get('content-length')).toBe(String(got.body.byteLength));
    expect(head.response.headers.get('www-authenticate')).toBe(got.response.headers.get('www-authenticate'));
  });

  it.each(ROUTES)('$kind ($path): a CORS preflight is answered by the front, once', async ({ path }) => {
    const preflight = await ask('OPTIONS', path, { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' });
    expect(preflight.response.status).toBe(204);
    expectDecoratedOnce(preflight, 'OPTIONS');
    expect(preflight.response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS');
  });

  it('a 401 carries one WWW-Authenticate challenge on every face that asks for a key', async () => {
    const rest = await ask('POST', '/v2/stats/top', { 'content-type': 'application/json' });
    const mcp = await ask('POST', '/mcp', { 'content-type': 'application/json', accept: 'application/json, text/event-stream' });
    const admin = await ask('GET', '/admin/keys');
    for (const answer of [rest, mcp, admin]) {
      expect(answer.response.status).toBe(401);
      expectDecoratedOnce(answer, answer === admin ? 'GET' : 'POST');
      expect(answer.response.headers.get('www-authenticate')).toMatch(/^Bearer( realm="admin")?$/);
    }
  });

  it('the route label of each kind is its entry, unknown paths one label', async () => {
    const labels = new Map<string, unknown>();
    for (const { kind, path, headers } of ROUTES) labels.set(kind, (await ask('GET', path, headers)).accessLines[0]!.route);
    expect(Object.fromEntries(labels)).toEqual({
      REST: '/v2/stats/quota',
      GraphQL: '/graphql',
      MCP: '/mcp',
      admin: '/admin/*',
      explorer: '/explorer/*',
      metrics: '/metrics',
      health: '/healthz',
      'unknown path': 'unmatched',
    });
  });
});
