import type { Config } from '../config/config.js';
import { createDeferredSqlClient } from '../adapters/sql/deferred-client.js';
import { openSqlClient } from '../adapters/sql/open.js';
import { createSqlKeyStore } from '../adapters/sql/sql-key-store.js';
import { createInProcessKeyChangeFeed } from '../adapters/key-events/in-process-key-change-feed.js';
import { mergeKeyChangeFeeds } from '../adapters/key-events/merged-key-change-feed.js';
import { createPgKeyChangeFeed } from '../adapters/key-events/pg-key-change-feed.js';
import { createSqlLedger, type SqlLedger } from '../adapters/sql/sql-ledger.js';
import type { SqlClient } from '../adapters/sql/sql-client.js';
import { createSqlUsageReader } from '../adapters/sql/sql-usage-reader.js';
import type { Clock } from '../ports/clock.js';
import type { KeyAdmin } from '../ports/key-admin.js';
import type { KeyChangeFeed } from '../ports/key-changes.js';
import type { KeyStore } from '../ports/key-store.js';
import type { DependencyHealth, HealthReporter } from '../ports/health.js';
import type { Logger } from '../ports/logger.js';
import { announceKeyChanges } from '../services/auth/announcing-key-admin.js';
import { createUsageService, type UsageService } from '../services/usage.js';

/** What the service keeps in its database: the billing ledger, the API keys, and usage reports over both. */
export interface Database {
  /** Settles once the first open has been tried (it never rejects: a failed open is retried on use). */
  ready: Promise<void>;
  ledger: SqlLedger;
  /** Key lookups for auth, and issuing/listing/revoking for the CLI and tests. */
  keyStore: KeyStore & KeyAdmin;
  /** Issued and revoked keys, from every process on this database: what lets auth cache key lookups. */
  keyChanges: KeyChangeFeed;
  usage: UsageService;
  /** The connection itself, for parts that keep tables of their own (tasks and their job queue). */
  client: SqlClient;
  /** Flushes the ledger, then closes the connection. */
  close(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite under DATA_DIR; opened on first use. */
export function createDatabase(config: Config, deps: { logger: Logger; clock: Clock }): Database {
  const client = createDeferredSqlClient(
    () => openSqlClient({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger: deps.logger }),
    { kind: config.DATABASE_URL ? 'postgres' : 'pglite' },
  );
  // Open (and migrate) now, in the background: the process may wait for it before listening (ready), and the
  // first request that needs the database does not pay for it.
  const ready = client.warmUp();
  const sqlLedger = createSqlLedger({ client, logger: deps.logger });
  const ledger: SqlLedger & HealthReporter = Object.assign(sqlLedger, {
    async checkHealth(): Promise<DependencyHealth> {
      const buffered = sqlLedger.stats().buffered;
      try {
        await client.query('SELECT 1');
        return { status: 'ok', detail: `${client.kind}; ${buffered} rows buffered` };
      } catch (error) {
        // Rows wait in the buffer and are retried: the service still serves and bills.
        // The operator wants the underlying reason (a lock, a refused connection), not the client-facing 503 text.
        const cause = (error as { cause?: unknown }).cause;
        const reason = cause instanceof Error ? cause.message : (error as Error).message;
        return { status: 'degraded', detail: `${client.kind} unreachable (${reason}); ${buffered} rows buffered` };
      }
    },
  });
  // Changes made here are heard here at once. On PostgreSQL, other processes' changes come by LISTEN/NOTIFY (the
  // key store's own statements send the notices, so the keys CLI working on the database directly is heard too).
  // The embedded database admits one process, so there every change is made here and nothing else is needed.
  // Redis pub/sub is not used even with REDIS_URL: several processes always share PostgreSQL, whose notice
  // commits with the change itself, where a Redis message would be a second, separate write that can be lost.
  const ownChanges = createInProcessKeyChangeFeed();
  const keyChanges = config.DATABASE_URL
    ? mergeKeyChangeFeeds(ownChanges, createPgKeyChangeFeed({ connectionString: config.DATABASE_URL, logger: deps.logger }))
    : ownChanges;
  return {
    ready,
    ledger,
    keyStore: announceKeyChanges(createSqlKeyStore({ client }), ownChanges.publish),
    keyChanges,
    usage: createUsageService({ reader: createSqlUsageReader({ client }), clock: deps.clock, timeZone: config.STATS_TIMEZONE }),
    client,
    async close() {
      await keyChanges.close();
      await ledger.close();
      await client.close();
    },
  };
}
