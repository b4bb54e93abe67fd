import type { UsageBucket, UsageReader } from '../../ports/usage-reader.js';
import type { SqlQueryable } from './sql-client.js';

interface BucketRow {
  day: string;
  key_id: string;
  operation: string;
  calls: number;
  hits: number;
  stale: number;
  errors: number;
  spend: string;
}

/** Longest operation name a report shows; the service writes only short fixed names (routes, schema fields). */
export const MAX_REPORTED_OPERATION_LENGTH = 64;
/** Where a longer name is counted: rows written before operation names were fixed (user text, up to 1 MB). */
export const OVERLONG_OPERATION_LABEL = 'invalid';

// Day bounds are turned into instants once ($1/$2 at local midnight in $3), so the range test is a plain
// comparison on `at` that the (at) and (key_id, at) indexes serve; each row's day is then its local date.
// A row stands for `calls` identical calls (sql-ledger.ts), its `price` the price of one.
// Aggregated here (GROUP BY), never in the process: a report is at most days × keys × operation names rows,
// and an overlong name is grouped under one short label, so no row can carry megabytes into the process.
const SELECT = `
  SELECT to_char((at AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day, key_id,
         CASE WHEN length(operation) <= ${MAX_REPORTED_OPERATION_LENGTH} THEN operation ELSE '${OVERLONG_OPERATION_LABEL}' END AS operation,
         sum(calls)::int AS calls,
         coalesce(sum(calls) FILTER (WHERE cache_status = 'HIT'), 0)::int AS hits,
         coalesce(sum(calls) FILTER (WHERE cache_status = 'STALE'), 0)::int AS stale,
         coalesce(sum(calls) FILTER (WHERE status >= 400), 0)::int AS errors,
         sum(price * calls)::text AS spend
    FROM usage_ledger
   WHERE at >= ($1::date::timestamp AT TIME ZONE $3)
     AND at < (($2::date + 1)::timestamp AT TIME ZONE $3)`;
const GROUP = ' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3';

/** Usage aggregates straight from the ledger table (sums are exact numerics, converted once at the end). */
export function createSqlUsageReader(options: { client: SqlQueryable }): UsageReader {
  return {
    async buckets(filter) {
      const params: unknown[] = [filter.fromDate, filter.toDate, filter.timeZone];
      let sql = SELECT;
      if (filter.keyId !== undefined) {
        sql += ' AND key_id = $4';
        params.push(filter.keyId);
      }
      const result = await options.client.query<BucketRow>(sql + GROUP, params);
      return result.rows.map(
        (row): UsageBucket => ({
          day: row.day,
          keyId: row.key_id,
          operation: row.operation,
          calls: Number(row.calls),
          hits: Number(row.hits),
          stale: Number(row.stale),
          errors: Number(row.errors),
          spend: Number(row.spend),
        }),
      );
    },
  };
}
