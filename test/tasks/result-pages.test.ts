import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPglite } from '../support/pglite.js';
import type { SqlClient } from '../../src/adapters/sql/sql-client.js';
import { searchVolumeTable } from '../../src/operations/tables.js';
import { writeCsv } from '../../src/rest/csv/csv-format.js';
import { labelTable } from '../../src/rest/csv/column-labels.js';
import { writeXlsx } from '../../src/services/files/xlsx-format.js';
import { TASK_RESULT_PAGES } from '../../src/domain/requests/task-result-pages.js';
import { createSqlTaskStore, TASK_MIGRATIONS } from '../../src/adapters/sql/sql-task-store.js';
import { migrate } from '../../src/adapters/sql/migrations.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';
import { taskStatusCode } from '../../src/rest/v1/envelope.js';

/*
 * Issue 25, item 2: a task's stored result is read by pages on every face, never whole. The tasks are finished
 * through the real store (its rows written as a run writes them); a spy on the database client counts the result
 * rows each request reads. The limits come from src/domain/requests/task-result-pages.ts, never restated here as numbers where a
 * face's limit is meant.
 */
const monthly = Array.from({ length: 12 }, (_, i) => ({ year: 2025 + Math.floor((i + 3) / 12), month: ((i + 3) % 12) + 1, searchVolume: 100 + i }));
const volume = (keyword: string, i: number) => ({
  keyword,
  locationCode: 2643,
  languageCode: 'ru',
  searchVolume: 1000 + i,
  competition: i % 2 === 0 ? 0.5 : 1,
  competitionLevel: 'MEDIUM',
  cpc: 1.2,
  monthlySearches: i === 7 ? monthly.slice(1) : monthly,
});

