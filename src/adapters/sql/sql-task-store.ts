import type { ErrorCode } from '../../domain/errors.js';
import { migrate, type Migration } from './migrations.js';
import type { SqlClient } from './sql-client.js';
import { TASK_RESULT_PAGES } from '../../domain/requests/task-result-pages.js';
import type { TaskStore } from '../../ports/task-store.js';
import type { TaskOperation, TaskRecord, TaskStatus } from '../../domain/tasks.js';

// Versions from 1200 up belong to tasks, so they never collide with the service's own migrations (1, 2, …).
export const TASK_MIGRATIONS: readonly Migration[] = [
  {
    version: 1201,
    name: 'tasks',
    statements: [
      `CREATE TABLE IF NOT EXISTS tasks (
        id uuid PRIMARY KEY,
        key_id text NOT NULL,
        operation text NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
        tag text,
        request jsonb NOT NULL,
        postback_url text,
        pingback_url text,
        posted_at timestamptz NOT NULL,
        started_at timestamptz,
        finished_at timestamptz,
        calls_total integer NOT NULL DEFAULT 0,
        calls_done integer NOT NULL DEFAULT 0,
        result jsonb,
        error_code integer,
        error_message text,
        cost numeric,
        collected boolean NOT NULL DEFAULT false,
        spent boolean NOT NULL DEFAULT false
      )`,
      'CREATE INDEX IF NOT EXISTS tasks_key_posted ON tasks (key_id, posted_at)',
      'CREATE INDEX IF NOT EXISTS tasks_status ON tasks (status)',
      // The answers tasks gathered, by canonical call key: a durable cache shared by every task and process, so
      // a restarted task (or another task wanting the same keyword) does not pay for a call made before.
      `CREATE TABLE IF NOT EXISTS task_answers (
        call_key text PRIMARY KEY,
        value jsonb NOT NULL,
        stored_at timestamptz NOT NULL
      )`,
    ],
  },
  {
    // A list result row by row (issue 25): a page of a 10,000-keyword result used to be cut out of one jsonb
    // value, which the database read and expanded whole for every page (140 one-row pages took 20 s).
    version: 1202,
    name: 'task result rows',
    statements: [
      'ALTER TABLE tasks ADD COLUMN IF NOT EXISTS result_rows integer',
      `CREATE TABLE IF NOT EXISTS task_result_rows (
        task_id uuid NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
        position integer NOT NULL,
        row jsonb NOT NULL,
        PRIMARY KEY (task_id, position)
      )`,
      `INSERT INTO task_result_rows (task_id, position, row)
       SELECT t.id, x.i - 1, x.e FROM tasks t, jsonb_array_elements(t.result) WITH ORDINALITY AS x(e, i)
       WHERE jsonb_typeof(t.result) = 'array'`,
      `UPDATE tasks SET result_rows = jsonb_array_length(result), result = NULL WHERE jsonb_typeof(result) = 'array'`,
    ],
  },
  {
    // A failed task's error as the taxonomy's code (issue 25, item 4): it was stored as /v1's 5-digit number, one
    // face's presentation. The numbers a task could fail with then, mapped back once.
    version: 1203,
    name: 'task error codes',
    statements: [
      `ALTER TABLE tasks ALTER COLUMN error_code TYPE text USING CASE error_code
         WHEN 40501 THEN 'INVALID_FIELD' WHEN 40502 THEN 'QUERY_TOO_COMPLEX' WHEN 40300 THEN 'SOURCE_QUOTA_EXHAUSTED'
         WHEN 40202 THEN 'SOURCE_RATE_LIMITED' WHEN 40400 THEN 'NOT_FOUND' WHEN 40100 THEN 'UNAUTHENTICATED'
         WHEN 50300 THEN 'SOURCE_UNAVAILABLE' WHEN 50301 THEN 'SERVICE_UNAVAILABLE' WHEN 50000 THEN 'SOURCE_FAILED'
         ELSE CASE WHEN error_code IS NULL THEN NULL ELSE 'INTERNAL' END END`,
    ],
  },
];

