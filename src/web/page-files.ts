import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where `npm run build` put the explorer page (dist/web), walking up from this module so it is found from
 * `src/web` (tsx, tests) and from `dist/src/web` (built) alike; undefined before the page is built.
 */
export function findPageDir(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'dist', 'web');
    if (existsSync(join(candidate, 'index.html'))) return candidate;
    dir = dirname(dir);
  }
  return undefined;
}

const TYPES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'explorer.js': 'text/javascript; charset=utf-8',
  'explorer.css': 'text/css; charset=utf-8',
  'favicon.ico': 'image/x-icon',
};

/** The page's files by name: only the ones listed (no path from the request reaches the file system). */
export function createPageFiles(dir: () => string | undefined) {
  const kept = new Map<string, Buffer>();
  return {
    /** The file's bytes and type, or undefined when the name is not a page file or the page is not built. */
    async read(name: string): Promise<{ body: Buffer; type: string } | undefined> {
      const type = TYPES[name];
      const base = dir();
      if (!type || !base) return undefined;
      let body = kept.get(name);
      if (!body) {
        try {
          body = await readFile(join(base, name));
        } catch {
          return undefined;
        }
        kept.set(name, body);
      }
      return { body, type };
    },
  };
}
