import { createServer } from 'node:http';
import { withDevKey } from './composition/dev-key.js';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { createGracefulShutdown } from './observability/graceful-shutdown.js';
import { createJsonLogger } from './observability/json-logger.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createJsonLogger({ level: config.LOG_LEVEL });
  const dev = withDevKey(config, logger);
  config = dev.config;
  if (dev.banner) process.stdout.write(`${dev.banner}\n`);
  const app = createApp(config, { logger });
  // The embedded database blocks the event loop for seconds while it starts: let it finish before the first
  // request arrives. Not forever: an unreachable PostgreSQL must not keep the service from serving (rows buffer).
  await Promise.race([app.ready(), new Promise((resolve) => setTimeout(resolve, 20_000).unref())]);
  const server = createServer(app.yoga);
  server.keepAliveTimeout = 65_000;
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    logger.info({ port, source: app.runtime.sourceKind }, `listening on http://localhost:${port} (GraphiQL at /graphql)`);
  });

  // Stop accepting, let in-flight requests finish (15 s at most), then flush the ledger and close connections.
  const shutdown = createGracefulShutdown({ server, close: () => app.close(), logger, graceMs: 15_000 });
  const onSignal = (signal: string) => void shutdown(signal).then((code) => process.exit(code));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
