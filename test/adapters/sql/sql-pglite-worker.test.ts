import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findDataFile } from '../../../src/adapters/region-data.js';
import { migrate } from '../../../src/adapters/sql/migrations.js';
import { createPgliteWorkerClient } from '../../../src/adapters/sql/pglite-worker-client.js';
import { PGLITE_TEMPLATE_FILE } from '../../../src/adapters/sql/pglite-template.js';
import type { SqlClient } from '../../../src/adapters/sql/sql-client.js';

// The adapters' shared suite runs on the worker client in sql-pglite.test.ts; here, what crossing the thread
// boundary could break: transactions, their exclusivity, errors, multi-statement scripts.
describe('PGlite in a worker thread', () => {
  let client: SqlClient;
  beforeAll(async () => {
    client = await createPgliteWorkerClient({ dataDir: 'memory://', templatePath: findDataFile(PGLITE_TEMPLATE_FILE) });
    await migrate(client);
  }, 120_000);
  afterAll(async () => {
    await client?.close();
  });
  beforeEach(async () => {
    await client.query('TRUNCATE api_keys');
  });

  describe('across the thread boundary', () => {
    const insert = (id: string) => `INSERT INTO api_keys (id, name, hash) VALUES ('${id}', 'n', 'h-${id}')`;
    const ids = async () => (await client.query<{ id: string }>('SELECT id FROM api_keys ORDER BY id')).rows.map((r) => r.id);

    it('commits a transaction, rolls one back when its function throws, and keeps Date values', async () => {
      await client.transaction(async (tx) => {
        await tx.query(insert('a'));
      });
      await expect(
        client.transaction(async (tx) => {
          await tx.query(insert('b'));
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await ids()).toEqual(['a']);
      const row = (await client.query<{ created_at: Date }>('SELECT created_at FROM api_keys')).rows[0]!;
      expect(row.created_at).toBeInstanceOf(Date);
    });

    it('runs a statement from outside only after an open transaction ends', async () => {
      const order: string[] = [];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let opened!: () => void;
      const inside = new Promise<void>((resolve) => (opened = resolve));
      const tx = client.transaction(async (t) => {
        await t.query(insert('t1'));
        opened();
        await held;
        await t.query(insert('t2'));
        order.push('tx done');
      });
      await inside; // the transaction is open and has written
      const outside = client.query<{ n: number }>('SELECT count(*)::int AS n FROM api_keys').then((r) => {
        order.push('outside');
        return r.rows[0]!.n;
      });
      // real wait: the query runs in a worker thread; nothing reports that it is waiting
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await tx;
      expect(await outside).toBe(2); // it saw the committed transaction, not half of it
      expect(order).toEqual(['tx done', 'outside']);
    });

    it('passes PostgreSQL errors with their SQLSTATE, and runs multi-statement scripts with exec', async () => {
      await client.query(insert('dup'));
      await expect(client.query(insert('dup'))).rejects.toMatchObject({ code: '23505' });
      await client.exec(`${insert('e1')}; ${insert('e2')}`);
      expect(await ids()).toEqual(['dup', 'e1', 'e2']);
    });
  });
});
