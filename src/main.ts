import { withDevKey } from './composition/dev-key.js';
import { withDevAdminToken } from './composition/admin-token.js';
import { createApp } from './app.js';
import { createHttpServer, LISTEN_BACKLOG } from './http/server.js';
import { createGracefulShutdown } from './observability/graceful-shutdown.js';
import { createJsonLogger } from './observability/json-logger.js';
import { loadProcessConfig } from './process-config.js';

async function main(): Promise<void> {
  let config = loadProcessConfig();
  const logger = createJsonLogger({ level: config.LOG_LEVEL });
  const dev = withDevKey(config, logger);
  config = dev.config;
  config = withDevAdminToken(config);
  const app = createApp(config, { logger });
  // Listen at once: the database opens in the background (the embedded one in a worker thread, so it never blocks
  // this loop); a request that needs it waits for it, and ledger rows buffer meanwhile.
  const server = createHttpServer(app.handleNode, { requestTimeoutMs: config.REQUEST_TIMEOUT, keepAliveTimeoutMs: 65_000 });
  server.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG }, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    logger.info({ port, source: app.runtime.sourceKind }, `listening on http://localhost:${port} (explorer at /, GraphiQL at /graphql)`);
    if (dev.banner) process.stdout.write(`${dev.banner(port)}\n`);
  });
  // The task workers start with the process (after the database opens), so tasks left by a previous run or a
  // killed process go on without waiting for a new post. Then the GraphQL face loads (no REST or health route
  // needs it), off the path to the first answer, so the first /graphql or explorer request does not wait for it.
  app
    .ready()
    .catch((error: unknown) => logger.error({ err: error }, 'database or task workers did not start'))
    .then(() => app.warmUp())
    .catch((error: unknown) => logger.error({ err: error }, 'the GraphQL server did not load; tried again on its first request'));

  // Stop accepting, let in-flight requests finish, then flush the ledger and close connections: 15 s in all.
  const ledger = app.runtime.ledger as Partial<{ stats(): { bufferedCalls: number } }>;
  const shutdown = createGracefulShutdown({
    server,
    close: () => app.close(),
    logger,
    graceMs: 15_000,
    // Calls, not rows: one row may count several identical calls (sql-ledger.ts).
    unflushedRows: () => ledger.stats?.().bufferedCalls ?? 0,
  });
  const onSignal = (signal: string) => void shutdown(signal).then((code) => process.exit(code));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
