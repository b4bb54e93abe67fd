import { randomUUID } from 'node:crypto';
import type { UsageRow } from '../../ports/ledger.js';
import type { SqlQueryable } from './sql-client.js';

/**
 * A row accepted by the ledger, with the id that makes its insert idempotent. It stands for `calls` identical
 * calls (key, operation, cache status, status and unit `price`) recorded within the second of `at`.
 */
export interface PendingRow {
  id: string;
  at: string;
  keyId: string;
  operation: string;
  cacheStatus: UsageRow['cacheStatus'];
  status: number;
  /** The price of one call. */
  price: string;
  calls: number;
}

const CACHE_STATUSES = new Set(['HIT', 'MISS', 'STALE']);
/** Keeps one statement well under PostgreSQL's 65,535 bind parameters. */
export const MAX_BATCH = 1_000;

/**
 * Checks and freezes a row at record time. A row the database would refuse (NaN price, bad status) must be
 * turned away here: inside a batch it would fail that batch on every retry and stall the whole ledger.
 */
export function toPendingRow(row: UsageRow): PendingRow | string {
  const at = row.at instanceof Date ? row.at.getTime() : Number.NaN;
  if (!Number.isFinite(at)) return 'invalid time';
  if (!CACHE_STATUSES.has(row.cacheStatus)) return `invalid cache status ${String(row.cacheStatus)}`;
  if (!Number.isInteger(row.status) || row.status < 0 || row.status > 32_767) return 'invalid status';
  if (!Number.isFinite(row.price) || row.price < 0) return 'invalid price';
  return {
    id: randomUUID(),
    at: new Date(at).toISOString(),
    // NUL is the one character PostgreSQL text cannot hold.
    keyId: String(row.keyId).replaceAll('\u0000', ''),
    operation: String(row.operation).replaceAll('\u0000', ''),
    cacheStatus: row.cacheStatus,
    status: row.status,
    price: String(row.price),
    calls: 1,
  };
}

/**
 * What makes two calls one row: the same key, operation, cache status, status and price within one wall-clock
 * second (a day boundary in any time zone falls on a whole second, so the daily reports are unchanged).
 * Undefined for a row not to be merged (text holding the separator, a time that is not a number).
 */
export function aggregateKeyOf(row: UsageRow): string | undefined {
  const second = Math.floor(row.at.getTime() / 1000);
  if (!Number.isFinite(second) || row.keyId.includes('\u0000') || row.operation.includes('\u0000')) return undefined;
  return `${row.keyId}\u0000${row.operation}\u0000${row.cacheStatus}\u0000${row.status}\u0000${row.price}\u0000${second}`;
}

/** Stores rows with one multi-row INSERT; rows already stored by an earlier, unacknowledged attempt are skipped. */
export async function insertUsageRows(client: SqlQueryable, rows: readonly PendingRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (rows.length > MAX_BATCH) throw new Error(`at most ${MAX_BATCH} rows per insert, got ${rows.length}`);
  const params: unknown[] = [];
  const tuples: string[] = [];
  for (const row of rows) {
    const n = params.length;
    tuples.push(
      `($${n + 1}::uuid, $${n + 2}::timestamptz, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}::smallint, $${n + 7}::numeric, $${n + 8}::integer)`,
    );
    params.push(row.id, row.at, row.keyId, row.operation, row.cacheStatus, row.status, row.price, row.calls);
  }
  await client.query(
    `INSERT INTO usage_ledger (id, at, key_id, operation, cache_status, status, price, calls)
     VALUES ${tuples.join(', ')}
     ON CONFLICT (id) DO NOTHING`,
    params,
  );
}
