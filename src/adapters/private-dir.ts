import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Owner-only permissions: the directory 0700, what is inside it without any group or other bits. */
const OWNER_ONLY = 0o700;

/**
 * Makes `path` (and missing parents) a private directory: 0700, and everything already inside it stripped of
 * group and other permissions (a file 0644 becomes 0600). The service keeps its development key and the
 * embedded database there (keys' hashes, usage); under the usual umask 022 those files were world-readable.
 * Run at every start, so files from an older version or a copied directory are fixed too. New files are
 * covered by the process umask (main.ts sets 0077).
 */
export function makePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: OWNER_ONLY });
  chmodSync(path, OWNER_ONLY);
  tighten(path);
}

/** Strips group/other bits below `dir`; symbolic links are not followed (their target is not ours to change). */
function tighten(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    const mode = lstatSync(path).mode & 0o7777;
    if ((mode & 0o077) !== 0) chmodSync(path, mode & OWNER_ONLY);
    if (entry.isDirectory()) tighten(path);
  }
}
