import { vi } from 'vitest';
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { TEST_KEY } from '../support/kit.js';

/** The key the worker and server processes accept: the kit's one test key. */
export const PROCESS_KEY = TEST_KEY;

/** A service process (test/tasks/worker-process.ts) and the port it serves on. */
export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a service process with `env` on top of this one's and waits for it to serve (up to 90 s). `entry: 'main'`
 * runs the real process entry (src/main.ts, as `npm start` does) instead of the test worker, which starts its
 * workers itself: what a user restarts is main.ts.
 */
export async function startServiceProcess(
  env: Record<string, string>,
  options: { entry?: 'worker' | 'main' } = {},
): Promise<ServiceProcess> {
  const main = options.entry === 'main';
  const script = main ? 'src/main.ts' : 'test/tasks/worker-process.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    // The embedded database and the memory cache unless the test names its own: CI's DATABASE_URL / REDIS_URL
    // hold other runs' tasks and jobs, which a worker would otherwise pick up.
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: main ? 'info' : 'silent',
      API_KEYS: PROCESS_KEY,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...(main ? { PORT: '0', HOST: '127.0.0.1' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('service process did not start within 90 s')), 90_000);
    child.once('exit', (code) => reject(new Error(`service process exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (process.env.DEBUG_PROC) process.stderr.write(`[proc] ${line}\n`);
      try {
        const { port } = JSON.parse(line) as { port?: number };
        if (typeof port !== 'number') return; // main.ts logs other lines before the one with its port
        clearTimeout(timer);
        resolve(port);
      } catch {
        // not our line
      }
    });
  });
  const url = `http://127.0.0.1:${port}`;
  await untilDatabaseServes(url, child);
  return {
    child,
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
      }),
  };
}

/**
 * The service listens before its database has opened (the embedded one takes seconds on a busy machine), and
 * answers 503 meanwhile; a test's first task_post must not be that 503. So wait until a route that reads the
 * database answers 200 (up to 90 s).
 */
async function untilDatabaseServes(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service process exited with ${child.exitCode}`);
    const status = await fetch(`${url}/v1/keywords/search_volume/tasks_ready`, { headers: { authorization: `Bearer ${PROCESS_KEY}` } })
      .then((response) => response.body?.cancel().then(() => response.status) ?? response.status)
      .catch(() => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`the service's database did not serve within 90 s (last status ${status})`);
    // real wait: polls a child process until its database serves; stops at once if the process exits (test:long)
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The environment of a service process on the fake Wordstat: the embedded database in `dataDir`, one worker,
 * 2 calls a second (so a test can kill it between calls) and a 4 s lease (so another process takes over soon).
 */
export function fakeWordstatEnv(fakeUrl: string, dataDir: string): Record<string, string> {
  return {
    SOURCE: 'wordstat',
    YANDEX_API_KEY: 'k',
    YANDEX_FOLDER_ID: 'f',
    WORDSTAT_BASE_URL: fakeUrl,
    WORDSTAT_RPS: '2',
    WORDSTAT_RPH: '10000',
    DATA_DIR: dataDir,
    TASK_WORKERS: '1',
    TASK_LEASE_SECONDS: '4',
  };
}

/** Calls a service process as the test key. */
export async function call(url: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${PROCESS_KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as any };
}

/** Polls task_get until the task is done (or `timeoutMs` passes). */
export async function waitDone(url: string, id: string, timeoutMs: number) {
  return vi.waitFor(
    async () => {
      const answer = await call(url, `/v1/keywords/search_volume/task_get/${id}`);
      if (answer.json.tasks?.[0]?.status_code !== 20000) throw new Error(`task ${id} not done: ${JSON.stringify(answer.json.tasks?.[0]?.progress)}`);
      return answer.json.tasks[0];
    },
    { timeout: timeoutMs, interval: 100 },
  );
}
