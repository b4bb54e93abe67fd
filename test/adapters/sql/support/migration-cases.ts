import { describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS, type Migration } from '../../../../src/adapters/sql/migrations.js';
import type { SqlSuiteEnv } from './env.js';

export function migrationCases(env: SqlSuiteEnv): void {
  describe('migrations', () => {
    it('are recorded once and a second run applies nothing', async () => {
      expect(await migrate(env.client())).toEqual([]);
      const versions = await env.client().query<{ version: number }>('SELECT version FROM sds_migrations ORDER BY version');
      expect(versions.rows.map((r) => Number(r.version))).toEqual(expect.arrayContaining(MIGRATIONS.map((m) => m.version)));
      // The tables they made are usable.
      expect((await env.client().query('SELECT id FROM api_keys')).rowCount).toBe(0);
    });

    it('apply a new migration exactly once when several processes start together', async () => {
      const version = 100_000 + Math.floor(Math.random() * 1_000_000);
      // Not idempotent on purpose: applying it twice would fail with "relation already exists".
      const probe: Migration = { version, name: 'probe', statements: [`CREATE TABLE probe_${version} (id int)`] };
      const clients = await env.peers(4);
      const results = await Promise.all(clients.map((client) => migrate(client, [...MIGRATIONS, probe])));
      expect(results.filter((applied) => applied.length > 0)).toEqual([[version]]);
      const exists = await env.client().query(`SELECT 1 FROM probe_${version}`);
      expect(exists.rowCount).toBe(0);
    });
  });
}
