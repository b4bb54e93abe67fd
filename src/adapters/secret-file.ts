import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The secret kept in `path` (trimmed), or undefined when there is none (or it is too short to be one). */
export function readSecretFile(path: string): string | undefined {
  try {
    const secret = readFileSync(path, 'utf8').trim();
    return secret.length >= 16 ? secret : undefined;
  } catch {
    return undefined;
  }
}

/** The secret kept in `path`; a new random one (`prefix` + 256 bits), readable by the owner only, when none. */
export function loadOrCreateSecretFile(path: string, prefix: string): string {
  const kept = readSecretFile(path);
  if (kept) return kept;
  const secret = `${prefix}${randomBytes(32).toString('base64url')}`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${secret}\n`, { mode: 0o600 });
  return secret;
}
