import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

// The admin API issues and revokes keys: it must not exist without ADMIN_TOKEN, and must take nothing but that token.
const ADMIN_TOKEN = 'admin-token-for-the-test-0123456789';
const paths = ['/admin', '/admin/keys', '/admin/keys/key_0123/revoke', '/admin/keys/key_0123', '/admin/usage'];

const fetchWith = (app: ReturnType<typeof createTestApp>, method: string, path: string, authorization?: string) =>
  app.fetch(new Request(`http://localhost${path}`, { method, headers: authorization ? { authorization } : {} }));

describe('admin API access', () => {
  it('is absent without ADMIN_TOKEN: every /admin path is the ordinary 404, whatever the credentials', async () => {
    const app = createTestApp();
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        for (const authorization of [undefined, `Bearer ${TEST_KEY}`, `Bearer ${ADMIN_TOKEN}`, 'Bearer ']) {
          const response = await fetchWith(app, method, path, authorization);
          expect(response.status, `${method} ${path} ${authorization}`).toBe(404);
          expect(response.headers.get('www-authenticate')).toBeNull();
        }
      }
    }
  });

  it('with ADMIN_TOKEN, refuses anything but exactly that bearer token (401), API keys included', async () => {
    const wrong = [undefined, `Bearer ${TEST_KEY}`, `Bearer ${ADMIN_TOKEN}x`, `Bearer ${ADMIN_TOKEN.slice(0, -1)}`, ADMIN_TOKEN, `Basic ${ADMIN_TOKEN}`, 'Bearer '];
    for (const path of paths) {
      // A new app per path: ten wrong tokens a minute from one peer are throttled (429), see admin-hardening.
      const app = createTestApp({}, { ADMIN_TOKEN });
      for (const authorization of wrong) {
        const response = await fetchWith(app, 'GET', path, authorization);
        expect(response.status, `${path} ${authorization}`).toBe(401);
        expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(await response.text()).not.toContain(ADMIN_TOKEN);
      }
    }
    // The right token gets past the check (no database here: 503 for keys, usage from the memory ledger).
    const app = createTestApp({}, { ADMIN_TOKEN });
    expect((await fetchWith(app, 'GET', '/admin/keys', `Bearer ${ADMIN_TOKEN}`)).status).toBe(503);
    expect((await fetchWith(app, 'GET', '/admin/usage', `Bearer ${ADMIN_TOKEN}`)).status).toBe(200);
  });

  it('refuses a short ADMIN_TOKEN at start-up', async () => {
    expect(() => createTestApp({}, { ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN: use at least 16 characters/);
  });
});
