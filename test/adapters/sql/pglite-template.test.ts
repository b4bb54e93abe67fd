import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { findDataFile } from '../../../src/adapters/region-data.js';
import { openSqlClient } from '../../../src/adapters/sql/open.js';
import { PGLITE_TEMPLATE_FILE, preparePgliteDataDir } from '../../../src/adapters/sql/pglite-template.js';
import { silentLogger } from '../../../src/ports/logger.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sds-template-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A one-file ustar archive, gzipped. */
function tarOf(name: string, content: string): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write('0000600\0', 100);
  header.write(`${content.length.toString(8).padStart(11, '0')}\0`, 124);
  header.write('0', 156);
  const body = Buffer.alloc(Math.ceil(content.length / 512) * 512);
  body.write(content);
  return gzipSync(Buffer.concat([header, body, Buffer.alloc(1024)]));
}

describe('the shipped empty database (data/pglite-template.tar.gz)', () => {
  it('is shipped, and a new data directory starts from it: it opens, migrates and keeps data', async () => {
    const template = findDataFile(PGLITE_TEMPLATE_FILE);
    const dataDir = tempDir();
    const client = await openSqlClient({ dataDir, logger: silentLogger });
    try {
      // PostgreSQL refuses files of another major version: this fails when PGlite is upgraded and the template is not.
      expect(readFileSync(join(dataDir, 'pglite', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
      const versions = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM sds_migrations');
      expect(versions.rows[0]!.n).toBeGreaterThanOrEqual(2);
    } finally {
      await client.close();
    }
    expect(await preparePgliteDataDir(join(dataDir, 'pglite'), template)).toBe('existing');
  }, 120_000);

  it('falls back to initdb without a template, and never writes outside the target', async () => {
    const root = tempDir();
    expect(await preparePgliteDataDir(join(root, 'db'), undefined)).toBe('initdb');
    expect(await preparePgliteDataDir(join(root, 'db'), join(root, 'missing.tar.gz'))).toBe('initdb');

    const evil = join(root, 'evil.tar.gz');
    writeFileSync(evil, tarOf('../escaped', 'x'));
    await expect(preparePgliteDataDir(join(root, 'db'), evil)).rejects.toThrow(/unsafe path/);
    expect(existsSync(join(root, 'escaped'))).toBe(false);
    expect(existsSync(join(root, 'db'))).toBe(false);

    const good = join(root, 'good.tar.gz');
    writeFileSync(good, tarOf('/PG_VERSION', '17\n'));
    mkdirSync(join(root, 'db')); // an empty directory left by an earlier start is replaced
    expect(await preparePgliteDataDir(join(root, 'db'), good)).toBe('template');
    expect(readFileSync(join(root, 'db', 'PG_VERSION'), 'utf8')).toBe('17\n');
  });
});
