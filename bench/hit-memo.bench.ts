/**
 * In-process microbench of the cache-hit path: this tree's app against a baseline commit's app, in the same
 * process, timed in alternating rounds. No sockets, no child processes, no load generator: on a busy shared
 * 2-core machine only a same-run ratio means anything, and in-process `app.fetch` isolates what the services,
 * domain and cache cost on a hit (the HTTP layer is measured by hit-path).
 *
 *   npm run bench -- hit-memo [--ref main] [--variant COMMIT] [--requests 5000] [--rounds 5]
 *                             [--only current|baseline] [--path search_volume] [--profile]
 *
 * Both apps: demo source, memory cache (the real adapter), memory ledger, silent logger, system clock. The
 * baseline is `git archive <ref> src data` unpacked into a temporary directory (with a node_modules link), so
 * its modules, and any module-level memo they keep, are separate from this tree's. Each round times
 * `--requests` sequential `app.fetch` calls of each request of hit-path.bench.ts, baseline and current in
 * turn (the order flips each round); the median round is shown. RATIO = baseline CPU time per request /
 * current (this process's CPU time: on a busy machine it counts what the code costs, not what others take);
 * wall-clock req/s and their ratio are shown too.
 *
 * --profile records a V8 CPU profile of the current app's timed rounds per request (not start-up, warm-up or
 * the baseline) and prints the functions with the most self time.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { loadLine, machineLine } from './support/machine.js';
import { flag, numberOption, option } from './support/options.js';
import { printProfiles } from './support/profile-summary.js';
import { ROOT } from './support/service-process.js';
import { printTable, ratio } from './support/table.js';

const KEY = 'bench-key-0123456789';
const ref = option('ref', 'main');
/** The "current" side from a commit too (default: this working tree), to measure one step of a branch. */
const variant = option('variant', '');
const requests = numberOption('requests', 5000);
const rounds = numberOption('rounds', 5);
const only = option('only', '');
/** Only the requests whose path contains this (e.g. `search_volume`), to profile one at a time. */
const pathFilter = option('path', '');
/** V8 CPU profile of the current app's timed rounds only (bench/profiles/hit-memo-*), summarised at the end. */
const profile = flag('profile');

const GRAPHQL_QUERY = `{
  keyword(phrase: "велосипед") { searchVolume competition cpc monthlySearches { year month searchVolume } }
  top(phrase: "ноутбук", numPhrases: 10) { totalCount results { phrase count } }
}`;

/** The three requests of hit-path.bench.ts. */
const cases: { name: string; path: string; body: string }[] = [
  { name: 'POST /v2/stats/top', path: '/v2/stats/top', body: JSON.stringify({ phrase: 'ноутбук', numPhrases: 50 }) },
  {
    name: 'POST /v1/keywords/search_volume (5 kw)',
    path: '/v1/keywords/search_volume',
    body: JSON.stringify({ keywords: ['купить ноутбук', 'пицца', 'велосипед', 'зимние шины', 'ремонт квартиры'], location_code: 2643 }),
  },
  { name: 'POST /graphql (keyword + top)', path: '/graphql', body: JSON.stringify({ query: GRAPHQL_QUERY }) },
];

interface BenchApp {
  fetch: (request: Request) => Promise<Response>;
  close: () => Promise<void>;
}

/** Builds an app from the `src/` under `root` (this tree or the unpacked baseline). */
async function buildApp(root: string): Promise<BenchApp> {
  const load = (path: string) => import(pathToFileURL(join(root, path)).href);
  const [{ createApp }, { loadConfig }, { createMemoryLedger }] = await Promise.all([
    load('src/app.ts'),
    load('src/config/config.ts'),
    load('src/adapters/memory-ledger.ts'),
  ]);
  const config = loadConfig({ API_KEYS: KEY, SOURCE: 'demo', NODE_ENV: 'development', LOG_LEVEL: 'silent' });
  const app = createApp(config, { ledger: createMemoryLedger() });
  await app.ready();
  return app as BenchApp;
}

/** The `src` and `data` of a commit in `dir`, with this tree's node_modules. */
function unpack(commit: string, dir: string): void {
  execFileSync('sh', ['-c', `git archive "${commit}" src data | tar -x -C "${dir}"`], { cwd: ROOT });
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
}

