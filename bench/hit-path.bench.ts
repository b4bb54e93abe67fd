/**
 * Cache-hit throughput and latency of the real service against a bare node:http server serving the same bytes.
 *
 * The service is `src/main.ts` in a child process (demo source, embedded PGlite ledger in a temporary DATA_DIR,
 * exactly as `npm start` runs it); the ceiling is bench/support/bare-server.ts in another child process. The
 * load generator (autocannon) runs in this process, so on a 2-core machine server and client each get a core.
 * Only one server is under load at a time. ratio = service / bare (throughput), bare / service (latency) — so
 * 1.00 is the ceiling and smaller is worse in both.
 *
 *   npm run bench -- hit-path [--seconds 5] [--rounds 3] [--connections 16] [--sequential 2000] [--rate 1000] [--profile]
 *                             [--database-url postgres://…] [--issued-key]
 *
 * --database-url puts the ledger (and keys) on PostgreSQL, in a fresh schema; --issued-key then authenticates with a
 * key issued through the admin API instead of one from API_KEYS. --rate sets the arrival rate of the last column.
 *
 * --profile writes one V8 CPU profile of the service per request kind, covering only the measured run
 * (bench/profiles/), and prints the functions and packages with the most self time.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import type { RecordedAnswer } from './support/bare-server.js';
import { type LoadFigures, medianRun, runLoad, sequentialLatency, type Target } from './support/load.js';
import { loadLine, machineLine } from './support/machine.js';
import { freshSchema } from './support/fresh-schema.js';
import { flag, numberOption, option } from './support/options.js';
import { printProfiles } from './support/profile-summary.js';
import { cpuMsOf, ROOT, serviceEnv, startNodeProcess, startService } from './support/service-process.js';
import { ms, printTable, ratio } from './support/table.js';

const KEY = 'bench-key-0123456789';
const seconds = numberOption('seconds', 5);
const connections = numberOption('connections', 16);
const sequential = numberOption('sequential', 2000);
const rounds = numberOption('rounds', 3);
const profile = flag('profile');
// src/main.ts through tsx (`npm run dev`) instead of the compiled dist/ that `npm start` runs.
const viaTsx = flag('tsx');
// The ledger's database: the embedded PGlite by default (as `npm start` without DATABASE_URL), or PostgreSQL.
const databaseUrl = option('database-url', '');
// Authenticate with a key issued in the database (through the admin API), not one from API_KEYS.
const issuedKey = flag('issued-key');
/** The fixed arrival rate of the latency row (the issue's target: p99 ≤ 5 ms at 1,000 req/s). */
const fixedRate = numberOption('rate', 1000);

const GRAPHQL_QUERY = `{
  keyword(phrase: "велосипед") { searchVolume competition cpc monthlySearches { year month searchVolume } }
  top(phrase: "ноутбук", numPhrases: 10) { totalCount results { phrase count } }
}`;

const cases: { name: string; path: string; body: unknown }[] = [
  { name: 'POST /v2/stats/top', path: '/v2/stats/top', body: { phrase: 'ноутбук', numPhrases: 50 } },
  {
    name: 'POST /v1/keywords/search_volume (5 kw)',
    path: '/v1/keywords/search_volume',
    body: { keywords: ['купить ноутбук', 'пицца', 'велосипед', 'зимние шины', 'ремонт квартиры'], location_code: 2643 },
  },
  { name: 'POST /graphql (keyword + top)', path: '/graphql', body: { query: GRAPHQL_QUERY } },
];

const headers: Record<string, string> = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';

