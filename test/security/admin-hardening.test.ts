import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/composition/database.js';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/ports/logger.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';
import { TEST_KEY, createTestClock } from '../support/kit.js';

const ADMIN_TOKEN = 'admin-token-for-the-test-0123456789';

/*
 * Issue 20, items 6, 15 and 22 (admin part): the scheme in any case; control characters in names and ids are
 * 400s, not 500s; wrong tokens are throttled; revoking a key cancels its tasks; the operator cancels any task.
 */
describe('admin API hardening', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sds-admin-hard-'));
  let database: Database;
  let app: ReturnType<typeof createTestApp>;
  const call = (method: string, path: string, authorization = `Bearer ${ADMIN_TOKEN}`, body?: unknown) =>
    app.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
  const statusOf = async (id: string) =>
    (await database.client.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [id])).rows[0]?.status;

  beforeAll(async () => {
    const config = loadConfig({ API_KEYS: TEST_KEY, NODE_ENV: 'test', DATA_DIR: dataDir });
    database = createDatabase(config, { logger: silentLogger, clock: createTestClock() });
    await database.ready;
    // No task workers: posted tasks stay queued, so what cancels them is what the test does.
    app = createTestApp({ source: createFakeSource(), database, ledger: database.ledger }, { ADMIN_TOKEN, DATA_DIR: dataDir, TASK_WORKERS: '0' });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('accepts the scheme in any case (RFC 7235)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      expect((await call('GET', '/admin/keys', `${scheme} ${ADMIN_TOKEN}`)).status).toBe(200);
    }
  });

  it('control characters in a key name are a 400 naming name', async () => {
    for (const name of ['a\u0000b', 'line\u001b[31m', 'bell\u0007']) {
      const response = await call('POST', '/admin/keys', undefined, { name });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { field?: string }).field).toBe('name');
    }
  });

  it('a NUL or malformed id in the path is a 400 naming id, never a 500', async () => {
    for (const path of ['/admin/keys/%00', '/admin/keys/%E0%A4%A', '/admin/keys/%00/revoke', '/admin/tasks/%00']) {
      const method = path.endsWith('/revoke') ? 'POST' : 'DELETE';
      const response = await call(method, path);
      expect(response.status, path).toBe(400);
    }
    expect((await call('DELETE', '/admin/tasks/not-a-uuid')).status).toBe(404);
  });

  it("revoking a key cancels its queued tasks; the operator cancels any key's task", async () => {
    const issued = (await (await call('POST', '/admin/keys', undefined, { name: 'batch client' })).json()) as { id: string; key: string };
    const headers = { authorization: `Bearer ${issued.key}` };
    const first = await post(app, '/v1/keywords/search_volume/task_post', { keywords: ['пицца', 'суши'] }, headers);
    const second = await post(app, '/v1/keywords/locations/task_post', { keyword: 'пицца' }, headers);
    const mine = await post(app, '/v1/keywords/locations/task_post', { keyword: 'суши' });
    const [a, b, c] = [first, second, mine].map((answer) => answer.json.tasks[0].id as string);
    expect(await statusOf(a!)).toBe('queued');

    expect((await call('DELETE', `/admin/keys/${issued.id}`)).status).toBe(200);
    await expect.poll(() => statusOf(a!)).toBe('cancelled');
    expect(await statusOf(b!)).toBe('cancelled');
    expect(await statusOf(c!)).toBe('queued'); // another key's task goes on

    const cancelled = await call('DELETE', `/admin/tasks/${c}`);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ id: c, status: 'cancelled' });
    expect(await statusOf(c!)).toBe('cancelled');
  });

  it('after 10 wrong tokens a minute the peer gets 429 with Retry-After for wrong tokens, the right one still served', async () => {
    for (let i = 0; i < 10; i++) expect((await call('GET', '/admin/keys', `Bearer guess-${i}`)).status).toBe(401);
    const throttled = await call('GET', '/admin/keys', 'Bearer guess-10');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Issue 25: ten wrong tokens locked the operator out; the right token is checked first (admin-lockout.test.ts).
    expect((await call('GET', '/admin/keys')).status).toBe(200);
  });
});
