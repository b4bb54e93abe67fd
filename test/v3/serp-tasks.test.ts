import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DataforseoLabsApi, SerpApi } from 'dataforseo-client';
import { type FakeSearch, startFakeSearch } from '../../fakes/search/fake-search.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { demoSerp } from '../../src/adapters/demo/serp-model.js';
import { createSyncWebSearch } from '../../src/adapters/search-results/serp-sync.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createTestApp, post } from '../support/app.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { AUTH_HEADER, TEST_KEY } from '../support/kit.js';
import { createTestPglite } from '../support/pglite.js';
import { modelMismatches } from './client-models.js';

/*
 * Issue 28 on the /v3 face: Yandex organic results as the format's tasks (task_post → tasks_ready →
 * task_get/advanced/{id}) through the serp operation's task (the same page, cache, budget and price as live), and
 * Labs search_intent from core_intent. The official client (dataforseo-client 2.1.7, unchanged but for its base URL
 * and credentials) has no Yandex methods: its Google organic and Google Labs methods reach the same routes. Searches
 * are counted at the web-search fake: one per distinct phrase × region × device × depth, shared with /v2.
 */

const YANDEX = '/v3/serp/yandex/organic';
const BASIC = { authorization: `Basic ${Buffer.from(`me:${TEST_KEY}`).toString('base64')}`, 'content-type': 'application/json' };

