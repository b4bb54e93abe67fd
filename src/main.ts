import { createServer } from 'node:http';
import { pino } from 'pino';
import { loadDevKeyIfNeeded } from './adapters/dev-key-bootstrap.js';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';

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
  const logger = pino({ level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'key', 'apiKey'] });
  config = loadDevKeyIfNeeded(config, logger);
  const app = createApp(config, { logger });
  const server = createServer(app.yoga);
  server.keepAliveTimeout = 65_000;
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    logger.info({ port, source: app.runtime.sourceKind }, `listening on http://localhost:${port} (GraphiQL at /graphql)`);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server.close(async () => {
      await app.close();
      logger.info({}, 'closed');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
