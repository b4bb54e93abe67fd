import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import type { StatisticsSource } from '../../src/ports/statistics-source.js';
import { startFakeWordstat, type FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { TEST_KEY, TODAY } from '../support/kit.js';
import { watchWrites } from '../support/db-writes.js';

/*
 * Issue 24, item 1: the cache key folds spellings Wordstat does not tell apart (invisible characters, case, ё,
 * word order where it cannot matter), so what goes upstream must be exactly the text the key was made from.
 * Before, a zero-width space or a soft hyphen went upstream as sent, and its answer was cached under the plain
 * word's key: one key's odd spelling answered every other key's plain word for a day.
 */

const K2 = TEST_KEY;
const K3 = 'third-key-0123456789abcdef';
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/**
 * The demo model, except that a phrase holding an invisible character is a word the source does not know (what the
 * issue measured: "пиц\u00adца" had totalCount 0 where "пицца" had 12,928): nothing in top, zero in dynamics.
 */
function literalModel(): StatisticsSource {
  const demo = createDemoSource(loadRegionCatalog());
  return {
    ...demo,
    async top(query, signal) {
      if (INVISIBLE.test(query.phrase)) return { totalCount: 0, results: [], associations: [] };
      return demo.top(query, signal);
    },
    async dynamics(query, signal) {
      const answer = await demo.dynamics(query, signal);
      if (!INVISIBLE.test(query.phrase)) return answer;
      return { points: answer.points.map((point) => ({ ...point, count: 0, share: 0 })) };
    },
    async regions(query, signal) {
      if (INVISIBLE.test(query.phrase)) return { rows: [], total: 0 };
      return demo.regions(query, signal);
    },
  };
}

describe('no cache poisoning across keys: the phrase sent upstream is the phrase the key names (issue 24, item 1)', () => {
  let fake: FakeWordstat;
  let taskClient: SqlClient;
  const apps: ReturnType<typeof createTestApp>[] = [];

  beforeAll(async () => {
    fake = await startFakeWordstat({ model: literalModel(), apiKey: 'fake-key', folderId: 'folder-1', today: () => TODAY });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await taskClient?.close();
    await fake.close();
  });

  /** A fresh app (its own empty cache) on the fake, with two client keys. */
  const freshApp = (overrides: Parameters<typeof createTestApp>[0] = {}) => {
    fake.reset();
    const app = createTestApp(overrides, {
      SOURCE: 'wordstat',
      YANDEX_API_KEY: 'fake-key',
      YANDEX_FOLDER_ID: 'folder-1',
      WORDSTAT_BASE_URL: fake.url,
      API_KEYS: `${K2},${K3}`,
    });
    apps.push(app);
    return app;
  };
  const as = (key: string) => ({ authorization: `Bearer ${key}` });
  /** The phrases that reached the fake (the free region-tree call carries none). */
  const sentPhrases = () => fake.requests.filter((request) => request.method !== 'regionTree').map((request) => (request.body as { phrase: string }).phrase);
  const volumes = (json: any) => json.tasks[0].result.map((item: any) => item.monthly_searches);

  describe('search_volume (zero-width space)', () => {
    const poisoned = { keywords: ['моро\u200bженое'] };
    const clean = { keywords: ['мороженое'] };
    let reference: unknown;

    it('clean first: K3’s zero-width spelling is a HIT with the source’s numbers for the word', async () => {
      const app = freshApp();
      const first = await post(app, '/v1/keywords/search_volume', clean, as(K2));
      expect(first.headers.get('x-cache')).toBe('MISS');
      reference = volumes(first.json);
      expect(JSON.stringify(reference)).toMatch(/"search_volume":[1-9]/); // the word has demand
      const second = await post(app, '/v1/keywords/search_volume', poisoned, as(K3));
      expect(second.headers.get('x-cache')).toBe('HIT');
      expect(volumes(second.json)).toEqual(reference);
      expect(second.json.tasks[0].result[0].keyword).toBe('моро\u200bженое'); // echoed as sent
      expect(fake.calls.dynamics).toBe(1);
    });

    it('poisoned first: the call goes upstream as the plain word, and K2’s HIT has the source’s numbers', async () => {
      const app = freshApp();
      const first = await post(app, '/v1/keywords/search_volume', poisoned, as(K3));
      expect(first.headers.get('x-cache')).toBe('MISS');
      expect(sentPhrases()).toEqual(['мороженое']);
      expect(volumes(first.json)).toEqual(reference);
      const second = await post(app, '/v1/keywords/search_volume', clean, as(K2));
      expect(second.headers.get('x-cache')).toBe('HIT');
      expect(volumes(second.json)).toEqual(reference);
      expect(fake.calls.dynamics).toBe(1);
    });
  });

  describe('/v2/stats/top (soft hyphen)', () => {
    const poisoned = { phrase: 'пиц\u00adца', numPhrases: 10 };
    const clean = { phrase: 'пицца', numPhrases: 10 };
    let reference: any;

    it('clean first', async () => {
      const app = freshApp();
      const first = await post(app, '/v2/stats/top', clean, as(K2));
      reference = first.json;
      expect(reference.totalCount).toBeGreaterThan(0);
      const second = await post(app, '/v2/stats/top', poisoned, as(K3));
      expect(second.headers.get('x-cache')).toBe('HIT');
      expect(second.json).toEqual(reference);
      expect(fake.calls.top).toBe(1);
    });

    it('poisoned first', async () => {
      const app = freshApp();
      const first = await post(app, '/v2/stats/top', poisoned, as(K3));
      expect(first.json).toEqual(reference);
      expect(sentPhrases()).toEqual(['пицца']);
      const second = await post(app, '/v2/stats/top', clean, as(K2));
      expect(second.headers.get('x-cache')).toBe('HIT');
      expect(second.json.totalCount).toBe(reference.totalCount);
      expect(second.json).toEqual(reference);
      expect(fake.calls.top).toBe(1);
    });

    it('through GraphQL and MCP too: K3’s spelling goes upstream as the word; K2’s /v2 request is a HIT with the same numbers', async () => {
      const viaGraphql = freshApp();
      const gq = await graphql(viaGraphql, 'query($p: String!) { top(phrase: $p, numPhrases: 10) { totalCount } }', { p: poisoned.phrase }, as(K3));
      expect(gq.json.data.top.totalCount).toBe(reference.totalCount);
      expect(sentPhrases()).toEqual(['пицца']);
      const afterGraphql = await post(viaGraphql, '/v2/stats/top', clean, as(K2));
      expect(afterGraphql.headers.get('x-cache')).toBe('HIT');
      expect(afterGraphql.json).toEqual(reference);

      const viaMcp = freshApp();
      const response = await viaMcp.fetch(
        new Request('http://localhost/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...as(K3) },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wordstat_top', arguments: poisoned } }),
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(String(reference.totalCount));
      expect(sentPhrases()).toEqual(['пицца']);
      const afterMcp = await post(viaMcp, '/v2/stats/top', clean, as(K2));
      expect(afterMcp.headers.get('x-cache')).toBe('HIT');
      expect(afterMcp.json).toEqual(reference);
      expect(fake.calls.top).toBe(1);
    });
  });

  it('suggestions: K3’s soft-hyphen seed is computed from the plain word, and K2’s request is a HIT with the same items', async () => {
    const app = freshApp();
    const first = await post(app, '/v1/keywords/suggestions', { keyword: 'пиц\u00adца', limit: 10 }, as(K3));
    expect(first.status).toBe(200);
    expect(sentPhrases().every((phrase) => !INVISIBLE.test(phrase))).toBe(true);
    expect(sentPhrases()[0]).toBe('пицца');
    const items = first.json.tasks[0].result[0].items;
    expect(items.length).toBeGreaterThan(0);
    const second = await post(app, '/v1/keywords/suggestions', { keyword: 'пицца', limit: 10 }, as(K2));
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.json.tasks[0].result[0].items).toEqual(items);
    expect(second.json.tasks[0].result[0].seed_keyword).toBe('пицца');
  });

  it('a task sends the plain word too; K2’s live request is then a HIT with the source’s numbers', async () => {
    taskClient = await createTestPglite();
    const tasks = watchWrites(taskClient);
    const app = freshApp({ taskClient: tasks.client });
    await app.ready();
    const reference = createDemoSource(loadRegionCatalog());
    const posted = await post(app, '/v1/keywords/search_volume/task_post', { keywords: ['пломб\u00adир'] }, as(K3));
    const id = posted.json.tasks[0].id as string;
    // Checked again after every write to the task database.
    const task: any = await tasks.until('the task finished', async () => {
      const got = await app.fetch(new Request(`http://localhost/v1/keywords/search_volume/task_get/${id}`, { headers: as(K3) }));
      const read = ((await got.json()) as any).tasks[0];
      return read?.status_code === 20000 ? read : undefined;
    }, 30_000);
    expect(task.status_code).toBe(20000);
    expect(sentPhrases()).toEqual(['пломбир']);
    const live = await post(app, '/v1/keywords/search_volume', { keywords: ['Пломбир'] }, as(K2));
    expect(live.headers.get('x-cache')).toBe('HIT');
    expect(volumes(live.json)).toEqual(task.result.map((item: any) => item.monthly_searches));
    // And those are the source's numbers for the word (the demo model behind the fake, asked directly).
    const asked = fake.requests.find((request) => request.method === 'dynamics')!.body as { fromDate: string; toDate: string; regions: string[] };
    const direct = await reference.dynamics({
      phrase: 'пломбир',
      period: 'PERIOD_MONTHLY',
      fromDate: asked.fromDate.slice(0, 10),
      toDate: asked.toDate.slice(0, 10),
      regions: asked.regions.map(Number),
      devices: [],
    });
    expect(live.json.tasks[0].result[0].monthly_searches.map((m: any) => m.search_volume)).toEqual(direct.points.map((p) => p.count).reverse());
    expect(fake.calls.dynamics).toBe(1);
  }, 60_000);

  describe('word order', () => {
    it('dynamics and regions send the sorted words their key names: either order shares one call', async () => {
      const app = freshApp();
      const a = await post(app, '/v2/stats/dynamics', { phrase: 'детский велосипед' }, as(K3));
      const b = await post(app, '/v2/stats/dynamics', { phrase: 'велосипед детский' }, as(K2));
      expect(b.headers.get('x-cache')).toBe('HIT');
      expect(b.json.results).toEqual(a.json.results);
      await post(app, '/v2/stats/regions', { phrase: 'велосипед детский -купить' }, as(K3));
      expect((await post(app, '/v2/stats/regions', { phrase: '-купить детский велосипед' }, as(K2))).headers.get('x-cache')).toBe('HIT');
      // Minus words go after the others: a phrase need not open with one.
      expect(sentPhrases()).toEqual(['велосипед детский', 'велосипед детский -купить']);
    });

    it('top keeps the order asked (its rows are text): each order is its own call and echoes its own phrase', async () => {
      const app = freshApp();
      const a = await post(app, '/v2/stats/top', { phrase: 'детский велосипед', numPhrases: 5 }, as(K3));
      const b = await post(app, '/v2/stats/top', { phrase: 'велосипед детский', numPhrases: 5 }, as(K2));
      expect(b.headers.get('x-cache')).toBe('MISS');
      expect(sentPhrases()).toEqual(['детский велосипед', 'велосипед детский']);
      expect(a.json.results[0].phrase).toBe('детский велосипед');
      expect(b.json.results[0].phrase).toBe('велосипед детский');
      expect(b.json.totalCount).toBe(a.json.totalCount);
    });
  });
});