const basicFetch = (login: string, password: string) => ({
  fetch: (url: RequestInfo, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`);
    return fetch(url, { ...init, headers });
  },
});

describe('/v3 Yandex organic tasks and Labs search_intent', { timeout: 60_000 }, () => {
  let fake: FakeSearch;
  let wordstat: FakeSource;
  let client: SqlClient;
  let tasks: WatchedClient;
  let app: ReturnType<typeof createTestApp>;
  let server: Server;
  let serp: SerpApi;
  let labs: DataforseoLabsApi;
  const ledger = createMemoryLedger();

  const get = async (path: string) => {
    const response = await app.fetch(new Request(`http://localhost${path}`, { headers: AUTH_HEADER }));
    return (await response.json()) as any;
  };
  const searches = () => fake.calls.search + fake.calls.searchAsync;
  let fresh = 0;

  beforeAll(async () => {
    fake = await startFakeSearch({ model: demoSerp, apiKey: 'AQVN-key' });
    const sync = createSyncWebSearch({ baseUrl: fake.url, apiKey: 'AQVN-key', folderId: 'b1g-folder', timeoutMs: 5_000 });
    client = await createTestPglite();
    tasks = watchWrites(client);
    wordstat = createFakeSource({ latencyMs: 0 });
    app = createTestApp({ taskClient: tasks.client, source: wordstat, ledger, webSearch: { sync } }, { TASK_WORKERS: '1', WEBHOOK_ALLOW_PRIVATE: 'true' });
    await app.ready();
    server = createServer(app.handleNode);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const http = basicFetch('any-login@example.com', TEST_KEY);
    serp = new SerpApi(baseUrl, http);
    labs = new DataforseoLabsApi(baseUrl, http);
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await app?.close();
    await client?.close();
    await fake?.close();
  });
  beforeEach(() => fake.reset());

  const noMismatch = (model: string, value: unknown) => expect(modelMismatches(model, value)).toEqual([]);

  it('task_post → tasks_ready → task_get/advanced with the official client: the items live gives, one search for both, priced as live', async () => {
    const body = { keyword: 'купить кресло', location_code: 2643, device: 'mobile', depth: 20, tag: 'chairs' };
    const posted = await serp.googleOrganicTaskPost([body as never]);
    noMismatch('SerpGoogleOrganicTaskPostResponseInfo', posted);
    const entry = posted!.tasks![0]!;
    expect(entry.status_code, entry.status_message).toBe(20100);
    const id = entry.id!;

    const ready = await tasks.until('the SERP task is ready', async () => {
      const answer = await serp.googleOrganicTasksReady();
      return answer!.tasks![0]!.result?.some((r: { id?: string }) => r.id === id) ? answer : undefined;
    });
    noMismatch('SerpGoogleOrganicTasksReadyResponseInfo', ready);
    const readyEntry = ready!.tasks![0]!.result!.find((r: { id?: string }) => r.id === id)!;
    expect(readyEntry).toMatchObject({ se: 'yandex', se_type: 'organic', tag: 'chairs', endpoint_advanced: `${YANDEX}/task_get/advanced/${id}`, endpoint_regular: null });

    const got = await serp.googleOrganicTaskGetAdvanced(id);
    noMismatch('SerpGoogleOrganicTaskGetAdvancedResponseInfo', got);
    const task = got!.tasks![0]!;
    expect(task.status_code, task.status_message).toBe(20000);
    expect(task.data).toMatchObject({ keyword: 'купить кресло', location_code: 2643, device: 'mobile', depth: 20, tag: 'chairs' });
    const result = task.result![0]!;
    expect(result).toMatchObject({ keyword: 'купить кресло', se_domain: 'yandex.ru', location_code: 2643, device: 'mobile' });
    for (const item of result.items!) {
      expect(item).toMatchObject({ type: 'organic', rank_group: expect.any(Number), rank_absolute: expect.any(Number), domain: expect.any(String), title: expect.any(String), url: expect.any(String) });
    }
    expect(result.items!.length).toBeGreaterThan(10);
    expect(searches()).toBe(1);

    // The same request live, on both paths: the same page from the cache, no second search.
    const live = await serp.googleOrganicLiveAdvanced([body as never]);
    noMismatch('SerpGoogleOrganicLiveAdvancedResponseInfo', live);
    const onYandex = await post(app, `${YANDEX}/live/advanced`, [body], BASIC);
    // The client's models add every field they declare (undefined when absent): compared on the format's fields.
    const plain = (items: any) =>
      items.map(({ type, rank_group, rank_absolute, position, domain, title, description, url, breadcrumb }: any) => ({ type, rank_group, rank_absolute, position, domain, title, description: description ?? null, url, breadcrumb: breadcrumb ?? null }));
    expect(plain(live!.tasks![0]!.result![0]!.items)).toEqual(plain(result.items));
    expect(plain(onYandex.json.tasks[0].result[0].items)).toEqual(plain(result.items));
    expect(result.se_results_count).toBe(onYandex.json.tasks[0].result[0].se_results_count);
    const v2 = await post(app, '/v2/stats/serp', { phrase: 'купить кресло', region: 225, device: 'mobile', depth: 20 });
    expect(v2.headers.get('x-cache')).toBe('HIT');
    expect(searches()).toBe(1);

    // Billed as a task of the serp operation: the search's call price, once; the repeat live call its repeat price.
    const taskRows = ledger.rows().filter((row) => row.operation === 'v1.serp.task');
    expect(taskRows.map((row) => row.price)).toEqual([1]);
    expect(ledger.rows().find((row) => row.operation === 'v3.serp.live')?.price).toBe(0.1);

    // Collected: it leaves tasks_ready.
    const after = await get(`${YANDEX}/tasks_ready`);
    expect(after.tasks[0].result.some((r: { id: string }) => r.id === id)).toBe(false);
  });

  it('postback_url receives the format\u2019s task_get/advanced body of the SERP task (the task service\u2019s delivery)', async () => {
    let received!: (body: string) => void;
    const arrived = new Promise<string>((resolve) => (received = resolve));
    const receiver = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.statusCode = 204;
        res.end();
        if (req.method === 'POST') received(Buffer.concat(chunks).toString());
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/serp?id=$id`;
      const posted = await serp.googleOrganicTaskPost([{ keyword: 'кровать двуспальная', location_code: 1012, postback_url: hook } as never]);
      const id = posted!.tasks![0]!.id!;
      const body = JSON.parse(await arrived);
      noMismatch('SerpGoogleOrganicTaskGetAdvancedResponseInfo', body);
      expect(body.tasks[0]).toMatchObject({ id, status_code: 20000, path: expect.anything() });
      const live = await post(app, `${YANDEX}/live/advanced`, [{ keyword: 'кровать двуспальная', location_code: 1012 }], BASIC);
      expect(body.tasks[0].result[0].items).toEqual(live.json.tasks[0].result[0].items);
      expect(searches()).toBe(1);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('a SERP task of a page another face fetched spends no search; an unknown id is the format\u2019s 40400', async () => {
    await post(app, '/v2/stats/serp', { phrase: 'стол письменный', region: 213 });
    expect(searches()).toBe(1);
    const posted = await post(app, `${YANDEX}/task_post`, [{ keyword: 'стол письменный', location_name: 'Moscow' }, { keyword: 'стол письменный', location_code: 1012 }], BASIC);
    expect(posted.status).toBe(200);
    const ids = posted.json.tasks.map((t: { status_code: number; id: string }) => {
      expect(t.status_code).toBe(20100);
      return t.id;
    });
    for (const id of ids) {
      const done = await tasks.until('done', async () => {
        const answer = await get(`${YANDEX}/task_get/advanced/${id}`);
        return answer.tasks[0].status_code === 20000 ? answer : undefined;
      });
      expect(done.tasks[0].result[0].keyword).toBe('стол письменный');
    }
    expect(searches()).toBe(1);
    const unknown = await serp.googleOrganicTaskGetAdvanced('00000000-0000-0000-0000-000000000000');
    expect(unknown!.tasks![0]!.status_code).toBe(40400);
  });

  it('the serp task is the registry\u2019s: /v2/stats/serp/task_post gives the live /v2 page, and /v3 reads the same task kind', async () => {
    const posted = await post(app, '/v2/stats/serp/task_post', { phrase: 'шкаф купе', region: 2, tag: 'v2' });
    expect(posted.status, posted.text).toBe(200);
    const id = posted.json.tasks[0].id;
    const done = await tasks.until('the /v2 serp task is done', async () => {
      const answer = await get(`/v2/stats/serp/task_get/${id}`);
      return answer.tasks[0].status_code === 20000 ? answer : undefined;
    });
    const live = await post(app, '/v2/stats/serp', { phrase: 'шкаф купе', region: 2 });
    expect(live.headers.get('x-cache')).toBe('HIT');
    expect(done.tasks[0].result[0]).toEqual(live.json);
    expect(searches()).toBe(1);
    // Posted through /v2, read through /v3: the region's location code, the default language.
    const onV3 = await get(`${YANDEX}/task_get/advanced/${id}`);
    expect(onV3.tasks[0].result[0]).toMatchObject({ keyword: 'шкаф купе', location_code: 1013, items_count: live.json.results.length });
  });

  it.each([
    [{ location_code: 2643 }, 'keyword'],
    [{ keyword: '' }, 'keyword'],
    [{ keyword: 'диван', depth: 15 }, 'depth'],
    [{ keyword: 'диван', device: 'tablet' }, 'device'],
    [{ keyword: 'диван', location_code: 999_999_999 }, 'location_code'],
    [{ keyword: 'диван', language_code: 'xx' }, 'language_code'],
    [{ keyword: 'диван', postback_url: 'ftp://example.com/hook' }, 'postback_url'],
  ])('task_post refuses %j with 40501 naming %s; no task, no search', async (bad, field) => {
    // The good task's page is new to this app (one search); the bad one makes none.
    const answer = await post(app, `${YANDEX}/task_post`, [{ keyword: `диван ${++fresh}`, location_code: 2643 }, bad], BASIC);
    expect(answer.status).toBe(200);
    const [good, refused] = answer.json.tasks;
    expect(good.status_code).toBe(20100);
    expect(refused.status_code, refused.status_message).toBe(40501);
    expect(refused.status_message).toContain(field);
    await tasks.until('the good task is done', async () => (await get(`${YANDEX}/task_get/advanced/${good.id}`)).tasks[0].status_code === 20000);
    expect(searches()).toBe(1);
  });

  it('search_intent with the official client and on the Yandex path: core_intent\u2019s commerciality as labels and probabilities, its searches only', async () => {
    const keywords = ['купить диван недорого', 'как выбрать диван', 'диван'];
    const answer = await labs.googleSearchIntentLive([{ keywords, location_code: 1012, language_code: 'ru', tag: 'i' } as never]);
    noMismatch('DataforseoLabsGoogleSearchIntentLiveResponseInfo', answer);
    const task = answer!.tasks![0]!;
    expect(task.status_code, task.status_message).toBe(20000);
    const items: any[] = task.result![0]!.items!;
    // Two pages per phrase (Moscow and the comparison region), as core_intent plans them.
    expect(searches()).toBe(2 * keywords.length);

    const intent = await post(app, '/v2/core/intent', { phrases: keywords, region: 213 });
    expect(intent.headers.get('x-cache')).toBe('HIT');
    expect(searches()).toBe(2 * keywords.length);
    const rows = intent.json.phrases as { phrase: string; commerciality: number; class: string; kei: number | null }[];
    expect(items.map((i: { keyword: string }) => i.keyword)).toEqual(rows.map((r) => r.phrase));
    items.forEach((item: any, i: number) => {
      const row = rows[i]!;
      noMismatch('DataforseoLabsGoogleSearchIntentLiveItem', item);
      const commercial = row.commerciality / 100;
      const main = commercial >= 0.5 ? { label: 'commercial', probability: commercial } : { label: 'informational', probability: Math.round(100 - row.commerciality) / 100 };
      expect(item.keyword_intent).toMatchObject(main);
      if (row.class === 'commercial') expect(item.keyword_intent!.label).toBe('commercial');
      if (row.class === 'informational') expect(item.keyword_intent!.label).toBe('informational');
      if (row.class === 'mixed') {
        expect(item.secondary_keyword_intents).toHaveLength(1);
        expect(item.secondary_keyword_intents[0].label).not.toBe(main.label);
        expect(item.secondary_keyword_intents[0].probability + main.probability).toBeCloseTo(1, 5);
      } else {
        expect(item.secondary_keyword_intents).toBeNull();
      }
      expect(['commercial', 'informational']).toContain(item.keyword_intent!.label);
      expect(item.commerciality).toBe(row.commerciality);
      expect(item.kei).toBe(row.kei);
    });

    const onYandex = await post(app, '/v3/dataforseo_labs/yandex/search_intent/live', [{ keywords, location_code: 1012 }], BASIC);
    expect(onYandex.json.tasks[0].status_code).toBe(20000);
    expect(onYandex.json.tasks[0].result[0].items).toEqual(structuredClone(items));
    expect(searches()).toBe(2 * keywords.length);
  });

  it('search_intent over one live request\u2019s searches is refused by core_intent\u2019s plan before any search or Wordstat call', async () => {
    const wordstatBefore = wordstat.calls.length;
    const keywords = Array.from({ length: 60 }, (_, i) => `тумба ${i}`);
    const answer = await labs.googleSearchIntentLive([{ keywords } as never]);
    const task = answer!.tasks![0]!;
    expect(task.status_code).toBe(40501);
    expect(task.status_message).toContain('120 uncached web searches');
    expect(searches()).toBe(0);
    expect(wordstat.calls.length).toBe(wordstatBefore);
  });

  it.each([
    [{}, 'keywords'],
    [{ keywords: [] }, 'keywords'],
    [{ keywords: 'диван' }, 'keywords'],
    [{ keywords: ['диван', ''] }, 'keywords[1]'],
    [{ keywords: ['диван'], location_code: 999_999_999 }, 'location_code'],
    [{ keywords: ['диван'], language_name: 'Klingon' }, 'language_name'],
    [{ keywords: ['диван'], offset: 10 }, 'offset'],
  ])('search_intent refuses %j with 40501 naming %s, before any search', async (bad, field) => {
    const wordstatBefore = wordstat.calls.length;
    const answer = await labs.googleSearchIntentLive([bad as never]);
    const task = answer!.tasks![0]!;
    expect(task.status_code, task.status_message).toBe(40501);
    expect(task.status_message).toContain(field);
    expect(searches()).toBe(0);
    expect(wordstat.calls.length).toBe(wordstatBefore);
  });
});
