import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** A held lock; `release` is idempotent. */
export interface FileLock {
  release(): void;
}

/**
 * Takes an exclusive, process-wide lock by creating `path` (pid inside). PGlite has no locking of its own and two
 * processes opening one data directory corrupt it, so the second one (e.g. the keys CLI while the server runs)
 * must fail with a clear message instead. A lock left by a process that no longer exists is taken over.
 */
export function acquireFileLock(path: string, what: string): FileLock {
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return holdLock(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readOwner(path), 10);
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new Error(
          `${what} is in use by process ${owner} (lock ${path}); stop that process first, ` +
            'or set DATABASE_URL to share a PostgreSQL server between processes',
          { cause: error },
        );
      }
      // Stale lock (its process is gone): remove it and try once more.
      safeUnlink(path);
    }
  }
  throw new Error(`could not lock ${what} (${path})`);
}

function holdLock(path: string): FileLock {
  let held = true;
  // A crash skips close(); 'exit' still runs for normal exits and process.exit(), so most locks are cleaned up,
  // and any left behind are detected as stale by the pid check above.
  const onExit = () => release();
  process.once('exit', onExit);
  function release() {
    if (!held) return;
    held = false;
    process.removeListener('exit', onExit);
    safeUnlink(path);
  }
  return { release };
}

function readOwner(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function safeUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}
