import type { Server } from 'node:http';
import type { Logger } from '../ports/logger.js';

export interface GracefulShutdownOptions {
  server: Server;
  /** Releases the app after the last request: flushes the ledger, closes cache and database connections. */
  close(): Promise<void>;
  logger: Logger;
  /**
   * The whole shutdown ends within this, dependencies reachable or not: in-flight requests get it less
   * `closeReserveMs`, closing the app (flushing the ledger) gets what is left.
   */
  graceMs?: number;
  /** The part of `graceMs` kept for closing the app after the connections are cut. Default 5 s. */
  closeReserveMs?: number;
  /** Usage rows not stored yet (the ledger's buffer), reported when the shutdown leaves some behind. */
  unflushedRows?: () => number;
}

/**
 * Returns `shutdown(reason)`: stop accepting connections, let in-flight requests finish (idle keep-alive
 * connections are closed at once, busy ones after their response), then close the app. Everything ends within
 * `graceMs`: with the database or Redis unreachable, closing would otherwise wait for their own timeouts and
 * retries (27 s were seen), past the orchestrator's kill. Rows the ledger could not store are reported with their
 * count. Resolves with the exit code: 0 after a clean stop, 1 when time ran out, closing failed or rows were
 * lost. Idempotent.
 */
export function createGracefulShutdown(options: GracefulShutdownOptions): (reason: string) => Promise<number> {
  const { server, logger } = options;
  const graceMs = options.graceMs ?? 15_000;
  const drainMs = Math.max(0, graceMs - (options.closeReserveMs ?? 5_000));
  let result: Promise<number> | undefined;

  const run = async (reason: string): Promise<number> => {
    const startedAt = Date.now();
    logger.info({ reason, graceMs }, 'shutting down: refusing new connections, finishing in-flight requests');
    // A response finished during shutdown closes its connection instead of keeping it alive for reuse.
    server.on('request', (_req, res) => res.setHeader('connection', 'close'));
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      logger.warn({ drainMs }, 'grace period over: closing the remaining connections');
      server.closeAllConnections();
    }, drainMs);
    await drained;
    clearInterval(sweep);
    clearTimeout(deadline);
    const closeMs = Math.max(0, graceMs - (Date.now() - startedAt));
    const closed = await settleWithin(options.close(), closeMs);
    const unflushed = options.unflushedRows?.() ?? 0;
    if (unflushed > 0) {
      logger.error({ unflushedRows: unflushed }, `shutdown: ${unflushed} usage rows could not be stored and are lost`);
    }
    if (closed === 'timeout') {
      logger.error({ closeMs }, 'closing the app did not finish in time (database or Redis unreachable?); exiting anyway');
      return 1;
    }
    if (closed !== 'ok') {
      logger.error({ err: closed.error }, 'closing the app failed');
      return 1;
    }
    logger.info({ timedOut }, 'closed');
    return timedOut || unflushed > 0 ? 1 : 0;
  };

  return (reason) => (result ??= run(reason));
}

/** How `promise` settled within `ms`: 'ok', its error, or 'timeout' (the timer is cleared either way). */
async function settleWithin(promise: Promise<unknown>, ms: number): Promise<'ok' | 'timeout' | { error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(resolve, ms, 'timeout');
  });
  try {
    return await Promise.race([promise.then(() => 'ok' as const, (error: unknown) => ({ error })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
