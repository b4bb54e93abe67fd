// The compile step of `npm start`: src/ into dist/ (esbuild, one file at a time) and the explorer page into
// dist/web/, only when something it depends on changed. Safe against a second `npm start` in the same checkout
// (issue 24, item 12: two starts recompiled dist/ at once and one died importing a half-written file):
//   - one compile at a time: a lock file names its holder's pid; the other start waits, then finds dist/ fresh
//     and compiles nothing. A lock whose holder died is taken over; after a long wait the start compiles anyway.
//   - no file is ever half-written where a reader looks: every output is written beside its place and renamed
//     over it (rename is atomic), so even a compile that does run beside another, or beside a running service
//     that imports lazily, only ever exposes whole files.
// Plain JavaScript, so nothing compiles this file. `node scripts/compile-dist.mjs [outDir]` runs it alone.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const defaultRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Every .ts file under `dir`. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    if (item.isDirectory()) return sources(path);
    return item.name.endsWith('.ts') && !item.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every file under `dir`, recursively. */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    return item.isDirectory() ? filesUnder(path) : [path];
  });
}

/** `content` at `path`, written beside it first and renamed over it: a reader sees the old file or the new one. */
function writeAtomically(path, content) {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, content);
  renameSync(temporary, path);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM'; // exists, owned by someone else
  }
}

/**
 * Takes the lock file at `path`, waiting while a live process holds it. Created whole in one step (a private
 * file linked to the lock's name: link fails if the name exists), so nobody ever reads a lock without its pid.
 * Returns a release function. `onWait(holderPid)` is called once when the lock is found held.
 */
export async function takeLock(path, { onWait = () => {}, pollMs = 100, giveUpMs = 120_000 } = {}) {
  mkdirSync(dirname(path), { recursive: true });
  const token = `${process.pid} ${randomBytes(8).toString('hex')}\n`;
  const mine = `${path}.${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(mine, token);
  const started = Date.now();
  let told = false;
  try {
    for (;;) {
      try {
        linkSync(mine, path);
        break;
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
      let holder;
      try {
        holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      } catch {
        continue; // released between our link and our read: try again at once
      }
      if (!Number.isInteger(holder) || !isAlive(holder)) {
        // The holder died (SIGKILL, a crash) without releasing: its lock protects nothing. Two takers racing
        // here may both compile; the atomic writes keep that harmless.
        rmSync(path, { force: true });
        continue;
      }
      if (Date.now() - started > giveUpMs) return () => {}; // compile anyway: writes are atomic, waiting is only economy
      if (!told) onWait(holder);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  } finally {
    rmSync(mine, { force: true });
  }
  return () => {
    // Only our own lock: after a takeover the name may belong to someone else.
    try {
      if (readFileSync(path, 'utf8') === token) unlinkSync(path);
    } catch {
      // already gone
    }
  };
}

/** What the output depends on: each source's path, size and mtime, the compiler settings and the compiler version. */
function signatureOf(root, files, webFiles) {
  const hash = createHash('sha256');
  for (const file of [...files, ...webFiles, join(root, 'tsconfig.json'), join(root, 'node_modules', 'esbuild', 'package.json')]) {
    const stat = existsSync(file) ? statSync(file) : undefined;
    hash.update(`${relative(root, file)}\0${stat?.size}\0${stat?.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * Compiles `root`'s src/ and explorer page into `outDir` unless it is fresh. Resolves to what happened:
 * `{ compiled: true, files, ms }`, or `{ compiled: false, waited }` when the output was fresh (`waited`: another
 * start had been compiling it). `log` receives one line per event worth telling a developer.
 */
export async function compileDist({ root = defaultRoot, outDir = join(root, 'dist'), log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  const entry = join(outDir, 'src', 'main.js');
  const stampFile = join(outDir, '.start-stamp');
  const files = sources(join(root, 'src')).sort();
  // The explorer page (web/) is bundled into dist/web/ by web/build.mjs; it is rebuilt with the service.
  const webFiles = [...sources(join(root, 'web', 'src')).sort(), ...['index.html', 'favicon.ico', 'build.mjs'].map((name) => join(root, 'web', name))];
  const signature = signatureOf(root, files, webFiles);
  const shown = outDir.startsWith(`${root}/`) ? relative(root, outDir) : outDir;
  const fresh = () => existsSync(entry) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === signature;
  if (fresh()) return { compiled: false, waited: false };

  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('dist/ is out of date and esbuild (a dev dependency) is not installed: run `npm run build` first');
  }
  let waited = false;
  const release = await takeLock(join(outDir, '.start-lock'), {
    onWait: (pid) => {
      waited = true;
      log(`another start (pid ${pid}) is compiling ${shown}: waiting for it`);
    },
  });
  const staging = join(outDir, `.build-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    if (fresh()) return { compiled: false, waited }; // the start we waited for compiled the same sources
    const started = performance.now();
    // Built in memory for the final paths (so source maps point the right way), then each file renamed into place.
    const result = await esbuild.build({
      entryPoints: files,
      outdir: outDir,
      outbase: root,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      tsconfig: join(root, 'tsconfig.json'),
      write: false,
    });
    // The explorer's own build writes files: into a staging directory beside dist/web/, then moved file by file.
    const { buildExplorer } = await import(pathToFileURL(join(root, 'web', 'build.mjs')).href);
    await buildExplorer(join(staging, 'web'));
    await esbuild.stop?.();
    for (const output of result.outputFiles) writeAtomically(output.path, output.contents);
    for (const file of filesUnder(join(staging, 'web'))) {
      const target = join(outDir, 'web', relative(join(staging, 'web'), file));
      mkdirSync(dirname(target), { recursive: true });
      renameSync(file, target);
    }
    // Last: the stamp says the whole output is in place.
    writeAtomically(stampFile, signature);
    const ms = Math.round(performance.now() - started);
    log(`compiled ${files.length} files and the explorer page into ${shown} in ${ms} ms`);
    return { compiled: true, files: files.length, ms };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const outcome = await compileDist(process.argv[2] ? { outDir: resolve(process.argv[2]) } : {});
    if (!outcome.compiled) process.stderr.write(`up to date${outcome.waited ? ' (compiled by the start we waited for)' : ''}\n`);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
