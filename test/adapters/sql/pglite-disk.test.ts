import { MIGRATIONS } from '../../../src/adapters/sql/migrations.js';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireFileLock } from '../../../src/adapters/sql/file-lock.js';
import { openSqlClient } from '../../../src/adapters/sql/open.js';
import { createSqlKeyStore } from '../../../src/adapters/sql/sql-key-store.js';
import { silentLogger } from '../../../src/ports/logger.js';
import { hashKey } from '../../../src/ports/key-store.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sds-pglite-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('file lock', () => {
  it('lets one holder in at a time and names the holder', () => {
    const path = join(tempDir(), 'db.lock');
    const lock = acquireFileLock(path, 'the test database');
    expect(() => acquireFileLock(path, 'the test database')).toThrow(new RegExp(`in use by process ${process.pid}`));
    lock.release();
    expect(existsSync(path)).toBe(false);
    acquireFileLock(path, 'the test database').release();
  });

  it('takes over a lock left by a process that is gone', () => {
    const path = join(tempDir(), 'db.lock');
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(path, child.stdout);
    const lock = acquireFileLock(path, 'the test database');
    lock.release();
  });
});

describe('embedded database on disk', () => {
  it('keeps data across restarts, migrates once, and refuses a second opener while open', async () => {
    const dataDir = tempDir();
    const first = await openSqlClient({ dataDir, logger: silentLogger });
    const issued = await createSqlKeyStore({ client: first }).create('persisted');
    await expect(openSqlClient({ dataDir, logger: silentLogger })).rejects.toThrow(/in use by process/);
    await first.close();

    const second = await openSqlClient({ dataDir, logger: silentLogger });
    try {
      expect(await createSqlKeyStore({ client: second }).findActiveByHash(hashKey(issued.key))).toMatchObject({ id: issued.id });
      const versions = await second.query<{ n: number }>('SELECT count(*)::int AS n FROM sds_migrations');
      expect(versions.rows[0]!.n).toBe(MIGRATIONS.length);
    } finally {
      await second.close();
    }
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
  }, 120_000);
});
