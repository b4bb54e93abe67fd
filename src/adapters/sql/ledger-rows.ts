import { randomUUID } from 'node:crypto';
import type { UsageRow } from '../../ports/ledger.js';
import type { SqlQueryable } from './sql-client.js';

/** A row accepted by the ledger, with the id that makes its insert idempotent. */
export interface PendingRow {
  id: string;
  at: string;
  keyId: string;
  operation: string;
  cacheStatus: UsageRow['cacheStatus'];
  status: number;
  price: string;
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
  };
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
      `($${n + 1}::uuid, $${n + 2}::timestamptz, $${n + 3}, $${n + 4}, $${n + 5}, $${n + 6}::smallint, $${n + 7}::numeric)`,
    );
    params.push(row.id, row.at, row.keyId, row.operation, row.cacheStatus, row.status, row.price);
  }
  await client.query(
    `INSERT INTO usage_ledger (id, at, key_id, operation, cache_status, status, price)
     VALUES ${tuples.join(', ')}
     ON CONFLICT (id) DO NOTHING`,
    params,
  );
}
