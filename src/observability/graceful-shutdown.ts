import type { Server } from 'node:http';
import type { Logger } from '../ports/logger.js';

export interface GracefulShutdownOptions {
  server: Server;
  /** Releases the app after the last request: flushes the ledger, closes cache and database connections. */
  close(): Promise<void>;
  logger: Logger;
  /** How long in-flight requests may take before their connections are cut. */
  graceMs?: number;
}

/**
 * Returns `shutdown(reason)`: stop accepting connections, let in-flight requests finish (idle keep-alive
 * connections are closed at once, busy ones after their response), then close the app. Resolves with the
 * exit code: 0 after a clean stop, 1 when the grace period ran out or closing failed. Idempotent.
 */
export function createGracefulShutdown(options: GracefulShutdownOptions): (reason: string) => Promise<number> {
  const { server, logger } = options;
  const graceMs = options.graceMs ?? 15_000;
  let result: Promise<number> | undefined;

  const run = async (reason: string): Promise<number> => {
    logger.info({ reason, graceMs }, 'shutting down: refusing new connections, finishing in-flight requests');
    // A response finished during shutdown closes its connection instead of keeping it alive for reuse.
    server.on('request', (_req, res) => res.setHeader('connection', 'close'));
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      logger.warn({ graceMs }, 'grace period over: closing the remaining connections');
      server.closeAllConnections();
    }, graceMs);
    await drained;
    clearInterval(sweep);
    clearTimeout(deadline);
    try {
      await options.close();
    } catch (error) {
      logger.error({ err: error }, 'closing the app failed');
      return 1;
    }
    logger.info({ timedOut }, 'closed');
    return timedOut ? 1 : 0;
  };

  return (reason) => (result ??= run(reason));
}
