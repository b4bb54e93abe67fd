/**
 * Issue 25, item 2: files of a big task's result. One done search_volume task of 10,000 keywords, then 10
 * parallel `task_get?format=xlsx` downloads, then 10 parallel `?format=csv`, then 10 parallel JSON task_get,
 * each against the working tree and against a commit before (`--ref`, default the parent of issue 25's paging
 * work), in the same run. Figures per load: wall time, /healthz latency while it ran (probed every 10 ms from this
 * process: p99 and max), and the service's RSS growth (peak sampled every 20 ms, minus RSS before the load; one
 * warm-up download of each kind first, so ExcelJS is loaded in both).
 *
 * Needs PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test): the task is written straight
 * into a schema of each service's own (in the layout that tree's migrations made), dropped at the end.
 *
 *   npm run bench -- task-result-files [--keywords 10000] [--parallel 10] [--ref COMMIT]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { probeWhile } from './support/healthz-probe.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption, option } from './support/options.js';
import { ROOT, serviceEnv, startNodeProcess } from './support/service-process.js';
import { mib, ms, printTable } from './support/table.js';

const KEY = 'bench-key-0123456789';
const keywords = numberOption('keywords', 10_000);
const parallel = numberOption('parallel', 10);
const ref = option('ref', '156a924');
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

console.log(machineLine());
console.log(`load before: ${loadLine()}`);

const admin = new pg.Client({ connectionString: base });
await admin.connect();

/** The tree of a commit, its node_modules linked in. */
function treeOf(commit: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'sds-files-'));
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(commit)} | tar -x -C ${JSON.stringify(dir)}`], { cwd: ROOT });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

const monthly = Array.from({ length: 12 }, (_, i) => ({ year: 2026, month: 12 - i, searchVolume: 1000 + i }));
const resultOf = () =>
  Array.from({ length: keywords }, (_, i) => ({
    keyword: `задача ключевое слово ${i}`,
    locationCode: 2643,
    languageCode: 'ru',
    searchVolume: 1005 + i,
    competition: 0.42,
    competitionLevel: 'MEDIUM',
    cpc: 1.23,
    monthlySearches: monthly,
  }));

async function measure(label: string, tree: string): Promise<(string | number)[][]> {
  const schema = `bench_files_${process.pid}_${label}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sds-bench-'));
  const service = await startNodeProcess(join(tree, 'src', 'main.ts'), {
    env: serviceEnv(KEY, { DATA_DIR: dataDir, DATABASE_URL: url, TASK_QUEUE_SCHEMA: `${schema}_boss`, TASK_WORKERS: '0' }),
  });
  const rows: (string | number)[][] = [];
  try {
    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${service.url}${path}`, { ...init, headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' } });
    await (await call('/v1/keywords/search_volume/task_post', { method: 'POST', body: JSON.stringify({ keywords: ['пицца'] }) })).text();
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const keyId = (await db.query<{ key_id: string }>('SELECT key_id FROM tasks LIMIT 1')).rows[0]!.key_id;
    const result = JSON.stringify(resultOf());
    const rowsTable = (await db.query<{ t: string | null }>("SELECT to_regclass('task_result_rows')::text AS t")).rows[0]!.t !== null;
    const id = (
      await db.query<{ id: string }>(
        `INSERT INTO tasks (id, key_id, operation, status, request, posted_at, finished_at, ${rowsTable ? 'result_rows' : 'result'}, cost, calls_total, calls_done, collected)
         VALUES (gen_random_uuid(), $1, 'search_volume', 'done', '{}', now(), now(), $2, 1, $3, $3, true) RETURNING id`,
        [keyId, rowsTable ? keywords : result, keywords],
      )
    ).rows[0]!.id;
    if (rowsTable) {
      await db.query(
        `INSERT INTO task_result_rows (task_id, position, row) SELECT $1, x.i - 1, x.e FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(e, i)`,
        [id, result],
      );
    }
    await db.end();
    const path = `/v1/keywords/search_volume/task_get/${id}`;
    for (const format of ['xlsx', 'csv', 'json']) {
      const target = format === 'json' ? path : `${path}?format=${format}`;
      await (await call(target)).arrayBuffer(); // warm-up: ExcelJS loaded, plans cached
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const run = await probeWhile(service.url, () => service.rssBytes(), () =>
        Promise.all(Array.from({ length: parallel }, async () => (await (await call(target)).arrayBuffer()).byteLength)),
      );
      const { result: sizes, wallMs: wall, latencies, p99 } = run;
      rows.push([label, `${parallel} × ${format}`, `${(sizes[0]! / 1024 / 1024).toFixed(1)} MiB`, ms(wall), latencies.length, ms(p99), ms(latencies.at(-1) ?? 0), mib(run.rssGrowth)]);
    }
  } finally {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await admin.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`).catch(() => undefined);
  }
  return rows;
}

const before = treeOf(ref);
try {
  const rows = [...(await measure('before', before)), ...(await measure('after', ROOT))];
  printTable(
    `Files of a ${keywords.toLocaleString('en')}-keyword task (before: ${ref}; after: the working tree)`,
    ['tree', 'downloads', 'file', 'wall ms', 'probes', '/healthz p99 ms', '/healthz max ms', 'RSS growth (peak)'],
    rows,
  );
  console.log(`load after: ${loadLine()}`);
} finally {
  rmSync(before, { recursive: true, force: true });
  await admin.end();
}
