/**
 * Restart: the service process alone, without npm and without compiling (issue 25, item 8: restart → first 200
 * ≤ 2 s, idle RSS ≤ 250 MiB). dist/ is compiled once up front (scripts/compile-dist.mjs, what `npm start` runs);
 * then each run starts `node dist/src/main.js` with the environment `npm start` gives it (demo source, embedded
 * database under a temporary DATA_DIR, a key from API_KEYS) twice — on a fresh DATA_DIR, then again on the same
 * one (a restart: the database exists) — and measures from spawn (PORT=0: polling starts at the port its
 * "listening" line names, then every 10 ms):
 *   - the first 200 of `GET /healthz` (the process answers at all), and the CPU time the process (every thread)
 *     had used by then: less bound to a shared machine's load than the wall time;
 *   - the first 200 of `POST /v2/stats/top` with the key (a data route: authentication, source, ledger);
 *   - the first 200 of `GET /readyz` (the database is open and migrated);
 *   - RSS (VmRSS) `--idle-seconds` after /readyz said ready, and the peak so far (VmHWM).
 * Baseline in the same run, just before each service start: a bare `node -e` node:http server, spawn → first 200.
 * **ratio = service / bare** for each time. Medians of `--runs` (default 5).
 *
 *   npm run bench -- restart [--runs 5] [--idle-seconds 5] [--compare COMMIT]
 *
 * `--compare COMMIT` also measures that commit (git archive into a temporary directory, compiled there, the same
 * node_modules), alternating with this tree run by run, so "before" and "after" share the machine's moment.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption, option } from './support/options.js';
import { compileDistOf, cpuMsOf, ROOT } from './support/service-process.js';
import { printTable, ratio } from './support/table.js';

const runs = numberOption('runs', 5);
const idleSeconds = numberOption('idle-seconds', 5);
const compare = option('compare', '');
const KEY = 'bench-restart-key-0123456789';
const POLL_MS = 10;

interface Timing {
  healthMs: number;
  /** CPU time (user + system, every thread) the service process had used at its first /healthz 200. */
  healthCpuMs: number;
  dataMs: number;
  readyMs: number;
  idleMiB: number;
  peakMiB: number;
  load: number;
}

/**
 * The port a child reports in a JSON line on stdout (`{"port": N}`; the service's "listening" line has it): with
 * PORT=0 the kernel picks a free one, so no other process on this shared machine can be answering in its place.
 */
function reportedPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        const port = /"port":(\d+)/.exec(line)?.[1];
        if (port) {
          child.stdout?.off('data', onData);
          child.stdout?.resume(); // keep draining
          resolve(Number(port));
          return;
        }
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`the process exited (${code ?? signal}) before listening`)));
  });
}

function memory(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Resolves with ms since `began` when `request` first answers 200; polls every POLL_MS until `deadline`. */
async function first200(began: number, child: ChildProcess, request: () => Promise<Response>, onFirst?: () => void): Promise<number> {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the process exited (${child.exitCode ?? child.signalCode})`);
    if (performance.now() - began > 120_000) throw new Error('no 200 within 120 s');
    const ok = await request().then(
      async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      },
      () => false,
    );
    if (ok) {
      const at = performance.now() - began;
      onFirst?.();
      return at;
    }
    await sleep(POLL_MS);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

const BARE = `const server = require('node:http').createServer((q, s) => s.end('{"status":"ok"}'));
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: server.address().port })));`;

/** Spawn → first 200 of a bare node:http server: what Node itself costs on this machine at this moment. */
async function bare(): Promise<{ ms: number; cpuMs: number }> {
  const began = performance.now();
  const child = spawn(process.execPath, ['-e', BARE], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const port = await reportedPort(child);
    let cpuMs = 0;
    const ms = await first200(began, child, () => fetch(`http://127.0.0.1:${port}/healthz`), () => (cpuMs = cpuMsOf(child.pid!)));
    return { ms, cpuMs };
  } finally {
    await stop(child);
  }
}

