import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSearch, startFakeSearch } from '../../fakes/search/fake-search.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { demoSerp } from '../../src/adapters/demo/serp-model.js';
import { createSyncWebSearch } from '../../src/adapters/search-results/serp-sync.js';
import type { App } from '../../src/app.js';
import type { UsageRow } from '../../src/ports/ledger.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestClock, TEST_KEY, type TestClock } from '../support/kit.js';

/*
 * Issue 28: POST /v2/stats/serp, the MCP tool serp and the GraphQL field serp, on the web-search fake over HTTP.
 * One page per phrase × region × device × depth, shared by every face and key; bad input refused before any call.
 */

const SECOND_KEY = 'second-key-0123456789abcdef';
const auth = (key: string) => ({ authorization: `Bearer ${key}` });

let fake: FakeSearch;
beforeAll(async () => {
  fake = await startFakeSearch({ model: demoSerp, apiKey: 'AQVN-key' });
});
afterAll(() => fake.close());

const apps: App[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  fake.reset();
});

interface Fixture {
  app: App;
  clock: TestClock;
  rows(): readonly UsageRow[];
}

function setup(env: Record<string, string> = {}): Fixture {
  const ledger = createMemoryLedger();
  const clock = createTestClock();
  const sync = createSyncWebSearch({ baseUrl: fake.url, apiKey: 'AQVN-key', folderId: 'b1g-folder', timeoutMs: 5_000 });
  const app = createTestApp(
    { source: createFakeSource({ latencyMs: 0 }), ledger, clock, webSearch: { sync } },
    { API_KEYS: `${TEST_KEY},${SECOND_KEY}`, SEARCH_PRICE_CALL: '2', SEARCH_PRICE_REPEAT: '0.5', ...env },
  );
  apps.push(app);
  return { app, clock, rows: () => ledger.rows() };
}

async function viaMcp(app: App, name: string, args: Record<string, unknown>, key = TEST_KEY) {
  const response = await app.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...auth(key), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    }),
  );
  const { result } = (await response.json()) as { result: { isError?: boolean; content: { text: string }[]; structuredContent?: Record<string, any> } };
  return { result, cost: response.headers.get('x-cost') };
}

const BODY = { phrase: 'купить пластиковые окна', region: 213, device: 'desktop', depth: 10 };
const GQL = 'query($p: String!, $r: Int, $d: String, $n: Int) { serp(phrase: $p, region: $r, device: $d, depth: $n) }';