describe('task results by pages on every face (issue 25, item 2)', () => {
  let client: SqlClient;
  let app: ReturnType<typeof createTestApp>;
  let bigId: string;
  const BIG = 1_234; // more than two database reads (TASK_RESULT_PAGES.readRows), not a multiple of one
  /** Result rows each statement on task_result_rows returned, and the statements themselves, since `reset`. */
  const spy = { rowsRead: 0, largestRead: 0, resultStatements: 0, taskStatements: 0 };
  const reset = () => Object.assign(spy, { rowsRead: 0, largestRead: 0, resultStatements: 0, taskStatements: 0 });

  const get = (path: string, key = TEST_KEY) => app.fetch(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${key}` } }));
  const mcp = async (name: string, args: Record<string, unknown>) => {
    const response = await app.fetch(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
      }),
    );
    return (await response.json()) as any;
  };

  beforeAll(async () => {
    client = await createTestPglite();
    const query = client.query.bind(client);
    client.query = (async (sql: string, params?: readonly unknown[]) => {
      const result = await query(sql, params);
      if (/FROM task_result_rows/.test(sql)) {
        spy.resultStatements++;
        spy.rowsRead += result.rows.length;
        spy.largestRead = Math.max(spy.largestRead, result.rows.length);
      }
      if (/\btasks\b/.test(sql)) spy.taskStatements++;
      return result;
    }) as SqlClient['query'];
    app = createTestApp({ taskClient: client }, { TASK_WORKERS: '0' });
    await app.ready();
    const posted = await post(app, '/v1/keywords/search_volume/task_post', { keywords: ['пицца'] });
    const keyId = (await client.query<{ key_id: string }>('SELECT key_id FROM tasks LIMIT 1')).rows[0]!.key_id;
    expect(posted.status).toBe(200);
    // A finished run, through the store: insert, start, finish with the whole result.
    const store = createSqlTaskStore(client);
    bigId = randomUUID();
    const keywords = Array.from({ length: BIG }, (_, i) => `слово ${i}`);
    await store.insert([{ id: bigId, keyId, operation: 'search_volume', tag: null, request: { keywords }, postbackUrl: null, pingbackUrl: null, postedAt: new Date() }]);
    await store.start(bigId, BIG, new Date());
    expect(await store.finish(bigId, { status: 'done', result: keywords.map(volume), cost: 1, finishedAt: new Date() })).toBe(true);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await client?.close();
  });

  const taskGet = (query = '') => get(`/v1/keywords/search_volume/task_get/${bigId}${query}`);

  it('REST task_get: offset and limit give that page with total_count, reading only its rows', async () => {
    reset();
    const answer = await taskGet('?offset=1200&limit=50');
    expect(answer.status).toBe(200);
    const task = ((await answer.json()) as any).tasks[0];
    expect(task).toMatchObject({ status_code: 20000, result_count: BIG - 1200, total_count: BIG });
    expect(task.result.map((item: any) => item.keyword)).toEqual(Array.from({ length: BIG - 1200 }, (_, i) => `слово ${1200 + i}`));
    expect(spy.rowsRead).toBe(BIG - 1200);
  });

  it('REST task_get without a page: the whole result (existing clients), streamed in database reads of readRows', async () => {
    reset();
    const answer = await taskGet();
    expect(answer.headers.get('content-length')).toBeNull(); // written as read, not built whole first
    const task = ((await answer.json()) as any).tasks[0];
    expect(task).toMatchObject({ result_count: BIG, total_count: BIG });
    expect(task.result).toHaveLength(BIG);
    expect(task.result[BIG - 1].keyword).toBe(`слово ${BIG - 1}`);
    expect(spy.rowsRead).toBe(BIG);
    expect(spy.largestRead).toBe(TASK_RESULT_PAGES.readRows);
    expect(spy.resultStatements).toBe(Math.ceil(BIG / TASK_RESULT_PAGES.readRows));
  });

  it('REST task_get: a bad offset or limit is 400 naming the field, before any result row is read', async () => {
    reset();
    for (const [query, field] of [
      ['?offset=-1', 'offset'],
      ['?offset=abc', 'offset'],
      ['?limit=0', 'limit'],
      ['?limit=1.5', 'limit'],
      [`?limit=${TASK_RESULT_PAGES.rest.maxLimit + 1}`, 'limit'],
    ] as const) {
      const answer = await taskGet(query);
      expect(answer.status, query).toBe(400);
      const json = (await answer.json()) as any;
      expect(json.tasks[0].error, query).toMatchObject({ code: 'INVALID_FIELD', field });
      expect(json.tasks[0].status_message, query).toContain(field);
    }
    expect(spy.rowsRead).toBe(0);
  });

  it('CSV of the task: written page by page, byte for byte the table of the whole result', async () => {
    const whole = ((await (await taskGet()).json()) as any).tasks[0].result;
    for (const lang of ['', '&lang=ru']) {
      reset();
      const answer = await taskGet(`?format=csv${lang}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-length')).toBeNull();
      const text = Buffer.from(await answer.arrayBuffer()).toString('utf8');
      expect(text).toBe(writeCsv(labelTable(searchVolumeTable(whole), lang ? 'ru' : undefined), 'excel'));
      // Twice the rows (the columns first, then the rows), never more than one read at a time.
      expect(spy.rowsRead).toBe(2 * BIG);
      expect(spy.largestRead).toBeLessThanOrEqual(TASK_RESULT_PAGES.readRows);
    }
    const page = await taskGet('?format=csv&offset=10&limit=3');
    const lines = Buffer.from(await page.arrayBuffer()).toString('utf8').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^слово 10;/);
  });

  it('XLSX of the task: streamed, the same cells, widths and formats as the workbook of the whole table', async () => {
    const whole = ((await (await taskGet()).json()) as any).tasks[0].result;
    reset();
    const answer = await taskGet('?format=xlsx');
    expect(answer.status).toBe(200);
    expect(spy.largestRead).toBeLessThanOrEqual(TASK_RESULT_PAGES.readRows);
    const streamed = new ExcelJS.Workbook();
    await streamed.xlsx.load((await answer.arrayBuffer()) as ArrayBuffer);
    const reference = new ExcelJS.Workbook();
    const table = searchVolumeTable(whole);
    // Codes (a location code, a month number) are shown as written, as the service's own files show them.
    const codeColumns = new Set(table.columns.flatMap((c, i) => (c === 'location_code' || c === 'peak_month' ? [i] : [])));
    await reference.xlsx.load((await writeXlsx(labelTable(table, 'en'), 'search_volume', { codeColumns })) as unknown as ArrayBuffer);
    const [sheet, ref] = [streamed.worksheets[0]!, reference.worksheets[0]!];
    // The streamed file has a title row above the header; the reference has none.
    const values = (s: ExcelJS.Worksheet, from: number) => Array.from({ length: BIG + 1 }, (_, i) => (s.getRow(from + i).values as unknown[]).slice(1));
    expect(values(sheet, 2)).toEqual(values(ref, 1));
    expect(sheet.columns.map((c) => [c.width, c.numFmt ?? null])).toEqual(ref.columns.map((c) => [c.width, c.numFmt ?? null]));
  });

  it('over node:http: the streamed answer goes chunked, the same bytes; HEAD reads no row', async () => {
    const server = createServer(app.handleNode);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/keywords/search_volume/task_get/${bigId}?format=csv`;
      const headers = { authorization: `Bearer ${TEST_KEY}` };
      const overNode = await fetch(url, { headers });
      expect(overNode.headers.get('transfer-encoding')).toBe('chunked');
      const viaFetch = Buffer.from(await (await taskGet('?format=csv')).arrayBuffer());
      expect(Buffer.from(await overNode.arrayBuffer()).equals(viaFetch)).toBe(true);
      reset();
      const head = await fetch(url, { method: 'HEAD', headers });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toContain('text/csv');
      expect(spy.rowsRead).toBe(0);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('MCP task_result: offset and limit, total_count, the MCP page bound; a bad limit names the field', async () => {
    reset();
    const page = await mcp('task_result', { id: bigId, offset: 5, limit: 2 });
    const result = page.result.structuredContent;
    expect(result).toMatchObject({ status: 'done', result_count: 2, total_count: BIG });
    expect(result.result.map((item: any) => item.keyword)).toEqual(['слово 5', 'слово 6']);
    expect(spy.rowsRead).toBe(2);
    reset();
    const first = (await mcp('task_result', { id: bigId })).result.structuredContent;
    expect(first.result_count).toBe(TASK_RESULT_PAGES.mcp.defaultLimit);
    expect(spy.rowsRead).toBe(TASK_RESULT_PAGES.mcp.defaultLimit);
    for (const [args, field] of [
      [{ limit: TASK_RESULT_PAGES.mcp.maxLimit + 1 }, 'limit'],
      [{ offset: -3 }, 'offset'],
    ] as const) {
      const refused = await mcp('task_result', { id: bigId, ...args });
      const text = JSON.stringify(refused);
      expect(refused.result?.isError ?? refused.error !== undefined, text).toBe(true);
      expect(text).toContain(field);
    }
  });

  it('GraphQL: 140 aliases of task(id){keywords(first:1)} are refused up front, reading nothing', async () => {
    reset();
    // A fragment keeps 140 aliases within the token limit (the armor's), so the task-read bound is what answers.
    const aliases = (n: number) =>
      `query($id: ID!) { ${Array.from({ length: n }, (_, i) => `t${i}: task(id: $id) { ...K }`).join(' ')} } fragment K on Task { keywords(first: 1) { phrase } }`;
    const answer = await graphql(app, aliases(140), { id: bigId });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'taskReads', taskReads: 140, maxTaskReads: TASK_RESULT_PAGES.graphql.maxTaskReads });
    expect(spy.taskStatements).toBe(0);
    expect(spy.rowsRead).toBe(0);
    // At the bound, each alias reads its one row: the database work is the plan's, not the result's.
    const allowed = TASK_RESULT_PAGES.graphql.maxTaskReads;
    const fits = await graphql(app, aliases(allowed), { id: bigId });
    expect(fits.json.errors).toBeUndefined();
    expect(Object.values(fits.json.data).every((t: any) => t.keywords[0].phrase === 'слово 0')).toBe(true);
    expect(spy.rowsRead).toBe(allowed);
    expect(spy.largestRead).toBe(1);
  });

  it('GraphQL: keywordPage reads only its page, with the total', async () => {
    reset();
    const answer = await graphql(app, 'query($id: ID!) { task(id: $id) { keywordPage(first: 3, after: "1230") { nodes { phrase } totalCount hasNextPage } } }', { id: bigId });
    expect(answer.json.data.task.keywordPage).toEqual({ nodes: [{ phrase: 'слово 1230' }, { phrase: 'слово 1231' }, { phrase: 'слово 1232' }], totalCount: BIG, hasNextPage: true });
    expect(spy.rowsRead).toBe(3);
  });
});

describe('task results stored before issue 25 (one jsonb list) are moved to rows by the migration', () => {
  it('a done task of the old layout reads by pages after the migration, its postback body whole', async () => {
    const client = await createTestPglite();
    try {
      await migrate(client, TASK_MIGRATIONS.filter((m) => m.version < 1202));
      const id = randomUUID();
      const rows = Array.from({ length: 30 }, (_, i) => volume(`старое ${i}`, i));
      await client.query(
        `INSERT INTO tasks (id, key_id, operation, status, request, posted_at, finished_at, result, cost, calls_total, calls_done)
         VALUES ($1, 'k', 'search_volume', 'done', '{}', now(), now(), $2, 1, 30, 30)`,
        [id, JSON.stringify(rows)],
      );
      const store = createSqlTaskStore(client);
      await store.migrate();
      expect(await store.resultPage('k', id, 28, 5)).toEqual({ rows: rows.slice(28), total: 30 });
      expect(await store.resultPage('other key', id, 0, 5)).toBeUndefined();
      expect((await store.get(id, { withResult: false }))).toMatchObject({ result: null, resultRows: 30 });
      expect((await store.get(id))!.result).toEqual(rows);
      // Purged with its task.
      await store.purge(new Date(Date.now() + 60_000));
      expect((await client.query('SELECT 1 FROM task_result_rows')).rows).toHaveLength(0);
    } finally {
      await client.close();
    }
  });
});

describe('a failed task stored with a /v1 number keeps its meaning as a code (issue 25, item 4)', () => {
  it('40501, 50000 and 40300 become INVALID_FIELD, SOURCE_FAILED and SOURCE_QUOTA_EXHAUSTED; /v1 still shows the numbers', async () => {
    const client = await createTestPglite();
    try {
      await migrate(client, TASK_MIGRATIONS.filter((m) => m.version < 1203));
      const ids = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      for (const [id, code] of ids.map((id, i) => [id, [40501, 50000, 40300, null][i]] as const)) {
        await client.query(
          `INSERT INTO tasks (id, key_id, operation, status, request, posted_at, finished_at, error_code, error_message, cost)
           VALUES ($1, 'k', 'search_volume', 'failed', '{}', now(), now(), $2, 'why', 0)`,
          [id, code],
        );
      }
      const store = createSqlTaskStore(client);
      await store.migrate();
      const codes = await Promise.all(ids.map(async (id) => (await store.get(id, { withResult: false }))!.errorCode));
      expect(codes).toEqual(['INVALID_FIELD', 'SOURCE_FAILED', 'SOURCE_QUOTA_EXHAUSTED', null]);
      expect(codes.slice(0, 3).map((code) => taskStatusCode(code!))).toEqual([40501, 50000, 40300]);
    } finally {
      await client.close();
    }
  });
});

describe('a finished run writes its rows only while the task runs', () => {
  it('a task cancelled before its finish keeps no rows; a second finish of a done task changes none', async () => {
    const client = await createTestPglite();
    try {
      const store = createSqlTaskStore(client);
      await store.migrate();
      const task = (id: string) => ({ id, keyId: 'k', operation: 'search_volume' as const, tag: null, request: {}, postbackUrl: null, pingbackUrl: null, postedAt: new Date() });
      const rows = (word: string) => Array.from({ length: 700 }, (_, i) => volume(`${word} ${i}`, i));
      const [cancelled, done] = [randomUUID(), randomUUID()];
      await store.insert([task(cancelled), task(done)]);
      await store.start(cancelled, 700, new Date());
      await store.cancel('k', cancelled, new Date());
      expect(await store.finish(cancelled, { status: 'done', result: rows('поздно'), cost: 1, finishedAt: new Date() })).toBe(false);
      expect((await client.query('SELECT 1 FROM task_result_rows WHERE task_id = $1', [cancelled])).rows).toHaveLength(0);
      await store.start(done, 700, new Date());
      expect(await store.finish(done, { status: 'done', result: rows('первый'), cost: 1, finishedAt: new Date() })).toBe(true);
      expect(await store.finish(done, { status: 'done', result: rows('второй'), cost: 1, finishedAt: new Date() })).toBe(false);
      const page = await store.resultPage('k', done, 0, 700);
      expect(page!.rows.map((r: any) => r.keyword)).toEqual(rows('первый').map((r) => r.keyword));
    } finally {
      await client.close();
    }
  });
});
