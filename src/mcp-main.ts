#!/usr/bin/env node
import { createApp } from './app.js';
import { withDevKey } from './composition/dev-key.js';
import { serveStdio, stdioPrincipal } from './mcp/stdio.js';
import { createJsonLogger } from './observability/json-logger.js';
import { reportsHealth } from './ports/health.js';
import { loadProcessConfig } from './process-config.js';

// The MCP tools over stdio, for desktop assistants that start the server themselves (`npm run mcp`, or the
// `search-demand-mcp` bin): the same app in-process, the same configuration, the same cache and ledger.
// stdout belongs to JSON-RPC, so every log line and message goes to stderr.

async function main(): Promise<void> {
  let config = loadProcessConfig();
  const logger = createJsonLogger({ level: config.LOG_LEVEL, destination: process.stderr });
  config = withDevKey(config, logger).config;
  const app = createApp(config, { logger });
  // The embedded database blocks the event loop while it starts; let it finish first, not forever.
  await Promise.race([app.ready(), new Promise((resolve) => setTimeout(resolve, 20_000).unref())]);

  // A database this process cannot use (the embedded one held by the running HTTP server, a PostgreSQL that is
  // down) would let it answer billed calls whose ledger rows are lost: refuse to start instead, saying why.
  const ledger = app.runtime.ledger;
  if (reportsHealth(ledger)) {
    const health = await ledger.checkHealth();
    if (health.status !== 'ok') {
      process.stderr.write(
        `search-demand-mcp: the database is not usable (${health.detail}); refusing to serve, since calls would be ` +
          'billed without a ledger row. Stop the process that holds it, or set DATABASE_URL so both share PostgreSQL.\n',
      );
      await app.close();
      process.exit(2);
    }
  }

  let principal;
  try {
    principal = await stdioPrincipal(app.runtime, config);
  } catch (error) {
    process.stderr.write(`search-demand-mcp: ${(error as Error).message}\n`);
    await app.close();
    process.exit(2);
  }
  const server = await serveStdio(app.runtime, principal);
  logger.info({ keyId: principal.keyId, source: app.runtime.sourceKind }, 'MCP server on stdio');

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await server.close().catch(() => {});
    await app.close(); // flushes the ledger
    process.exit(0);
  };
  process.stdin.on('end', () => void shutdown());
  process.stdin.on('close', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  process.stderr.write(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