const send = (app: BenchApp, c: (typeof cases)[number]) =>
  app.fetch(
    new Request(`http://bench.local${c.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: c.body,
    }),
  );

/** One request, checked: the bytes must be a 200 HIT (a miss would time the demo source instead). */
async function hit(app: BenchApp, c: (typeof cases)[number]): Promise<void> {
  const response = await send(app, c);
  const text = await response.text();
  if (response.status !== 200 || response.headers.get('x-cache') !== 'HIT') {
    throw new Error(`${c.name}: expected a 200 HIT, got ${response.status} ${response.headers.get('x-cache')}: ${text.slice(0, 300)}`);
  }
}

interface Timing {
  /** Requests per second of wall time. */
  rps: number;
  /** CPU time of this process (all threads: JS, GC) per request, µs. */
  cpuUs: number;
}

/**
 * `n` sequential requests, timed by wall clock and by this process's CPU time. Everything runs in this process
 * with nothing to wait for (memory cache, memory ledger), so CPU time is the cost itself, and unlike wall time
 * it does not count the time other processes on a busy machine take the core.
 */
async function timeRequests(app: BenchApp, c: (typeof cases)[number], n: number): Promise<Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) await (await send(app, c)).arrayBuffer();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { rps: n / (wallMs / 1000), cpuUs: (used.user + used.system) / n };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  process.stdout.write(`${machineLine()}\n${loadLine()}\nhit-memo: baseline ${ref}, current ${variant || 'this working tree'}, ${rounds} rounds of ${requests} sequential app.fetch per request\n`);
  const baseDir = mkdtempSync(join(tmpdir(), 'sds-hit-memo-'));
  const variantDir = mkdtempSync(join(tmpdir(), 'sds-hit-memo-'));
  const profileDir = join(ROOT, 'bench', 'profiles', `hit-memo-${Date.now()}`);
  const session = new Session();
  if (profile) {
    mkdirSync(profileDir, { recursive: true });
    session.connect();
    await session.post('Profiler.enable');
  }
  try {
    const apps: { name: 'baseline' | 'current'; app: BenchApp }[] = [];
    if (only !== 'current') {
      unpack(ref, baseDir);
      apps.push({ name: 'baseline', app: await buildApp(baseDir) });
    }
    if (variant) unpack(variant, variantDir);
    if (only !== 'baseline') apps.push({ name: 'current', app: await buildApp(variant ? variantDir : ROOT) });
    const rows: (string | number)[][] = [];
    for (const c of cases.filter((k) => k.path.includes(pathFilter))) {
      // Fill the cache, check the next one is a HIT, then warm the JIT before timing. (Equal bytes are the
      // golden tests' job: /v1 envelopes carry a request id and a time.)
      for (const { app } of apps) {
        await send(app, c).then((r) => r.arrayBuffer());
        await hit(app, c);
        await timeRequests(app, c, Math.min(1000, requests)); // JIT warm-up
      }
      const timings: Record<string, Timing[]> = { baseline: [], current: [] };
      for (let round = 0; round < rounds; round++) {
        const order = round % 2 === 0 ? apps : [...apps].reverse();
        for (const { name, app } of order) {
          if (profile && name === 'current') await session.post('Profiler.start');
          timings[name]!.push(await timeRequests(app, c, requests));
          if (profile && name === 'current') {
            const { profile: taken } = await session.post('Profiler.stop');
            writeFileSync(join(profileDir, `${c.path.replace(/\W+/g, '_')}-${round}.cpuprofile`), JSON.stringify(taken));
          }
        }
      }
      const med = (name: string, of: (t: Timing) => number) => (timings[name]!.length > 0 ? median(timings[name]!.map(of)) : NaN);
      const [baseCpu, currentCpu] = [med('baseline', (t) => t.cpuUs), med('current', (t) => t.cpuUs)];
      const [baseRps, currentRps] = [med('baseline', (t) => t.rps), med('current', (t) => t.rps)];
      rows.push([c.name, Math.round(baseCpu), Math.round(currentCpu), ratio(baseCpu / currentCpu), Math.round(baseRps), Math.round(currentRps), ratio(currentRps / baseRps)]);
    }
    printTable(
      `Cache hits in process (RATIO = baseline ${ref} CPU per request / current; above 1.00 is cheaper; wall req/s for reference)`,
      ['request', 'baseline CPU µs/req', 'current CPU µs/req', 'RATIO (CPU)', 'baseline req/s', 'current req/s', 'ratio req/s'],
      rows,
    );
    process.stdout.write(`${loadLine()}\n`);
    await Promise.all(apps.map(({ app }) => app.close()));
    if (profile) printProfiles(profileDir, 40);
  } finally {
    rmSync(baseDir, { recursive: true, force: true });
    rmSync(variantDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
