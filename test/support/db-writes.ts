import type { SqlClient } from '../../src/adapters/sql/sql-client.js';

/** A statement that changes rows: what a task's progress, status or result is made of. */
const WRITE = /^\s*(insert|update|delete)\b/i;

export interface WatchedClient {
  /** The client to hand the app (`taskClient`): the same database, telling the watcher of every write. */
  client: SqlClient;
  /**
   * Settles with `check`'s answer once it is neither undefined nor false. `check` runs now, then again after every
   * write the app makes to the task database (a statement that inserts, updates or deletes, a script, or a
   * transaction): a test waits for the task state it needs as the app changes it, never on a timer. Rejects after
   * `timeoutMs` (a deadline, not a wait) naming `what`.
   */
  until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs?: number): Promise<T>;
}

/** Wraps the client a test app keeps its tasks (or any rows a test waits for) in (see WatchedClient). */
export function watchWrites(client: SqlClient): WatchedClient {
  const listeners = new Set<() => void>();
  const wrote = () => {
    for (const listener of [...listeners]) listener();
  };
  const watched: SqlClient = {
    ...client,
    kind: client.kind,
    schema: client.schema,
    query: async (sql, params) => {
      const result = await client.query(sql, params);
      if (WRITE.test(sql)) wrote();
      return result;
    },
    exec: async (sql) => {
      const result = await client.exec(sql);
      wrote();
      return result;
    },
    transaction: async (fn) => {
      const result = await client.transaction(fn);
      wrote();
      return result;
    },
    close: () => client.close(),
  } as SqlClient;

  const until = <T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 60_000) =>
    new Promise<T>((resolve, reject) => {
      let checking = false;
      let again = false;
      let done = false;
      const finish = (settle: () => void) => {
        done = true;
        listeners.delete(onWrite);
        clearTimeout(deadline);
        settle();
      };
      // One check at a time; writes during a check make it run once more after.
      const run = async () => {
        if (done) return;
        if (checking) {
          again = true;
          return;
        }
        checking = true;
        try {
          do {
            again = false;
            const answer = await check();
            if (answer !== undefined && answer !== false) return finish(() => resolve(answer as T));
          } while (again && !done);
        } catch (error) {
          finish(() => reject(error));
        } finally {
          checking = false;
        }
      };
      const onWrite = () => void run();
      const deadline = setTimeout(() => finish(() => reject(new Error(`${what}: not within ${timeoutMs} ms`))), timeoutMs);
      listeners.add(onWrite);
      void run();
    });

  return { client: watched, until };
}
