import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { canonicalPhrase } from '../../src/domain/source-call.js';
import { startFakeWordstat, type FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';
import { AUTH_HEADER, TODAY } from '../support/kit.js';
import { createTestPglite } from '../support/pglite.js';
import { readCsvObjects } from '../support/csv-read.js';

/*
 * Issue 27, section 1: core_expand on every face (REST POST /v2/core/expand, MCP core_expand, GraphQL coreExpand,
 * tasks), its GetTop calls counted at the fake Wordstat: each distinct (phrase, region) asked once, in a request
 * and across requests (the cache), bad input refused before any call.
 */

interface Row {
  phrase: string;
  count: number;
  source: 'seed' | 'top' | 'association';
  depth: number;
  parent: string | null;
}

const GQL = 'query($s: [String!]!, $r: Int, $d: Int, $m: Int, $c: Int) { coreExpand(seeds: $s, region: $r, depth: $d, minVolume: $m, maxCalls: $c) }';
const WORDSTAT_ENV = { SOURCE: 'wordstat', YANDEX_API_KEY: 'fake-key', YANDEX_FOLDER_ID: 'folder-1', PRICE_CALL: '1', PRICE_REPEAT: '0.1' };

describe('core_expand through the fake Wordstat', { timeout: 60_000 }, () => {
  let fake: FakeWordstat;
  let client: SqlClient;
  let tasks: WatchedClient;
  let app: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog()), apiKey: 'fake-key', folderId: 'folder-1', today: () => TODAY });
    client = await createTestPglite();
    tasks = watchWrites(client);
    app = createTestApp(
      { taskClient: tasks.client, ledger: createMemoryLedger() },
      { ...WORDSTAT_ENV, WORDSTAT_BASE_URL: fake.url, WORDSTAT_RPS: '1000', WORDSTAT_RPH: '100000', TASK_WORKERS: '1' },
    );
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await client?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  /** The GetTop requests at the fake: all of them, and the distinct (canonical phrase, regions) among them. */
  const topCalls = () => {
    const bodies = fake.requests.filter((r) => r.method === 'top').map((r) => r.body as { phrase: string; numPhrases: unknown; regions?: string[] });
    const distinct = new Set(bodies.map((b) => `${canonicalPhrase(b.phrase)}|${[...(b.regions ?? [])].sort().join(',')}`));
    return { bodies, calls: bodies.length, distinct: distinct.size };
  };

  /** One JSON-RPC message to /mcp, its `result`. */
  async function rpc<T>(method: string, params?: Record<string, unknown>): Promise<T> {
    const response = await app.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }),
      }),
    );
    return ((await response.json()) as { result: T }).result;
  }

  const mcp = async (name: string, args: Record<string, unknown>) => ({
    result: await rpc<{ isError?: boolean; content: { text: string }[]; structuredContent?: Record<string, unknown>; _meta: Record<string, unknown> }>('tools/call', { name, arguments: args }),
  });

  const BODY = { seeds: ['детский велосипед', 'Детский  велосипед', 'беговел'], region: 213, depth: 2, min_volume: 50, max_calls: 6 };

  it('REST: seeds once each, depth 2 strongest first within max_calls; each distinct (phrase, region) GetTop asked once; a second request asks none', async () => {
    const first = await post(app, '/v2/core/expand', BODY);
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('x-cost')).toBe('1');
    const answer = first.json as { rows: Row[]; calls: { made: number; max: number }; stopped: string; region: number; counts: Record<string, number> };

    const { bodies, calls, distinct } = topCalls();
    expect(calls).toBe(6);
    expect(calls / distinct).toBe(1);
    expect(answer.calls).toEqual({ made: 6, max: 6 });
    expect(answer.stopped).toBe('max_calls');
    for (const body of bodies) expect(body).toMatchObject({ numPhrases: '2000', regions: ['213'] });

    // One row per canonical phrase; the repeated seed (another case and spacing) is one seed, asked once.
    const rows = answer.rows;
    expect(new Set(rows.map((r) => canonicalPhrase(r.phrase))).size).toBe(rows.length);
    expect(rows.filter((r) => r.source === 'seed').map((r) => r.phrase)).toEqual(['детский велосипед', 'беговел']);
    expect(answer.counts).toEqual({ seed: 2, top: rows.filter((r) => r.source === 'top').length, association: rows.filter((r) => r.source === 'association').length });
    expect(answer.counts.top).toBeGreaterThan(0);
    expect(answer.counts.association).toBeGreaterThan(0);
    // Below min_volume nothing is listed (seeds are); parents are a seed at depth 1, a depth-1 phrase at depth 2.
    const byPhrase = new Map(rows.map((r) => [r.phrase, r]));
    for (const row of rows.filter((r) => r.depth > 0)) {
      expect(row.count).toBeGreaterThanOrEqual(50);
      expect(byPhrase.get(row.parent!)?.depth).toBe(row.depth - 1);
    }
    // The 4 calls after the seeds went to the strongest phrases of depth 1, and each of them is a depth-2 parent.
    const asked = new Set(bodies.map((b) => canonicalPhrase(b.phrase)));
    const depth1 = rows.filter((r) => r.depth === 1).sort((a, b) => b.count - a.count);
    expect(depth1.slice(0, 4).every((r) => asked.has(canonicalPhrase(r.phrase)))).toBe(true);
    expect(new Set(rows.filter((r) => r.depth === 2).map((r) => r.parent))).toEqual(new Set(depth1.slice(0, 4).map((r) => r.phrase)));

    const again = await post(app, '/v2/core/expand', BODY);
    expect(again.json).toEqual(answer);
    expect(again.headers.get('x-cost')).toBe('0.1');
    expect(topCalls().calls).toBe(6);
  });

  it('MCP and GraphQL give the same rows from the cache, no further call; the tool says it spends source calls', async () => {
    const rest = await post(app, '/v2/core/expand', BODY);
    fake.reset();
    const tool = await mcp('core_expand', { ...BODY, limit: 1000 });
    expect(tool.result.isError, tool.result.content[0]?.text).toBeFalsy();
    const { total, ...structured } = tool.result.structuredContent!;
    expect(total).toBe(rest.json.rows.length);
    expect({ ...structured, rows: (structured.rows as Row[]).length }).toEqual({ ...rest.json, rows: Math.min(1000, rest.json.rows.length) });
    expect(structured.rows).toEqual(rest.json.rows.slice(0, 1000));
    expect(tool.result.content[0]!.text).toContain(`Collected ${rest.json.rows.length} phrases`);

    const gql = await graphql(app, GQL, { s: BODY.seeds, r: BODY.region, d: BODY.depth, m: BODY.min_volume, c: BODY.max_calls });
    expect(gql.json.errors, JSON.stringify(gql.json.errors)).toBeUndefined();
    expect(gql.json.data.coreExpand).toEqual(rest.json);
    expect(gql.headers.get('x-cost')).toBe('0.1');

    // The table form: one line per row, cell for cell.
    const csv = await post(app, '/v2/core/expand?format=csv&delimiter=comma', BODY);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = readCsvObjects(csv.text);
    expect(lines).toHaveLength(rest.json.rows.length);
    expect(lines[1]).toEqual(Object.fromEntries(Object.entries(rest.json.rows[1] as Row).map(([k, v]) => [k, v === null ? '' : String(v)])));
    expect(topCalls().calls).toBe(0);

    const { tools } = await rpc<{ tools: { name: string; annotations: Record<string, unknown> }[] }>('tools/list');
    expect(tools.find((t) => t.name === 'core_expand')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: true });
    expect(tools.map((t) => t.name)).toContain('task_create_core_expand');
  });

  it('runs as a task: its calls each asked once, the same rows as the live route, which then asks nothing', async () => {
    const body = { seeds: ['самокат'], region: 2, depth: 2, max_calls: 4 };
    const posted = await post(app, '/v2/core/expand/task_post', body);
    expect(posted.json.tasks[0].status_code, posted.text).toBe(20100);
    const id = posted.json.tasks[0].id as string;
    const task = await tasks.until('the task finished', async () => {
      const response = await app.fetch(new Request(`http://localhost/v2/core/expand/task_get/${id}`, { headers: AUTH_HEADER }));
      const json = (await response.json()) as { tasks: { status_code: number; result: unknown[] }[] };
      return json.tasks[0]!.status_code === 20000 ? json.tasks[0]! : undefined;
    }, 20_000);
    expect(task, 'the task finished').toBeDefined();
    const { calls, distinct } = topCalls();
    expect(calls).toBe(4);
    expect(calls / distinct).toBe(1);
    const live = await post(app, '/v2/core/expand', body);
    expect(live.headers.get('x-cache')).toBe('HIT');
    expect(task!.result[0]).toEqual(live.json);
    const table = await app.fetch(new Request(`http://localhost/v2/core/expand/task_get/${id}?format=csv&delimiter=comma`, { headers: AUTH_HEADER }));
    expect(readCsvObjects(await table.text()).map((line) => line.phrase)).toEqual((live.json.rows as Row[]).map((row) => row.phrase));
    expect(topCalls().calls).toBe(4);
  });

  it('a live expansion over the per-request call limit is refused before any call, pointing to the task route', async () => {
    const over = await post(app, '/v2/core/expand', { seeds: ['самокат'], depth: 3, max_calls: 101 });
    expect(over.status, over.text).toBe(400);
    expect(over.json.code).toBe('QUERY_TOO_COMPLEX');
    expect(over.text).toContain('/v2/core/expand/task_post');
    // Depth 1 plans the seeds only: max_calls is no bound there.
    const one = await post(app, '/v2/core/expand', { seeds: ['ролики'], depth: 1, max_calls: 2000 });
    expect(one.status, one.text).toBe(200);
    expect(topCalls().calls).toBe(1);
  });

  const tooMany = Array.from({ length: 101 }, (_, i) => `фраза ${i}`);
  it.each([
    ['no seeds', {}, 'seeds'],
    ['an empty list', { seeds: [] }, 'seeds'],
    ['101 seeds', { seeds: tooMany }, 'seeds'],
    ['a blank seed', { seeds: ['самокат', '  '] }, 'seeds[1]'],
    ['depth 0', { seeds: ['самокат'], depth: 0 }, 'depth'],
    ['depth 4', { seeds: ['самокат'], depth: 4 }, 'depth'],
    ['max_calls 2,001', { seeds: ['самокат'], depth: 2, max_calls: 2001 }, 'max_calls'],
    ['max_calls below the seeds', { seeds: ['самокат', 'ролики'], max_calls: 1 }, 'max_calls'],
    ['a negative min_volume', { seeds: ['самокат'], min_volume: -1 }, 'min_volume'],
    ['an unknown region', { seeds: ['самокат'], region: 99_999_999 }, 'region'],
  ])('refuses %s with 400 naming the field on REST, MCP, GraphQL and the task route, no call', async (_name, body, field) => {
    const rest = await post(app, '/v2/core/expand', body);
    expect(rest.status, rest.text).toBe(400);
    expect(rest.json).toMatchObject({ code: 'INVALID_FIELD', field });
    const tool = await mcp('core_expand', body);
    expect(tool.result).toMatchObject({ isError: true, _meta: { status: 400, code: 'INVALID_FIELD' } });
    expect(tool.result.content[0]!.text).toContain(field);
    const b = body as { seeds?: string[]; region?: number; depth?: number; min_volume?: number; max_calls?: number };
    if (b.seeds && b.seeds.length > 0) {
      const gql = await graphql(app, GQL, { s: b.seeds, r: b.region, d: b.depth, m: b.min_volume, c: b.max_calls });
      const error = gql.json.errors?.[0];
      expect(error?.extensions.code, JSON.stringify(gql.json)).toBe('BAD_USER_INPUT');
      expect(error.message).toContain(field.replace(/\[.*$/, '').replace('min_volume', 'minVolume').replace('max_calls', 'maxCalls'));
    }
    const posted = await post(app, '/v2/core/expand/task_post', body);
    expect(posted.json.tasks[0].status_code, posted.text).not.toBe(20100);
    expect(posted.json.tasks[0].status_message).toContain(field);
    expect(fake.requests.filter((r) => r.method === 'top')).toHaveLength(0);
  });
});

describe('core_expand over the hour\'s budget', { timeout: 60_000 }, () => {
  it('is refused live before any call (403), pointing to the task route', async () => {
    const fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog()), apiKey: 'fake-key', folderId: 'folder-1', today: () => TODAY });
    const app = createTestApp({}, { ...WORDSTAT_ENV, WORDSTAT_BASE_URL: fake.url, WORDSTAT_RPS: '1000', WORDSTAT_RPH: '10' });
    try {
      await app.ready();
      fake.reset();
      const refused = await post(app, '/v2/core/expand', { seeds: ['велосипед'], depth: 2, max_calls: 20 });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.text).toContain('/v2/core/expand/task_post');
      expect(fake.calls.top).toBe(0);
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