/** One start of `root`'s dist/src/main.js on `dataDir`. */
async function service(root: string, dataDir: string): Promise<Timing> {
  const began = performance.now();
  const child = spawn(process.execPath, [join(root, 'dist', 'src', 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SOURCE: 'demo',
      API_KEYS: KEY,
      EXPLORER_OFFER_DEV_KEY: 'true', // what scripts/start.mjs sets
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  try {
    const base = `http://127.0.0.1:${await reportedPort(child)}`;
    let healthCpuMs = 0;
    const [healthMs, dataMs, readyMs] = await Promise.all([
      first200(began, child, () => fetch(`${base}/healthz`), () => (healthCpuMs = cpuMsOf(child.pid!))),
      first200(began, child, () =>
        fetch(`${base}/v2/stats/top`, {
          method: 'POST',
          headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ phrase: 'велосипед', numPhrases: 5 }),
        }),
      ),
      first200(began, child, () => fetch(`${base}/readyz`)),
    ]);
    await sleep(idleSeconds * 1000);
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the process exited (${child.exitCode ?? child.signalCode}) while idle`);
    const { rss, hwm } = memory(child.pid!);
    return { healthMs, healthCpuMs, dataMs, readyMs, idleMiB: rss, peakMiB: hwm, load: loadavg()[0]! };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  } finally {
    await stop(child);
  }
}

/** A tree to measure: this one, or `commit` unpacked beside it; compiled once. */
async function prepare(commit: string): Promise<{ label: string; root: string; cleanup: () => void }> {
  let root = ROOT;
  let cleanup = () => {};
  if (commit) {
    root = mkdtempSync(join(tmpdir(), 'sds-restart-ref-'));
    execFileSync('sh', ['-c', `git archive ${JSON.stringify(commit)} | tar -x -C ${JSON.stringify(root)}`], { cwd: ROOT });
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    const dir = root;
    cleanup = () => rmSync(dir, { recursive: true, force: true });
  }
  await compileDistOf(root);
  return { label: commit ? `commit ${commit}` : 'this tree', root, cleanup };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

console.log(machineLine());
console.log(loadLine());
const trees = [await prepare('')];
if (compare) trees.push(await prepare(compare));
const results = trees.map(() => ({ bare: [] as { ms: number; cpuMs: number }[], fresh: [] as Timing[], restart: [] as Timing[] }));
try {
  for (let run = 1; run <= runs; run++) {
    // Alternate which tree goes first, so neither always meets the machine warmer or busier.
    const order = run % 2 ? trees.map((_, i) => i) : trees.map((_, i) => i).reverse();
    for (const index of order) {
      const tree = trees[index]!;
      const result = results[index]!;
      const dataDir = mkdtempSync(join(tmpdir(), 'sds-restart-data-'));
      try {
        const bareFresh = await bare();
        const fresh = await service(tree.root, dataDir);
        const bareRestart = await bare();
        const restart = await service(tree.root, dataDir);
        result.bare.push(bareFresh, bareRestart);
        result.fresh.push(fresh);
        result.restart.push(restart);
        for (const [what, t, b] of [['fresh', fresh, bareFresh], ['restart', restart, bareRestart]] as const) {
          console.log(
            `run ${run} ${tree.label} ${what}: bare ${b.ms.toFixed(0)} ms (${b.cpuMs} CPU ms); /healthz ${t.healthMs.toFixed(0)} ms (${t.healthCpuMs} CPU ms), /v2 top ${t.dataMs.toFixed(0)} ms, ` +
              `/readyz ${t.readyMs.toFixed(0)} ms; RSS ${t.idleMiB.toFixed(0)} MiB (peak ${t.peakMiB.toFixed(0)}); load ${t.load.toFixed(2)}`,
          );
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }
} finally {
  for (const tree of trees) tree.cleanup();
}

const rows: string[][] = [];
trees.forEach((tree, index) => {
  const result = results[index]!;
  const bareMs = median(result.bare.map((b) => b.ms));
  const bareCpuMs = median(result.bare.map((b) => b.cpuMs));
  for (const [what, timings] of [['fresh DATA_DIR', result.fresh], ['restart', result.restart]] as const) {
    const m = (pick: (t: Timing) => number) => median(timings.map(pick));
    rows.push([
      tree.label,
      what,
      `${bareMs.toFixed(0)} ms (${bareCpuMs.toFixed(0)} CPU ms)`,
      `${m((t) => t.healthMs).toFixed(0)} ms (${ratio(m((t) => t.healthMs) / bareMs)})`,
      `${m((t) => t.healthCpuMs).toFixed(0)} ms (${ratio(m((t) => t.healthCpuMs) / bareCpuMs)})`,
      `${m((t) => t.dataMs).toFixed(0)} ms (${ratio(m((t) => t.dataMs) / bareMs)})`,
      `${m((t) => t.readyMs).toFixed(0)} ms (${ratio(m((t) => t.readyMs) / bareMs)})`,
      `${m((t) => t.idleMiB).toFixed(0)} MiB`,
      `${m((t) => t.peakMiB).toFixed(0)} MiB`,
      timings.map((t) => t.load.toFixed(1)).join(' '),
    ]);
  }
});
printTable(
  `medians of ${runs} runs (ratio = service / bare node:http server, spawn → first 200, same run)`,
  ['tree', 'start', 'bare → 200', '→ /healthz 200', 'CPU used by then', '→ /v2 top 200', '→ /readyz 200', `RSS ${idleSeconds} s after ready`, 'RSS peak', 'load (1 min) per run'],
  rows,
);
console.log(loadLine());
