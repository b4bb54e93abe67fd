import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// The compile step of `npm start` (scripts/compile-dist.mjs), run as `npm start` runs it: a process of its own,
// here into a temporary folder so the checkout's dist/ is left alone (issue 24, item 12).
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'compile-dist.mjs');

interface Run {
  child: ChildProcess;
  stderr: () => string;
  /** Resolves once stderr contains `text`. */
  saw: (text: string) => Promise<void>;
  exit: Promise<number | null>;
}

function compile(outDir: string): Run {
  const child = spawn(process.execPath, [SCRIPT, outDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let text = '';
  const waiters: Array<{ text: string; resolve: () => void }> = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    for (const waiter of waiters.filter((w) => text.includes(w.text))) waiter.resolve();
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    stderr: () => text,
    saw: (wanted) =>
      new Promise<void>((resolve, reject) => {
        if (text.includes(wanted)) return resolve();
        waiters.push({ text: wanted, resolve });
        void exit.then(() => (text.includes(wanted) ? resolve() : reject(new Error(`exited without "${wanted}": ${text}`))));
      }),
    exit,
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => (item.isDirectory() ? filesUnder(join(dir, item.name)) : [join(dir, item.name)]));
}

/** A compiled module is whole when it ends with its source-map comment (esbuild writes it last). */
const isWhole = (code: string) => /\/\/# sourceMappingURL=[\w.-]+\.js\.map\s*$/.test(code);

/** The output a start can run: every module whole, the entry parses, nothing left of staging or locking. */
function expectRunnable(outDir: string) {
  const files = filesUnder(outDir);
  const modules = files.filter((f) => f.endsWith('.js') && f.includes(`${join(outDir, 'src')}/`));
  expect(modules.length).toBeGreaterThan(250);
  for (const file of modules) expect(isWhole(readFileSync(file, 'utf8')), file).toBe(true);
  execFileSync(process.execPath, ['--check', join(outDir, 'src', 'main.js')]);
  expect(existsSync(join(outDir, 'web', 'explorer.js'))).toBe(true);
  expect(files.filter((f) => /\.tmp-|\/\.build-|\.start-lock/.test(f))).toEqual([]);
}

const dirs: string[] = [];
const freshOut = () => {
  const dir = mkdtempSync(join(tmpdir(), 'start-compile-'));
  dirs.push(dir);
  return join(dir, 'dist');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the compile step of npm start, twice at once in one checkout (issue 24, item 12)', { timeout: 60_000 }, () => {
  it('compiles once: the second start waits for the first, then finds the output fresh, and both come up', async () => {
    const outDir = freshOut();
    mkdirSync(outDir, { recursive: true });
    // Hold the lock as a live process (this one) until both starts have said they wait: both are then surely
    // concurrent, however the machine schedules them, and neither can have written a byte.
    const lock = join(outDir, '.start-lock');
    writeFileSync(lock, `${process.pid} test\n`);
    const first = compile(outDir);
    const second = compile(outDir);
    await Promise.all([first.saw('waiting for it'), second.saw('waiting for it')]);
    expect(existsSync(join(outDir, 'src'))).toBe(false);
    unlinkSync(lock);

    expect(await Promise.all([first.exit, second.exit])).toEqual([0, 0]);
    const logs = [first.stderr(), second.stderr()];
    expect(logs.filter((log) => /compiled \d+ files and the explorer page/.test(log))).toHaveLength(1);
    expect(logs.filter((log) => log.includes('up to date (compiled by the start we waited for)'))).toHaveLength(1);
    expectRunnable(outDir);
  });

  it('takes over a lock whose holder died (a start killed mid-compile does not block the next)', async () => {
    const outDir = freshOut();
    mkdirSync(outDir, { recursive: true });
    const pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));
    writeFileSync(join(outDir, '.start-lock'), `${pidMax + 1} dead\n`); // no process can have this pid
    const run = compile(outDir);
    expect(await run.exit).toBe(0);
    expect(run.stderr()).not.toContain('waiting');
    expectRunnable(outDir);
  });

  it('replaces an output by renaming whole files over it, never by rewriting a file a service may be reading', async () => {
    const outDir = freshOut();
    expect(await compile(outDir).exit).toBe(0);
    // Sources "changed": the next start recompiles over the output a running service may still be importing from.
    unlinkSync(join(outDir, '.start-stamp'));
    const files = filesUnder(outDir);
    const before = new Map(files.map((file) => [file, statSync(file).ino]));
    // Each old file hard-linked aside, so its inode stays taken and no new file can be given the same number.
    const kept = join(dirname(outDir), 'kept');
    mkdirSync(kept);
    files.forEach((file, i) => linkSync(file, join(kept, String(i))));
    const run = compile(outDir);
    expect(await run.exit).toBe(0);
    expect(run.stderr()).toMatch(/compiled \d+ files/);
    // A file written in place keeps its inode, and a reader can catch it half-written; a file renamed over the old
    // one is a new inode, whole from its first byte. Every output file, modules, maps and page, is the latter.
    const rewrittenInPlace = files.filter((file) => statSync(file).ino === before.get(file));
    expect(rewrittenInPlace).toEqual([]);
    expectRunnable(outDir);
  });
});
