import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { startFakeWordstat, type FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { connectClient } from '../mcp/mcp-support.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { AUTH_HEADER, TODAY } from '../support/kit.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';

/*
 * Issue 21: match types (phrase, exact, order) on every face. Each asked type is one GetTop call per keyword,
 * counted here at the fake Wordstat: planned, priced (call price, repeat price from cache) and cached like any
 * other call, and shared between faces.
 */
describe('match types through the fake Wordstat', () => {
  let fake: FakeWordstat;
  let client: SqlClient;
  let tasks: WatchedClient;
  let app: ReturnType<typeof createTestApp>;
  let ledger: ReturnType<typeof createMemoryLedger>;
  let server: Server;
  let mcpUrl: URL;

  beforeAll(async () => {
    fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog()), apiKey: 'fake-key', folderId: 'folder-1', today: () => TODAY });
    client = await createTestPglite();
    tasks = watchWrites(client);
    ledger = createMemoryLedger();
    app = createTestApp(
      { taskClient: tasks.client, ledger },
      { SOURCE: 'wordstat', YANDEX_API_KEY: 'fake-key', YANDEX_FOLDER_ID: 'folder-1', WORDSTAT_BASE_URL: fake.url, TASK_WORKERS: '1', PRICE_CALL: '1', PRICE_REPEAT: '0.1' },
    );
    await app.ready();
    server = createServer(app.handleNode);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    mcpUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await app?.close();
    await client?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const topPhrases = () =>
    fake.requests.filter((r) => r.method === 'top').map((r) => (r.body as { phrase: string }).phrase);

  it('REST /v1: one dynamics call, one bare GetTop and one GetTop per asked type per keyword; the repeat is free upstream and billed as a repeat', async () => {
    const body = { keywords: ['купить пиццу', 'велосипед'], match_types: ['broad', 'phrase', 'exact', 'order'] };
    const first = await post(app, '/v1/keywords/search_volume', body);
    expect(first.status, first.text).toBe(200);
    expect(fake.calls.dynamics).toBe(2);
    expect(fake.calls.top).toBe(8);
    expect(topPhrases().sort()).toEqual(['велосипед', 'купить пиццу', '"!велосипед"', '"!купить !пиццу"', '"велосипед"', '"купить пиццу"', '[велосипед]', '[купить пиццу]'].sort());
    expect(first.headers.get('x-cost')).toBe('1');

    const items = first.json.tasks[0].result;
    for (const item of items) {
      expect(item.search_volume_phrase).toBeTypeOf('number');
      expect(item.search_volume_exact).toBeLessThanOrEqual(item.search_volume_phrase);
      expect(item.search_volume_phrase).toBeLessThanOrEqual(item.search_volume);
      expect(item.search_volume_order).toBeLessThanOrEqual(item.search_volume);
      for (const type of ['phrase', 'exact', 'order']) {
        const series = item.match_type_monthly_searches[type];
        expect(series.source).toBe('derived');
        expect(series.monthly_searches).toHaveLength(12);
        // Same months as broad, each at most broad's.
        series.monthly_searches.forEach((m: { year: number; month: number; search_volume: number }, i: number) => {
          expect([m.year, m.month]).toEqual([item.monthly_searches[i].year, item.monthly_searches[i].month]);
          expect(m.search_volume).toBeLessThanOrEqual(item.monthly_searches[i].search_volume);
        });
      }
      expect(item.seasonality).toMatchObject({ months: 12, yoy_change_percent: null });
    }

    const again = await post(app, '/v1/keywords/search_volume', body);
    expect(again.json.tasks[0].result).toEqual(items);
    expect(fake.calls.dynamics + fake.calls.top).toBe(10);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('x-cost')).toBe('0.1');
  });

  it('the default is broad only: no GetTop call, the type fields are null, today\'s fields unchanged', async () => {
    const answer = await post(app, '/v1/keywords/search_volume', { keywords: ['ноутбук'] });
    expect(answer.status).toBe(200);
    expect(fake.calls.top).toBe(0);
    expect(fake.calls.dynamics).toBe(1);
    const item = answer.json.tasks[0].result[0];
    expect([item.search_volume_phrase, item.search_volume_exact, item.search_volume_order]).toEqual([null, null, null]);
    expect(item.match_type_monthly_searches).toEqual({});
  });

  it('a cached answer for a type serves the next request that asks for it, whichever other types it asks', async () => {
    await post(app, '/v1/keywords/search_volume', { keywords: ['диван'], match_types: ['phrase'] });
    expect(fake.calls.top).toBe(2);
    await post(app, '/v1/keywords/search_volume', { keywords: ['диван'], match_types: ['exact', 'phrase'] });
    expect(fake.calls.top).toBe(3); // only exact is new: the bare count is cached
    expect(topPhrases()).toEqual(['диван', '"диван"', '"!диван"']);
  });

  it('history_months 24: one monthly call over 24 months, year over year filled in; search_volume stays the 12-month mean', async () => {
    const answer = await post(app, '/v1/keywords/search_volume', { keywords: ['кроссовки'], history_months: 24, match_types: ['phrase'] });
    expect(answer.status, answer.text).toBe(200);
    expect(fake.calls.dynamics).toBe(1);
    const item = answer.json.tasks[0].result[0];
    expect(item.monthly_searches).toHaveLength(24);
    expect(item.match_type_monthly_searches.phrase.monthly_searches).toHaveLength(24);
    const newest12 = item.monthly_searches.slice(0, 12).reduce((s: number, m: { search_volume: number }) => s + m.search_volume, 0);
    expect(item.search_volume).toBe(Math.round(newest12 / 12));
    expect(item.seasonality.months).toBe(24);
    expect(item.seasonality.yoy_change_percent).toBeTypeOf('number');
  });

  it('bad match_types and history_months are 400s naming the field, before any call', async () => {
    const bad = [
      [{ keywords: ['a'], match_types: ['phrase', 'wide'] }, 'match_types[1]'],
      [{ keywords: ['a'], match_types: 'phrase' }, 'match_types'],
      [{ keywords: ['a'], match_types: [3] }, 'match_types[0]'],
      [{ keywords: ['a'], history_months: 36 }, 'history_months'],
      [{ keywords: ['a'], history_months: '24' }, 'history_months'],
      [{ keywords: [`${'слово '.repeat(66)}x`], match_types: ['exact'] }, 'keywords[0]'],
    ] as const;
    for (const [body, field] of bad) {
      const answer = await post(app, '/v1/keywords/search_volume', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.tasks[0].status_message).toContain(field);
    }
    expect(fake.calls.dynamics + fake.calls.top).toBe(0);
  });

  it('the live plan counts the type calls: 30 keywords × (1 + 3 types) is refused up front, spending nothing', async () => {
    const keywords = Array.from({ length: 30 }, (_, i) => `товар номер ${i}`);
    const plain = await post(app, '/v1/keywords/search_volume', { keywords: keywords.slice(0, 1) });
    expect(plain.status).toBe(200);
    fake.reset();
    const answer = await post(app, '/v1/keywords/search_volume', { keywords, match_types: ['phrase', 'exact', 'order'] });
    // Over the live request's call limit (100), which is checked before the hour's budget (issue 25): 400.
    expect(answer.status).toBe(400);
    // The first keyword's monthly call is cached: 29 + 30 × (1 bare + 3 types) uncached calls.
    expect(answer.json.tasks[0].status_message).toContain('needs 149 uncached source calls');
    expect(fake.calls.dynamics + fake.calls.top).toBe(0);
  });

  it('the task route takes match types: planned with their calls, run once, and billed once', async () => {
    const posted = await post(app, '/v1/keywords/search_volume/task_post', { keywords: ['самокат', 'ролики'], match_types: ['order', 'phrase'], history_months: 24 });
    expect(posted.json.tasks[0].status_code).toBe(20100);
    const id = posted.json.tasks[0].id as string;
    // Checked again after every write to the task database.
    const got: Awaited<ReturnType<typeof post>> = await tasks.until('the task finished', async () => {
      const response = await app.fetch(new Request(`http://localhost/v1/keywords/search_volume/task_get/${id}`, { headers: AUTH_HEADER }));
      const json = (await response.json()) as any;
      return json.tasks[0].status_code === 20000 ? { status: response.status, headers: response.headers, json, text: '' } : undefined;
    }, 20_000);
    expect(got, 'the task finished').toBeDefined();
    expect(fake.calls.dynamics).toBe(2);
    expect(fake.calls.top).toBe(6);
    const items = got!.json.tasks[0].result;
    expect(items[0].search_volume_order).toBeTypeOf('number');
    expect(items[0].search_volume_exact).toBeNull();
    expect(items[0].monthly_searches).toHaveLength(24);
    // The live route now answers from the task's cached calls: a repeat, no upstream call.
    const live = await post(app, '/v1/keywords/search_volume', { keywords: ['ролики', 'самокат'], match_types: ['phrase', 'order'], history_months: 24 });
    expect(live.headers.get('x-cache')).toBe('HIT');
    expect(fake.calls.dynamics + fake.calls.top).toBe(8);
    await ledger.flush();
    const taskRows = ledger.rows().filter((row) => row.operation === 'v1.search_volume.task');
    expect(taskRows.map((row) => row.price)).toEqual([1]);
  });

  it('GraphQL keyword(matchTypes): the same calls and numbers as REST, a repeat is a HIT, unasked types are null', async () => {
    const query = `{ keyword(phrase: "кофемашина", matchTypes: [PHRASE, ORDER], historyMonths: 24) {
      searchVolume searchVolumePhrase searchVolumeExact searchVolumeOrder
      matchTypeVolumes { matchType searchVolume last30Days monthlySource monthlySearches { year month searchVolume } }
      seasonality { months yoyChangePercent peakMonth seasonalityIndex trendClass } } }`;
    const first = await graphql(app, query);
    expect(first.json.errors).toBeUndefined();
    expect(fake.calls.dynamics).toBe(1);
    expect(fake.calls.top).toBe(3);
    expect(first.headers.get('x-cost')).toBe('1');
    const k = first.json.data.keyword;
    expect(k.searchVolumeExact).toBeNull();
    expect(k.matchTypeVolumes.map((v: { matchType: string }) => v.matchType)).toEqual(['PHRASE', 'ORDER']);
    expect(k.matchTypeVolumes[0].monthlySource).toBe('DERIVED');
    expect(k.matchTypeVolumes[0].monthlySearches).toHaveLength(24);
    expect(k.seasonality.months).toBe(24);
    const rest = await post(app, '/v1/keywords/search_volume', { keywords: ['кофемашина'], match_types: ['order', 'phrase'], history_months: 24 });
    expect(rest.headers.get('x-cache')).toBe('HIT');
    const item = rest.json.tasks[0].result[0];
    expect([item.search_volume_phrase, item.search_volume_order]).toEqual([k.searchVolumePhrase, k.searchVolumeOrder]);
    expect(item.seasonality.yoy_change_percent).toBe(k.seasonality.yoyChangePercent);
    const again = await graphql(app, query);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('x-cost')).toBe('0.1');
    expect(fake.calls.dynamics + fake.calls.top).toBe(4);
  });

  it('GraphQL: a keyword that selects no match-type field makes no GetTop; a bad matchTypes or historyMonths is refused naming it', async () => {
    const lean = await graphql(app, '{ keyword(phrase: "утюг", matchTypes: [EXACT]) { searchVolume seasonality { trendClass } } }');
    expect(lean.json.errors).toBeUndefined();
    expect(fake.calls.top).toBe(0);
    const bad = await graphql(app, '{ keyword(phrase: "утюг", historyMonths: 36) { searchVolume } }');
    expect(bad.json.errors[0].message).toContain('historyMonths');
    const unknown = await graphql(app, '{ keyword(phrase: "утюг", matchTypes: [WIDE]) { searchVolume } }');
    expect(unknown.json.errors[0].message).toContain('WIDE');
    expect(fake.calls.dynamics).toBe(1);
  });

  it('GraphQL: the operation plan counts the type calls and refuses up front', async () => {
    const list = Array.from({ length: 40 }, (_, i) => JSON.stringify(`вещь номер ${i}`)).join(', ');
    const answer = await graphql(app, `{ keywords(phrases: [${list}], matchTypes: [PHRASE, EXACT]) { searchVolumePhrase searchVolumeExact } }`);
    expect(answer.json.errors?.[0]?.message ?? '').toContain('needs 160 uncached source calls');
    expect(fake.calls.dynamics + fake.calls.top).toBe(0);
  });

  it('GraphQL createSearchVolumeTask takes matchTypes; the finished task shows them', async () => {
    const created = await graphql(app, 'mutation { createSearchVolumeTask(keywords: ["гамак"], matchTypes: [EXACT]) { id } }');
    expect(created.json.errors).toBeUndefined();
    const id = created.json.data.createSearchVolumeTask.id as string;
    const keyword: any = await tasks.until('the task finished', async () => {
      const read = await graphql(app, `{ task(id: "${id}") { status keywords { phrase searchVolumeExact searchVolumePhrase matchTypeVolumes { matchType last30Days } } } }`);
      return read.json.data.task.status === 'DONE' ? read.json.data.task.keywords[0] : undefined;
    }, 20_000);
    expect(keyword, 'the task finished').toBeDefined();
    expect(keyword.searchVolumeExact).toBeTypeOf('number');
    expect(keyword.searchVolumePhrase).toBeNull();
    expect(keyword.matchTypeVolumes).toHaveLength(1);
    expect(fake.calls.top).toBe(2);
  });

  it('MCP keyword_search_volume takes match_types and shares the cache with REST', async () => {
    const { client: mcp, lastHeaders } = await connectClient(mcpUrl);
    const tool = await mcp.callTool({ name: 'keyword_search_volume', arguments: { keywords: ['палатка'], match_types: ['exact'] } });
    expect(tool.isError ?? false).toBe(false);
    expect(lastHeaders().get('x-cache')).toBe('MISS');
    expect(tool._meta).toMatchObject({ cacheStatus: 'MISS', cost: 1 });
    expect(fake.calls.top).toBe(2);
    const item = (tool.structuredContent as { result: any[] }).result[0];
    expect(item.search_volume_exact).toBeTypeOf('number');
    expect(item.match_type_monthly_searches.exact.source).toBe('derived');
    // The text an agent reads names the type's figure too.
    const text = (tool.content as { type: string; text: string }[])[0]!.text;
    expect(text).toMatch(/палатка — .*, exact \d/);
    const rest = await post(app, '/v1/keywords/search_volume', { keywords: ['палатка'], match_types: ['exact'] });
    expect(rest.headers.get('x-cache')).toBe('HIT');
    expect(rest.headers.get('x-cost')).toBe('0.1');
    expect(rest.json.tasks[0].result[0]).toEqual(item);
    expect(fake.calls.top + fake.calls.dynamics).toBe(3);
    await mcp.close();
  });
});