describe('serp: POST /v2/stats/serp, MCP serp, GraphQL serp', { timeout: 60_000 }, () => {
  it('answers the ranked page {position, url, domain, title} and found_docs; a miss costs the search price, a repeat the repeat price', async () => {
    const { app } = setup();
    const first = await post(app, '/v2/stats/serp', BODY);
    expect(first.status, first.text).toBe(200);
    const page = demoSerp({ phrase: BODY.phrase, regionId: 213, device: 'desktop', depth: 10 });
    expect(first.json).toEqual({ ...BODY, found_docs: page.foundDocs, results: page.results, ads: null });
    expect([first.headers.get('x-cache'), first.headers.get('x-cost')]).toEqual(['MISS', '2']);
    const again = await post(app, '/v2/stats/serp', { phrase: '  Купить  пластиковые окна ' });
    expect(again.status, again.text).toBe(200);
    expect(again.json.results).toEqual(first.json.results);
    expect([again.headers.get('x-cache'), again.headers.get('x-cost')]).toEqual(['HIT', '0.5']);
    expect(fake.calls.search).toBe(1);
  });

  it('the same phrase, region, device and depth from REST and MCP, GraphQL and two keys is one search at the fake', async () => {
    const { app, rows } = setup();
    const answers = await Promise.all([
      post(app, '/v2/stats/serp', BODY),
      post(app, '/v2/stats/serp', BODY, auth(SECOND_KEY)),
      viaMcp(app, 'serp', BODY),
      viaMcp(app, 'serp', { ...BODY, phrase: 'КУПИТЬ ПЛАСТИКОВЫЕ ОКНА' }, SECOND_KEY),
      graphql(app, GQL, { p: BODY.phrase, r: 213, d: 'desktop', n: 10 }),
    ]);
    const [rest, restSecond, mcp, mcpSecond, gql] = answers;
    expect(rest.status, rest.text).toBe(200);
    expect(restSecond.json).toEqual(rest.json);
    expect(mcp.result.isError, mcp.result.content[0]?.text).toBeFalsy();
    expect(mcp.result.structuredContent?.results).toEqual(rest.json.results);
    expect(mcpSecond.result.structuredContent?.results).toEqual(rest.json.results);
    expect(gql.json.errors, JSON.stringify(gql.json.errors)).toBeUndefined();
    expect(gql.json.data.serp.results).toEqual(rest.json.results);
    expect(fake.calls.search).toBe(1);
    // Every face wrote its ledger row; exactly one of them fetched upstream.
    await new Promise((resolve) => setImmediate(resolve));
    const serpRows = rows().filter((row) => /serp/.test(row.operation));
    expect(serpRows).toHaveLength(5);
    expect(serpRows.filter((row) => row.cacheStatus === 'MISS')).toHaveLength(1);
    // Another depth, device or region is another page.
    await post(app, '/v2/stats/serp', { ...BODY, depth: 20 });
    await post(app, '/v2/stats/serp', { ...BODY, device: 'mobile' });
    await post(app, '/v2/stats/serp', { ...BODY, region: 2 });
    expect(fake.calls.search).toBe(4);
  });

  it.each([
    [{ region: 213 }, 'phrase'],
    [{ ...BODY, phrase: '   ' }, 'phrase'],
    [{ ...BODY, phrase: 'я'.repeat(401) }, 'phrase'],
    [{ ...BODY, phrase: Array.from({ length: 41 }, (_, i) => `слово${i}`).join(' ') }, 'phrase'],
    [{ ...BODY, region: 999_999_999 }, 'region'],
    [{ ...BODY, region: 'Москва' }, 'region'],
    [{ ...BODY, device: 'tablet' }, 'device'],
    [{ ...BODY, depth: 15 }, 'depth'],
    [{ ...BODY, depth: '10' }, 'depth'],
  ])('refuses %j with 400 naming %s, before any search, on REST and MCP', async (body, field) => {
    const { app } = setup();
    const rest = await post(app, '/v2/stats/serp', body);
    expect(rest.status, rest.text).toBe(400);
    expect(JSON.stringify(rest.json)).toContain(field);
    expect(rest.headers.get('x-cost')).toBe('0');
    const mcp = await viaMcp(app, 'serp', body as Record<string, unknown>);
    expect(mcp.result.isError).toBe(true);
    expect(mcp.result.content[0]!.text).toContain(field);
    expect(fake.calls.search).toBe(0);
  });

  it('GraphQL refuses depth 15 and an unknown region before any search', async () => {
    const { app } = setup();
    const depth = await graphql(app, GQL, { p: BODY.phrase, n: 15 });
    expect(JSON.stringify(depth.json.errors)).toContain('depth');
    const region = await graphql(app, GQL, { p: BODY.phrase, r: 999_999_999 });
    expect(JSON.stringify(region.json.errors)).toContain('region');
    expect(fake.calls.search).toBe(0);
  });

  it('plans before the call: over the hour budget a miss is refused 403 with no search, while a cached page still answers', async () => {
    const { app } = setup({ SEARCH_SYNC_RPH: '1' });
    expect((await post(app, '/v2/stats/serp', BODY)).status).toBe(200);
    const refused = await post(app, '/v2/stats/serp', { ...BODY, phrase: 'купить ноутбук' });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.text).toMatch(/web search/);
    expect(refused.headers.get('x-cost')).toBe('0');
    expect((await post(app, '/v2/stats/serp', BODY)).status).toBe(200);
    expect(fake.calls.search).toBe(1);
  });

  it('serves the stored page STALE when the engine refuses after the fresh TTL, and a quota answer with nothing stored is 403', async () => {
    const { app, clock } = setup({ SEARCH_CACHE_TTL: '1h' });
    const first = await post(app, '/v2/stats/serp', BODY);
    clock.advance(2 * 3_600_000);
    fake.inject('quota');
    const stale = await post(app, '/v2/stats/serp', BODY);
    expect(stale.status, stale.text).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(stale.json.results).toEqual(first.json.results);
    fake.inject('quota');
    const none = await post(app, '/v2/stats/serp', { ...BODY, phrase: 'пластиковые окна цена' });
    expect(none.status, none.text).toBe(403);
    expect(fake.calls.search).toBe(3);
  });

  it('MCP lists the tool as open-world and not read-only (each miss is a billed web search)', async () => {
    const { app } = setup();
    const response = await app.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { ...auth(TEST_KEY), 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    );
    const tools = ((await response.json()) as { result: { tools: { name: string; annotations: Record<string, unknown> }[] } }).result.tools;
    const tool = tools.find((t) => t.name === 'serp')!;
    expect(tool.annotations).toMatchObject({ openWorldHint: true, readOnlyHint: false, destructiveHint: false });
  });
});
