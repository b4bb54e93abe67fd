/**
 * Issue 20, item 3: a GraphQL read of tasks' keywords. 20 done search_volume tasks of 10,000 keywords each, then
 * the attack `{ tasks(first: 100) { edges { node { keywords { … } } } } }` (before the fix: priced 0, 128 MB answer,
 * 3.5 GB RSS, /healthz stalled 26 s), and the largest reads still allowed. Figures per query: status, answer size,
 * wall time, RSS growth of the service (peak sampled every 20 ms over its start), and the longest /healthz
 * answer while it ran (polled every 50 ms from this process; the service is a child process). Item 10 too: ten
 * anonymous requests of 199 aliased `__schema` at once (before: 6.9 MB each, /healthz stalled 4.5 s).
 *
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): the tasks are written straight
 * into a schema of this run's own, dropped at the end.
 *
 *   npm run bench -- graphql-task-keywords [--tasks 20] [--keywords 10000]
 */
import pg from 'pg';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { serviceEnv, startService } from './support/service-process.js';
import { mib, ms, printTable } from './support/table.js';

const KEY = 'bench-key-0123456789';
const OTHER_KEY = 'bench-other-key-0123456789';
const tasks = numberOption('tasks', 20);
const keywords = numberOption('keywords', 10_000);
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_gql_${process.pid}`;

console.log(machineLine());
console.log(`load before: ${loadLine()}`);
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schema}`);
const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
let service: Awaited<ReturnType<typeof startService>> | undefined;
try {
  service = await startService(
    serviceEnv(KEY, { API_KEYS: `${KEY},${OTHER_KEY}`, DATABASE_URL: url, TASK_QUEUE_SCHEMA: `${schema}_boss`, TASK_WORKERS: '0' }),
  );
  const { url: serviceUrl } = service;
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${serviceUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  // One real post creates the tables and tells the key's id; the big tasks are written as a finished run leaves them.
  await call('/v1/keywords/search_volume/task_post', { keywords: ['пицца'] });
  await admin.query(`SET search_path TO ${schema}`);
  const keyId = (await admin.query<{ key_id: string }>('SELECT key_id FROM tasks LIMIT 1')).rows[0]!.key_id;
  const monthly = Array.from({ length: 12 }, (_, i) => ({ year: 2026, month: 12 - i, searchVolume: 1000 + i }));
  const ids: string[] = [];
  for (let t = 0; t < tasks; t++) {
    const result = Array.from({ length: keywords }, (_, i) => ({
      keyword: `задача ${t} ключевое слово ${i}`,
      locationCode: 2643,
      languageCode: 'ru',
      searchVolume: 1005,
      competition: 0.42,
      competitionLevel: 'MEDIUM',
      cpc: 1.23,
      monthlySearches: monthly,
    }));
    // As a finished run leaves it: the row count on the task, the keywords row by row (issue 25).
    const { id } = (
      await admin.query<{ id: string }>(
        `INSERT INTO tasks (id, key_id, operation, status, request, posted_at, finished_at, result_rows, cost, calls_total, calls_done, collected)
         VALUES (gen_random_uuid(), $1, 'search_volume', 'done', '{}', now(), now(), $2, 1, $2, $2, true) RETURNING id`,
        [keyId, keywords],
      )
    ).rows[0]!;
    ids.push(id);
    await admin.query(
      `INSERT INTO task_result_rows (task_id, position, row) SELECT $1, x.i - 1, x.e FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(e, i)`,
      [id, JSON.stringify(result)],
    );
  }
  console.log(`${tasks} tasks × ${keywords} keywords written; load: ${loadLine()}`);

  const FIELDS = 'phrase searchVolume competition cpc monthlySearches { year month searchVolume }';
  const queries: [string, string][] = [
    ['attack: tasks(first: 100) × keywords', `{ tasks(first: 100) { edges { node { keywords { ${FIELDS} } } } } }`],
    ['default: tasks × keywords (20 × 100)', `{ tasks { edges { node { keywords { ${FIELDS} } } } } }`],
    ['largest: tasks(first: 2) × keywords(first: 1000)', `{ tasks(first: 2) { edges { node { keywords(first: 1000) { ${FIELDS} } } } } }`],
    ['default, again', `{ tasks { edges { node { keywords { ${FIELDS} } } } } }`],
    // Issue 25, item 2: before, 140 one-row reads of the same task took 20.6 s at cost 0.
    [
      'attack: 140 × task(id) { keywords(first: 1) }',
      `{ ${Array.from({ length: 140 }, (_, i) => `t${i}: task(id: "${ids[0]}") { ...K }`).join(' ')} } fragment K on Task { keywords(first: 1) { phrase } }`,
    ],
    [
      'largest: 100 × task(id) { keywords(first: 1) }',
      `{ ${Array.from({ length: 100 }, (_, i) => `t${i}: task(id: "${ids[0]}") { ...K }`).join(' ')} } fragment K on Task { keywords(first: 1) { phrase } }`,
    ],
  ];
  const rows: (string | number)[][] = [];
  for (const [name, query] of queries) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rssBefore = service!.rssBytes() ?? 0;
    let peak = rssBefore;
    let stall = 0;
    let running = true;
    const sampler = setInterval(() => (peak = Math.max(peak, service!.rssBytes() ?? 0)), 20);
    const prober = (async () => {
      while (running) {
        const started = performance.now();
        await fetch(`${serviceUrl}/healthz`).then((r) => r.text());
        stall = Math.max(stall, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    const answer = await call('/graphql', { query });
    const wall = performance.now() - started;
    running = false;
    await prober;
    clearInterval(sampler);
    const code = answer.status === 200 ? 'ok' : (JSON.parse(answer.text).errors?.[0]?.extensions?.code ?? '?');
    rows.push([name, `${answer.status} ${code}`, `${(answer.text.length / 1024).toFixed(1)} KiB`, ms(wall), mib(peak - rssBefore), ms(stall)]);
  }
  printTable('GraphQL task keyword reads', ['query', 'status', 'answer', 'wall ms', 'RSS growth (peak)', 'longest /healthz ms'], rows);

  // Issue 25, item 2: three of the largest task(id) alias requests at once, while another key polls /v1/usage
  // (its ledger in the same database) and posts a task: how long do the other key's requests wait?
  const other = (path: string, body?: unknown) =>
    fetch(`${serviceUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${OTHER_KEY}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.text());
  const contention: (string | number)[][] = [];
  for (const [name, query] of queries.filter(([label]) => label.includes('× task(id)'))) {
    const waits: number[] = [];
    let running = true;
    const poller = (async () => {
      for (let i = 0; running; i++) {
        const started = performance.now();
        await (i % 10 === 9 ? other('/v1/keywords/search_volume/task_post', { keywords: [`другой ключ ${i}`] }) : other('/v1/usage'));
        waits.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const started = performance.now();
    await Promise.all([call('/graphql', { query }), call('/graphql', { query }), call('/graphql', { query })]);
    const wall = performance.now() - started;
    running = false;
    await poller;
    waits.sort((a, b) => a - b);
    contention.push([`3 × ${name.replace(/^\w+: /, '')}`, ms(wall), waits.length, ms(waits[Math.floor(waits.length * 0.99)] ?? 0), ms(waits.at(-1) ?? 0)]);
  }
  printTable('Another key meanwhile (/v1/usage, every 10th a task_post)', ['load', 'wall ms', 'requests', 'p99 ms', 'max ms'], contention);

  // Item 10: ten anonymous requests at once, each 199 aliased __schema (before: 6.9 MB each, /healthz 4.5 s).
  const aliased = `{ ${Array.from({ length: 199 }, (_, i) => `s${i}: __schema { types { name } }`).join(' ')} }`;
  const single = '{ __schema { types { name kind fields { name args { name } type { name kind ofType { name } } } } } }';
  const intro: (string | number)[][] = [];
  for (const [name, query] of [['10 × 199 aliased __schema', aliased], ['10 × one __schema (allowed)', single]] as const) {
    let stall = 0;
    let running = true;
    const prober = (async () => {
      while (running) {
        const started = performance.now();
        await fetch(`${serviceUrl}/healthz`).then((r) => r.text());
        stall = Math.max(stall, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${serviceUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }).then(async (r) => ({
          status: r.status,
          bytes: (await r.text()).length,
        })),
      ),
    );
    const wall = performance.now() - started;
    running = false;
    await prober;
    intro.push([name, `${(query.length / 1024).toFixed(1)} KiB`, answers[0]!.status, `${(answers[0]!.bytes / 1024).toFixed(1)} KiB`, ms(wall), ms(stall)]);
  }
  printTable('Anonymous introspection', ['requests', 'query', 'status', 'answer each', 'wall ms', 'longest /healthz ms'], intro);
} finally {
  await service?.stop();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
  await admin.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`).catch(() => undefined);
  await admin.end();
}
