import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SqlClient, SqlQueryable, SqlResult } from './sql-client.js';
import { assertSchemaName } from './sql-client.js';
import { fromWireError, type PgliteReply, type PgliteRequest, type PgliteWorkerInit } from './pglite-worker-protocol.js';

type Request = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * A SqlClient whose embedded PGlite runs in a worker thread (pglite-worker.ts): opening the database and running
 * its statements never block the event loop that serves requests, on a busy machine as on a quiet one. Same
 * behaviour as createPgliteClient (which the worker uses): one lock-guarded data directory per process, one
 * statement at a time, a transaction excludes every other statement until it ends.
 */
export async function createPgliteWorkerClient(init: PgliteWorkerInit): Promise<SqlClient> {
  const schema = init.schema === undefined ? undefined : assertSchemaName(init.schema);
  const worker = startWorker(init);
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let stopped: Error | undefined;

  const started = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (reply: PgliteReply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.ok) waiter.resolve(reply.value);
    else waiter.reject(fromWireError(reply.error));
  });
  const fail = (error: Error) => {
    stopped ??= error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
  };
  worker.on('error', (error) => fail(new Error(`embedded database worker failed: ${error.message}`)));
  worker.on('exit', (code) => fail(new Error(`embedded database worker stopped (exit ${code})`)));

  const call = <T>(request: Request): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref(); // an answer is awaited: stay alive for it (a CLI has nothing else running)
      worker.postMessage({ ...request, id });
    });
  };

  try {
    await started;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  // Between requests the worker must not keep the process alive on its own (it is unref'd once idle).

  const queryIn = (tx: number | undefined): SqlQueryable => ({
    query: <R>(sql: string, params?: readonly unknown[]) =>
      call<SqlResult<R>>({ op: 'query', sql, params: params ? [...params] : undefined, tx }),
  });
  const plain = queryIn(undefined);
  let closing: Promise<void> | undefined;

  return {
    kind: 'pglite',
    schema,
    query: (sql, params) => plain.query(sql, params),
    exec: <R>(sql: string) => call<SqlResult<R>>({ op: 'exec', sql }),
    async transaction(fn) {
      const tx = nextId; // `begin`'s id names the transaction
      await call<void>({ op: 'begin' });
      let result;
      try {
        result = await fn(queryIn(tx));
      } catch (error) {
        await call<void>({ op: 'end', tx, commit: false }).catch(() => {});
        throw error;
      }
      await call<void>({ op: 'end', tx, commit: true });
      return result;
    },
    close() {
      closing ??= (async () => {
        try {
          if (!stopped) await call<void>({ op: 'close' });
        } finally {
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}

/** dist/ runs the compiled worker; under tsx (tests, `npm run keys`) the TypeScript one, through tsx again. */
function startWorker(init: PgliteWorkerInit): Worker {
  const compiled = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return new Worker(compiled, { workerData: init });
  // A worker does not inherit tsx's loader, and `--import tsx` in execArgv does not reach its entry: register it.
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); })`;
  return new Worker(bootstrap, { eval: true, workerData: init });
}
