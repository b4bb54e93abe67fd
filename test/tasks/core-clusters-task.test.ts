import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSearch, startFakeSearch } from '../../fakes/search/fake-search.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { demoSerp } from '../../src/adapters/demo/serp-model.js';
import { createDeferredWebSearch } from '../../src/adapters/search-results/serp-deferred.js';
import { createSyncWebSearch } from '../../src/adapters/search-results/serp-sync.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import type { WebSearchSource } from '../../src/ports/web-search.js';
import { DEFERRED_SEARCH_MIN_MS } from '../../src/services/serp-gateway.js';
import { createTestApp, post } from '../support/app.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';
import { createFakeSource } from '../support/fake-source.js';
import { AUTH_HEADER, FIXED_NOW } from '../support/kit.js';
import { createTestPglite } from '../support/pglite.js';

/*
 * Issue 28: core_clusters as a task of the /v1 task family under its own path (/v2/core/clusters/task_post,
 * tasks_ready, task_get/{id}), searched on the deferred mode (the fake's operations on virtual time: each poll
 * moves the fake's clock by the poll interval, no real sleep), the same result and price as live, bad input
 * refused naming the field before any search.
 */

const PHRASES = [
  { phrase: 'купить пластиковые окна', volume: 5000 },
  { phrase: 'пластиковые окна цена', volume: 3000 },
  { phrase: 'пластиковые окна недорого', volume: 1200 },
  { phrase: 'купить ноутбук', volume: 9000 },
  { phrase: 'ноутбук цена', volume: 4000 },
  { phrase: 'как мыть пластиковые окна', volume: 700 },
  'Купить пластиковые окна',
];
const DISTINCT_PAGES = 6;

