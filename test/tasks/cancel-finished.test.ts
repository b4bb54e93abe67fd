import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';

/*
 * Issue 24, item 10: DELETE …/task_get/{id} on a finished task answered 500 for all three operations (the cancel
 * read the task without its result, then presented the missing result). Cancelling an ended task is a clear
 * no-op: 200, the task as it stands (result included), its own status code, a message that says nothing changed.
 */
describe('cancelling a finished task', () => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;

  const request = async (path: string, method = 'GET') => {
    const response = await app.fetch(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${TEST_KEY}` } }));
    return { status: response.status, json: (await response.json()) as any };
  };
  let tasks: WatchedClient;
  // Checked again after every write to the task database.
  const waitDone = (path: string) =>
    tasks.until(`${path} never finished`, async () => {
      const answer = await request(path);
      return answer.json.tasks?.[0]?.status_code === 20000 ? answer : undefined;
    });

  beforeAll(async () => {
    client = await createTestPglite();
    tasks = watchWrites(client);
    app = createTestApp({ taskClient: tasks.client }, { TASK_WORKERS: '1' });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  for (const [operation, body] of [
    ['search_volume', { keywords: ['пицца', 'велосипед'] }],
    ['suggestions', { keyword: 'велосипед', limit: 5 }],
    ['locations', { keyword: 'пицца' }],
  ] as const) {
    it(`${operation}: answers 200 with the done task unchanged and says nothing was cancelled`, async () => {
      const id = (await post(app, `/v1/keywords/${operation}/task_post`, body)).json.tasks[0].id as string;
      const path = `/v1/keywords/${operation}/task_get/${id}`;
      const done = await waitDone(path);

      const cancelled = await request(path, 'DELETE');
      expect(cancelled.status).toBe(200);
      const task = cancelled.json.tasks[0];
      expect(task).toMatchObject({ id, status_code: 20000, cost: done.json.tasks[0].cost });
      expect(task.status_message).toMatch(/already ended: nothing was cancelled/);
      expect(task.result).toEqual(done.json.tasks[0].result);
      expect(task.result.length).toBeGreaterThan(0);
      // Still done afterwards, and a second cancel answers the same.
      expect((await request(path)).json.tasks[0].status_code).toBe(20000);
      expect((await request(path, 'DELETE')).status).toBe(200);
    }, 60_000);
  }

  it('GraphQL cancelTask on a done task gives it back done', async () => {
    const id = (await post(app, '/v1/keywords/search_volume/task_post', { keywords: ['самокат'] })).json.tasks[0].id as string;
    await waitDone(`/v1/keywords/search_volume/task_get/${id}`);
    const answer = await graphql(app, 'mutation($id: ID!) { cancelTask(id: $id) { status keywords { phrase } } }', { id });
    expect(answer.json.errors).toBeUndefined();
    expect(answer.json.data.cancelTask).toEqual({ status: 'DONE', keywords: [{ phrase: 'самокат' }] });
  }, 60_000);
});
