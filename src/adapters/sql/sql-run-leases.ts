import type { RunLeases } from '../../ports/run-leases.js';
import { migrate, type Migration } from './migrations.js';
import { assertSchemaName, type SqlClient, type SqlQueryable } from './sql-client.js';

// Versions from 1200 up belong to tasks (src/adapters/sql/sql-task-store.ts starts at 1201); the run leases keep to 1270 and up.
const RUN_LEASE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1271,
    name: 'task_run_leases',
    statements: [
      `CREATE TABLE IF NOT EXISTS task_run_leases (
        job_id uuid PRIMARY KEY,
        renewed_at timestamptz NOT NULL
      )`,
    ],
  },
];

/**
 * Leases of task runs. A slice renews its job's lease every few seconds while it runs; a run whose lease was not
 * renewed for `leaseSeconds` belongs to a dead process (SIGKILL, a lost machine), and any live process takes its
 * task back: the job is cancelled and a new one queued, in one transaction, so the task runs again at once and
 * never twice. Before, a killed process's task waited out pg-boss's expiry of the job (300 s, 368 s measured).
 *
 * The rule is read with the current lease, so a changed TASK_LEASE_SECONDS applies to jobs started under the old
 * one, and a run job with no renewal at all (started before leases were kept) counts from its start. A live
 * process never loses its job: it renews 3 or more times within a lease. Should it still miss a whole lease (the
 * database unreachable for that long), its next renewal finds the job gone and the slice stops itself.
 *
 * pg-boss has no API for this: the queries read its job table (name, state, started_on, retry_count, data), which
 * is stable within pg-boss 10, and take jobs over with pg-boss's own send and the same UPDATE its cancel runs.
 */
export function createSqlRunLeases(options: { client: SqlClient; bossSchema: string; queue: string; leaseSeconds: number }): RunLeases<SqlQueryable> {
  const { client, queue, leaseSeconds } = options;
  const job = `${assertSchemaName(options.bossSchema)}.job`;
  let migrated: Promise<unknown> | undefined;
  const ready = () =>
    (migrated ??= migrate(client, RUN_LEASE_MIGRATIONS).catch((error: unknown) => {
      migrated = undefined;
      throw error;
    }));
  // The last sign of life of a running job: its last renewal, else its start.
  const lapsedWhere = `j.name = $1 AND j.state = 'active'
    AND COALESCE((SELECT l.renewed_at FROM task_run_leases l WHERE l.job_id = j.id), j.started_on) < now() - make_interval(secs => $2)`;

  return {
    migrate: async () => void (await ready()),
    async renew(ref) {
      await ready();
      const { rowCount } = await client.query(
        `INSERT INTO task_run_leases (job_id, renewed_at)
         SELECT j.id, now() FROM ${job} j WHERE j.name = $1 AND j.id = $2 AND j.state = 'active' AND j.retry_count = $3
         ON CONFLICT (job_id) DO UPDATE SET renewed_at = excluded.renewed_at`,
        [queue, ref.id, ref.retryCount],
      );
      return rowCount > 0;
    },
    async release(jobId) {
      await ready();
      await client.query('DELETE FROM task_run_leases WHERE job_id = $1', [jobId]);
    },
    async lapsed() {
      await ready();
      // Leases left behind by runs that ended without releasing (a killed process) go after a day.
      await client.query(`DELETE FROM task_run_leases WHERE renewed_at < now() - interval '1 day'`);
      const { rows } = await client.query<{ id: string; task_id: string }>(
        `SELECT j.id, j.data->>'taskId' AS task_id FROM ${job} j WHERE ${lapsedWhere}`,
        [queue, leaseSeconds],
      );
      return rows.map((row) => ({ jobId: row.id, taskId: row.task_id }));
    },
    async takeOver(jobId, requeue) {
      await ready();
      return client.transaction(async (tx) => {
        // Re-checked under the row lock: a renewal that came meanwhile, or another process's takeover, wins.
        const { rowCount } = await tx.query(
          `UPDATE ${job} j SET state = 'cancelled', completed_on = now() WHERE j.id = $3 AND ${lapsedWhere}`,
          [queue, leaseSeconds, jobId],
        );
        if (rowCount === 0) return false;
        await tx.query('DELETE FROM task_run_leases WHERE job_id = $1', [jobId]);
        await requeue(tx);
        return true;
      });
    },
  };
}
