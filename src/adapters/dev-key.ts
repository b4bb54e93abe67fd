import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateDir } from './private-dir.js';

/**
 * The development key kept under the data dir, made on first use so that a fresh checkout works without any
 * setup, and kept so that it survives restarts. The directory is private and the file 0600, both checked at
 * every start. Returns the key and whether it was just created.
 */
export function loadOrCreateDevKey(dataDir: string): { key: string; created: boolean; path: string } {
  const path = join(dataDir, 'dev-api-key');
  // At every start, not only on creation: a key file copied in or left by an older version may be 0644.
  makePrivateDir(dataDir);
  try {
    const key = readFileSync(path, 'utf8').trim();
    if (key.length >= 16) {
      chmodSync(path, 0o600);
      return { key, created: false, path };
    }
  } catch {
    // No key yet: make one below.
  }
  const key = `dev_${randomBytes(24).toString('base64url')}`;
  writeFileSync(path, `${key}\n`, { mode: 0o600 });
  chmodSync(path, 0o600); // writeFileSync's mode applies only when it creates the file
  return { key, created: true, path };
}
