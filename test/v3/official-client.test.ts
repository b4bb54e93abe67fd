import { createServer, type Server } from 'node:http';
import { validate } from '@readme/openapi-parser';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppendixApi, DataforseoLabsApi, KeywordsDataApi } from 'dataforseo-client';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPgliteClient } from '../../src/adapters/sql/pglite-client.js';
import { createRedisCache } from '../../src/adapters/cache/redis-cache.js';
import { createApp } from '../../src/app.js';
import { createDatabase } from '../../src/composition/database.js';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/ports/logger.js';
import { startFakeWordstat, type FakeWordstat } from '../../fakes/wordstat/fake-wordstat.js';
import { deleteNamespace, redisUrl, uniqueNamespace } from '../fakes/redis-test-env.js';
import { createTestApp } from '../support/app.js';
import { createTestClock, TEST_KEY, TODAY } from '../support/kit.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';
import { modelMismatches } from './client-models.js';

/*
 * Issue 26, the /v3 face: the keyword-data format's official TypeScript client (dataforseo-client 2.1.7, as
 * published) pointed at this server by its base URL and credentials only, through every method that maps to
 * something served. Each answer is checked against the client's own model types (client-models.ts); each error
 * path answers the envelope (HTTP 200, the status in status_code) instead of making the client throw; upstream
 * calls are counted at the fake Wordstat.
 */

/** The client's documented way to authenticate: a fetch that adds HTTP Basic (login:password; here the password is the key). */
const basicFetch = (login: string, password: string) => ({
  fetch: (url: RequestInfo, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('Authorization', `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`);
    return fetch(url, { ...init, headers });
  },
});

/** An app with its tasks in some database, and a way to wait for task writes (never on a timer). */
interface Setup {
  app: ReturnType<typeof createApp>;
  tasks: WatchedClient;
  close(): Promise<void>;
}

const wordstatEnv = (fake: FakeWordstat) => ({
  SOURCE: 'wordstat',
  YANDEX_API_KEY: 'fake-key',
  YANDEX_FOLDER_ID: 'folder-1',
  WORDSTAT_BASE_URL: fake.url,
  TASK_WORKERS: '1',
  PRICE_CALL: '1',
  PRICE_REPEAT: '0.1',
});

/** The embedded database (in memory), the memory cache and ledger: what the other integration tests use. */
async function embedded(fake: FakeWordstat): Promise<Setup> {
  const db = await createPgliteClient({ dataDir: 'memory://' });
  const tasks = watchWrites(db);
  const app = createTestApp({ taskClient: tasks.client, ledger: createMemoryLedger() }, wordstatEnv(fake));
  return { app, tasks, close: () => db.close() };
}

/** PostgreSQL (a schema of this run) for keys, ledger, usage and tasks, and Redis (a namespace of this run) for the cache. */
async function postgresAndRedis(fake: FakeWordstat): Promise<Setup> {
  const schema = `v3_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const config = loadConfig({ API_KEYS: TEST_KEY, NODE_ENV: 'test', ...wordstatEnv(fake), DATABASE_URL: url.toString(), TASK_QUEUE_SCHEMA: `${schema}_boss` });
  const clock = createTestClock();
  const database = createDatabase(config, { logger: silentLogger, clock });
  const tasks = watchWrites(database.client);
  const namespace = uniqueNamespace('v3');
  const cache = createRedisCache({ url: redisUrl!, namespace, clock });
  const app = createApp(config, { clock, database, taskClient: tasks.client, cache });
  return {
    app,
    tasks,
    async close() {
      await deleteNamespace(redisUrl!, namespace);
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await admin.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`).catch(() => {});
      await admin.end();
    },
  };
}

const DATABASE_URL = process.env.DATABASE_URL;
const withServers = Boolean(DATABASE_URL && redisUrl);
if (!withServers) console.warn('[skipped] /v3 with the official client on PostgreSQL + Redis: set DATABASE_URL and REDIS_URL to run it');

