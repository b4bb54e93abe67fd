import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { createTestApp, graphql } from '../support/app.js';

/*
 * Issue 20, item 9: 150 aliased `createSearchVolumeTask` of 10,000 keywords each, in one GraphQL request, queued
 * 1.5 M keyword calls, while a /v1 task_post holds at most 100 tasks. The same limit now holds for GraphQL (every
 * alias is a task), and the whole operation is checked before the first task is created.
 */
describe('GraphQL task creation: at most 100 tasks per operation, all checked before any is created', () => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  const taskCount = async () => Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM tasks')).rows[0]!.n);
  const aliases = (n: number, args = 'keywords: $k') =>
    `mutation($k: [String!]!) { ${Array.from({ length: n }, (_, i) => `t${i}: createSearchVolumeTask(${args}) { id }`).join(' ')} }`;

  beforeAll(async () => {
    client = await createTestPglite();
    // No workers: the test counts what is created, nothing runs.
    app = createTestApp({ taskClient: client }, { TASK_WORKERS: '0' });
    await app.ready();
    const first = await graphql(app, 'mutation { createSearchVolumeTask(keywords: ["пицца"]) { id } }');
    expect(first.json.errors).toBeUndefined();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  it('150 aliases of 10,000 keywords are refused with QUERY_TOO_COMPLEX naming the limit; nothing is created', async () => {
    const before = await taskCount();
    const keywords = Array.from({ length: 10_000 }, (_, i) => `слово ${i}`);
    const answer = await graphql(app, aliases(150), { k: keywords });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'tasks', tasks: 150, maxTasks: 100 });
    expect(answer.json.errors[0].message).toContain('at most 100 tasks');
    expect(answer.json.data ?? null).toBeNull();
    expect(await taskCount()).toBe(before);
  }, 60_000);

  it('101 is refused, 100 are created (the REST limit, exactly)', async () => {
    const before = await taskCount();
    const refused = await graphql(app, aliases(101), { k: ['пицца'] });
    expect(refused.json.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(await taskCount()).toBe(before);
    const created = await graphql(app, aliases(100), { k: ['пицца'] });
    expect(created.json.errors).toBeUndefined();
    expect(Object.keys(created.json.data)).toHaveLength(100);
    expect(await taskCount()).toBe(before + 100);
  }, 60_000);

  it('a bad alias anywhere refuses the operation (BAD_USER_INPUT naming the field) before the first task is created', async () => {
    const before = await taskCount();
    const query = `mutation($k: [String!]!) {
      a: createSearchVolumeTask(keywords: $k) { id }
      b: createSearchVolumeTask(keywords: $k) { id }
      c: createSearchVolumeTask(keywords: ["ok", "  "]) { id }
    }`;
    const answer = await graphql(app, query, { k: ['пицца'] });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(answer.json.errors[0].message).toContain('keywords');
    const tooMany = await graphql(app, 'mutation($k: [String!]!) { a: createSearchVolumeTask(keywords: ["x"]) { id } b: createSearchVolumeTask(keywords: $k) { id } }', {
      k: Array.from({ length: 10_001 }, (_, i) => `k${i}`),
    });
    expect(tooMany.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(tooMany.json.errors[0].message).toContain('10000');
    const tag = await graphql(app, `mutation { a: createSearchVolumeTask(keywords: ["x"]) { id } b: createSearchVolumeTask(keywords: ["y"], tag: "${'t'.repeat(256)}") { id } }`);
    expect(tag.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(tag.json.errors[0].message).toContain('tag');
    expect(await taskCount()).toBe(before);
  }, 60_000);
});
