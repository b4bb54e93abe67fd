import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root (bench/support/ is two levels down). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A Node process of ours running a TypeScript entry point through tsx, listening on an ephemeral port. */
export interface NodeProcess {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Resident set size now (Linux /proc; undefined elsewhere or once exited). */
  rssBytes(): number | undefined;
  /** Everything it wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when it has exited. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  /** Extra Node flags, e.g. `--cpu-prof`, `--expose-gc`. */
  nodeArgs?: readonly string[];
  args?: readonly string[];
  env?: Record<string, string | undefined>;
  /** How long to wait for the "listening" line. */
  timeoutMs?: number;
  /** Where the process runs (default the repository root): another checkout, for a before/after. */
  cwd?: string;
}

/** How the service itself is run. */
export interface ServiceStartOptions extends Omit<StartOptions, 'env'> {
  /**
   * Run dist/src/main.js, compiled first as `npm start` compiles it (scripts/compile-dist.mjs), instead of
   * src/main.ts through tsx (whose keep-names wrappers cost a few per cent of a cache hit's CPU).
   */
  compiled?: boolean;
}

/** utime + stime of a process, all its threads, in ms (USER_HZ = 100). */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** RSS of a process in bytes, from /proc/<pid>/status. */
export function rssOf(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts `node --import tsx <entry>` and waits until it prints a JSON line with a `port` (the service's pino
 * "listening" line, or the same shape from our own helper servers).
 */
export async function startNodeProcess(entry: string, options: StartOptions = {}): Promise<NodeProcess> {
  // TypeScript goes through tsx; compiled JavaScript (dist/) runs as it is.
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, entry, ...(options.args ?? [])], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (stderr.length > 64_000) stderr = stderr.slice(-32_000);
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    let buffered = '';
    const timer = setTimeout(() => fail(new Error(`${entry} did not start listening in time`)), options.timeoutMs ?? 30_000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${error.message}\n${stderr}`));
    };
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        try {
          const parsed = JSON.parse(line) as { port?: unknown };
          if (typeof parsed.port === 'number') {
            clearTimeout(timer);
            child.stdout?.off('data', onData);
            child.stdout?.resume(); // keep draining: a full pipe would block the child
            return resolvePort(parsed.port);
          }
        } catch {
          // not a JSON line
        }
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => fail(new Error(`${entry} exited early (${code ?? signal})`)));
  });
  child.removeAllListeners('exit');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    child,
    rssBytes: () => (child.exitCode === null ? rssOf(child.pid!) : undefined),
    stderr: () => stderr,
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A running service (src/main.ts) with its own temporary DATA_DIR, removed on stop. */
export interface ServiceProcess extends NodeProcess {
  dataDir: string;
}

/** Base environment of a service started by the benchmarks and the soak: demo source, one known key, quiet. */
export function serviceEnv(key: string, extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    SOURCE: 'demo',
    API_KEYS: key,
    // A parent's settings must not leak in: each caller opts in to Redis / PostgreSQL explicitly.
    REDIS_URL: undefined,
    DATABASE_URL: undefined,
    ...extra,
  };
}

/**
 * Starts the real service process on an ephemeral port: `src/main.ts` through tsx (what `npm run dev` runs, without
 * watch), or with `compiled` the dist/ that `npm start` compiles and runs. Without DATABASE_URL it opens its
 * embedded PGlite ledger in a fresh temporary DATA_DIR.
 */
export async function startService(env: Record<string, string | undefined>, options: ServiceStartOptions = {}): Promise<ServiceProcess> {
  const { compiled, ...startOptions } = options;
  const root = options.cwd ?? ROOT;
  if (compiled) await compileDistOf(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'sds-bench-'));
  let started: NodeProcess;
  try {
    const entry = compiled ? join(root, 'dist', 'src', 'main.js') : join(root, 'src', 'main.ts');
    started = await startNodeProcess(entry, { ...startOptions, env: { DATA_DIR: dataDir, ...env } });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...started,
    dataDir,
    async stop(graceMs) {
      await started.stop(graceMs);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** dist/ of `root` (this tree or another checkout), compiled as `npm start` compiles it (a no-op when up to date). */
export async function compileDistOf(root: string): Promise<void> {
  const { compileDist } = (await import(pathToFileURL(join(ROOT, 'scripts', 'compile-dist.mjs')).href)) as {
    compileDist(options: { root: string; log: (line: string) => void }): Promise<unknown>;
  };
  await compileDist({ root, log: () => {} });
}
