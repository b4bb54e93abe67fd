import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import type { Cache } from '../../src/ports/cache.js';
import { createTestClock, TEST_KEY } from '../support/kit.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestCache } from '../support/memory-cache.js';
import { createTestApp } from '../support/app.js';

const HOUR = 3_600_000;
const AUTH = `Bearer ${TEST_KEY}`;

/** A test cache that counts its reads: a kept answer is served without one. */
function countingCache(cache: Cache) {
  let reads = 0;
  return { cache: { ...cache, get: <T>(key: string) => (reads++, cache.get<T>(key)) } as Cache, reads: () => reads };
}

function setup() {
  const clock = createTestClock();
  const source = createFakeSource({ answers: callNumberAnswers });
  const counting = countingCache(createTestCache(clock));
  const ledger = createMemoryLedger();
  const app = createTestApp({ source, clock, ledger, cache: counting.cache }, { CACHE_TTL: '24h', PRICE_CALL: '1', PRICE_REPEAT: '0.1' });
  return { app, clock, source, ledger, reads: counting.reads };
}

const QUERY = `{
  keyword(phrase: "велосипед") { searchVolume competition cpc monthlySearches { year month searchVolume } }
  top(phrase: "ноутбук", numPhrases: 10) { totalCount results { phrase count } }
}`;

/**
 * POSTs a GraphQL body. With a declared length (as every HTTP client sends one) the front may answer it from a
 * kept answer; without one it goes to Yoga as before, untouched: the reference the kept answers are compared with.
 */
async function send(app: { fetch: (r: Request) => Promise<Response> }, body: unknown, options: { declared?: boolean; headers?: Record<string, string> } = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { authorization: AUTH, 'content-type': 'application/json', ...options.headers };
  if (options.declared !== false) headers['content-length'] = String(Buffer.byteLength(text));
  const response = await app.fetch(new Request('http://localhost/graphql', { method: 'POST', headers, body: text }));
  const answer = await response.text();
  return { status: response.status, headers: response.headers, text: answer };
}

/** The headers a client sees, without the per-request id. */
const headersOf = (response: { headers: Headers }) => [...response.headers].filter(([name]) => name !== 'x-request-id');