interface Row {
  id: string;
  key_id: string;
  operation: string;
  status: string;
  tag: string | null;
  request: Record<string, unknown>;
  postback_url: string | null;
  pingback_url: string | null;
  posted_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  calls_total: number;
  calls_done: number;
  result: unknown;
  result_rows: number | null;
  error_code: string | null;
  error_message: string | null;
  cost: string | number | null;
  collected: boolean;
  spent: boolean;
}

const LIST_COLUMNS =
  'id, key_id, operation, status, tag, request, postback_url, pingback_url, posted_at, started_at, finished_at, ' +
  'calls_total, calls_done, result_rows, error_code, error_message, cost, collected, spent';

const date = (value: Date | string | null) => (value === null ? null : new Date(value));

function toRecord(row: Row): TaskRecord {
  return {
    id: row.id,
    keyId: row.key_id,
    operation: row.operation as TaskOperation,
    status: row.status as TaskStatus,
    tag: row.tag,
    request: row.request,
    postbackUrl: row.postback_url,
    pingbackUrl: row.pingback_url,
    postedAt: new Date(row.posted_at),
    startedAt: date(row.started_at),
    finishedAt: date(row.finished_at),
    callsTotal: Number(row.calls_total),
    callsDone: Number(row.calls_done),
    result: row.result ?? null,
    resultRows: row.result_rows === null || row.result_rows === undefined ? null : Number(row.result_rows),
    errorCode: row.error_code as ErrorCode | null,
    errorMessage: row.error_message,
    cost: row.cost === null ? null : Number(row.cost),
    collected: row.collected,
    spent: row.spent,
  };
}

