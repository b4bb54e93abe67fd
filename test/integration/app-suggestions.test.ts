import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoCompetition } from '../../src/adapters/demo/competition.js';
import { competitionScore } from '../../src/domain/competition.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';
import { type FakeLlmServer, startFakeLlmServer } from '../fakes/fake-llm-server.js';
import { type FakeSearchServer, startFakeSearchServer } from '../fakes/fake-search-server.js';

let llm: FakeLlmServer;
let searchApi: FakeSearchServer;
beforeAll(async () => {
  [llm, searchApi] = await Promise.all([startFakeLlmServer(), startFakeSearchServer()]);
});
afterAll(() => Promise.all([llm.close(), searchApi.close()]));
beforeEach(() => {
  llm.behave(() => ({ queries: [] }));
});

const suggestions = (app: Parameters<typeof post>[0], body: Record<string, unknown>) => post(app, '/v1/keywords/suggestions', body);
const itemsOf = (json: any): { keyword: string; search_volume: number; competition: number }[] => json.tasks[0].result[0].items;

describe('the app wires the suggestions stages from the config', () => {
  it('demo mode without LLM_BASE_URL: the demo source alone, competition from the demo page model, no LLM call', async () => {
    const app = createTestApp();
    const before = llm.calls;
    const response = await suggestions(app, { keyword: 'велосипед', limit: 10 });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-source')).toBe('demo');
    const items = itemsOf(response.json);
    expect(items).toHaveLength(10);
    const expected = competitionScore(demoCompetition('велосипед'));
    expect(expected).toBeGreaterThan(0);
    expect(items.every((i) => i.competition === expected)).toBe(true);
    expect(llm.calls).toBe(before);
    await app.close();
  });

  it('demo mode with LLM_BASE_URL: the model is asked with LLM_MODEL and the key; its candidates are verified', async () => {
    llm.behave(() => ({ queries: ['велотренажер', 'жжжжжж ззззз', 'велосипед -детский'] }));
    const app = createTestApp({}, { LLM_BASE_URL: llm.baseUrl, LLM_API_KEY: 'sk-local', LLM_MODEL: 'qwen-test', LLM_TIMEOUT_MS: '2000' });
    const before = llm.calls;
    const first = await suggestions(app, { keyword: 'велосипед', limit: 100 });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(llm.calls).toBe(before + 1);
    const request = llm.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer sk-local');
    expect(request.body.model).toBe('qwen-test');
    const keywords = itemsOf(first.json).map((i) => i.keyword);
    // "велотренажер" is in neither of the seed's lists: verified by its own call, large enough to rank; the consonant
    // run has no demand and the operator never gets through.
    expect(keywords).toContain('велотренажер');
    expect(keywords).not.toContain('жжжжжж ззззз');
    expect(keywords).not.toContain('велосипед -детский');

    const repeat = await suggestions(app, { keyword: 'велосипед', limit: 20 });
    expect(repeat.headers.get('x-cache')).toBe('HIT');
    expect(llm.calls).toBe(before + 1);
    // The 20 it shows are among the first answer's items, sorted by volume descending (decisions.md).
    const repeated = itemsOf(repeat.json);
    expect(repeated).toHaveLength(20);
    expect(itemsOf(first.json)).toEqual(expect.arrayContaining(repeated));
    const volumes = (repeat.json.tasks[0].result[0].items as { search_volume: number }[]).map((item) => item.search_volume);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    // The one LLM call is on /metrics.
    const scrape = await (await app.fetch(new Request('http://localhost/metrics'))).text();
    expect(scrape).toMatch(/sds_llm_calls_total\{outcome="ok"\} 1\b/);
    await app.close();
  });

  it('demo mode: search_volume gets the demo competition too (an estimate, not null)', async () => {
    const app = createTestApp();
    const response = await post(app, '/v1/keywords/search_volume', { keywords: ['купить велосипед'] });
    expect(response.status).toBe(200);
    const item = response.json.tasks[0].result[0];
    expect(item.competition).toBe(competitionScore(demoCompetition('купить велосипед')));
    expect(item.competition_level).not.toBeNull();
    await app.close();
  });

  it('a Wordstat source with credentials: competition from Yandex web search at SEARCH_BASE_URL', async () => {
    searchApi.behave(() => ({ page: { foundDocs: 999_999, domains: ['ozon.ru', 'habr.com'] } }));
    const source = createFakeSource({ kind: 'wordstat' });
    const app = createTestApp(
      { source },
      { YANDEX_API_KEY: 'yc-key', YANDEX_FOLDER_ID: 'folder-1', SEARCH_BASE_URL: searchApi.baseUrl },
    );
    const before = searchApi.calls;
    const response = await post(app, '/v1/keywords/search_volume', { keywords: ['пицца'], location_code: 1012 });
    expect(response.status).toBe(200);
    // 0.5 × 6/9 + 0.35 × 1/10 + 0.15 × 2/10 = 0.3983 → 0.4
    expect(response.json.tasks[0].result[0].competition).toBe(0.4);
    expect(searchApi.calls).toBe(before + 1);
    expect(searchApi.requests.at(-1)).toMatchObject({
      authorization: 'Api-Key yc-key',
      body: { folderId: 'folder-1', region: '213', query: { queryText: 'пицца' } },
    });
    // The page is cached: a second operation on the same phrase and region asks nothing more.
    await post(app, '/v1/keywords/search_volume', { keywords: ['Пицца'], location_code: 1012 });
    expect(searchApi.calls).toBe(before + 1);
    await app.close();
  });

  it('a Wordstat source without Yandex credentials for search: no estimate, search_volume says null', async () => {
    const app = createTestApp({ source: createFakeSource({ kind: 'wordstat' }) }, {});
    const response = await post(app, '/v1/keywords/search_volume', { keywords: ['пицца'] });
    expect(response.json.tasks[0].result[0].competition).toBeNull();
    await app.close();
  });
});