describe.each([
  { label: 'embedded database', make: embedded, run: true },
  { label: 'PostgreSQL + Redis', make: postgresAndRedis, run: withServers },
])('the official dataforseo-client against /v3 ($label)', ({ make, run }) => {
  let fake: FakeWordstat;
  let setup: Setup;
  let tasks: WatchedClient;
  let app: Setup['app'];
  let server: Server;
  let baseUrl: string;
  let keywords: KeywordsDataApi;
  let labs: DataforseoLabsApi;
  let appendix: AppendixApi;

  beforeAll(async () => {
    if (!run) return;
    fake = await startFakeWordstat({ model: createDemoSource(loadRegionCatalog()), apiKey: 'fake-key', folderId: 'folder-1', today: () => TODAY });
    setup = await make(fake);
    ({ app, tasks } = setup);
    await app.ready();
    server = createServer(app.handleNode);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const http = basicFetch('any-login@example.com', TEST_KEY);
    keywords = new KeywordsDataApi(baseUrl, http);
    labs = new DataforseoLabsApi(baseUrl, http);
    appendix = new AppendixApi(baseUrl, http);
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await app?.close();
    await setup?.close();
    await fake?.close();
  });
  beforeEach((context) => {
    if (!run) context.skip();
    fake.reset();
  });

  const noMismatch = (model: string, value: unknown) => expect(modelMismatches(model, value)).toEqual([]);

  it('search_volume/live: Google Ads rows (competition enum + index, bids null, monthly_searches), typed as the client types them; one call per keyword, a repeat none', async () => {
    const answer = await keywords.googleAdsSearchVolumeLive([{ keywords: ['купить велосипед', 'самокат'], location_code: 1012, language_code: 'ru' } as never]);
    expect(answer!.status_code).toBe(20000);
    noMismatch('KeywordsDataGoogleAdsSearchVolumeLiveResponseInfo', answer);
    const task = answer!.tasks![0]!;
    expect(task.status_code).toBe(20000);
    expect(task.path).toEqual(['v3', 'keywords_data', 'google_ads', 'search_volume', 'live']);
    expect(task.data).toMatchObject({ api: 'keywords_data', function: 'search_volume', se: 'google_ads', location_code: 1012 });
    expect(task.result).toHaveLength(2);
    for (const row of task.result!) {
      expect(row.location_code).toBe(1012);
      expect(row.search_volume).toBeTypeOf('number');
      expect(row.monthly_searches).toHaveLength(12);
      expect(row.low_top_of_page_bid).toBeNull();
      expect(row.high_top_of_page_bid).toBeNull();
      expect(row.search_partners).toBe(false);
      expect(row.competition === null || ['HIGH', 'MEDIUM', 'LOW'].includes(row.competition!)).toBe(true);
      if (row.competition_index !== null) expect(Number.isInteger(row.competition_index) && row.competition_index! >= 0 && row.competition_index! <= 100).toBe(true);
    }
    expect(fake.calls.dynamics).toBe(2);
    expect(answer!.cost).toBe(task.cost);

    fake.reset();
    const again = await keywords.googleAdsSearchVolumeLive([{ keywords: ['купить велосипед', 'самокат'], location_code: 1012 } as never]);
    expect(again!.tasks![0]!.status_code).toBe(20000);
    expect(fake.calls.dynamics).toBe(0);
  });

  it('search_volume/live: location_name and language_name resolve over the region catalogue; Moscow is not Russia', async () => {
    const byName = await keywords.googleAdsSearchVolumeLive([{ keywords: ['пицца'], location_name: 'Moscow', language_name: 'Russian' } as never]);
    const byCode = await keywords.googleAdsSearchVolumeLive([{ keywords: ['пицца'], location_code: 1012 } as never]);
    const russia = await keywords.googleAdsSearchVolumeLive([{ keywords: ['пицца'], location_code: 2643 } as never]);
    const moscow = byName!.tasks![0]!.result![0]!;
    expect(moscow.location_code).toBe(1012);
    expect(moscow.language_code).toBe('ru');
    expect(moscow.search_volume).toBe(byCode!.tasks![0]!.result![0]!.search_volume);
    expect(moscow.search_volume).not.toBe(russia!.tasks![0]!.result![0]!.search_volume);
  });

  it('search_volume/live: date_from/date_to choose the months of monthly_searches; outside what the source keeps is 40501 naming the field, before any call', async () => {
    const answer = await keywords.googleAdsSearchVolumeLive([{ keywords: ['лыжи'], date_from: '2025-06-01', date_to: '2025-08-31' } as never]);
    const months = answer!.tasks![0]!.result![0]!.monthly_searches!.map((m: { year: number; month: number }) => `${m.year}-${m.month}`);
    expect(months).toEqual(['2025-8', '2025-7', '2025-6']);

    const older = await keywords.googleAdsSearchVolumeLive([{ keywords: ['лыжи'], date_from: '2024-04-01', date_to: '2024-05-31' } as never]);
    expect(older!.tasks![0]!.result![0]!.monthly_searches!.map((m: { year: number; month: number }) => `${m.year}-${m.month}`)).toEqual(['2024-5', '2024-4']);

    fake.reset();
    const tooOld = await keywords.googleAdsSearchVolumeLive([{ keywords: ['лыжи'], date_from: '2020-01-01' } as never]);
    expect(tooOld!.tasks![0]!.status_code).toBe(40501);
    expect(tooOld!.tasks![0]!.status_message).toMatch(/date_from/);
    const future = await keywords.googleAdsSearchVolumeLive([{ keywords: ['лыжи'], date_to: '2027-01-01' } as never]);
    expect(future!.tasks![0]!.status_code).toBe(40501);
    expect(future!.tasks![0]!.status_message).toMatch(/date_to/);
    expect(fake.calls.dynamics).toBe(0);
  });

  it('error paths answer the envelope (HTTP 200) instead of throwing: bad field, unknown location (no Russia fallback), unknown language, partners, two live tasks', async () => {
    fake.reset();
    const cases: [unknown, number, RegExp][] = [
      [[{ keywords: [] }], 40501, /keywords/],
      [[{ keywords: ['a'.repeat(401)] }], 40501, /keywords\[0\]/],
      [[{ keywords: ['x'], location_code: 999999 }], 40501, /location_code/],
      [[{ keywords: ['x'], location_name: 'Atlantis' }], 40501, /location_name/],
      [[{ keywords: ['x'], language_code: 'xx' }], 40501, /language_code/],
      [[{ keywords: ['x'], search_partners: true }], 40501, /search_partners/],
      [[{ keywords: ['x'] }, { keywords: ['y'] }], 40000, /one task at a time/],
    ];
    for (const [body, code, message] of cases) {
      const answer = await keywords.googleAdsSearchVolumeLive(body as never);
      noMismatch('KeywordsDataGoogleAdsSearchVolumeLiveResponseInfo', answer);
      const task = answer!.tasks![0]!;
      expect(task.status_code, JSON.stringify(body)).toBe(code);
      expect(task.status_message).toMatch(message);
      expect(task.result).toBeNull();
      expect(answer!.tasks_error).toBe(1);
    }
    expect(fake.calls.dynamics + fake.calls.top).toBe(0);
  });

  it('a wrong key is 401 with the envelope as its body (the format sends 401; the client throws ApiException carrying it); Bearer works too', async () => {
    const wrong = new KeywordsDataApi(baseUrl, basicFetch('me', 'not-a-key'));
    const thrown = await wrong.googleAdsLanguages().catch((error: unknown) => error);
    expect((thrown as { status: number }).status).toBe(401);
    const envelope = JSON.parse((thrown as { response: string }).response);
    expect(envelope).toMatchObject({ status_code: 40100, tasks: [{ status_code: 40100 }] });

    const bearer = new AppendixApi(baseUrl, {
      fetch: (url: RequestInfo, init?: RequestInit) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), Authorization: `Bearer ${TEST_KEY}` } }),
    });
    expect((await bearer.errors())!.status_code).toBe(20000);
  });

  it('unknown route is 404 with the envelope; a known path with another method is 404 naming the method', async () => {
    const auth = { authorization: `Basic ${Buffer.from(`x:${TEST_KEY}`).toString('base64')}` };
    const unknown = await fetch(`${baseUrl}/v3/keywords_data/google_ads/nothing_here/live`, { method: 'POST', headers: auth, body: '[]' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ status_code: 40400 });
    const method = await fetch(`${baseUrl}/v3/keywords_data/google_ads/search_volume/live`, { headers: auth });
    expect(method.status).toBe(404);
    expect((await method.json()).status_message).toMatch(/GET is not served/);
    const badJson = await fetch(`${baseUrl}/v3/keywords_data/google_ads/search_volume/live`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '[{' });
    expect(badJson.status).toBe(200);
    expect(await badJson.json()).toMatchObject({ status_code: 40503, tasks: [{ status_code: 40503 }] });
  });

  it('search_volume task_post → tasks_ready → task_get: the same rows as live; a bad task fails alone; an unknown id is 40400 in the task', async () => {
    const posted = await keywords.googleAdsSearchVolumeTaskPost([
      { keywords: ['ролики', 'коньки'], location_name: 'Saint Petersburg', tag: 'batch-1' } as never,
      { keywords: ['x'], location_code: 424242 } as never,
    ]);
    noMismatch('KeywordsDataGoogleAdsSearchVolumeTaskPostResponseInfo', posted);
    expect(posted!.status_code).toBe(20000);
    expect(posted!.tasks_count).toBe(2);
    expect(posted!.tasks_error).toBe(1);
    const [created, refused] = posted!.tasks!;
    expect(created!.status_code).toBe(20100);
    expect(refused!.status_code).toBe(40501);
    expect(refused!.status_message).toMatch(/location_code/);
    const id = created!.id!;

    const ready = await tasks.until('the task is ready', async () => {
      const answer = await keywords.googleAdsSearchVolumeTasksReady();
      return answer!.tasks![0]!.result!.find((r: any) => r.id === id) && answer;
    });
    noMismatch('KeywordsDataGoogleAdsSearchVolumeTasksReadyResponseInfo', ready);
    expect(ready.tasks![0]!.result!.find((r: any) => r.id === id)).toMatchObject({ tag: 'batch-1', endpoint: `/v3/keywords_data/google_ads/search_volume/task_get/${id}` });

    const callsBefore = fake.calls.dynamics;
    const got = await keywords.googleAdsSearchVolumeTaskGet(id);
    noMismatch('KeywordsDataGoogleAdsSearchVolumeTaskGetResponseInfo', got);
    const task = got!.tasks![0]!;
    expect(task.status_code).toBe(20000);
    expect(task.id).toBe(id);
    expect(task.result!.map((r: any) => r.keyword)).toEqual(['ролики', 'коньки']);
    expect(task.result![0]!.location_code).toBe(1013);

    const live = await keywords.googleAdsSearchVolumeLive([{ keywords: ['ролики', 'коньки'], location_code: 1013 } as never]);
    expect(live!.tasks![0]!.result!.map((r: any) => r.search_volume)).toEqual(task.result!.map((r: any) => r.search_volume));
    expect(fake.calls.dynamics).toBe(callsBefore); // task_get and the live repeat cost no call

    const unknown = await keywords.googleAdsSearchVolumeTaskGet('00000000-0000-0000-0000-000000000000');
    expect(unknown!.tasks![0]!.status_code).toBe(40400);
    expect(unknown!.tasks![0]!.result).toBeNull();
  });

  it('search_volume task_post with date_from/date_to and sort_by: task_get shows the months chosen, in the order asked, as live does; outside the kept months is 40501 naming the field, before any call', async () => {
    const body = { keywords: ['пицца', 'купить велосипед', 'лыжи'], date_from: '2024-04-01', date_to: '2024-06-30', sort_by: 'search_volume', location_code: 1012 };
    const posted = await keywords.googleAdsSearchVolumeTaskPost([body as never]);
    noMismatch('KeywordsDataGoogleAdsSearchVolumeTaskPostResponseInfo', posted);
    expect(posted!.tasks![0]!.status_code).toBe(20100);
    const id = posted!.tasks![0]!.id!;
    const got = await tasks.until('the dated task is done', async () => {
      const answer = await keywords.googleAdsSearchVolumeTaskGet(id);
      return answer!.tasks![0]!.status_code === 20000 && answer;
    });
    noMismatch('KeywordsDataGoogleAdsSearchVolumeTaskGetResponseInfo', got);
    const task = got.tasks![0]!;
    expect(task.data).toMatchObject({ date_from: '2024-04-01', date_to: '2024-06-30', sort_by: 'search_volume', location_code: 1012 });
    expect(task.data).not.toHaveProperty('presentation');
    const monthsOf = (row: any) => row.monthly_searches.map((m: { year: number; month: number }) => `${m.year}-${m.month}`);
    for (const row of task.result!) expect(monthsOf(row)).toEqual(['2024-6', '2024-5', '2024-4']);
    const volumes = task.result!.map((r: any) => r.search_volume as number);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));

    // The live route answers the same request with the same rows (from the cache the task filled: no call).
    fake.reset();
    const live = await keywords.googleAdsSearchVolumeLive([body as never]);
    expect(live!.tasks![0]!.result).toEqual(task.result);
    expect(fake.calls.dynamics).toBe(0);

    const refused = await keywords.googleAdsSearchVolumeTaskPost([
      { keywords: ['лыжи'], date_from: '2020-01-01' } as never,
      { keywords: ['лыжи'], date_to: '2027-01-01' } as never,
      { keywords: ['лыжи'], date_from: '2025-08-01', date_to: '2025-06-30' } as never,
      { keywords: ['лыжи'], date_from: '2024-04-01', history_months: 12 } as never,
      { keywords: ['лыжи'], postback_url: 'http://127.0.0.1:9/hook' } as never,
      { keywords: ['лыжи'], pingback_url: 'ftp://example.com/x' } as never,
    ]);
    expect(refused!.tasks!.map((t: any) => t.status_code)).toEqual([40501, 40501, 40501, 40501, 40501, 40501]);
    expect(refused!.tasks!.map((t: any) => t.status_message.split(' ')[0].replace(/:$/, ''))).toEqual(['date_from', 'date_to', 'date_from', 'history_months', 'postback_url', 'pingback_url']);
    expect(fake.calls.dynamics).toBe(0);
  });

  it('keywords_for_keywords task_post with sort_by: the task rows in that order, as live; dates checked and echoed', async () => {
    const body = { keywords: ['самокат'], sort_by: 'search_volume', date_from: '2025-06-01' };
    const posted = await keywords.googleAdsKeywordsForKeywordsTaskPost([body as never, { keywords: ['самокат'], date_to: '2030-01-01' } as never]);
    expect(posted!.tasks!.map((t: any) => t.status_code)).toEqual([20100, 40501]);
    expect(posted!.tasks![1]!.status_message).toMatch(/^date_to/);
    const got = await tasks.until('the related task is done', async () => {
      const answer = await keywords.googleAdsKeywordsForKeywordsTaskGet(posted!.tasks![0]!.id!);
      return answer!.tasks![0]!.status_code === 20000 && answer;
    });
    noMismatch('KeywordsDataGoogleAdsKeywordsForKeywordsTaskGetResponseInfo', got);
    expect(got.tasks![0]!.data).toMatchObject({ sort_by: 'search_volume', date_from: '2025-06-01' });
    const volumes = got.tasks![0]!.result!.map((r: any) => r.search_volume as number);
    expect(volumes.length).toBeGreaterThan(1);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const live = await keywords.googleAdsKeywordsForKeywordsLive([{ keywords: ['самокат'], sort_by: 'search_volume' } as never]);
    expect(live!.tasks![0]!.result!.map((r: any) => r.keyword)).toEqual(got.tasks![0]!.result!.map((r: any) => r.keyword));
  });

  it('a task posted through /v1 with an unknown location_code (computed as Russia there) is refused row by row here, never shown as that location', async () => {
    const auth = { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' };
    const posted = await fetch(`${baseUrl}/v1/keywords/search_volume/task_post`, { method: 'POST', headers: auth, body: JSON.stringify({ keywords: ['санки'], location_code: 777777 }) });
    const id = (await posted.json()).tasks[0].id as string;
    const got = await tasks.until('the /v1 task is done', async () => {
      const answer = await keywords.googleAdsSearchVolumeTaskGet(id);
      return answer!.tasks![0]!.status_code === 20000 && answer;
    });
    const row = got.tasks![0]!.result![0]!;
    expect(row.search_volume).toBeNull();
    expect(row.monthly_searches).toBeNull();
    expect(row.error).toMatchObject({ status_code: 40501, field: 'location_code' });
  });

  it('keywords_for_keywords: live flat rows from the seeds (one call per seed), and the task flow', async () => {
    const live = await keywords.googleAdsKeywordsForKeywordsLive([{ keywords: ['велосипед'], location_code: 2643 } as never]);
    noMismatch('KeywordsDataGoogleAdsKeywordsForKeywordsLiveResponseInfo', live);
    const rows = live!.tasks![0]!.result!;
    expect(live!.tasks![0]!.status_code).toBe(20000);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ location_code: 2643, language_code: 'ru', monthly_searches: null, competition: null });
    expect(fake.calls.top).toBe(1);

    const posted = await keywords.googleAdsKeywordsForKeywordsTaskPost([{ keywords: ['велосипед'] } as never, { keywords: ['a', 'b'] } as never]);
    expect(posted!.tasks!.map((t: any) => t.status_code)).toEqual([20100, 40501]);
    const id = posted!.tasks![0]!.id!;
    const got = await tasks.until('the task is done', async () => {
      const answer = await keywords.googleAdsKeywordsForKeywordsTaskGet(id);
      return answer!.tasks![0]!.status_code === 20000 && answer;
    });
    noMismatch('KeywordsDataGoogleAdsKeywordsForKeywordsTaskGetResponseInfo', got);
    expect(got.tasks![0]!.result!.map((r: any) => r.keyword)).toEqual(rows.map((r: any) => r.keyword));
    expect(fake.calls.top).toBe(1); // the task found the live call's answer cached
  });

  it('a keyword or seed repeated in one task is one upstream call; task_post checks each task (array bounds, non-objects) without a call', async () => {
    const volumes = await keywords.googleAdsSearchVolumeLive([{ keywords: ['теннис', 'теннис', 'теннис'] } as never]);
    expect(volumes!.tasks![0]!.result).toHaveLength(3);
    expect(fake.calls.dynamics).toBe(1);
    const related = await keywords.googleAdsKeywordsForKeywordsLive([{ keywords: ['теннис', 'теннис'] } as never]);
    expect(related!.tasks![0]!.status_code).toBe(20000);
    expect(fake.calls.top).toBe(1);

    fake.reset();
    const tooMany = await keywords.googleAdsSearchVolumeTaskPost(Array.from({ length: 101 }, () => ({ keywords: ['x'] })) as never);
    expect(tooMany!.status_code).toBe(20000);
    expect(tooMany!.tasks![0]!.status_code).toBe(40501);
    expect(tooMany!.tasks![0]!.status_message).toMatch(/1 to 100 tasks/);
    const mixed = await keywords.googleAdsSearchVolumeTaskPost(['not a task', { keywords: 'not an array' }] as never);
    expect(mixed!.tasks!.map((t: any) => t.status_code)).toEqual([40501, 40501]);
    expect(mixed!.tasks![0]!.status_message).toMatch(/body\[0\]/);
    expect(mixed!.tasks![1]!.status_message).toMatch(/keywords/);
    expect(fake.calls.dynamics + fake.calls.top).toBe(0);
  });

  it('sort_by orders live rows by a figure we have; bids (live or task), Labs paging and filters are refused by name, never ignored', async () => {
    const sorted = await keywords.googleAdsSearchVolumeLive([{ keywords: ['пицца', 'купить велосипед', 'лыжи'], sort_by: 'search_volume' } as never]);
    const volumes = sorted!.tasks![0]!.result!.map((r: any) => r.search_volume as number);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const asSent = await keywords.googleAdsSearchVolumeLive([{ keywords: ['пицца', 'купить велосипед', 'лыжи'] } as never]);
    expect(asSent!.tasks![0]!.result!.map((r: any) => r.keyword)).toEqual(['пицца', 'купить велосипед', 'лыжи']);

    fake.reset();
    const refusals: [Promise<any>, string][] = [
      [keywords.googleAdsSearchVolumeLive([{ keywords: ['x'], sort_by: 'high_top_of_page_bid' } as never]), 'sort_by'],
      [labs.googleKeywordSuggestionsLive([{ keyword: 'x', offset: 100 } as never]), 'offset'],
      [labs.googleKeywordIdeasLive([{ keywords: ['x'], filters: [['keyword_info.search_volume', '>', 10]] } as never]), 'filters'],
      [labs.googleRelatedKeywordsLive([{ keyword: 'x', order_by: ['keyword_info.search_volume,desc'] } as never]), 'order_by'],
      [keywords.googleAdsSearchVolumeTaskPost([{ keywords: ['x'], sort_by: 'low_top_of_page_bid' } as never]), 'sort_by'],
    ];
    for (const [pending, field] of refusals) {
      const task = (await pending)!.tasks[0];
      expect(task.status_code, field).toBe(40501);
      expect(task.status_message).toMatch(new RegExp(`^${field}`));
    }
    expect(fake.calls.dynamics + fake.calls.top).toBe(0);
  });

  it('an upstream refusal is not our fault: HTTP 200, the source error in the task, the client parses it', async () => {
    fake.inject('permission-denied', { method: 'dynamics', times: Infinity });
    const answer = await keywords.googleAdsSearchVolumeLive([{ keywords: ['фейл апстрима'] } as never]);
    fake.reset();
    expect(answer!.status_code).toBe(20000);
    const task = answer!.tasks![0]!;
    expect(task.status_code).toBeGreaterThanOrEqual(50000);
    expect(task.result).toBeNull();
    expect(answer!.tasks_error).toBe(1);
  });

  it('locations and languages: every catalogue region, with the codes search_volume takes', async () => {
    const locations = await keywords.googleAdsLocations();
    noMismatch('KeywordsDataGoogleAdsLocationsResponseInfo', locations);
    const rows = locations!.tasks![0]!.result!;
    expect(rows.length).toBe(loadRegionCatalog().all.length);
    expect(rows.find((r: any) => r.location_code === 1012)).toMatchObject({ location_code_parent: expect.any(Number), country_iso_code: 'RU', location_type: 'City' });
    expect(rows.find((r: any) => r.location_code === 2643)).toMatchObject({ location_name: 'Russia', location_type: 'Country' });
    // Every listed name resolves back to its own code.
    const moscow = rows.find((r: any) => r.location_code === 1012)!;
    const back = await keywords.googleAdsSearchVolumeLive([{ keywords: ['пицца'], location_name: moscow.location_name } as never]);
    expect(back!.tasks![0]!.result![0]!.location_code).toBe(1012);

    const russia = await keywords.googleAdsLocationsCountry('ru');
    noMismatch('KeywordsDataGoogleAdsLocationsCountryResponseInfo', russia);
    expect(russia!.tasks![0]!.result!.every((r: any) => r.country_iso_code === 'RU')).toBe(true);
    expect((await keywords.googleAdsLocationsCountry('zz'))!.tasks![0]!.status_code).toBe(40501);

    const status = await keywords.googleAdsStatus();
    noMismatch('KeywordsDataGoogleAdsStatusResponseInfo', status);
    // The fixed day is 2026-03-15: February 2026 is the newest completed month.
    expect(status!.tasks![0]!.result![0]).toMatchObject({ last_year_in_monthly_searches: 2026, last_month_in_monthly_searches: 2 });

    const languages = await keywords.googleAdsLanguages();
    noMismatch('KeywordsDataGoogleAdsLanguagesResponseInfo', languages);
    expect(languages!.tasks![0]!.result).toContainEqual(expect.objectContaining({ language_code: 'ru', language_name: 'Russian' }));
  });

  it('the /v3 OpenAPI document lists every path, the two ways to authenticate, servers, and the 401/404/500 answers', async () => {
    const response = await fetch(`${baseUrl}/v3/openapi.json`);
    expect(response.status).toBe(200);
    const doc = await response.json();
    const checked = await validate(structuredClone(doc));
    expect(checked.valid ? [] : checked.errors).toEqual([]);
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['basic', 'bearer']);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/v3/keywords_data/google_ads/search_volume/live', '/v3/keywords_data/google_ads/search_volume/task_get/{id}', '/v3/dataforseo_labs/google/related_keywords/live', '/v3/appendix/user_data']));
    expect(Object.keys(doc.paths['/v3/keywords_data/google_ads/search_volume/live'].post.responses)).toEqual(['200', '401', '404', '500']);
  });

  it('appendix: errors lists the status codes sent, user_data the account', async () => {
    const errors = await appendix.errors();
    noMismatch('AppendixErrorsResponseInfo', errors);
    const codes = errors!.tasks![0]!.result!.map((r: any) => r.code);
    expect(codes).toEqual(expect.arrayContaining([20000, 20100, 40000, 40100, 40400, 40501, 40503, 40601, 40602, 50000]));

    const user = await appendix.userData();
    noMismatch('AppendixUserDataResponseInfo', user);
    expect(user!.tasks![0]!.result![0]).toMatchObject({ timezone: 'Europe/Moscow', money: { balance: null } });
  });

  it('Labs: keyword_suggestions, keyword_ideas and related_keywords nest keyword_info; depth is bounded by the live call limit before any call', async () => {
    const suggestions = await labs.googleKeywordSuggestionsLive([{ keyword: 'велосипед', limit: 5 } as never]);
    noMismatch('DataforseoLabsGoogleKeywordSuggestionsLiveResponseInfo', suggestions);
    const result = suggestions!.tasks![0]!.result![0]!;
    expect(result.items!.length).toBeGreaterThan(0);
    expect(result.items!.length).toBeLessThanOrEqual(5);
    expect(result.items![0]!.keyword_info!.search_volume).toBeTypeOf('number');

    const seeded = await labs.googleKeywordSuggestionsLive([{ keyword: 'лыжи', include_seed_keyword: true, limit: 3 } as never]);
    noMismatch('DataforseoLabsGoogleKeywordSuggestionsLiveResponseInfo', seeded);
    const seedInfo = seeded!.tasks![0]!.result![0]!.seed_keyword_data!.keyword_info!;
    expect(seedInfo.monthly_searches).toHaveLength(12);
    expect(seedInfo.search_volume_trend).toEqual({ monthly: expect.any(Number), quarterly: expect.any(Number), yearly: null });

    fake.reset();
    const ideas = await labs.googleKeywordIdeasLive([{ keywords: ['велосипед', 'самокат'], limit: 10 } as never]);
    noMismatch('DataforseoLabsGoogleKeywordIdeasLiveResponseInfo', ideas);
    expect(ideas!.tasks![0]!.result![0]!.items!.length).toBeLessThanOrEqual(10);
    expect(fake.calls.top).toBeLessThanOrEqual(2); // one related-phrases call per seed (the first may be cached)

    fake.reset();
    const related = await labs.googleRelatedKeywordsLive([{ keyword: 'лыжи', depth: 2, limit: 20 } as never]);
    noMismatch('DataforseoLabsGoogleRelatedKeywordsLiveResponseInfo', related);
    const items = related!.tasks![0]!.result![0]!.items!;
    expect(items.some((i: any) => i.depth === 1)).toBe(true);
    expect(items[0]!.keyword_data!.keyword_info!.search_volume).toBeTypeOf('number');
    expect(fake.calls.top).toBeLessThanOrEqual(1 + 8);

    fake.reset();
    const tooDeep = await labs.googleRelatedKeywordsLive([{ keyword: 'лыжи', depth: 4 } as never]);
    expect(tooDeep!.tasks![0]!.status_code).toBe(40501);
    expect(tooDeep!.tasks![0]!.status_message).toMatch(/depth/);
    expect(fake.calls.top).toBe(0);
  });
});
