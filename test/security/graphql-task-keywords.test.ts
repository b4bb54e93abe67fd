import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';
import { createScheduledSource } from '../support/scheduled-source.js';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql } from '../support/app.js';
import { createTestClock } from '../support/kit.js';
import { createTestCache } from '../support/memory-cache.js';

/*
 * Issue 20, items 3, 4 and 15 (GraphQL part): reading tasks.
 * 3. `{ tasks(first: 100) { edges { node { keywords { … } } } } }` over tasks of 10,000 keywords was free and
 *    built a 128 MB answer: task keywords are now paged (first/after), capped per answer and priced.
 * 4. `task(id) { keywords { regions top dynamics } }` made a source call per keyword and view for a price of 1,
 *    around the cost limit and the quota plan: nested views of stored keywords now go through both.
 * 15. `tasks(after: "not-a-uuid")` answered 500.
 * Finished tasks are written straight into the task table (no worker runs): the test reads, it does not collect.
 */
const monthly = Array.from({ length: 12 }, (_, i) => ({ year: 2026, month: 12 - i, searchVolume: 100 + i }));
const volume = (keyword: string) => ({
  keyword,
  locationCode: 2643,
  languageCode: 'ru',
  searchVolume: 105,
  competition: 0.5,
  competitionLevel: 'MEDIUM',
  cpc: 1.2,
  monthlySearches: monthly,
});

