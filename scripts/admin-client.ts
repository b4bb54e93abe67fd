/**
 * Where the keys and usage CLIs get their data: the running service's admin API when one answers at the configured
 * address (the embedded database admits one process, and this way no one has to stop the service), else the
 * database itself (DATABASE_URL, or the embedded one under DATA_DIR).
 */
import pino from 'pino';
import type { Config } from '../src/config/config.js';
import { adminTokenForCli } from '../src/composition/admin-token.js';
import { openSqlClient } from '../src/adapters/sql/open.js';
import { createSqlKeyStore } from '../src/adapters/sql/sql-key-store.js';
import { createSqlUsageReader } from '../src/adapters/sql/sql-usage-reader.js';
import type { KeyAdmin } from '../src/ports/key-admin.js';
import type { StoredKey } from '../src/ports/key-store.js';
import { systemClock } from '../src/ports/clock.js';
import { createUsageService, type OperatorUsageReport, type UsageRange } from '../src/services/usage.js';

/** Keys and every key's usage, from the service or from the database; `via` says which (for the operator). */
export interface AdminBackend extends KeyAdmin {
  via: string;
  usage(range: UsageRange): Promise<OperatorUsageReport>;
  close(): Promise<void>;
}

/** The base URL of the service at the configured PORT/HOST, when one answers there. */
export async function findRunningService(config: Config): Promise<string | undefined> {
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? '127.0.0.1' : config.HOST;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
  try {
    const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1_500) });
    return response.ok ? base : undefined;
  } catch {
    return undefined;
  }
}

export async function openAdminBackend(config: Config): Promise<AdminBackend> {
  const service = config.PORT > 0 ? await findRunningService(config) : undefined;
  const token = adminTokenForCli(config);
  if (service && token) return remoteBackend(service, token);
  if (service && !config.DATABASE_URL) {
    throw new Error(
      `a service is running at ${service} and holds the embedded database; give this command its admin token ` +
        '(ADMIN_TOKEN, the one the service was started with) to work through it, or stop the service',
    );
  }
  return localBackend(config);
}

function remoteBackend(base: string, token: string): AdminBackend {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const json = (await response.json().catch(() => ({}))) as T & { detail?: string };
    if (response.status === 404 && path === '/admin/keys') throw new Error(`${base} has no admin API: it was started without ADMIN_TOKEN`);
    if (response.status === 401) throw new Error(`${base} refused the admin token (ADMIN_TOKEN differs from the service's)`);
    if (!response.ok && response.status !== 404) throw new Error(`${base}${path}: ${response.status} ${json.detail ?? ''}`.trim());
    return { status: response.status, json };
  };
  const toStored = (key: { id: string; name: string; createdAt: string; revokedAt: string | null }): StoredKey => ({
    id: key.id,
    name: key.name,
    createdAt: new Date(key.createdAt),
    revokedAt: key.revokedAt ? new Date(key.revokedAt) : null,
  });
  return {
    via: `the running service at ${base}`,
    create: async (name) => (await call<{ id: string; name: string; key: string }>('POST', '/admin/keys', { name })).json,
    list: async () => (await call<{ keys: Parameters<typeof toStored>[0][] }>('GET', '/admin/keys')).json.keys.map(toStored),
    async revoke(id) {
      const { status, json } = await call<Parameters<typeof toStored>[0]>('DELETE', `/admin/keys/${encodeURIComponent(id)}`);
      return status === 404 ? undefined : toStored(json);
    },
    async usage(range) {
      const query = new URLSearchParams(Object.entries(range).filter((entry): entry is [string, string] => entry[1] !== undefined));
      return (await call<OperatorUsageReport>('GET', `/admin/usage?${query}`)).json;
    },
    close: async () => {},
  };
}

async function localBackend(config: Config): Promise<AdminBackend> {
  const logger = pino({ level: 'warn' }, pino.destination(2));
  const client = await openSqlClient({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  const store = createSqlKeyStore({ client });
  const usage = createUsageService({ reader: createSqlUsageReader({ client }), clock: systemClock, timeZone: config.STATS_TIMEZONE });
  return {
    via: config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.DATA_DIR}`,
    create: (name) => store.create(name),
    list: () => store.list(),
    revoke: (id) => store.revoke(id),
    usage: (range) => usage.forAll(range),
    close: () => client.close(),
  };
}
