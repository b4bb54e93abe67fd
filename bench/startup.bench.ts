/**
 * Start-up: what a new user sees. Each run copies the working tree (tracked and untracked, not ignored files: no
 * dist/, no data/runtime/) to a temporary directory with the installed node_modules linked in — a fresh clone
 * after `npm ci` — then runs `npm start` there twice (first start, then a restart) and measures:
 *   - spawn of `npm start` → first `GET /healthz` 200 (polled every 25 ms);
 *   - RSS of the service process: peak (VmHWM) and now (VmRSS), 10 s after that first 200;
 *   - the longest event-loop stall once listening, over those 10 s (bench/support/loop-probe.mjs, preloaded), and
 *     the most CPU the main thread used within one stall: a stall with little CPU is the busy machine not giving
 *     the process a core, not our code blocking.
 * Medians of `--runs` (default 3); the load average is printed beside each run (the machine is shared).
 *
 *   npm run bench -- startup [--runs 3] [--idle-seconds 10] [--ref COMMIT]   (--ref: measure that commit instead)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption, option } from './support/options.js';
import { ROOT } from './support/service-process.js';
import { printTable } from './support/table.js';

const runs = numberOption('runs', 3);
/** A commit to measure instead of the working tree (e.g. the base of a change, as the baseline). */
const ref = option('ref', '');
const idleSeconds = numberOption('idle-seconds', 10);
const probe = join(ROOT, 'bench', 'support', 'loop-probe.mjs');

interface Start {
  toFirst200Ms: number;
  /** CPU seconds (user + system) that npm, node and their children had used at the first 200: less load-bound. */
  cpuToFirst200S: number;
  peakMiB: number;
  idleMiB: number;
  longestStallMs: number;
  /** The most CPU time the main thread used within one stall (10 ms resolution): the part that was a real block. */
  longestBusyMs: number;
  load: number;
}

/** A fresh-clone stand-in: the files git would check out (plus untracked work), node_modules linked in. */
function freshCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sds-startup-'));
  if (ref) {
    execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(dir)}`], { cwd: ROOT });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    return dir;
  }
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter((file) => file && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  return typeof address === 'object' && address ? address.port : 0;
}

function status(pid: number): { rss: number; hwm: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

function probeRecords(probeDir: string): { pid: number; records: Array<{ event: string; at: number; ms?: number; cpuMs?: number }> } | undefined {
  const pid = Number(readdirSync(probeDir)[0]);
  if (!pid) return undefined;
  const records = readFileSync(join(probeDir, String(pid)), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  return { pid, records };
}

async function startOnce(dir: string, port: number): Promise<Start> {
  const probeDir = mkdtempSync(join(tmpdir(), 'sds-probe-'));
  const began = Date.now();
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: dir,
    detached: true, // its own process group: npm, sh and node are stopped together
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_OPTIONS: `--import ${probe}`,
      SDS_PROBE_DIR: probeDir,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()).slice(-8000));
  try {
    let first = 0;
    let cpu = 0;
    while (!first) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}): ${stderr}`);
      if (Date.now() - began > 180_000) throw new Error('no /healthz 200 within 180 s');
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (ok) {
        first = Date.now();
        cpu = groupCpuSeconds(child.pid!);
      }
      else await sleep(25);
    }
    await sleep(idleSeconds * 1000);
    const probed = probeRecords(probeDir);
    if (!probed) throw new Error('the loop probe found no service process');
    const { rss, hwm } = status(probed.pid);
    const listening = probed.records.find((r) => r.event === 'listening')?.at ?? first;
    const after = probed.records.filter((r) => r.event === 'stall' && r.at - (r.ms ?? 0) >= listening);
    const stalls = after.map((r) => r.ms ?? 0);
    const busy = after.map((r) => r.cpuMs ?? 0);
    return { toFirst200Ms: first - began, cpuToFirst200S: cpu, peakMiB: hwm, idleMiB: rss, longestStallMs: Math.max(0, ...stalls), longestBusyMs: Math.max(0, ...busy), load: loadavg()[0]! };
  } finally {
    const exited = new Promise<void>((done) => (child.exitCode !== null ? done() : child.once('exit', () => done())));
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
    await exited;
    // npm may exit before its child: wait for the whole group to be gone.
    for (let i = 0; i < 200 && groupAlive(child.pid!); i++) await sleep(50);
    clearTimeout(timer);
    rmSync(probeDir, { recursive: true, force: true });
  }
}

/** utime + stime of every live process in the group, and of the children they waited for (cutime, cstime). */
function groupCpuSeconds(pgid: number): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is field 3 (state): pgrp is field 5, utime..cstime fields 14..17.
      if (Number(fields[2]) !== pgid) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / 100; // USER_HZ
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

console.log(machineLine());
console.log(`measuring ${ref ? `commit ${ref}` : 'the working tree'}`);
console.log(loadLine());
const firsts: Start[] = [];
const restarts: Start[] = [];
for (let run = 1; run <= runs; run++) {
  const dir = freshCopy();
  try {
    const port = await freePort();
    const first = await startOnce(dir, port);
    const restart = await startOnce(dir, port);
    firsts.push(first);
    restarts.push(restart);
    for (const [what, s] of [['first start', first], ['restart', restart]] as const) {
      console.log(
        `run ${run} ${what}: first 200 after ${s.toFirst200Ms} ms (${s.cpuToFirst200S.toFixed(2)} CPU s); RSS peak ${s.peakMiB.toFixed(0)} MiB, ` +
          `${idleSeconds} s later ${s.idleMiB.toFixed(0)} MiB; longest stall once listening ${s.longestStallMs} ms (main thread CPU in a stall at most ${s.longestBusyMs} ms); load ${s.load.toFixed(2)}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const row = (what: string, starts: Start[]) => [
  what,
  `${(median(starts.map((s) => s.toFirst200Ms)) / 1000).toFixed(2)} s`,
  `${median(starts.map((s) => s.cpuToFirst200S)).toFixed(2)} s`,
  `${median(starts.map((s) => s.peakMiB)).toFixed(0)} MiB`,
  `${median(starts.map((s) => s.idleMiB)).toFixed(0)} MiB`,
  `${median(starts.map((s) => s.longestStallMs))} ms`,
  `${median(starts.map((s) => s.longestBusyMs))} ms`,
  starts.map((s) => s.load.toFixed(2)).join(' / '),
];
printTable(
  `medians of ${runs} runs`,
  ['start', '→ first /healthz 200', 'CPU used by then', 'RSS peak', `RSS ${idleSeconds} s after`, 'longest stall once listening', 'main-thread CPU within a stall', 'load (1 min) per run'],
  [row('fresh copy, npm ci done', firsts), row('restart', restarts)],
);
console.log(loadLine());
