import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createTestApp, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

/*
 * Issue 20, items 7, 15 and 22: a post is checked whole before any task is created; text that PostgreSQL cannot
 * store (NUL) is a 40501 naming its field, not a 500; a task is read only through its own operation's path.
 */
describe('task_post checks every task first; bad ids and paths are 404s in the envelope', () => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  const get = async (path: string, method = 'GET') => {
    const response = await app.fetch(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${TEST_KEY}` } }));
    return { status: response.status, json: (await response.json()) as any };
  };

  beforeAll(async () => {
    client = await createTestPglite();
    // No workers: what a post creates stays queued, so the test sees exactly what was created.
    app = createTestApp({ taskClient: client }, { TASK_WORKERS: '0' });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  it('an array whose third task holds a NUL tag: 200, two tasks created, the third 40501 naming tag', async () => {
    const answer = await post(app, '/v1/keywords/search_volume/task_post', [
      { keywords: ['пицца'] },
      { keywords: ['суши'] },
      { keywords: ['роллы'], tag: 'a\u0000b' },
    ]);
    expect(answer.status).toBe(200);
    const [first, second, third] = answer.json.tasks;
    expect(first.status_code).toBe(20100);
    expect(second.status_code).toBe(20100);
    expect(third.status_code).toBe(40501);
    expect(third.status_message).toContain('tag');
    expect(answer.json.tasks_error).toBe(1);
    const stored = await client.query<{ n: string }>('SELECT count(*)::text AS n FROM tasks');
    expect(Number(stored.rows[0]!.n)).toBe(2);
  });

  it('a NUL in language_code is a 40501 naming language_code, live and as a task', async () => {
    const live = await post(app, '/v1/keywords/search_volume', { keywords: ['пицца'], language_code: 'r\u0000u' });
    expect(live.status).toBe(400);
    expect(live.json.tasks[0].status_message).toContain('language_code');
    const task = await post(app, '/v1/keywords/search_volume/task_post', { keywords: ['пицца'], language_code: 'r\u0000u' });
    expect(task.status).not.toBe(500);
    expect(task.json.tasks[0].status_code).toBe(40501);
    expect(task.json.tasks[0].status_message).toContain('language_code');
  });

  it('task_get and cancel with a non-UUID or NUL id: 404 in the envelope, never 500', async () => {
    for (const id of ['not-a-uuid', '%00', "1'%20OR%201=1"]) {
      const answer = await get(`/v1/keywords/search_volume/task_get/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.json.tasks[0].status_code).toBe(40400);
      const cancel = await get(`/v1/keywords/search_volume/task_get/${id}`, 'DELETE');
      expect(cancel.status).toBe(404);
    }
  });

  it("a suggestions task is not served (nor cancelled) through search_volume's task_get path", async () => {
    const posted = await post(app, '/v1/keywords/suggestions/task_post', { keyword: 'велосипед' });
    const id = posted.json.tasks[0].id as string;
    expect((await get(`/v1/keywords/suggestions/task_get/${id}`)).status).toBe(200);
    const wrong = await get(`/v1/keywords/search_volume/task_get/${id}`);
    expect(wrong.status).toBe(404);
    expect(wrong.json.tasks[0].status_message).toContain('search_volume');
    expect((await get(`/v1/keywords/locations/task_get/${id}`, 'DELETE')).status).toBe(404);
  });
});
