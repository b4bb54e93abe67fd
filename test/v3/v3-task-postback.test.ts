import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeywordsDataApi } from 'dataforseo-client';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { createFixtureCatalog } from '../support/catalog.js';
import { createTestPglite } from '../support/pglite.js';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';
import { modelMismatches } from './client-models.js';

/*
 * Issue 26: postback_url and pingback_url of a /v3 task_post, through the task service's notifications (its
 * address guard and signed delivery): the postback is the format's task_get body of the task (Google Ads rows,
 * the months and order the task asked for), not /v1's; the pingback a GET. A receiver on loopback, reachable
 * because the test sets WEBHOOK_ALLOW_PRIVATE (test/v3/official-client.test.ts shows the guard refusing it).
 */
describe('/v3 task notifications through the official client', () => {
  const hits: { method: string; url: string; body: string }[] = [];
  let bothArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (bothArrived = resolve));
  let receiver: Server;
  let base: string;
  let server: Server;
  let client: SqlClient;
  let source: FakeSource;
  let app: ReturnType<typeof createTestApp>;
  let keywords: KeywordsDataApi;

  beforeAll(async () => {
    receiver = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hits.push({ method: req.method!, url: req.url!, body: Buffer.concat(chunks).toString() });
        if (hits.some((h) => h.method === 'POST') && hits.some((h) => h.method === 'GET')) bothArrived();
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    client = await createTestPglite();
    source = createFakeSource();
    app = createTestApp({ taskClient: client, source, catalog: createFixtureCatalog() }, { TASK_WORKERS: '1', WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_SECRET: 'v3-postback-secret' });
    await app.ready();
    server = createServer(app.handleNode);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    keywords = new KeywordsDataApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, {
      fetch: (url: RequestInfo, init?: RequestInit) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: `Basic ${Buffer.from(`me:${TEST_KEY}`).toString('base64')}` } }),
    });
  }, 120_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await app?.close();
    await client?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('the postback POSTs the format task_get body (months and order as asked); the pingback GETs with $id and $tag substituted', async () => {
    const posted = await keywords.googleAdsSearchVolumeTaskPost([
      {
        keywords: ['пицца', 'купить ноутбук'],
        sort_by: 'search_volume',
        date_from: '2025-10-01',
        tag: 'v3 batch',
        postback_url: `${base}/postback?id=$id`,
        pingback_url: `${base}/pingback/$id?tag=$tag`,
      } as never,
    ]);
    expect(posted!.tasks![0]!.status_code).toBe(20100);
    const id = posted!.tasks![0]!.id!;
    await arrived; // the test's timeout bounds the wait

    const postback = hits.find((h) => h.method === 'POST')!;
    expect(postback.url).toBe(`/postback?id=${id}`);
    const body = JSON.parse(postback.body);
    expect(modelMismatches('KeywordsDataGoogleAdsSearchVolumeTaskGetResponseInfo', body)).toEqual([]);
    const task = body.tasks[0];
    expect(task).toMatchObject({ id, status_code: 20000, path: ['v3', 'keywords_data', 'google_ads', 'search_volume', 'task_get', id] });
    expect(task.data).toMatchObject({ sort_by: 'search_volume', date_from: '2025-10-01', tag: 'v3 batch' });
    for (const row of task.result) {
      expect(row.competition === null || ['HIGH', 'MEDIUM', 'LOW'].includes(row.competition)).toBe(true);
      // The fixed day is 2026-03-15: October 2025 to February 2026.
      expect(row.monthly_searches.map((m: { year: number; month: number }) => `${m.year}-${m.month}`)).toEqual(['2026-2', '2026-1', '2025-12', '2025-11', '2025-10']);
    }
    const volumes = task.result.map((r: { search_volume: number }) => r.search_volume);
    expect(volumes).toEqual([...volumes].sort((a: number, b: number) => b - a));

    // The task_get the client reads afterwards is the same body's task.
    const got = await keywords.googleAdsSearchVolumeTaskGet(id);
    expect(got!.tasks![0]!.result).toEqual(task.result);

    expect(hits.find((h) => h.method === 'GET')!.url).toBe(`/pingback/${id}?tag=v3%20batch`);
    expect(source.count()).toBe(2); // one call per keyword, none for the notifications
  }, 90_000);
});
