import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';

/*
 * Issue 20, item 11: notifications went out one at a time per process with 10 s timeouts, so one customer's
 * hanging receiver delayed everybody else's. Now several go out at once, at most two per host.
 */
describe('task notifications are delivered concurrently, with a bound per host', () => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  const servers: Server[] = [];
  const hanging: import('node:http').ServerResponse[] = [];
  const healthyAt: number[] = [];
  let allHealthy!: () => void;
  const tenHealthy = new Promise<void>((resolve) => (allHealthy = resolve));
  let hangUrl = '';
  let okUrl = '';

  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    const server = createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    hangUrl = await listen((_req, res) => void hanging.push(res)); // never answers
    okUrl = await listen((req, res) => {
      req.resume();
      req.on('end', () => {
        healthyAt.push(Date.now());
        if (healthyAt.length === 10) allHealthy();
        res.end('ok');
      });
    });
    client = await createTestPglite();
    app = createTestApp({ source: createFakeSource(), taskClient: client }, { TASK_WORKERS: '2', WEBHOOK_ALLOW_PRIVATE: 'true' });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    await app?.close();
    await client?.close();
    for (const server of servers) server.closeAllConnections();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it("another customer's notifications arrive while one receiver hangs", async () => {
    const started = Date.now();
    const slow = Array.from({ length: 10 }, (_, i) => ({ keyword: `медленный ${i}`, postback_url: `${hangUrl}/hook?id=$id` }));
    const fast = Array.from({ length: 10 }, (_, i) => ({ keyword: `быстрый ${i}`, postback_url: `${okUrl}/hook?id=$id` }));
    expect((await post(app, '/v1/keywords/locations/task_post', slow)).status).toBe(200);
    expect((await post(app, '/v1/keywords/locations/task_post', fast)).status).toBe(200);
    await tenHealthy; // the test's own timeout (120 s) bounds the wait
    const took = Math.max(...healthyAt) - started;
    console.log(`10 healthy notifications delivered ${took} ms after the posts; hanging receiver holds ${hanging.length}`);
    expect(healthyAt).toHaveLength(10);
    // One at a time, the 10 hanging deliveries (10 s timeout each) came first: over 100 s. Generous for a busy box.
    expect(took).toBeLessThan(60_000);
    // The hanging host never has more than two deliveries at once.
    expect(hanging.filter((res) => !res.writableEnded && !res.destroyed).length).toBeLessThanOrEqual(2);
  }, 120_000);
});
