import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlClient } from '../../src/adapters/sql/open.js';
import { createSqlKeyStore } from '../../src/adapters/sql/sql-key-store.js';
import { createSqlLedger } from '../../src/adapters/sql/sql-ledger.js';
import { silentLogger } from '../../src/ports/logger.js';
import { hashKey } from '../../src/ports/key-store.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'sds-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs a CLI script on the embedded database in `dataDir` (no DATABASE_URL), returning its output and exit code. */
async function cli(script: string, ...args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '9999' };
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts', script), ...args], { env, cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('keys and usage CLIs', () => {
  it('create prints a working key once with a curl line; list and revoke manage it; usage tabulates', async () => {
    const created = await cli('keys.ts', 'create', '--name', 'ci robot');
    expect(created.code).toBe(0);
    const key = /\b(sds_[A-Za-z0-9_-]{43})\b/.exec(created.stdout)?.[1];
    const id = /Created key (key_[0-9a-f]+)/.exec(created.stdout)?.[1];
    expect(key).toBeDefined();
    expect(created.stdout).toContain(`curl -sS -X POST http://localhost:9999/v2/stats/top -H 'Authorization: Bearer ${key}'`);

    const listed = await cli('keys.ts', 'list');
    expect(listed.stdout).toMatch(new RegExp(`${id}\\s+\\S+\\s+active\\s+ci robot`));
    expect(listed.stdout).not.toContain(key!);

    // Usage of that key, recorded the way the service would.
    const client = await openSqlClient({ dataDir, logger: silentLogger });
    try {
      expect(await createSqlKeyStore({ client }).findActiveByHash(hashKey(key!))).toMatchObject({ id, name: 'ci robot' });
      const ledger = createSqlLedger({ client, logger: silentLogger });
      const at = new Date();
      ledger.record({ at, keyId: id!, operation: 'v2.top', cacheStatus: 'MISS', status: 200, price: 1 });
      ledger.record({ at, keyId: id!, operation: 'v2.top', cacheStatus: 'HIT', status: 200, price: 0.1 });
      await ledger.close();
    } finally {
      await client.close();
    }

    const revoked = await cli('keys.ts', 'revoke', id!);
    expect(revoked.code).toBe(0);
    expect((await cli('keys.ts', 'list')).stdout).toMatch(new RegExp(`${id}\\s+\\S+\\s+revoked `));
    expect((await cli('keys.ts', 'revoke', 'key_nope')).code).toBe(1);

    const usage = await cli('usage.ts');
    expect(usage.code).toBe(0);
    // key, name, calls, hits, stale, errors, spend
    expect(usage.stdout).toMatch(new RegExp(`${id}\\s+ci robot \\(revoked\\)\\s+2\\s+1\\s+0\\s+0\\s+1\\.1\\b`));
    expect(usage.stdout).toMatch(/v2\.top\s+2\s+1\s+0\s+0\s+1\.1\b/);
  }, 180_000);

  it('explains its arguments instead of guessing', async () => {
    const bad = await cli('keys.ts', 'create');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--name');
  }, 60_000);
});