describe('core_clusters as a task on the deferred mode', { timeout: 60_000 }, () => {
  let fake: FakeSearch;
  let client: SqlClient;
  let tasks: WatchedClient;
  let app: ReturnType<typeof createTestApp>;
  const ledger = createMemoryLedger();
  let virtualNow = 0;
  // Held closed, the deferred searches wait (a task's ETA is read while it runs); open by default.
  let hold: Promise<void> = Promise.resolve();

  const get = async (path: string) => {
    const response = await app.fetch(new Request(`http://localhost${path}`, { headers: AUTH_HEADER }));
    return { status: response.status, json: (await response.json()) as any };
  };
  const waitFor = (path: string, done: (json: any) => boolean) =>
    tasks.until(`${path} never got there`, async () => {
      const answer = await get(path);
      return done(answer.json) ? answer : undefined;
    });

  beforeAll(async () => {
    fake = await startFakeSearch({ model: demoSerp, apiKey: 'AQVN-key', now: () => virtualNow });
    const wire = { baseUrl: fake.url, apiKey: 'AQVN-key', folderId: 'b1g-folder', timeoutMs: 5_000 };
    const sync = createSyncWebSearch(wire);
    const engine = createDeferredWebSearch({
      ...wire,
      operationsBaseUrl: fake.url,
      pollIntervalMs: 30_000,
      now: () => virtualNow,
      sleep: async (ms) => {
        virtualNow += ms;
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    const deferred: WebSearchSource = {
      mode: 'deferred',
      search: async (query, signal) => {
        await hold;
        return engine.search(query, signal);
      },
    };
    client = await createTestPglite();
    tasks = watchWrites(client);
    // The sync budget (2 an hour) cannot take a task's pages now: tasks go to the deferred mode.
    app = createTestApp({ taskClient: tasks.client, source: createFakeSource({ latencyMs: 0 }), ledger, webSearch: { sync, deferred } }, { TASK_WORKERS: '1', SEARCH_SYNC_RPH: '2' });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await client?.close();
    await fake?.close();
  });

  it('runs on the deferred mode to the live result: one search per distinct page, progress and an ETA of at least 5 minutes', async () => {
    let open!: () => void;
    hold = new Promise((resolve) => (open = resolve));
    const posted = await post(app, '/v2/core/clusters/task_post', { phrases: PHRASES, threshold: 4, tag: 'windows' });
    expect(posted.status, posted.text).toBe(200);
    const [entry] = posted.json.tasks;
    expect(entry).toMatchObject({ status_code: 20100 });
    const path = `/v2/core/clusters/task_get/${entry.id}`;
    const waiting = await get(path);
    expect(waiting.status).toBe(200);
    const { progress } = waiting.json.tasks[0];
    expect(progress.calls_total).toBe(DISTINCT_PAGES);
    // The app's clock stands at FIXED_NOW: the engine's floor is in the ETA whatever the budget says.
    expect(Date.parse(progress.eta) - FIXED_NOW).toBeGreaterThanOrEqual(DEFERRED_SEARCH_MIN_MS);
    open();

    const done = await waitFor(path, (json) => json.tasks[0].status_code === 20000);
    const result = done.json.tasks[0].result[0];
    expect(fake.calls.searchAsync).toBe(DISTINCT_PAGES);
    expect(fake.calls.search).toBe(0);
    expect(result.clusters.map((c: { marker: string }) => c.marker)).toEqual(['купить ноутбук', 'купить пластиковые окна']);

    // Live reads the very pages the task fetched: the same clusters, no search, the repeat price.
    const live = await post(app, '/v2/core/clusters', { phrases: PHRASES, threshold: 4 });
    expect(live.status).toBe(200);
    expect(live.headers.get('x-cache')).toBe('HIT');
    expect(live.json).toEqual(result);
    expect(fake.calls.search + fake.calls.searchAsync).toBe(DISTINCT_PAGES);

    // The task is billed as live is: web search's call price when it fetched, once.
    const rows = ledger.rows().filter((row) => row.operation === 'v1.core_clusters.task');
    expect(rows.map((row) => row.price)).toEqual([1]);
    const liveRow = ledger.rows().find((row) => row.operation === 'v2.core_clusters');
    expect(liveRow?.price).toBe(0.1);

    const ready = await get('/v2/core/clusters/tasks_ready');
    expect(ready.status).toBe(200);
  });

  it('a second task over the same pages spends no search and pays the repeat price', async () => {
    const before = fake.calls.searchAsync;
    const posted = await post(app, '/v2/core/clusters/task_post', { phrases: PHRASES, mode: 'hard' });
    const id = posted.json.tasks[0].id;
    await waitFor(`/v2/core/clusters/task_get/${id}`, (json) => json.tasks[0].status_code === 20000);
    expect(fake.calls.searchAsync).toBe(before);
    const rows = ledger.rows().filter((row) => row.operation === 'v1.core_clusters.task');
    expect(rows.at(-1)?.price).toBe(0.1);
  });

  it('core_intent runs as a task too: two deferred pages per phrase, the same figures as live', async () => {
    const before = fake.calls.searchAsync;
    const body = { phrases: [{ phrase: 'купить диван', volume: 900 }, { phrase: 'как выбрать диван', volume: 300 }] };
    const posted = await post(app, '/v2/core/intent/task_post', body);
    expect(posted.status, posted.text).toBe(200);
    const id = posted.json.tasks[0].id;
    const done = await waitFor(`/v2/core/intent/task_get/${id}`, (json) => json.tasks[0].status_code === 20000);
    expect(done.json.tasks[0].progress.calls_total).toBe(4);
    expect(fake.calls.searchAsync - before).toBe(4);
    const live = await post(app, '/v2/core/intent', body);
    expect(live.headers.get('x-cache')).toBe('HIT');
    expect(live.json).toEqual(done.json.tasks[0].result[0]);
  });

  it('a small task runs on the synchronous mode when its budget allows every page now (no 5-minute wait)', async () => {
    const before = { sync: fake.calls.search, deferred: fake.calls.searchAsync };
    const posted = await post(app, '/v2/core/clusters/task_post', { phrases: ['купить стул', 'стул цена'] });
    const id = posted.json.tasks[0].id;
    const waiting = await get(`/v2/core/clusters/task_get/${id}`);
    expect(Date.parse(waiting.json.tasks[0].progress.eta) - FIXED_NOW).toBeLessThan(DEFERRED_SEARCH_MIN_MS);
    await waitFor(`/v2/core/clusters/task_get/${id}`, (json) => json.tasks[0].status_code === 20000);
    expect(fake.calls.search - before.sync).toBe(2);
    expect(fake.calls.searchAsync - before.deferred).toBe(0);
  });

  it.each([
    ['no phrases', { phrases: [] }, 'phrases'],
    ['10,001 phrases', { phrases: Array.from({ length: 10_001 }, (_, i) => `p${i}`) }, 'phrases'],
    ['threshold 1', { phrases: ['a'], threshold: 1 }, 'threshold'],
    ['threshold 11', { phrases: ['a'], threshold: 11 }, 'threshold'],
    ['depth 15', { phrases: ['a'], depth: 15 }, 'depth'],
    ['an unknown region', { phrases: ['a'], region: 999_999_999 }, 'region'],
    ['an unknown mode', { phrases: ['a'], mode: 'fuzzy' }, 'mode'],
  ])('refuses %s naming the field before any search', async (_what, body, field) => {
    const before = fake.calls.search + fake.calls.searchAsync;
    const posted = await post(app, '/v2/core/clusters/task_post', body);
    expect(posted.status).toBe(400);
    expect(posted.json.tasks[0].error, posted.text.slice(0, 500)).toMatchObject({ code: 'INVALID_FIELD', field });
    expect(fake.calls.search + fake.calls.searchAsync).toBe(before);
  });

  it('serves the task routes where the explorer’s manifest says, and core_clean keeps its published /v1 paths', async () => {
    const manifest = await get('/explorer/operations.json');
    expect(manifest.json.operations.core_clusters.task).toEqual({ post: '/v2/core/clusters/task_post', get: '/v2/core/clusters/task_get/{id}' });
    const openapi = await get('/openapi.json');
    const paths = Object.keys(openapi.json.paths);
    expect(paths).toEqual(expect.arrayContaining(['/v2/core/clusters/task_post', '/v2/core/clusters/tasks_ready', '/v2/core/clusters/task_get/{id}']));
    expect(manifest.json.operations.core_clean.task.post).toBe('/v1/keywords/core_clean/task_post');
    expect(paths).not.toContain('/v1/keywords/core_clusters/task_post');
  });
});
