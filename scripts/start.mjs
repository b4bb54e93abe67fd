// `npm start`: compiles src/ into dist/ when it changed since the last start, then runs the service in this process.
// esbuild transpiles each file on its own (a fraction of a second; tsc's full type check took 10 s and more on a
// fresh clone, and several seconds just to find nothing had changed). It does not type-check: `npm run typecheck`
// and `npm run build` (tsc, what the Docker image and CI use) do. Plain JavaScript, so nothing compiles this file.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist', 'src', 'main.js');
const stampFile = join(root, 'dist', '.start-stamp');

/** Every .ts file under src/. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    if (item.isDirectory()) return sources(path);
    return item.name.endsWith('.ts') && !item.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = sources(join(root, 'src')).sort();
// The explorer page (web/) is bundled into dist/web/ by web/build.mjs; it is rebuilt with the service.
const webFiles = [...sources(join(root, 'web', 'src')).sort(), ...['index.html', 'favicon.ico', 'build.mjs'].map((name) => join(root, 'web', name))];
// What the output depends on: each source's path, size and mtime, the compiler settings and the compiler version.
const hash = createHash('sha256');
for (const file of [...files, ...webFiles, join(root, 'tsconfig.json'), join(root, 'node_modules', 'esbuild', 'package.json')]) {
  const stat = existsSync(file) ? statSync(file) : undefined;
  hash.update(`${relative(root, file)}\0${stat?.size}\0${stat?.mtimeMs}\n`);
}
const signature = hash.digest('hex');
const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';

if (!existsSync(entry) || stamp !== signature) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    process.stderr.write('dist/ is out of date and esbuild (a dev dependency) is not installed: run `npm run build` first\n');
    process.exit(1);
  }
  const started = performance.now();
  await esbuild.build({
    entryPoints: files,
    outdir: join(root, 'dist'),
    outbase: root,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    tsconfig: join(root, 'tsconfig.json'),
  });
  const { buildExplorer } = await import(pathToFileURL(join(root, 'web', 'build.mjs')).href);
  await buildExplorer();
  await esbuild.stop?.();
  writeFileSync(stampFile, signature);
  process.stderr.write(`compiled ${files.length} files and the explorer page into dist/ in ${Math.round(performance.now() - started)} ms\n`);
}

// `npm start` is the development command: the explorer may offer the development key to a browser on this
// machine (the service still checks loopback peer, loopback Host and no proxy headers). Set it to false to stop it.
process.env.EXPLORER_OFFER_DEV_KEY ??= 'true';
await import(pathToFileURL(entry).href);
