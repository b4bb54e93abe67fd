import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { startFakeWordstat, type FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { AUTH_HEADER, TODAY } from '../support/kit.js';

/**
 * Rounds every float so that percent → fraction conversions on the wire compare equal, and drops what differs
 * by design: ids and timings, and competition (the demo page model vs. Yandex search results, absent here).
 */
function roundFloats(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(10));
  if (Array.isArray(value)) return value.map(roundFloats);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !['id', 'time', 'competition', 'competition_level'].includes(k)).map(([k, v]) => [k, roundFloats(v)]));
  }
  return value;
}

const cases: [string, unknown][] = [
  ['/v2/stats/top', { phrase: 'ноутбук', numPhrases: 20, devices: 'phone' }],
  ['/v2/stats/top', { phrase: 'пицца', regions: [213, 2] }],
  ['/v2/stats/dynamics', { phrase: 'велосипед' }],
  ['/v2/stats/dynamics', { phrase: 'велосипед', period: 'weekly', regions: [213] }],
  ['/v2/stats/dynamics', { phrase: 'велосипед', period: 'daily', devices: ['desktop', 'tablet'] }],
  ['/v2/stats/regions', { phrase: 'пицца' }],
  ['/v2/stats/regions', { phrase: 'пицца', region: 'cities' }],
  ['/v1/keywords/search_volume', { keywords: ['купить ноутбук', 'пицца'], location_code: 1012 }],
  ['/v1/keywords/locations', { keyword: 'пицца' }],
  ['/v1/keywords/suggestions', { keyword: 'велосипед', limit: 10 }],
];

describe('SOURCE=wordstat against the fake Wordstat (backed by the demo model)', () => {
  let fake: FakeWordstat;
  beforeAll(async () => {
    // The fake's calendar matches the tests' fixed clock (FIXED_NOW), for the 60-day daily limit.
    fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog()), apiKey: 'fake-key', folderId: 'folder-1', today: () => TODAY });
  });
  afterAll(() => fake.close());

  const wordstatApp = () =>
    createTestApp({}, {
      SOURCE: 'wordstat',
      YANDEX_API_KEY: 'fake-key',
      YANDEX_FOLDER_ID: 'folder-1',
      WORDSTAT_BASE_URL: fake.url,
    });

  it.each(cases)('%s %j gives the same answer as the demo source', async (path, body) => {
    const demo = createTestApp({ source: createDemoSource(loadRegionCatalog()) });
    const real = wordstatApp();
    const [a, b] = [await post(demo, path, body), await post(real, path, body)];
    expect(b.status, b.text).toBe(200);
    expect(a.status).toBe(200);
    expect(roundFloats(b.json)).toEqual(roundFloats(a.json));
    expect(b.headers.get('x-source')).toBeNull();
    await real.close();
  });

  it('GraphQL agrees too, and a repeat costs no upstream call', async () => {
    const app = wordstatApp();
    const query = '{ top(phrase: "ноутбук", numPhrases: 5) { totalCount results { phrase count } } regions(phrase: "ноутбук", level: REGIONS) { regionId count } }';
    const demo = await graphql(createTestApp({ source: createDemoSource(loadRegionCatalog()) }), query);
    fake.reset();
    const first = await graphql(app, query);
    expect(first.json.data).toEqual(demo.json.data);
    expect(fake.calls.top + fake.calls.regions).toBe(2);
    const again = await graphql(app, query);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(fake.calls.top + fake.calls.regions).toBe(2);
    await app.close();
  });

  it('reports the remaining hourly budget, which every upstream call spends', async () => {
    const app = createTestApp({}, {
      SOURCE: 'wordstat',
      YANDEX_API_KEY: 'fake-key',
      YANDEX_FOLDER_ID: 'folder-1',
      WORDSTAT_BASE_URL: fake.url,
      WORDSTAT_RPH: '5',
    });
    const quota = async () => (await app.fetch(new Request('http://localhost/v2/stats/quota', { headers: AUTH_HEADER }))).json();
    expect(await quota()).toMatchObject({ source: 'wordstat', hourly: { limit: 5, remaining: 5 }, perSecond: { limit: 10 } });
    // A region filter reads the catalog, whose first use fetches the region tree in the background: a call the
    // hour counts too (issue 20, item 26).
    const treeCallsBefore = fake.calls.regionTree;
    await post(app, '/v2/stats/top', { phrase: 'ноутбук', regions: [213] });
    // The tree call runs in the background: wait for it to be counted (the next step would see a second spend).
    await vi.waitFor(async () => expect((await quota()).hourly.remaining).toBe(3), { timeout: 10_000, interval: 20 });
    expect(fake.calls.regionTree).toBe(treeCallsBefore + 1);
    await post(app, '/v2/stats/top', { phrase: 'ноутбук' });
    expect((await quota()).hourly.remaining).toBe(2);
    // 3 uncached keywords do not fit the 2 calls left: refused at once, nothing spent.
    fake.reset();
    const refused = await post(app, '/v1/keywords/search_volume', { keywords: ['a1', 'b2', 'c3'] });
    expect(refused.status).toBe(403);
    expect(refused.json.tasks[0].status_code).toBe(40300);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fake.requests.length).toBe(0);
    // Two fit.
    expect((await post(app, '/v1/keywords/search_volume', { keywords: ['a1', 'b2'] })).status).toBe(200);
    expect((await quota()).hourly.remaining).toBe(0);
    // The same figure on /metrics, read at scrape time.
    const scrape = await (await app.fetch(new Request('http://localhost/metrics'))).text();
    expect(scrape).toMatch(/sds_source_quota_remaining\{window="hour"\} 0\b/);
    const spent = await post(app, '/v2/stats/top', { phrase: 'что-то новое' });
    expect(spent.status).toBe(403);
    expect(spent.json.code).toBe('SOURCE_QUOTA_EXHAUSTED');
    await app.close();
  });

  it('answers 503 on every data call when asked for Wordstat without credentials', async () => {
    const app = createTestApp({}, { SOURCE: 'wordstat' });
    const res = await post(app, '/v2/stats/top', { phrase: 'ноутбук' });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe('SOURCE_UNAVAILABLE');
    const ready = await app.fetch(new Request('http://localhost/readyz'));
    expect(ready.status).toBe(503);
  });
});
