/**
 * The embedded database's own thread. PGlite runs PostgreSQL as WebAssembly, synchronously: opening it and every
 * statement would block the thread that runs it. Here that thread is not the one serving HTTP. Started by
 * pglite-worker-client.ts; answers PgliteRequest messages with PgliteReply.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createPgliteClient } from './pglite-client.js';
import type { SqlClient, SqlQueryable } from './sql-client.js';
import { type PgliteReply, type PgliteRequest, type PgliteWorkerInit, toWireError } from './pglite-worker-protocol.js';

const port = parentPort!;
const reply = (message: PgliteReply) => port.postMessage(message);
const ROLLBACK = Symbol('rollback');

interface OpenTransaction {
  tx: SqlQueryable;
  finish(commit: boolean): void;
  done: Promise<unknown>;
}


async function serve(client: SqlClient): Promise<void> {
  const transactions = new Map<number, OpenTransaction>();
  const target = (tx: number | undefined): SqlQueryable => {
    if (tx === undefined) return client;
    const open = transactions.get(tx);
    if (!open) throw new Error('transaction is not open');
    return open.tx;
  };

  async function handle(request: PgliteRequest): Promise<unknown> {
    switch (request.op) {
      case 'query':
        return target(request.tx).query(request.sql, request.params);
      case 'exec': {
        // Multi-statement scripts (pg-boss's migrations); outside a transaction, like the client's own exec.
        return client.exec(request.sql);
      }
      case 'begin': {
        let finish!: (commit: boolean) => void;
        const decided = new Promise<boolean>((resolve) => (finish = resolve));
        let entered!: (tx: SqlQueryable) => void;
        const inside = new Promise<SqlQueryable>((resolve) => (entered = resolve));
        const done = client.transaction(async (tx) => {
          entered(tx);
          if (!(await decided)) throw ROLLBACK;
        });
        // BEGIN itself may fail before the callback runs.
        const tx = await Promise.race([inside, done.then(() => Promise.reject(new Error('transaction ended before it began')))]);
        transactions.set(request.id, { tx, finish, done });
        return undefined;
      }
      case 'end': {
        const open = transactions.get(request.tx);
        if (!open) throw new Error('transaction is not open');
        transactions.delete(request.tx);
        open.finish(request.commit);
        try {
          await open.done;
        } catch (error) {
          if (error !== ROLLBACK) throw error;
        }
        return undefined;
      }
      case 'close':
        for (const open of transactions.values()) open.finish(false);
        await client.close();
        return undefined;
    }
  }

  port.on('message', (request: PgliteRequest) => {
    handle(request).then(
      (value) => reply({ id: request.id, ok: true, value }),
      (error: unknown) => reply({ id: request.id, ok: false, error: toWireError(error) }),
    );
  });
}

const init = workerData as PgliteWorkerInit;
createPgliteClient({ dataDir: init.dataDir, schema: init.schema, templatePath: init.templatePath }).then(
  async (client) => {
    await serve(client);
    reply({ id: 0, ok: true });
  },
  (error: unknown) => reply({ id: 0, ok: false, error: toWireError(error) }),
);
