import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { DomainError } from '../../src/domain/errors.js';
import type { StatisticsSource } from '../../src/ports/statistics-source.js';
import { SOURCE_FAULT_ROUNDS } from '../../src/tasks/task-source.js';
import { startFakeWordstat, type FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { createTestApp, post } from '../support/app.js';
import { AUTH_HEADER, TODAY } from '../support/kit.js';
import { createVirtualTaskHarness } from './support.js';

/*
 * Issue 24, item 7: one malformed answer must not fail a 50-keyword task. A garbled or failed answer is the
 * source's fault: that keyword waits and is asked again, like a 5xx. Only a keyword the source refuses
 * (INVALID_ARGUMENT) fails, and then only that keyword's item carries the error (its entry comes from search_volume,
 * issue 24 item 4; until that is in, the task fails naming the keyword, as before).
 */

const never = new AbortController().signal;
const KEYWORDS = Array.from({ length: 50 }, (_, i) => `слово${i}`);
const body = { keywords: KEYWORDS, location_code: 2643, language_code: 'ru' };

describe('source faults in a task (virtual time)', () => {
  let h: Awaited<ReturnType<typeof createVirtualTaskHarness>>;
  beforeEach(async () => {
    h = await createVirtualTaskHarness({ rph: 1000, rps: 50, liveReserve: 20 });
  }, 60_000);
  afterEach(() => h?.close());

  const callsFor = (phrase: string) => h.source.calls.filter((call) => call.query.phrase === phrase).length;

  it('one garbled answer for one of 50 keywords: that keyword waits and is asked again; every keyword is delivered', async () => {
    let garbled = 0;
    h.source.failWhen((call) =>
      call.query?.phrase === 'слово7' && garbled++ === 0 ? new DomainError('SOURCE_FAILED', 'Wordstat sent a malformed answer (not JSON)') : undefined,
    );
    const id = await h.post('k', 'search_volume', body);
    expect(await h.runner.run(id, never)).toBe('finished');
    const task = await h.store.get(id);
    expect(task?.status, task?.errorMessage ?? '').toBe('done');
    const result = task!.result as { keyword: string; monthlySearches: unknown[] }[];
    expect(result.map((item) => item.keyword)).toEqual(KEYWORDS);
    for (const item of result) expect(item.monthlySearches.length).toBeGreaterThan(0);
    expect(callsFor('слово7')).toBe(2);
    expect(h.source.count()).toBe(51);
  });

  it('a 500 that outlasted the adapter’s retries is waited out the same way', async () => {
    let failed = 0;
    h.source.failWhen((call) => (call.query?.phrase === 'слово0' && failed++ < 3 ? new DomainError('SOURCE_FAILED', 'Wordstat failed: Internal error (HTTP 500)') : undefined));
    const id = await h.post('k', 'search_volume', body);
    await h.runner.run(id, never);
    expect((await h.store.get(id))?.status).toBe('done');
    expect(callsFor('слово0')).toBe(4);
  });

  it(`a source fault that never clears is asked ${SOURCE_FAULT_ROUNDS} times, then fails the task naming the keyword (every retry is a paid call)`, async () => {
    h.source.failures.set('слово3', new DomainError('SOURCE_FAILED', 'Wordstat sent a malformed answer (not JSON)'));
    const id = await h.post('k', 'search_volume', { ...body, keywords: ['слово1', 'слово3'] });
    await h.runner.run(id, never);
    const task = await h.store.get(id);
    expect(task).toMatchObject({ status: 'failed', errorCode: 'SOURCE_FAILED' });
    expect(task?.errorMessage).toContain('"слово3"');
    expect(callsFor('слово3')).toBe(SOURCE_FAULT_ROUNDS);
  });

  it('a keyword the source refuses is asked once; only its item carries the error, the other 49 are delivered', async () => {
    h.source.failures.set('слово5', new DomainError('INVALID_FIELD', 'Wordstat refused the request: bad phrase'));
    const id = await h.post('k', 'search_volume', body);
    await h.runner.run(id, never);
    const task = await h.store.get(id);
    expect(task?.status).toBe('done');
    const result = task!.result as { keyword: string; monthlySearches?: unknown[]; error?: { message: string } }[];
    expect(result.map((item) => item.keyword)).toEqual(KEYWORDS);
    expect(result[5]!.error?.message).toContain('bad phrase');
    expect(result.filter((item) => item.error === undefined && (item.monthlySearches?.length ?? 0) > 0)).toHaveLength(49);
    expect(callsFor('слово5')).toBe(1);
  });
});

describe('a 50-keyword task against the fake Wordstat: one HTTP-200 answer that is not JSON', () => {
  let fake: FakeWordstat;
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  const REFUSED = 'отказ';

  /** The demo model, refusing one phrase as Wordstat refuses a request (INVALID_ARGUMENT, HTTP 400). */
  function modelRefusing(phrase: string): StatisticsSource {
    const demo = createDemoSource(loadRegionCatalog());
    return {
      ...demo,
      async dynamics(query, signal) {
        if (query.phrase === phrase) throw new DomainError('INVALID_FIELD', 'Query syntax error');
        return demo.dynamics(query, signal);
      },
    };
  }

  beforeAll(async () => {
    fake = await startFakeWordstat({ model: modelRefusing(REFUSED), apiKey: 'fake-key', folderId: 'folder-1', today: () => TODAY });
    client = await createTestPglite();
    app = createTestApp(
      { taskClient: client },
      {
        SOURCE: 'wordstat',
        YANDEX_API_KEY: 'fake-key',
        YANDEX_FOLDER_ID: 'folder-1',
        WORDSTAT_BASE_URL: fake.url,
        WORDSTAT_RPS: '100',
        WORDSTAT_RPH: '1000',
        // One call at a time: the armed faults then meet one keyword's attempts, in order.
        SOURCE_CONCURRENCY: '1',
        TASK_WORKERS: '1',
      },
    );
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await client?.close();
    await fake?.close();
  });

  const finished = (id: string) =>
    vi.waitFor(async () => {
      const response = await app.fetch(new Request(`http://localhost/v1/keywords/search_volume/task_get/${id}`, { headers: AUTH_HEADER }));
      const task = ((await response.json()) as any).tasks[0];
      if (task.status_code === 40601 || task.status_code === 40602) throw new Error(`task ${id} never finished`);
      return task;
    }, { timeout: 60_000, interval: 20 });
  const askedFor = (phrase: string) => fake.requests.filter((r) => r.method === 'dynamics' && (r.body as { phrase?: string }).phrase === phrase);

  it('the garbled keyword is asked again (within the call, and by the task once the call gives up); all 50 are delivered', async () => {
    fake.reset();
    // Every attempt of the first keyword's call (the adapter makes 3) is a 200 with a body cut mid-JSON.
    fake.inject('malformed-json', { method: 'dynamics', times: 3 });
    const posted = await post(app, '/v1/keywords/search_volume/task_post', { keywords: KEYWORDS });
    const task = await finished(posted.json.tasks[0].id);
    expect(task.status_code, task.status_message).toBe(20000);
    expect(task.result.map((item: any) => item.keyword)).toEqual(KEYWORDS);
    for (const item of task.result) expect(item.monthly_searches.length).toBeGreaterThan(0);
    const garbled = fake.requests.filter((r) => r.method === 'dynamics' && r.status === 200).slice(0, 4);
    expect(new Set(garbled.map((r) => (r.body as { phrase: string }).phrase)).size).toBe(1); // one keyword, 3 + 1 times
    expect(askedFor((garbled[0]!.body as { phrase: string }).phrase)).toHaveLength(4);
    expect(fake.calls.dynamics).toBe(53);
  }, 60_000);

  it('a keyword Wordstat refuses (400, INVALID_ARGUMENT) carries its own error; the other 49 are delivered', async () => {
    fake.reset();
    const keywords = [...KEYWORDS.slice(0, 25), REFUSED, ...KEYWORDS.slice(25, 49)];
    const posted = await post(app, '/v1/keywords/search_volume/task_post', { keywords });
    const task = await finished(posted.json.tasks[0].id);
    expect(task.status_code, task.status_message).toBe(20000);
    expect(task.result.map((item: any) => item.keyword)).toEqual(keywords);
    expect(task.result[25].error.status_message).toContain('Query syntax error');
    expect(task.result[25].search_volume).toBeNull();
    expect(askedFor(REFUSED)).toHaveLength(1);
    expect(task.result.filter((item: any) => !item.error && item.search_volume !== null)).toHaveLength(49);
  }, 60_000);
});