/** A key issued by the service's own key store (POST /admin/keys), to measure authentication as production does. */
async function issueKey(url: string): Promise<string> {
  const response = await request(`${url}/admin/keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  const issued = (await response.body.json()) as { key?: string };
  if (response.statusCode !== 201 || !issued.key) throw new Error(`POST /admin/keys: HTTP ${response.statusCode}`);
  return issued.key;
}
const KEPT_HEADERS = ['content-type', 'x-cache', 'x-cost', 'x-source'];

/** Server CPU per request in µs, to one decimal. */
const perRequestUs = (cpu: { ms: number; requests: number }) => Math.round((cpu.ms * 10_000) / Math.max(1, cpu.requests)) / 10;

async function record(url: string, path: string, body: string): Promise<RecordedAnswer> {
  const response = await request(`${url}${path}`, { method: 'POST', headers, body });
  const text = await response.body.text();
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') kept[name] = value;
  }
  return { status: response.statusCode, headers: kept, body: text };
}

async function main(): Promise<void> {
  process.stdout.write(
    `${machineLine()}\n${loadLine()}\nhit path: ${rounds} rounds of ${seconds} s per server (median shown), 2 s warm-up, ${connections} connections\n`,
  );
  const profileDir = join(ROOT, 'bench', 'profiles', `hit-path-${Date.now()}`);
  if (profile) mkdirSync(profileDir, { recursive: true });
  const schema = databaseUrl ? await freshSchema(databaseUrl, 'bench') : undefined;
  process.stdout.write(`ledger: ${schema ? 'PostgreSQL (a fresh schema)' : 'embedded PGlite (no DATABASE_URL)'}\n`);
  if (issuedKey && !schema) throw new Error('--issued-key needs --database-url (keys are issued into that database)');
  const service = await startService(
    serviceEnv(KEY, { DATABASE_URL: schema?.url, ...(issuedKey ? { ADMIN_TOKEN } : {}), ...(profile ? { BENCH_PROFILE_DIR: profileDir } : {}) }),
    { nodeArgs: profile ? ['--import', './bench/support/profile-preload.mjs'] : [], compiled: !viaTsx },
  );
  if (issuedKey) headers.authorization = `Bearer ${await issueKey(service.url)}`;
  process.stdout.write(`key: ${issuedKey ? 'issued in the database (POST /admin/keys)' : 'from API_KEYS'}\n`);
  const recordedDir = mkdtempSync(join(tmpdir(), 'sds-bare-'));
  const recorded: Record<string, RecordedAnswer> = {};
  try {
    // The first ledger write opens (and on a fresh DATA_DIR creates) the embedded database, which blocks the
    // event loop for seconds: a usage read does that now, so the measurement sees the steady state.
    // While the database opens, usage answers 503 (a busy machine takes longer than the first request): ask again.
    for (let attempt = 0; ; attempt++) {
      const usage = await request(`${service.url}/v1/usage`, { headers });
      await usage.body.text();
      if (usage.statusCode === 200) break;
      if (usage.statusCode !== 503 || attempt >= 120) throw new Error(`GET /v1/usage: HTTP ${usage.statusCode}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    for (const c of cases) {
      const body = JSON.stringify(c.body);
      await record(service.url, c.path, body); // the miss that fills the cache
      const hit = await record(service.url, c.path, body);
      if (hit.status !== 200 || hit.headers['x-cache'] !== 'HIT') {
        throw new Error(`${c.name}: expected a 200 cache HIT, got ${hit.status} ${hit.headers['x-cache']}: ${hit.body.slice(0, 300)}`);
      }
      recorded[c.path] = hit;
    }
    const recordedFile = join(recordedDir, 'recorded.json');
    writeFileSync(recordedFile, JSON.stringify(recorded));
    const bare = await startNodeProcess(join(ROOT, 'bench', 'support', 'bare-server.ts'), { args: [recordedFile] });
    try {
      const rows: (string | number)[][] = [];
      for (const c of cases) {
        const body = JSON.stringify(c.body);
        const targets: Record<'service' | 'bare', Target> = {
          service: { url: service.url, path: c.path, headers, body },
          bare: { url: bare.url, path: c.path, headers, body },
        };
        const runs: Record<'service' | 'bare', LoadFigures[]> = { service: [], bare: [] };
        // Server CPU per request over the measured rounds (every thread of the process): unlike req/s it does not
        // stop at what the load generator can take (a body of Cyrillic text caps autocannon near 27k req/s).
        const cpu: Record<'service' | 'bare', { ms: number; requests: number }> = { service: { ms: 0, requests: 0 }, bare: { ms: 0, requests: 0 } };
        for (const target of Object.values(targets)) await runLoad(target, { seconds: 2, connections });
        // Rounds alternate the two servers, so a burst of load from elsewhere on the machine hits both alike.
        for (let round = 0; round < rounds; round++) {
          for (const name of ['service', 'bare'] as const) {
            const profiling = profile && name === 'service' && round === 0;
            if (profiling) service.child.kill('SIGUSR2');
            const pid = name === 'service' ? service.pid : bare.pid;
            const cpuBefore = cpuMsOf(pid);
            const figures = await runLoad(targets[name], { seconds, connections });
            cpu[name].ms += cpuMsOf(pid) - cpuBefore;
            cpu[name].requests += figures.requests;
            if (profiling) service.child.kill('SIGUSR2');
            if (figures.errors > 0 || figures.non2xx > 0) {
              const owner = name === 'service' ? service : bare;
              const state = owner.child.exitCode === null && owner.child.signalCode === null ? 'still running' : `exited (${owner.child.exitCode ?? owner.child.signalCode})`;
              throw new Error(`${c.name} (${name}): ${figures.errors} errors, ${figures.non2xx} non-2xx; the ${name} server ${state}\n${owner.stderr().slice(-4000)}`);
            }
            runs[name].push(figures);
          }
        }
        const svc = medianRun(runs.service);
        const ceiling = medianRun(runs.bare);
        const atRate = await runLoad(targets.service, { seconds, connections, rate: fixedRate });
        // The same arrival rate on the bare server: what the machine itself adds to the tail in this run.
        const bareAtRate = await runLoad(targets.bare, { seconds, connections, rate: fixedRate });
        const svcSeq = await sequentialLatency(targets.service, sequential);
        const bareSeq = await sequentialLatency(targets.bare, sequential);
        rows.push([
          c.name,
          `${Buffer.byteLength(recorded[c.path]!.body)} B`,
          Math.round(svc.rps),
          Math.round(ceiling.rps),
          ratio(svc.rps / ceiling.rps),
          `${perRequestUs(cpu.service)} / ${perRequestUs(cpu.bare)}`,
          ratio(perRequestUs(cpu.bare) / perRequestUs(cpu.service)),
          `${svc.p50} / ${svc.p99}`,
          `${ceiling.p50} / ${ceiling.p99}`,
          `${ms(svcSeq.p50)} / ${ms(svcSeq.p99)}`,
          `${ms(bareSeq.p50)} / ${ms(bareSeq.p99)}`,
          ratio(bareSeq.p50 / svcSeq.p50),
          `${atRate.p50} / ${atRate.p99}`,
          `${bareAtRate.p50} / ${bareAtRate.p99}`,
        ]);
      }
      printTable(
        'Cache-hit path: service vs bare node:http serving the same bytes (ratio = service / bare; 1.00 = ceiling)',
        [
          'request',
          'body',
          'service req/s',
          'bare req/s',
          'RATIO req/s',
          'server CPU µs/req service / bare',
          'RATIO CPU (bare / service)',
          `service p50/p99 ms (${connections} conn)`,
          'bare p50/p99 ms',
          'service p50/p99 ms (1 conn)',
          'bare p50/p99 ms (1 conn)',
          'RATIO p50 (1 conn)',
          `service p50/p99 ms at ${fixedRate} req/s`,
          `bare p50/p99 ms at ${fixedRate} req/s`,
        ],
        rows,
      );
      process.stdout.write(`${loadLine()}\n`);
    } finally {
      await bare.stop();
    }
  } finally {
    await service.stop();
    await schema?.drop();
    rmSync(recordedDir, { recursive: true, force: true });
  }
  if (profile) printProfiles(profileDir, 30);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
