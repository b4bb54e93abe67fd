import { setTimeout as sleep } from 'node:timers/promises';
import type { Ledger } from '../../ports/ledger.js';
import type { Logger } from '../../ports/logger.js';
import { createDropReporter } from './drop-reporter.js';
import { aggregateKeyOf, insertUsageRows, MAX_BATCH, type PendingRow, toPendingRow } from './ledger-rows.js';
import type { SqlQueryable } from './sql-client.js';

export interface SqlLedgerOptions {
  client: SqlQueryable;
  logger: Logger;
  /** Rows per INSERT; a full batch is written at once, a partial one after `flushIntervalMs`. Default 200. */
  batchSize?: number;
  /** Longest a recorded row waits before it is written (when the database is up). Default 1000 ms. */
  flushIntervalMs?: number;
  /** Rows kept while the database is unreachable; past this, new rows are dropped (and counted). Default 100,000. */
  maxBuffer?: number;
  /** First retry delay after a failed write, doubled per failure up to `retryMaxMs`. Defaults 200 ms, 10 s. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long flush() and close() wait for the database before giving up for now. Default 10 s. */
  flushTimeoutMs?: number;
}

/** Counters for metrics. */
export interface LedgerStats {
  /** Rows accepted but not yet stored (a row may stand for several calls). */
  buffered: number;
  /** Calls in those rows: what would be lost if the process stopped now. */
  bufferedCalls: number;
  /** Calls stored. */
  written: number;
  /** INSERTs that failed (each is retried). */
  failedAttempts: number;
  /** Rows refused because the buffer was full, or recorded after close(). */
  dropped: number;
  /** Rows refused because the database could never store them (e.g. NaN price). */
  invalid: number;
}

export interface SqlLedger extends Ledger {
  stats(): LedgerStats;
}

/**
 * The usage ledger on SQL. `record` only validates and appends to an in-memory buffer; a single background
 * writer stores the buffer in order, in multi-row INSERTs. A failed INSERT keeps its rows at the head of the
 * buffer and is retried with exponential backoff, so an outage loses nothing until `maxBuffer` rows wait. Then
 * the newest rows are dropped (loudly): the stored and buffered rows stay one unbroken record up to the moment
 * the buffer filled, so the billing gap is a single, logged time span rather than a hole in older history.
 * Retried INSERTs are idempotent (writer-made ids), so a batch whose COMMIT reply was lost is not doubled.
 * Identical calls within one second (ledger-rows.ts, aggregateKeyOf) add to one buffered row's `calls` while that
 * row waits: a burst of cache hits is a few rows, not one insert per request.
 * close() does not close the client: the composition root owns it (the key store shares it).
 */
