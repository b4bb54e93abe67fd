// Builds the explorer page (web/) into dist/web/: one bundled, minified script and stylesheet (uPlot
// included, nothing from a CDN), the HTML page and the icon. Run by `npm run build`; tests call buildExplorer().
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_OUT_DIR = join(here, '..', 'dist', 'web');

/** Bundles the page into `outDir`; returns the script's size in bytes, raw and gzipped. */
export async function buildExplorer(outDir = DEFAULT_OUT_DIR) {
  await mkdir(outDir, { recursive: true });
  await build({
    entryPoints: { explorer: join(here, 'src', 'main.ts') },
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020'],
    outdir: outDir,
    logLevel: 'warning',
    legalComments: 'none',
  });
  await copyFile(join(here, 'index.html'), join(outDir, 'index.html'));
  await copyFile(join(here, 'favicon.ico'), join(outDir, 'favicon.ico'));
  const script = await readFile(join(outDir, 'explorer.js'));
  const sizes = { js: script.length, jsGzip: gzipSync(script, { level: 9 }).length };
  await writeFile(join(outDir, 'sizes.json'), `${JSON.stringify(sizes)}\n`);
  return sizes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = await buildExplorer(process.argv[2] ?? DEFAULT_OUT_DIR);
  console.log(`explorer page built: explorer.js ${(sizes.js / 1024).toFixed(1)} KiB, ${(sizes.jsGzip / 1024).toFixed(1)} KiB gzipped`);
}
