import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Builds the explorer page (web/build.mjs, esbuild) into a fresh temporary folder, so tests neither need a
 * prior `npm run build` nor race over dist/. Returns the folder and the script's sizes.
 */
export function buildExplorerPage(): { dir: string; sizes: { js: number; jsGzip: number } } {
  const dir = mkdtempSync(join(tmpdir(), 'explorer-page-'));
  execFileSync(process.execPath, [join(ROOT, 'web', 'build.mjs'), dir], { stdio: 'pipe', timeout: 60_000 });
  return { dir, sizes: JSON.parse(readFileSync(join(dir, 'sizes.json'), 'utf8')) };
}
