import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The development key kept under the data dir, made on first use so that a fresh checkout works without any
 * setup, and kept so that it survives restarts. Returns the key and whether it was just created.
 */
export function loadOrCreateDevKey(dataDir: string): { key: string; created: boolean; path: string } {
  const path = join(dataDir, 'dev-api-key');
  try {
    const key = readFileSync(path, 'utf8').trim();
    if (key.length >= 16) return { key, created: false, path };
  } catch {
    // No key yet: make one below.
  }
  const key = `dev_${randomBytes(24).toString('base64url')}`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path, `${key}\n`, { mode: 0o600 });
  return { key, created: true, path };
}
