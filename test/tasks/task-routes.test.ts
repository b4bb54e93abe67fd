import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';
import { watchWrites, type WatchedClient } from '../support/db-writes.js';

const OTHER_KEY = 'other-key-0123456789';

/*
 * The task routes end to end on the demo source: post (one object or an array, each task validated on its own),
 * poll, collect, cancel; results exactly as the live route gives them. Workers are pg-boss over PGlite.
 */
describe('task routes (/v1 task mode)', () => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;

  const get = async (path: string, key = TEST_KEY, method = 'GET') => {
    const response = await app.fetch(new Request(`http://localhost${path}`, { method, headers: { authorization: `Bearer ${key}` } }));
    return { status: response.status, json: (await response.json()) as any, headers: response.headers };
  };
  let tasks: WatchedClient;
  // Checked again after every write to the task database, until `done`.
  const waitFor = (path: string, done: (json: any) => boolean) =>
    tasks.until(`${path} never got there`, async () => {
      const answer = await get(path);
      return done(answer.json) ? answer : undefined;
    }, 30_000);

  beforeAll(async () => {
    client = await createTestPglite();
    tasks = watchWrites(client);
    app = createTestApp({ taskClient: tasks.client }, { API_KEYS: `${TEST_KEY},${OTHER_KEY}`, TASK_WORKERS: '1' });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  it('posts several tasks at once; a bad one gets its own 40xxx naming the field, the others are created', async () => {
    const answer = await post(app, '/v1/keywords/search_volume/task_post', [
      { keywords: ['купить ноутбук', 'пицца'], tag: 'first' },
      { keywords: ['x'], tag: 't'.repeat(256) },
      { keywords: Array.from({ length: 10_001 }, (_, i) => `k${i}`) },
      { keywords: ['x'], postback_url: 'ftp://example.com/hook' },
    ]);
    expect(answer.status).toBe(200);
    const [ok, tag, many, url] = answer.json.tasks;
    expect(ok).toMatchObject({ status_code: 20100, status_message: 'Task Created.', result: null });
    expect(ok.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(tag).toMatchObject({ status_code: 40501 });
    expect(tag.status_message).toContain('tag');
    expect(many.status_message).toContain('keywords must hold 1 to 10000');
    // A refused task carries the stable code, field and reason, as a refused live request does (issue 24, item 18).
    expect(many.error).toMatchObject({ code: 'INVALID_FIELD', field: 'keywords', reason: 'too_many', params: { max: 10_000 } });
    expect(tag.error).toMatchObject({ code: 'INVALID_FIELD', field: 'tag', reason: 'too_long' });
    expect(url.status_message).toContain('postback_url');
    expect(answer.json.tasks_error).toBe(3);
  });

  it('refuses more than 100 tasks in one post, naming the body', async () => {
    const answer = await post(app, '/v1/keywords/locations/task_post', Array.from({ length: 101 }, () => ({ keyword: 'x' })));
    expect(answer.status).toBe(400);
    expect(answer.json.tasks[0].status_message).toContain('at most 100 tasks');
  });

  it('runs a task to the very result the live route gives, with progress, listed ready until collected', async () => {
    const body = { keywords: ['купить ноутбук', 'пицца', 'велосипед'], location_code: 2643, language_code: 'ru' };
    const posted = await post(app, '/v1/keywords/search_volume/task_post', { ...body, tag: 'mine' });
    const id = posted.json.tasks[0].id as string;
    const first = await get(`/v1/keywords/search_volume/task_get/${id}`);
    expect(first.status).toBe(200);
    expect([40602, 40601, 20000]).toContain(first.json.tasks[0].status_code);
    expect(first.json.tasks[0].progress).toMatchObject({ calls_total: expect.any(Number), calls_done: expect.any(Number) });

    await waitFor('/v1/keywords/search_volume/tasks_ready', (json) => json.tasks[0].result.some((r: any) => r.id === id));
    const ready = await get('/v1/keywords/search_volume/tasks_ready');
    expect(ready.json.tasks[0].result.find((r: any) => r.id === id)).toEqual({
      id,
      tag: 'mine',
      date_posted: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+00:00$/),
      endpoint: `/v1/keywords/search_volume/task_get/${id}`,
    });

    const done = await get(`/v1/keywords/search_volume/task_get/${id}`);
    const task = done.json.tasks[0];
    expect(task).toMatchObject({ id, status_code: 20000, tag: 'mine', progress: { calls_total: 3, calls_done: 3, eta: null } });
    const live = await post(app, '/v1/keywords/search_volume', body);
    expect(task.result).toEqual(live.json.tasks[0].result);
    expect(task.cost).toBe(1);
    // The finished task as CSV is byte for byte the live route's CSV (issue 14: CSV on task_get too).
    const csvOf = async (path: string, init: RequestInit) =>
      Buffer.from(await (await app.fetch(new Request(`http://localhost${path}?format=csv`, { ...init, headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json' } }))).arrayBuffer());
    const taskCsv = await csvOf(`/v1/keywords/search_volume/task_get/${id}`, { method: 'GET' });
    const liveCsv = await csvOf('/v1/keywords/search_volume', { method: 'POST', body: JSON.stringify(body) });
    expect(taskCsv.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(taskCsv.equals(liveCsv)).toBe(true);
    // Collected: it leaves tasks_ready.
    const after = await get('/v1/keywords/search_volume/tasks_ready');
    expect(after.json.tasks[0].result.some((r: any) => r.id === id)).toBe(false);
    // Polling again is no error and costs nothing.
    const again = await get(`/v1/keywords/search_volume/task_get/${id}`);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-cost')).toBe('0');
  }, 60_000);

  it('locations and suggestions tasks give the live results too', async () => {
    for (const [op, body] of [
      ['locations', { keyword: 'пицца' }],
      ['suggestions', { keyword: 'велосипед', limit: 5 }],
    ] as const) {
      const id = (await post(app, `/v1/keywords/${op}/task_post`, body)).json.tasks[0].id;
      const done = await waitFor(`/v1/keywords/${op}/task_get/${id}`, (json) => json.tasks[0].status_code === 20000);
      const live = await post(app, `/v1/keywords/${op}`, body);
      expect(done.json.tasks[0].result).toEqual(live.json.tasks[0].result);
    }
  }, 60_000);

  it("answers 404 (40400) for an unknown id and for another key's task", async () => {
    const id = (await post(app, '/v1/keywords/locations/task_post', { keyword: 'пицца' })).json.tasks[0].id;
    const other = await get(`/v1/keywords/locations/task_get/${id}`, OTHER_KEY);
    expect(other.status).toBe(404);
    expect(other.json.tasks[0].status_code).toBe(40400);
    expect((await get('/v1/keywords/locations/task_get/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/v1/keywords/locations/task_get/not-a-uuid')).status).toBe(404);
  });

  it('cancels with DELETE …/task_get/{id}: the task ends cancelled and is not billed', async () => {
    const id = (await post(app, '/v1/keywords/search_volume/task_post', { keywords: Array.from({ length: 50 }, (_, i) => `отмена ${i}`) })).json.tasks[0].id;
    const cancelled = await get(`/v1/keywords/search_volume/task_get/${id}`, TEST_KEY, 'DELETE');
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.tasks[0]).toMatchObject({ id, status_code: 40603, cost: 0 });
    const later = await get(`/v1/keywords/search_volume/task_get/${id}`);
    expect(later.json.tasks[0].status_code).toBe(40603);
    expect((await get(`/v1/keywords/search_volume/task_get/${id}`, OTHER_KEY, 'DELETE')).status).toBe(404);
  });

  it('GraphQL: createSearchVolumeTask, task(id) with the same Keyword objects, tasks connection, cancelTask', async () => {
    const created = await graphql(
      app,
      'mutation($k: [String!]!) { createSearchVolumeTask(keywords: $k, tag: "gql") { id status tag progress { callsTotal } } }',
      { k: ['пицца', 'велосипед'] },
    );
    expect(created.json.errors).toBeUndefined();
    const { id, tag } = created.json.data.createSearchVolumeTask;
    expect(tag).toBe('gql');
    const task: any = await tasks.until('the GraphQL task never got DONE', async () => {
      const read = (await graphql(app, 'query($id: ID!) { task(id: $id) { status cost finishedAt keywords { phrase searchVolume } } }', { id })).json.data.task;
      return read?.status === 'DONE' ? read : undefined;
    }, 30_000);
    expect(task.status).toBe('DONE');
    const live = await graphql(app, '{ keywords(phrases: ["пицца", "велосипед"]) { phrase searchVolume } }');
    expect(task.keywords).toEqual(live.json.data.keywords);
    const page = await graphql(app, '{ tasks(first: 2) { edges { node { id } } hasNextPage endCursor } }');
    expect(page.json.data.tasks.edges).toHaveLength(2);
    expect(page.json.data.tasks.hasNextPage).toBe(true);
    const next = await graphql(app, 'query($after: String) { tasks(first: 2, after: $after) { edges { node { id } } } }', { after: page.json.data.tasks.endCursor });
    const seen = page.json.data.tasks.edges.map((e: any) => e.node.id);
    expect(next.json.data.tasks.edges.every((e: any) => !seen.includes(e.node.id))).toBe(true);
    expect((await graphql(app, '{ task(id: "00000000-0000-4000-8000-000000000000") { id } }')).json.data.task).toBeNull();
    const bad = await graphql(app, 'mutation { createSearchVolumeTask(keywords: [], postbackUrl: "http://x") { id } }');
    expect(bad.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    // GraphQL names its own argument (issue 25, item 2); REST says postback_url.
    expect(bad.json.errors[0].message).toContain('postbackUrl');
    expect(bad.json.errors[0].extensions.field).toBe('postbackUrl');
    const victim = (await graphql(app, 'mutation { createSearchVolumeTask(keywords: ["отмена гкл"]) { id } }')).json.data.createSearchVolumeTask.id;
    const cancelled = await graphql(app, 'mutation($id: ID!) { cancelTask(id: $id) { status } }', { id: victim });
    expect(['CANCELLED', 'DONE']).toContain(cancelled.json.data.cancelTask.status);
  }, 60_000);
});