describe('GraphQL task reads: paged, capped, priced and planned', () => {
  let client: SqlClient;
  const clock = createTestClock();
  // An hour of 60 calls: the plan must refuse what does not fit, before any call.
  const quota = createQuotaScheduler({ rph: 60, rps: 100, maxWaitMs: 2_000, clock, sleep: async (ms) => clock.advance(ms) });
  const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 0 });
  let app: ReturnType<typeof createTestApp>;
  let keyId: string;
  const bigIds: string[] = [];
  let smallId: string;

  const insertDone = async (keywords: readonly string[], postedAt: Date) => {
    const id = randomUUID();
    // As a finished run leaves it: the row count on the task, the keywords row by row (sql-task-store.ts).
    await client.query(
      `INSERT INTO tasks (id, key_id, operation, status, request, posted_at, finished_at, result_rows, cost, calls_total, calls_done, collected)
       VALUES ($1, $2, 'search_volume', 'done', $3, $4, $4, $5, 1, $5, $5, true)`,
      [id, keyId, JSON.stringify({ keywords }), postedAt, keywords.length],
    );
    await client.query(
      `INSERT INTO task_result_rows (task_id, position, row)
       SELECT $1, x.i - 1, x.e FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(e, i)`,
      [id, JSON.stringify(keywords.map(volume))],
    );
    return id;
  };

  beforeAll(async () => {
    client = await createTestPglite();
    app = createTestApp(
      { taskClient: client, source: createScheduledSource(source, quota), quota, clock, cache: createTestCache(clock) },
      { TASK_WORKERS: '0' },
    );
    await app.ready();
    // One real post creates the tables and tells the key's id.
    const posted = await graphql(app, 'mutation { createSearchVolumeTask(keywords: ["пицца"]) { id } }');
    expect(posted.json.errors).toBeUndefined();
    keyId = (await client.query<{ key_id: string }>('SELECT key_id FROM tasks LIMIT 1')).rows[0]!.key_id;
    for (let t = 0; t < 20; t++) {
      bigIds.push(await insertDone(Array.from({ length: 2000 }, (_, i) => `задача ${t} слово ${i}`), new Date(Date.UTC(2026, 0, 1, 0, t))));
    }
    smallId = await insertDone(Array.from({ length: 40 }, (_, i) => `малая ${i}`), new Date(Date.UTC(2026, 1, 1)));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  const KEYWORD_FIELDS = 'phrase searchVolume monthlySearches { year month searchVolume }';

  it('item 3: 100 tasks × every keyword is refused (QUERY_TOO_COMPLEX naming the row limit) before anything is read', async () => {
    const answer = await graphql(app, `{ tasks(first: 100) { edges { node { keywords { ${KEYWORD_FIELDS} } } } } }`);
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'keywordRows', maxKeywordRows: 2000 });
    expect(answer.json.errors[0].message).toContain('2000');
    expect(answer.text.length).toBeLessThan(2_000);
  });

  it('item 3: the default page (20 tasks × 100 keywords) fits, and stays small', async () => {
    const answer = await graphql(app, `{ tasks { edges { node { id keywords { ${KEYWORD_FIELDS} } } } } }`);
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    expect(answer.json.errors).toBeUndefined();
    const edges = answer.json.data.tasks.edges;
    expect(edges).toHaveLength(20);
    const rows = edges.reduce((n: number, e: any) => n + (e.node.keywords?.length ?? 0), 0);
    expect(rows).toBeLessThanOrEqual(2000);
    expect(edges.find((e: any) => e.node.id === bigIds[19]).node.keywords).toHaveLength(100);
    expect(answer.text.length).toBeLessThan(3_000_000);
  });

  it('item 3: a task keyword list pages with first/after to the end, each keyword once, in order', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let total = 0;
    for (let page = 0; page < 10; page++) {
      const answer: any = await graphql(
        app,
        'query($id: ID!, $after: String) { task(id: $id) { keywordPage(first: 700, after: $after) { nodes { phrase } totalCount hasNextPage endCursor } } }',
        { id: bigIds[3], after },
      );
      expect(answer.json.errors).toBeUndefined();
      const p = answer.json.data.task.keywordPage;
      total = p.totalCount;
      seen.push(...p.nodes.map((n: any) => n.phrase));
      after = p.endCursor;
      if (!p.hasNextPage) break;
    }
    expect(total).toBe(2000);
    expect(seen).toEqual(Array.from({ length: 2000 }, (_, i) => `задача 3 слово ${i}`));
    const listed = await graphql(app, 'query($id: ID!) { task(id: $id) { keywords(first: 3, after: "10") { phrase } } }', { id: bigIds[3] });
    expect(listed.json.data.task.keywords.map((k: any) => k.phrase)).toEqual(['задача 3 слово 10', 'задача 3 слово 11', 'задача 3 слово 12']);
  });

  it('item 3: page sizes out of range and bad keyword cursors are BAD_USER_INPUT naming the argument', async () => {
    for (const [args, field] of [
      ['first: 0', 'first'],
      ['first: 1001', 'first'],
      ['after: "abc"', 'after'],
      ['after: "-1"', 'after'],
    ] as const) {
      const answer = await graphql(app, `query($id: ID!) { task(id: $id) { keywords(${args}) { phrase } } }`, { id: smallId });
      expect(answer.status, args).toBe(400);
      expect(answer.json.errors[0].extensions.code, args).toBe('BAD_USER_INPUT');
      expect(answer.json.errors[0].message, args).toContain(field);
    }
  });

  it('item 4: nested views of stored keywords count in the cost rule: 100 keywords × 3 views is refused, no call made', async () => {
    const before = source.count();
    const answer = await graphql(
      app,
      'query($id: ID!) { task(id: $id) { keywords { regions { count } top { totalCount } dynamics { trend } } } }',
      { id: bigIds[0] },
    );
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', estimatedSourceCalls: 300 });
    expect(source.count()).toBe(before);
    // The same through the list: 20 tasks × 100 keywords × 1 view.
    const listed = await graphql(app, '{ tasks { edges { node { keywords { dynamics { trend } } } } } }');
    expect(listed.status).toBe(400);
    expect(listed.json.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(source.count()).toBe(before);
  });

  it('item 4: within the cost limit, they go through the quota plan: 90 calls do not fit 60, refused before any call', async () => {
    const before = source.count();
    const answer = await graphql(
      app,
      'query($id: ID!) { task(id: $id) { keywords(first: 30) { phrase regions { count } top { totalCount } dynamics { trend } } } }',
      { id: smallId },
    );
    expect(answer.json.errors?.[0]?.extensions?.code, answer.text.slice(0, 300)).toBe('SOURCE_QUOTA_EXHAUSTED');
    expect(answer.json.errors[0].message).toContain('90 uncached');
    expect(source.count()).toBe(before);
  });

  it('item 4: what fits the plan runs, one call per keyword and view, billed as a request', async () => {
    const before = source.count();
    const answer = await graphql(app, 'query($id: ID!) { task(id: $id) { keywords(first: 10) { phrase top { totalCount } } } }', { id: smallId });
    expect(answer.json.errors).toBeUndefined();
    expect(answer.json.data.task.keywords).toHaveLength(10);
    expect(source.count() - before).toBe(10);
    expect(Number(answer.headers.get('x-cost'))).toBeGreaterThan(0);
  });

  it('item 4: a task created in the operation is planned too (it is done at once when its keywords are cached)', async () => {
    const before = source.count();
    const tasksBefore = Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM tasks')).rows[0]!.n);
    const words = Array.from({ length: 30 }, (_, i) => `новая ${i}`);
    const answer = await graphql(
      app,
      'mutation($k: [String!]!) { createSearchVolumeTask(keywords: $k) { keywords(first: 30) { regions { count } top { totalCount } dynamics { trend } } } }',
      { k: words },
    );
    expect(answer.json.errors?.[0]?.extensions?.code, answer.text.slice(0, 300)).toBe('SOURCE_QUOTA_EXHAUSTED');
    expect(source.count()).toBe(before);
    expect(Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM tasks')).rows[0]!.n)).toBe(tasksBefore);
  });

  it('item 15: tasks(after: "not-a-uuid") is BAD_USER_INPUT naming `after`; task(id) and cancelTask(id) with junk are no 500', async () => {
    for (const after of ['not-a-uuid', '\u0000', "'; DROP TABLE tasks; --"]) {
      const answer = await graphql(app, 'query($after: String) { tasks(after: $after) { edges { node { id } } } }', { after });
      expect(answer.status, after).toBe(400);
      expect(answer.json.errors[0].extensions.code).toBe('BAD_USER_INPUT');
      expect(answer.json.errors[0].message).toContain('after');
    }
    const first = await graphql(app, '{ tasks(first: 101) { hasNextPage } }');
    expect(first.json.errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(first.json.errors[0].message).toContain('first');
    const one = await graphql(app, '{ task(id: "not-a-uuid") { id } }');
    expect(one.status).toBe(200);
    expect(one.json.data.task).toBeNull();
    const cancel = await graphql(app, 'mutation($id: ID!) { cancelTask(id: $id) { id } }', { id: '\u0000' });
    expect(cancel.status).toBeLessThan(500);
    expect(cancel.json.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
