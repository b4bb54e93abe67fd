import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { TEST_KEY } from '../support/kit.js';

/*
 * Issue 20, item 22: with PostgreSQL down, routes that need the database answered after 25–30 s (the open kept
 * retrying with every request waiting on it) and then 500. Now they answer the family's 503 within a few seconds;
 * routes that need no database go on as before.
 */
describe('PostgreSQL unreachable', () => {
  const app = createApp(
    loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test', API_KEYS: TEST_KEY, SOURCE: 'demo', NODE_ENV: 'test', ADMIN_TOKEN: 'admin-token-0123456789' }),
  );
  afterAll(() => Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 3_000))]));
  const call = async (method: string, path: string, body?: unknown, token = TEST_KEY) => {
    const started = performance.now();
    const response = await app.fetch(
      new Request(`http://localhost${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return { status: response.status, ms: performance.now() - started, text: await response.text() };
  };

  it('data routes without the database still answer', async () => {
    expect((await call('POST', '/v2/stats/top', { phrase: 'пицца' })).status).toBe(200);
  });

  it.each([
    ['GET', '/v1/usage', undefined],
    ['GET', '/v2/stats/quota', undefined],
    ['POST', '/v1/keywords/search_volume/task_post', { keywords: ['пицца'] }],
    ['GET', '/v1/keywords/locations/tasks_ready', undefined],
    ['POST', '/graphql', { query: '{ tasks(first: 5) { edges { node { id } } } }' }],
  ])('%s %s: 503 in the family body within seconds, never 500', async (method, path, body) => {
    const answer = await call(method, path, body);
    expect(answer.status).toBe(503);
    expect(answer.text).toMatch(/database is unavailable/);
    expect(answer.ms).toBeLessThan(15_000); // was 25–30 s; generous for a busy machine
  }, 30_000);

  it('the admin API too', async () => {
    expect((await call('GET', '/admin/usage', undefined, 'admin-token-0123456789')).status).toBe(503);
  }, 30_000);
});
