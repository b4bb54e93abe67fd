import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';

/*
 * Issue 24, item 9: right after task_post, task_get (and GraphQL task(id).progress) said calls_total 0 (the
 * explorer showed "0 of 0") until a worker started the task. The plan is made when the task is accepted:
 * calls_total is the number of calls it needs from the source (its planned calls not fresh in the cache), and the
 * ETA is not in the past while calls remain.
 */
describe.each([
  ['no worker: the task stays queued', '0'],
  ['one worker', '1'],
])('progress is known at post time (%s)', (_name, workers) => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  let tasks: WatchedClient;

  const taskGet = async (id: string) => {
    const response = await app.fetch(new Request(`http://localhost/v1/keywords/search_volume/task_get/${id}`, { headers: { authorization: `Bearer ${TEST_KEY}` } }));
    return ((await response.json()) as any).tasks[0];
  };

  beforeAll(async () => {
    client = await createTestPglite();
    tasks = watchWrites(client);
    app = createTestApp({ taskClient: tasks.client }, { TASK_WORKERS: workers });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  it('counts the planned calls not in the cache, from the first task_get on', async () => {
    const cached = [`в кэше один ${workers}`, `в кэше два ${workers}`];
    const fresh = [`новое раз ${workers}`, `новое два ${workers}`, `новое три ${workers}`];
    expect((await post(app, '/v1/keywords/search_volume', { keywords: cached })).status).toBe(200);

    const posted = await post(app, '/v1/keywords/search_volume/task_post', { keywords: [...cached, ...fresh] });
    const id = posted.json.tasks[0].id as string;
    const first = await taskGet(id);
    expect(first.progress.calls_total).toBe(fresh.length);
    expect(first.progress.calls_done).toBeLessThanOrEqual(fresh.length);
    if (first.status_code !== 20000) {
      // While calls remain the ETA is a time not before the post (the app's own clock).
      const postedAt = Date.parse(first.date_posted.replace(' +00:00', 'Z').replace(' ', 'T'));
      expect(Date.parse(first.progress.eta)).toBeGreaterThanOrEqual(postedAt);
    }
    const gql = await graphql(app, 'query($id: ID!) { task(id: $id) { progress { callsTotal callsDone } } }', { id });
    expect(gql.json.data.task.progress.callsTotal).toBe(fresh.length);

    if (workers === '0') {
      expect(first).toMatchObject({ status_code: 40602, progress: { calls_done: 0 } });
      return;
    }
    // Run to the end: the total does not change and every counted call is done (checked after every write).
    const done = await tasks.until('the task never finished', async () => {
      const task = await taskGet(id);
      if (task.status_code === 20000) return task;
      expect(task.progress.calls_total).toBe(fresh.length);
      expect(task.progress.calls_done).toBeLessThanOrEqual(fresh.length);
      return undefined;
    });
    expect(done.progress).toEqual({ calls_total: fresh.length, calls_done: fresh.length, eta: null });
    expect(done.result).toHaveLength(cached.length + fresh.length);
  }, 60_000);
});
