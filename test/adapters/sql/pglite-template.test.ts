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

/** A ustar archive of these files, gzipped; `cut` drops that many bytes from the end of the archive. */
function tarOf(name: string, content: string | Buffer, more: Record<string, string> = {}, cut = 0): Buffer {
  const parts: Buffer[] = [];
  for (const [path, text] of [[name, content] as const, ...Object.entries(more)]) {
    const bytes = typeof text === 'string' ? Buffer.from(text) : text;
    const header = Buffer.alloc(512);
    header.write(path, 0, 'utf8');
    header.write('0000600\0', 100);
    header.write(`${bytes.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('0', 156);
    const body = Buffer.alloc(Math.ceil(bytes.length / 512) * 512);
    bytes.copy(body);
    parts.push(header, body);
  }
  const tar = Buffer.concat([...parts, Buffer.alloc(1024)]);
  return gzipSync(tar.subarray(0, tar.length - cut));
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

  it('unpacks as a stream: a file larger than one piece, and the files after it, arrive whole', async () => {
    const root = tempDir();
    const large = Buffer.alloc(3 * 1024 * 1024 + 77);
    for (let i = 0; i < large.length; i++) large[i] = (i * 31) % 251;
    const archive = join(root, 'large.tar.gz');
    writeFileSync(archive, tarOf('pg_wal/segment', large, { PG_VERSION: '17\n', 'base/1/1255': 'x'.repeat(1000) }));
    expect(await preparePgliteDataDir(join(root, 'db'), archive)).toBe('template');
    expect(readFileSync(join(root, 'db', 'pg_wal', 'segment')).equals(large)).toBe(true);
    expect(readFileSync(join(root, 'db', 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(readFileSync(join(root, 'db', 'base', '1', '1255'), 'utf8')).toBe('x'.repeat(1000));
  });

  it('refuses a truncated archive and leaves no directory behind', async () => {
    const root = tempDir();
    const archive = join(root, 'cut.tar.gz');
    writeFileSync(archive, tarOf('PG_VERSION', '17\n', { 'base/1/1255': 'x'.repeat(5000) }, 1024 + 4096));
    await expect(preparePgliteDataDir(join(root, 'db'), archive)).rejects.toThrow(/truncated/);
    expect(existsSync(join(root, 'db'))).toBe(false);
  });
});
