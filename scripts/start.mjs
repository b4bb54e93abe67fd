// `npm start`: compiles src/ into dist/ when it changed since the last start (scripts/compile-dist.mjs), then runs
// the service in this process. esbuild transpiles each file on its own (a fraction of a second; tsc's full type
// check took 10 s and more on a fresh clone, and several seconds just to find nothing had changed). It does not
// type-check: `npm run typecheck` and `npm run build` (tsc, what the Docker image and CI use) do. The compile step
// is safe against a second `npm start` in the same checkout (a lock, and every file renamed into place whole).
// Plain JavaScript, so nothing compiles this file.
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { compileDist } from './compile-dist.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
try {
  await compileDist({ root });
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

// `npm start` is the development command: the explorer may offer the development key to a browser on this
// machine (the service still checks loopback peer, loopback Host and that
// every header is one a local browser sends). Set it to false to stop it.
process.env.EXPLORER_OFFER_DEV_KEY ??= 'true';
await import(pathToFileURL(join(root, 'dist', 'src', 'main.js')).href);