export function createSqlLedger(options: SqlLedgerOptions): SqlLedger {
  const { client } = options;
  const logger = options.logger.child({ component: 'ledger' });
  const batchSize = Math.max(1, Math.min(options.batchSize ?? 200, MAX_BATCH));
  const flushIntervalMs = options.flushIntervalMs ?? 1_000;
  const maxBuffer = Math.max(batchSize, options.maxBuffer ?? 100_000);
  const retryBaseMs = options.retryBaseMs ?? 200;
  const retryMaxMs = options.retryMaxMs ?? 10_000;
  const flushTimeoutMs = options.flushTimeoutMs ?? 10_000;

  const buffer: PendingRow[] = [];
  /** Buffered rows no INSERT has taken yet, by aggregate key: a new identical call adds to one of these. */
  const open = new Map<string, PendingRow>();
  const openKey = new WeakMap<PendingRow, string>();
  const counts = { accepted: 0, written: 0, failedAttempts: 0, dropped: 0, droppedAfterClose: 0, invalid: 0 };
  const drops = createDropReporter(logger, maxBuffer);
  let consecutiveFailures = 0;
  let writing: Promise<boolean> | undefined;
  let pumping = false;
  let kickPending = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const backoffMs = () =>
    Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, consecutiveFailures - 1)) * (0.75 + Math.random() * 0.25);

  /** Writes the head of the buffer; one INSERT at a time, shared by the background writer and flush(). */
  function writeHead(): Promise<boolean> {
    if (writing) return writing;
    const batch = buffer.slice(0, batchSize);
    if (batch.length === 0) return Promise.resolve(true);
    // Taken rows are frozen: a call recorded while (or after) they are written starts a row of its own.
    for (const row of batch) {
      const key = openKey.get(row);
      if (key !== undefined && open.get(key) === row) open.delete(key);
    }
    const calls = batch.reduce((sum, row) => sum + row.calls, 0);
    writing = insertUsageRows(client, batch)
      .then(
        () => {
          // Only the writer removes rows, and only from the head, so these are exactly the rows just stored.
          buffer.splice(0, batch.length);
          counts.written += calls;
          if (consecutiveFailures > 0) {
            logger.info({ failedAttempts: consecutiveFailures, buffered: buffer.length }, 'ledger writes recovered');
          }
          consecutiveFailures = 0;
          drops.recovered(counts.dropped);
          return true;
        },
        (error: unknown) => {
          counts.failedAttempts++;
          consecutiveFailures++;
          if (consecutiveFailures === 1 || consecutiveFailures % 10 === 0) {
            const err = error instanceof Error ? error.message : String(error);
            logger.warn({ err, consecutiveFailures, buffered: buffer.length }, 'ledger write failed; rows kept for retry');
          }
          return false;
        },
      )
      .finally(() => {
        writing = undefined;
      });
    return writing;
  }

  function arm(delayMs: number, replace = false): void {
    if (closed) return;
    if (timer && !replace) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void pump();
    }, delayMs);
    timer.unref();
  }

  /** Background writer: full batches back to back, then a timer for the rest (or for the retry). */
  async function pump(): Promise<void> {
    if (pumping) return;
    pumping = true;
    try {
      while (buffer.length > 0) {
        if (!(await writeHead())) return arm(backoffMs(), true);
        if (buffer.length < batchSize) break;
      }
      if (buffer.length > 0) arm(flushIntervalMs);
    } finally {
      pumping = false;
    }
  }

  function kick(): void {
    if (kickPending || closed) return;
    kickPending = true;
    // Deferred so that the request that filled the batch never runs the INSERT's preparation itself.
    setImmediate(() => {
      kickPending = false;
      // flush() may have written the batch meanwhile; a partial batch waits for its timer.
      if (buffer.length >= batchSize) void pump();
    });
  }

  async function flush(timeoutMs = flushTimeoutMs): Promise<void> {
    const target = counts.accepted;
    const deadline = Date.now() + timeoutMs;
    // Rows leave the buffer in the order they came (a call joins a row not yet taken), so `written` (calls)
    // reaching `target` means all of them are stored.
    while (counts.written < target) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const ok = await withTimeout(writeHead(), left);
      if (ok === undefined) break;
      // A referenced timer on purpose: during shutdown it keeps the process alive until close() has finished.
      if (!ok) await sleep(Math.max(0, Math.min(backoffMs(), deadline - Date.now())));
    }
    if (counts.written < target) {
      logger.warn({ unwritten: target - counts.written, timeoutMs }, 'ledger flush timed out; rows stay buffered');
    }
  }

  return {
    record(row) {
      try {
        if (closed) {
          // Once is enough: every request still finishing during shutdown would otherwise log the same line.
          if (counts.droppedAfterClose++ === 0) {
            logger.error({ operation: row.operation }, 'usage rows recorded after the ledger was closed are dropped');
          }
          counts.dropped++;
          return;
        }
        const key = aggregateKeyOf(row);
        const joined = key === undefined ? undefined : open.get(key);
        if (joined) {
          joined.calls++;
          counts.accepted++;
          return;
        }
        const pending = toPendingRow(row);
        if (typeof pending === 'string') {
          counts.invalid++;
          logger.error({ reason: pending, operation: row.operation, keyId: row.keyId }, 'invalid usage row dropped');
          return;
        }
        if (buffer.length >= maxBuffer) {
          counts.dropped++;
          drops.dropped(counts.dropped, pending.at);
          return;
        }
        buffer.push(pending);
        if (key !== undefined) {
          open.set(key, pending);
          openKey.set(pending, key);
        }
        counts.accepted++;
        // While retrying, only the backoff timer writes: a flood of records must not hammer a dead database.
        if (buffer.length >= batchSize && consecutiveFailures === 0) kick();
        else arm(flushIntervalMs);
      } catch (error) {
        // record() must never fail a request; count the row as dropped and say why.
        counts.dropped++;
        logger.error({ err: error instanceof Error ? error.message : String(error) }, 'ledger record failed');
      }
    },
    flush: () => flush(),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
      if (buffer.length > 0) {
        logger.error(
          { lost: buffer.reduce((sum, row) => sum + row.calls, 0), from: buffer[0]?.at, to: buffer.at(-1)?.at },
          'ledger closed while the database was unreachable: these usage rows were not stored',
        );
      }
    },
    stats: () => ({
      buffered: buffer.length,
      bufferedCalls: counts.accepted - counts.written,
      written: counts.written,
      failedAttempts: counts.failedAttempts,
      dropped: counts.dropped,
      invalid: counts.invalid,
    }),
  };
}

/** The promise's value, or undefined when `ms` pass first (the timer is cleared either way). */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
