import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { KeyChangeFeed, KeyChangeHandlers } from '../../ports/key-changes.js';
import type { Logger } from '../../ports/logger.js';
import { KEY_CHANGE_CHANNEL, parseKeyChangeNotice } from './pg-notice.js';

export interface PgKeyChangeFeedOptions {
  /** DATABASE_URL: the same database (and search_path) the key store writes to. */
  connectionString: string;
  logger: Logger;
  /**
   * How often the feed checks that notices still reach it: it sends one to itself and waits for it to come back.
   * That catches a connection dead without a word (a cut network, a frozen peer) and a path on which LISTEN
   * "works" but nothing is ever delivered (a transaction-pooling proxy in between), within heartbeatMs +
   * queryTimeoutMs; until then the key cache's positive TTL bounds how long a missed revocation could go unseen.
   */
  heartbeatMs?: number;
  /** A probe (sent and come back) or a start-up statement slower than this counts as a lost connection. */
  queryTimeoutMs?: number;
  /** Longest wait between reconnect attempts. */
  maxBackoffMs?: number;
}

/**
 * Key changes over PostgreSQL LISTEN/NOTIFY, on one dedicated connection (a pooled one would lose its LISTEN
 * when handed back). Live from the moment a first probe notice comes back until the connection fails or a probe
 * does not come back; every transition is reported as a gap, since notices sent while nobody listened are gone
 * for good. Reconnects until closed.
 */
export function createPgKeyChangeFeed(options: PgKeyChangeFeedOptions): KeyChangeFeed {
  const log = options.logger.child({ component: 'key-changes' });
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const queryTimeoutMs = options.queryTimeoutMs ?? 2_000;
  const maxBackoffMs = options.maxBackoffMs ?? 2_000;
  const subscribers = new Set<KeyChangeHandlers>();
  let current: pg.Client | undefined;
  let live = false;
  let closed = false;
  let failures = 0;
  let heartbeat: NodeJS.Timeout | undefined;
  let retry: NodeJS.Timeout | undefined;

  const each = (call: (handlers: KeyChangeHandlers) => void) => {
    for (const handlers of subscribers) {
      try {
        call(handlers);
      } catch (error) {
        log.error({ err: error }, 'a key change subscriber failed');
      }
    }
  };

  const lose = (client: pg.Client, error: unknown) => {
    if (client !== current) return; // an older connection, already given up
    current = undefined;
    clearInterval(heartbeat);
    // Said once per outage, not per attempt: the first loss, or the first attempt failing.
    if (live || failures === 0) log.warn({ err: (error as Error)?.message }, 'not listening for key changes; issued keys are looked up per request until it is back');
    live = false;
    each((handlers) => handlers.onGap());
    client.end().catch(() => {});
    if (closed) return;
    const delay = Math.min(100 * 2 ** failures++, maxBackoffMs);
    retry = setTimeout(connect, delay);
    retry.unref();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const client = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: queryTimeoutMs,
      query_timeout: queryTimeoutMs,
      keepAlive: true,
      application_name: 'sds-key-changes', // so an operator can tell this connection in pg_stat_activity
    });
    current = client;
    let schema: string | undefined;
    // Probe notices this connection sent and waits for, by payload (each carries a fresh random id).
    const awaitingEcho = new Map<string, () => void>();
    const probe = async (): Promise<void> => {
      const payload = JSON.stringify({ schema, kind: 'probe', id: randomUUID() });
      let timer: NodeJS.Timeout | undefined;
      const echoed = new Promise<void>((resolve, reject) => {
        awaitingEcho.set(payload, resolve);
        timer = setTimeout(() => reject(new Error(`a probe notice did not come back within ${queryTimeoutMs} ms`)), queryTimeoutMs);
      });
      try {
        await Promise.all([client.query('SELECT pg_notify($1, $2)', [KEY_CHANGE_CHANNEL, payload]), echoed]);
      } finally {
        clearTimeout(timer);
        awaitingEcho.delete(payload);
      }
    };
    client.on('notification', (message) => {
      if (message.channel !== KEY_CHANGE_CHANNEL || schema === undefined) return;
      const echo = awaitingEcho.get(message.payload ?? '');
      if (echo) return echo();
      const change = parseKeyChangeNotice(message.payload, schema);
      if (change) each((handlers) => handlers.onChange(change));
    });
    client.on('error', (error) => lose(client, error));
    client.on('end', () => lose(client, new Error('connection ended')));
    try {
      await client.connect();
      // The schema the key store's statements resolve too (same URL, same search_path), for the notices' filter.
      const found = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
      schema = found.rows[0]?.schema ?? undefined;
      if (schema === undefined) throw new Error('the search_path names no existing schema yet');
      await client.query(`LISTEN ${KEY_CHANGE_CHANNEL}`);
      await probe();
    } catch (error) {
      lose(client, error);
      return;
    }
    if (client !== current || closed) return;
    failures = 0;
    live = true;
    log.info({ schema }, 'listening for key changes');
    // Anything learnt before now may be stale: changes made while nobody listened were never heard.
    each((handlers) => handlers.onGap());
    heartbeat = setInterval(() => {
      probe().catch((error: unknown) => lose(client, error));
    }, heartbeatMs);
    heartbeat.unref();
  }

  void connect();

  return {
    subscribe(handlers) {
      subscribers.add(handlers);
      return () => subscribers.delete(handlers);
    },
    isLive: () => live,
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      clearInterval(heartbeat);
      const client = current;
      current = undefined;
      subscribers.clear();
      await client?.end().catch(() => {});
    },
  };
}
