import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateDevKey } from '../../src/adapters/dev-key.js';
import { makePrivateDir } from '../../src/adapters/private-dir.js';
import { ROOT, startNodeProcess } from '../../bench/support/service-process.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sds-perm-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every path below `dir` whose mode lets group or others in. */
function looseBelow(dir: string): string[] {
  const loose: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name);
    if (!entry.isSymbolicLink() && (modeOf(path) & 0o077) !== 0) loose.push(`${path} ${modeOf(path).toString(8)}`);
  }
  return loose;
}

describe('file permissions (issue 11, item 13)', () => {
  it('makePrivateDir makes the directory 0700 and strips group/other bits below it', () => {
    const dir = join(tempDir(), 'data');
    mkdirSync(join(dir, 'pglite', 'base'), { recursive: true, mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'pglite', 'base', 'rel'), 'x', { mode: 0o644 });
    writeFileSync(join(dir, 'script'), 'x', { mode: 0o755 });
    makePrivateDir(dir);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, 'pglite', 'base'))).toBe(0o700);
    expect(modeOf(join(dir, 'pglite', 'base', 'rel'))).toBe(0o600);
    expect(modeOf(join(dir, 'script'))).toBe(0o700);
    expect(looseBelow(dir)).toEqual([]);
  });

  it('a reused dev-key file is re-checked and fixed to 0600, its directory to 0700', () => {
    const dir = join(tempDir(), 'data');
    mkdirSync(dir, { mode: 0o755 });
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'dev-api-key'), 'dev_reused_key_0123456789\n', { mode: 0o644 });
    chmodSync(join(dir, 'dev-api-key'), 0o644);
    const { key, created } = loadOrCreateDevKey(dir);
    expect({ key, created }).toEqual({ key: 'dev_reused_key_0123456789', created: false });
    expect(modeOf(join(dir, 'dev-api-key'))).toBe(0o600);
    expect(modeOf(dir)).toBe(0o700);
  });

  it('the service under umask 022 keeps DATA_DIR and the embedded database private (existing loose files fixed)', async () => {
    const dataDir = join(tempDir(), 'runtime');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'dev-api-key'), 'dev_reused_key_0123456789\n');
    chmodSync(join(dataDir, 'dev-api-key'), 0o644);
    const previous = process.umask(0o022); // the child inherits it, as from a usual shell
    let service;
    try {
      service = await startNodeProcess(join(ROOT, 'src', 'main.ts'), {
        env: { NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', SOURCE: 'demo', DATA_DIR: dataDir, API_KEYS: '', DATABASE_URL: undefined, REDIS_URL: undefined },
        timeoutMs: 60_000,
      });
    } finally {
      process.umask(previous);
    }
    try {
      // A billed request makes the ledger write, so files created while serving are covered too.
      const res = await fetch(`${service.url}/v2/stats/top`, {
        method: 'POST',
        headers: { authorization: 'Bearer dev_reused_key_0123456789', 'content-type': 'application/json' },
        body: JSON.stringify({ phrase: 'ноутбук' }),
      });
      expect(res.status).toBe(200);
    } finally {
      await service.stop(20_000);
    }
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'pglite'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'dev-api-key'))).toBe(0o600);
    const files = readdirSync(join(dataDir, 'pglite'), { recursive: true });
    expect(files.length).toBeGreaterThan(100);
    expect(looseBelow(dataDir)).toEqual([]);
  }, 90_000);
});