/** Tasks in the ledger's database (PostgreSQL or PGlite; the same SQL). */
export function createSqlTaskStore(client: SqlClient): TaskStore {
  let migrated: Promise<void> | undefined;
  const q = <R = Row>(sql: string, params?: readonly unknown[]) => client.query<R>(sql, params);
  /** Rows `offset` to `offset + limit` of a task's list result, one statement over the primary key. */
  const rowsOf = async (id: string, offset: number, limit: number): Promise<unknown[]> => {
    const { rows } = await q<{ row: unknown }>(
      'SELECT row FROM task_result_rows WHERE task_id = $1 AND position >= $2 AND position < $3 ORDER BY position',
      [id, offset, offset + limit],
    );
    return rows.map((r) => r.row);
  };
  /** A whole list result (the postback's body only), read a page at a time. */
  const wholeList = async (id: string): Promise<unknown[]> => {
    const all: unknown[] = [];
    for (;;) {
      const page = await rowsOf(id, all.length, TASK_RESULT_PAGES.readRows);
      all.push(...page);
      if (page.length < TASK_RESULT_PAGES.readRows) return all;
    }
  };
  return {
    migrate() {
      migrated ??= migrate(client, TASK_MIGRATIONS).then(
        () => undefined,
        (error: unknown) => {
          migrated = undefined; // try again on the next use
          throw error;
        },
      );
      return migrated;
    },
    async insert(tasks) {
      for (const t of tasks) {
        await q(
          `INSERT INTO tasks (id, key_id, operation, status, tag, request, postback_url, pingback_url, posted_at, calls_total)
           VALUES ($1, $2, $3, 'queued', $4, $5, $6, $7, $8, $9)`,
          [t.id, t.keyId, t.operation, t.tag, JSON.stringify(t.request), t.postbackUrl, t.pingbackUrl, t.postedAt, t.callsTotal ?? 0],
        );
      }
    },
    async get(id, options) {
      // The result column holds only results that are one object (a list is in task_result_rows).
      const { rows } = await q(`SELECT * FROM tasks WHERE id = $1`, [id]);
      const task = rows[0] ? toRecord(rows[0]) : undefined;
      if (task?.resultRows != null && options?.withResult !== false) task.result = await wholeList(id);
      return task;
    },
    async readyFor(keyId, operation, limit) {
      const { rows } = await q(
        `SELECT ${LIST_COLUMNS}, NULL::jsonb AS result FROM tasks WHERE key_id = $1 AND operation = $2 AND status IN ('done', 'failed') AND NOT collected
         ORDER BY finished_at, id LIMIT $3`,
        [keyId, operation, limit],
      );
      return rows.map(toRecord);
    },
    async markCollected(id) {
      await q('UPDATE tasks SET collected = true WHERE id = $1 AND NOT collected', [id]);
    },
    async start(id, callsTotal, at) {
      const { rowCount } = await q(
        `UPDATE tasks SET status = 'running', started_at = COALESCE(started_at, $2), calls_total = $3
         WHERE id = $1 AND status IN ('queued', 'running')`,
        [id, at, callsTotal],
      );
      return rowCount > 0;
    },
    async progress(id, callsDone, callsTotal, spent) {
      await q(
        `UPDATE tasks SET calls_done = $2, calls_total = $3, spent = spent OR $4 WHERE id = $1 AND status = 'running'`,
        [id, callsDone, callsTotal, spent],
      );
    },
    async finish(id, o) {
      const list = Array.isArray(o.result) ? (o.result as unknown[]) : undefined;
      const object = list || o.result === undefined ? null : JSON.stringify(o.result);
      const ended = () =>
        q(
          `UPDATE tasks SET status = $2, result = $3, result_rows = $8, error_code = $4, error_message = $5, cost = $6, finished_at = $7,
             calls_done = CASE WHEN $2 = 'done' THEN calls_total ELSE calls_done END
           WHERE id = $1 AND status IN ('queued', 'running')`,
          [id, o.status, object, o.errorCode ?? null, o.errorMessage ?? null, o.cost, o.finishedAt, list?.length ?? null],
        );
      if (!list) return (await ended()).rowCount > 0;
      // The rows first, a page per statement, then the status: readers see rows only once result_rows is set.
      // No transaction: on the embedded database one excludes every other statement (the ledger, /v1/usage)
      // for its whole length. Rows are written only while the task runs, so a task that ended or was cancelled
      // meanwhile keeps what it had (a done task's rows stay, a cancelled one's go).
      const running = `EXISTS (SELECT 1 FROM tasks WHERE id = $1 AND status IN ('queued', 'running'))`;
      await q(`DELETE FROM task_result_rows WHERE task_id = $1 AND ${running}`, [id]); // a crashed finish's rows
      for (let at = 0; at < list.length; at += TASK_RESULT_PAGES.readRows) {
        await q(
          `INSERT INTO task_result_rows (task_id, position, row)
           SELECT $1, $2 + x.i - 1, x.e FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS x(e, i) WHERE ${running}
           ON CONFLICT (task_id, position) DO NOTHING`,
          [id, at, JSON.stringify(list.slice(at, at + TASK_RESULT_PAGES.readRows))],
        );
      }
      if ((await ended()).rowCount > 0) return true;
      await q(`DELETE FROM task_result_rows WHERE task_id = $1 AND NOT EXISTS (SELECT 1 FROM tasks WHERE id = $1 AND status = 'done')`, [id]);
      return false;
    },
    async cancel(keyId, id, at) {
      await q(
        `UPDATE tasks SET status = 'cancelled', finished_at = $3, cost = NULL
         WHERE id = $1 AND key_id = $2 AND status IN ('queued', 'running')`,
        [id, keyId, at],
      );
      const { rows } = await q(`SELECT ${LIST_COLUMNS}, NULL::jsonb AS result FROM tasks WHERE id = $1 AND key_id = $2`, [id, keyId]);
      return rows[0] ? toRecord(rows[0]) : undefined;
    },
    async cancelForKey(keyId, at) {
      const { rows } = await q(
        `UPDATE tasks SET status = 'cancelled', finished_at = $2, cost = NULL
         WHERE key_id = $1 AND status IN ('queued', 'running')
         RETURNING ${LIST_COLUMNS}, NULL::jsonb AS result`,
        [keyId, at],
      );
      return rows.map(toRecord);
    },
    async fairPriority(taskId) {
      const { rows } = await q<{ n: string }>(
        `SELECT count(*) AS n FROM tasks
         WHERE key_id = (SELECT key_id FROM tasks WHERE id = $1) AND status IN ('queued', 'running')`,
        [taskId],
      );
      return -Number(rows[0]?.n ?? 0);
    },
    async anotherKeyStarved(keyId) {
      const { rows } = await q<{ starved: boolean }>(
        `SELECT EXISTS (
           SELECT 1 FROM tasks waiting
           WHERE waiting.status = 'queued' AND waiting.key_id <> $1
             AND NOT EXISTS (SELECT 1 FROM tasks busy WHERE busy.status = 'running' AND busy.key_id = waiting.key_id)
         ) AS starved`,
        [keyId],
      );
      return rows[0]?.starved === true;
    },
    async settleCancelled(id, cost) {
      const { rowCount } = await q(`UPDATE tasks SET cost = $2 WHERE id = $1 AND status = 'cancelled' AND cost IS NULL`, [id, cost]);
      return rowCount > 0;
    },
    async status(id) {
      const { rows } = await q<{ status: TaskStatus }>('SELECT status FROM tasks WHERE id = $1', [id]);
      return rows[0]?.status;
    },
    async list(keyId, { status, first, after }) {
      const params: unknown[] = [keyId, status ?? null, first + 1];
      let cursor = '';
      if (after) {
        params.push(after);
        cursor = `AND (posted_at, id) < (SELECT posted_at, id FROM tasks WHERE id = $4 AND key_id = $1)`;
      }
      // Every column but the result (NULL in its place): see TaskStore.list.
      const { rows } = await q(
        `SELECT ${LIST_COLUMNS}, NULL::jsonb AS result FROM tasks WHERE key_id = $1 AND ($2::text IS NULL OR status = $2) ${cursor}
         ORDER BY posted_at DESC, id DESC LIMIT $3`,
        params,
      );
      return { tasks: rows.slice(0, first).map(toRecord), hasNextPage: rows.length > first };
    },
    async resultPage(keyId, id, offset, limit) {
      // The row count is a column, the rows a range of the primary key: a page reads its own rows, nothing more.
      const { rows } = await q<{ total: number | string }>(
        'SELECT result_rows AS total FROM tasks WHERE id = $1 AND key_id = $2 AND result_rows IS NOT NULL',
        [id, keyId],
      );
      const row = rows[0];
      if (!row) return undefined;
      const total = Number(row.total);
      return { rows: offset >= total ? [] : await rowsOf(id, offset, limit), total };
    },
    async counts() {
      const { rows } = await q<{ queued: string; running: string; waiting: string | null; keys: string }>(
        `SELECT count(*) FILTER (WHERE status = 'queued') AS queued,
                count(*) FILTER (WHERE status = 'running') AS running,
                sum(GREATEST(calls_total - calls_done, 0)) AS waiting,
                count(DISTINCT key_id) AS keys
         FROM tasks WHERE status IN ('queued', 'running')`,
      );
      const row = rows[0];
      return {
        queued: Number(row?.queued ?? 0),
        running: Number(row?.running ?? 0),
        keywordsWaiting: Number(row?.waiting ?? 0),
        keysWithWork: Number(row?.keys ?? 0),
      };
    },
    async answers(callKeys, since) {
      const found = new Map<string, unknown>();
      // Chunks keep each statement's parameter list modest (a task may hold 10,000 keywords).
      for (let i = 0; i < callKeys.length; i += 500) {
        const { rows } = await q<{ call_key: string; value: unknown }>(
          'SELECT call_key, value FROM task_answers WHERE call_key = ANY($1::text[]) AND stored_at >= $2',
          [callKeys.slice(i, i + 500), since],
        );
        for (const row of rows) found.set(row.call_key, row.value);
      }
      return found;
    },
    async putAnswer(callKey, value, at) {
      await q(
        `INSERT INTO task_answers (call_key, value, stored_at) VALUES ($1, $2, $3)
         ON CONFLICT (call_key) DO UPDATE SET value = EXCLUDED.value, stored_at = EXCLUDED.stored_at`,
        [callKey, JSON.stringify(value), at],
      );
    },
    async purge(before) {
      const { rowCount } = await q(`DELETE FROM tasks WHERE status IN ('done', 'failed', 'cancelled') AND finished_at < $1`, [before]);
      await q('DELETE FROM task_answers WHERE stored_at < $1', [before]);
      return rowCount;
    },
  };
}
