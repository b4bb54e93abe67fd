import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/composition/database.js';
import { loadConfig } from '../../src/config/config.js';
import { silentLogger } from '../../src/ports/logger.js';
import { createFakeSource } from '../support/fake-source.js';
import { createCapturedLogger } from '../support/log-capture.js';
import { createTestApp, post } from '../support/app.js';
import { TEST_KEY, createTestClock } from '../support/kit.js';

const ADMIN_TOKEN = 'admin-token-for-the-test-0123456789';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('admin API (/admin/keys, /admin/usage)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sds-admin-'));
  const config = loadConfig({ API_KEYS: TEST_KEY, NODE_ENV: 'test', DATA_DIR: dataDir });
  let database: Database;
  const captured = createCapturedLogger('info');
  let app: ReturnType<typeof createTestApp>;
  const call = (method: string, path: string, headers: Record<string, string> = admin, body?: unknown) =>
    app.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
    );

  beforeAll(async () => {
    database = createDatabase(config, { logger: silentLogger, clock: createTestClock() });
    await database.ready;
    app = createTestApp({ source: createFakeSource(), database, ledger: database.ledger, logger: captured.logger }, { ADMIN_TOKEN });
  }, 120_000);
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('issues a key that works at once, lists it without the secret, and revokes it so the next request is refused', async () => {
    const created = await call('POST', '/admin/keys', admin, { name: 'dashboard' });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const issued = (await created.json()) as { id: string; name: string; key: string };
    expect(issued).toMatchObject({ id: expect.stringMatching(/^key_/), name: 'dashboard', key: expect.stringMatching(/^sds_/) });

    const auth = { authorization: `Bearer ${issued.key}` };
    expect((await post(app, '/v2/stats/top', { phrase: 'ноутбук' }, auth)).status).toBe(200);

    const listed = await call('GET', '/admin/keys');
    const listText = await listed.text();
    expect(listText).not.toContain(issued.key);
    expect(JSON.parse(listText).keys).toEqual([{ id: issued.id, name: 'dashboard', createdAt: expect.any(String), revokedAt: null }]);

    const revoked = await call('DELETE', `/admin/keys/${issued.id}`);
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ id: issued.id, revokedAt: expect.any(String) });
    expect((await post(app, '/v2/stats/top', { phrase: 'ноутбук' }, auth)).status).toBe(401);
    // Revoking again is harmless (same time), through the POST form too; an unknown id is a 404 naming the id.
    expect((await call('POST', `/admin/keys/${issued.id}/revoke`)).status).toBe(200);
    const unknown = await call('DELETE', '/admin/keys/key_nope');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'NOT_FOUND', field: 'id' });
  });

  it("reports every key's usage, with the ledger's calls", async () => {
    const issued = (await (await call('POST', '/admin/keys', admin, { name: 'usage probe' })).json()) as { id: string; key: string };
    expect((await post(app, '/v2/stats/top', { phrase: 'пицца' }, { authorization: `Bearer ${issued.key}` })).status).toBe(200);
    await database.ledger.flush();
    const response = await call('GET', '/admin/usage?from=2026-03-01&to=2026-03-31');
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report).toMatchObject({ from: '2026-03-01', to: '2026-03-31' });
    expect(report.keys.find((k: { keyId: string }) => k.keyId === issued.id)).toMatchObject({ calls: 1, spend: 1 });
  });

  it('refuses bad input with a problem naming the field, and wrong methods with Allow', async () => {
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(201) }, { name: 7 }, '[]']) {
      const response = await call('POST', '/admin/keys', admin, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'INVALID_FIELD', field: 'name' });
    }
    expect((await call('POST', '/admin/keys', admin, '{not json')).status).toBe(400);
    const badDate = await call('GET', '/admin/usage?from=2026-13-45');
    expect(badDate.status).toBe(400);
    expect(await badDate.json()).toMatchObject({ field: 'from' });
    const wrongMethod = await call('PUT', '/admin/keys');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, POST');
    expect((await call('GET', '/admin/nothing-here')).status).toBe(404);
  });

  it('logs what was done, by key id and name, and never a key or the admin token', async () => {
    const issued = (await (await call('POST', '/admin/keys', admin, { name: 'logged' })).json()) as { id: string; key: string };
    await call('DELETE', `/admin/keys/${issued.id}`);
    const lines = captured.lines();
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'admin: key created', keyId: issued.id, name: 'logged' }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'admin: key revoked', keyId: issued.id }));
    expect(captured.text()).not.toContain(issued.key);
    expect(captured.text()).not.toContain(ADMIN_TOKEN);
  });
});