describe('kept GraphQL answers in front of Yoga (issue 25, item 7)', () => {
  it("a kept answer is Yoga's answer byte for byte, with the same headers and the same ledger row", async () => {
    const { app, source, ledger, reads } = setup();
    const body = { query: QUERY };
    const miss = await send(app, body);
    expect(miss.status).toBe(200);
    expect(miss.headers.get('x-cache')).toBe('MISS');
    const calls = source.count();

    const yoga = await send(app, body, { declared: false }); // the hit as Yoga answers it, nothing in front
    expect(yoga.headers.get('x-cache')).toBe('HIT');
    await send(app, body); // a hit through Yoga from the front: it keeps the answer
    const readsBefore = reads();
    const fast = await send(app, body);
    expect(reads()).toBe(readsBefore); // no cache lookup at all: the kept answer
    expect(source.count()).toBe(calls);

    expect(fast.text).toBe(yoga.text);
    expect(headersOf(fast)).toEqual(headersOf(yoga));
    expect(JSON.parse(fast.text).extensions).toEqual({ cost: 0.1, cacheStatus: 'HIT' });
    const rows = ledger.rows();
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual(rows[1]);
    expect(rows[3]).toMatchObject({ operation: 'graphql.top+keyword', cacheStatus: 'HIT', status: 200, price: 0.1 });
  });

  it('never serves a kept answer once a source answer is refreshed: past its TTL, or after any store', async () => {
    const { app, clock, source, reads } = setup();
    const body = { query: '{ top(phrase: "ноутбук") { totalCount } }' };
    const first = await send(app, body);
    await send(app, body); // kept now
    const kept = reads();
    expect((await send(app, body)).text).toBe(first.text.replace('"MISS"', '"HIT"').replace('"cost":1', '"cost":0.1'));
    expect(reads()).toBe(kept);

    clock.advance(24 * HOUR); // the source entry is no longer fresh
    const after = await send(app, body);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(JSON.parse(after.text).data.top.totalCount).toBe(2000); // the call-number model: the second upstream answer
    expect(source.count('top')).toBe(2);
    const again = await send(app, body);
    expect(JSON.parse(again.text).data).toEqual(JSON.parse(after.text).data);
    expect(again.headers.get('x-cache')).toBe('HIT');

    await send(app, body); // kept again
    await send(app, { query: '{ top(phrase: "пицца") { totalCount } }' }); // a miss: stores an answer
    const before = reads();
    await send(app, body);
    expect(reads()).toBeGreaterThan(before); // through Yoga again
  });

  it('keeps nothing holding per-key fields, a root fragment or a body with more than query, variables and operationName', async () => {
    const { app, reads } = setup();
    const cases: unknown[] = [
      { query: '{ top(phrase: "ноутбук") { totalCount } usage { calls } }' },
      { query: '{ top(phrase: "ноутбук") { totalCount } quota { source } }' },
      { query: '{ ... on Query { top(phrase: "ноутбук") { totalCount } } }' },
      { query: '{ top(phrase: "ноутбук") { totalCount } }', extensions: {} },
    ];
    for (const body of cases) {
      for (let i = 0; i < 3; i++) {
        const before = reads();
        await send(app, body);
        expect(reads(), JSON.stringify(body)).toBeGreaterThan(before); // through Yoga: the top entry is read
      }
    }
    // The control: a statistics-only query is kept.
    const control = { query: '{ top(phrase: "ноутбук") { totalCount } }' };
    await send(app, control); // the top entry is cached already: this Yoga hit keeps the answer
    const before = reads();
    for (let i = 0; i < 3; i++) await send(app, control);
    expect(reads()).toBe(before);
  });

  it('a missing or wrong key is refused as Yoga refuses it, also with a kept answer for the body', async () => {
    const { app, ledger } = setup();
    const body = { query: '{ top(phrase: "ноутбук") { totalCount } }' };
    for (const headers of [{}, { authorization: 'Bearer wrong-key-0123456789' }]) {
      const plain = await send(app, body, { declared: false, headers: { authorization: '', ...headers } });
      expect(plain.status).toBe(401);
    }
    await send(app, body);
    await send(app, body); // kept
    const rows = ledger.rows().length;
    for (const authorization of ['', 'Bearer wrong-key-0123456789']) {
      const yoga = await send(app, body, { declared: false, headers: { authorization } });
      const front = await send(app, body, { headers: { authorization } });
      expect(front.status).toBe(401);
      expect(front.text).toBe(yoga.text);
      expect(headersOf(front)).toEqual(headersOf(yoga));
    }
    expect(ledger.rows()).toHaveLength(rows);
  });

  it('asks the authenticator once per request, kept answer or not (a wrong key is counted once per peer)', async () => {
    const { app } = setup();
    const body = { query: '{ top(phrase: "ноутбук") { totalCount } }' };
    await send(app, body);
    await send(app, body); // kept
    const authenticate = vi.spyOn(app.runtime.authenticator, 'authenticate');
    const known = vi.spyOn(app.runtime.authenticator, 'known');
    await send(app, body); // the kept answer: a key of API_KEYS is known at once, no lookup
    expect(known).toHaveBeenCalledTimes(1);
    expect(known.mock.results[0]?.value).toMatchObject({ name: 'API_KEYS' });
    expect(authenticate).toHaveBeenCalledTimes(0);
    const refused = await send(app, body, { headers: { authorization: 'Bearer wrong-key-0123456789' } }); // on to Yoga
    expect(refused.status).toBe(401);
    expect(authenticate).toHaveBeenCalledTimes(1); // asked once, and Yoga is handed that outcome, not asking again
    await send(app, { query: '{ top(phrase: "пицца") { totalCount } }' }); // nothing kept: Yoga asks
    expect(authenticate).toHaveBeenCalledTimes(2);
  });

  it('another Accept is another answer (Yoga picks the content type by it)', async () => {
    const { app } = setup();
    const body = { query: '{ top(phrase: "ноутбук") { totalCount } }' };
    await send(app, body);
    await send(app, body);
    await send(app, body); // kept for no Accept
    const accept = { accept: 'application/graphql-response+json' };
    const yoga = await send(app, body, { declared: false, headers: accept });
    await send(app, body, { headers: accept });
    const front = await send(app, body, { headers: accept });
    expect(front.headers.get('content-type')).toBe(yoga.headers.get('content-type'));
    expect(headersOf(front)).toEqual(headersOf(yoga));
    expect(front.text).toBe(yoga.text);
  });

  describe('over node:http', () => {
    let close: (() => Promise<void>) | undefined;
    afterEach(async () => {
      await close?.();
      close = undefined;
    });

    it("answers a kept hit with the bytes and headers of Yoga's node adapter", async () => {
      const { app, ledger } = setup();
      const server = createServer(app.handleNode);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      close = () => new Promise<void>((resolve) => server.close(() => resolve()));
      const port = (server.address() as AddressInfo).port;
      const text = JSON.stringify({ query: QUERY });
      const call = (chunked: boolean) =>
        new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
          const headers: Record<string, string> = { authorization: AUTH, 'content-type': 'application/json' };
          if (!chunked) headers['content-length'] = String(Buffer.byteLength(text));
          const req = httpRequest({ host: '127.0.0.1', port, path: '/graphql', method: 'POST', headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
          });
          req.on('error', reject);
          req.end(text); // without content-length node sends it chunked: straight to Yoga's node adapter
        });
      await call(false);
      const yoga = await call(true); // the hit through the node adapter, nothing read in front
      await call(false); // keeps
      const front = await call(false);
      const comparable = (r: { headers: Record<string, unknown> }) => {
        const { date: _date, 'x-request-id': _id, ...rest } = r.headers;
        return rest;
      };
      expect(front.status).toBe(200);
      expect(front.body).toBe(yoga.body);
      expect(comparable(front)).toEqual(comparable(yoga));
      const rows = ledger.rows();
      expect(rows[3]).toEqual(rows[1]);
    });
  });
});
