import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createTestApp, post } from '../support/app.js';

interface Hit {
  method: string;
  url: string;
  signature: string | undefined;
  body: string;
}

/*
 * Notifications against a local receiver (WEBHOOK_ALLOW_PRIVATE=true, as a test must to reach 127.0.0.1):
 * the postback carries the task_get body signed with WEBHOOK_SECRET, a 500 is retried, the pingback is a GET,
 * and $id / $tag are substituted.
 */
describe('task notifications', () => {
  const SECRET = 'webhook-secret-for-tests';
  const hits: Hit[] = [];
  // Settled when the receiver has had a retried postback (two POSTs) and the pingback (a GET).
  let allArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (allArrived = resolve));
  let server: Server;
  let base: string;
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  let failuresLeft = 1;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hits.push({ method: req.method!, url: req.url!, signature: req.headers['x-signature'] as string | undefined, body: Buffer.concat(chunks).toString() });
        if (hits.filter((h) => h.method === 'POST').length >= 2 && hits.some((h) => h.method === 'GET')) allArrived();
        const fail = req.method === 'POST' && failuresLeft-- > 0;
        res.statusCode = fail ? 500 : 204;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    client = await createTestPglite();
    app = createTestApp(
      { taskClient: client },
      { TASK_WORKERS: '1', WEBHOOK_SECRET: SECRET, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '1' },
    );
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await client?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('POSTs the signed task_get body (retrying a 500) and GETs the pingback, with $id and $tag substituted', async () => {
    const posted = await post(app, '/v1/keywords/locations/task_post', {
      keyword: 'пицца',
      tag: 'batch 7',
      postback_url: `${base}/postback?id=$id&tag=$tag`,
      pingback_url: `${base}/pingback/$id`,
    });
    const id = posted.json.tasks[0].id as string;
    await arrived; // the test's timeout bounds the wait
    const postbacks = hits.filter((h) => h.method === 'POST');
    expect(postbacks.length).toBeGreaterThanOrEqual(2); // the first answered 500, the retry 204
    const last = postbacks.at(-1)!;
    expect(last.url).toBe(`/postback?id=${id}&tag=batch%207`);
    expect(last.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(last.body).digest('hex')}`);
    const body = JSON.parse(last.body);
    expect(body.tasks[0]).toMatchObject({ id, status_code: 20000, tag: 'batch 7' });
    expect(body.tasks[0].result[0].keyword).toBe('пицца');
    const ping = hits.find((h) => h.method === 'GET')!;
    expect(ping.url).toBe(`/pingback/${id}`);
    expect(ping.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(`${base}/pingback/${id}`).digest('hex')}`);

    // The receiver records a hit before the sender has read its answer and counted it: wait for the count.
    const okCounted = /sds_task_notifications_total\{kind="postback",outcome="ok"\} 1/;
    const metrics = await vi.waitFor(async () => {
      const text = await (await app.fetch(new Request('http://localhost/metrics'))).text();
      expect(text).toMatch(okCounted);
      return text;
    }, { timeout: 30_000, interval: 20 });
    expect(metrics).toMatch(/sds_task_notifications_total\{kind="postback",outcome="http_5xx"\} 1/);
    expect(metrics).toMatch(/sds_task_notifications_total\{kind="postback",outcome="ok"\} 1/);
    expect(metrics).toMatch(/sds_tasks_queued \d+/);
    expect(metrics).toMatch(/sds_task_keywords_waiting \d+/);
  }, 90_000);
});
