import { createReadStream, existsSync } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { createGunzip } from 'node:zlib';

/** Files larger than this are unpacked piece by piece. */
const PIECE_BYTES = 1 << 20;

/** The shipped empty database under data/ (made by `npm run db:template`). */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

/**
 * Makes `dataDir` a PGlite data directory before PGlite opens it: an existing one is left alone; a missing one is
 * unpacked from the shipped template (an empty initdb output), so the first start skips initdb, which takes
 * seconds and over 600 MiB. Asynchronous throughout (gunzip in the thread pool, async writes): the event loop
 * stays free. Unpacks next to the target and renames, so an interrupted first start leaves no half directory.
 * Streamed, one archive entry at a time: the whole 39 MB archive held in memory stayed resident (~30 MiB) in the
 * database's thread long after the first start, since that thread allocates too little to collect it soon.
 * Returns how the directory came to be; `initdb` when there is no template (PGlite then runs initdb itself).
 * Kept over PGlite's own `loadDataDir` (which `memory://` uses): that writes through PGlite's synchronous file
 * system, and the first open took 1.2–2.1× the wall time (bench/pglite-first-open.bench.ts, bench/README.md).
 */
export async function preparePgliteDataDir(dataDir: string, templatePath: string | undefined): Promise<'existing' | 'template' | 'initdb'> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return 'existing';
  if (!templatePath || !existsSync(templatePath)) return 'initdb';
  const staging = `${dataDir}.unpacking-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await unpackTar(createReadStream(templatePath).pipe(createGunzip()), staging);
    await rm(dataDir, { recursive: true, force: true }); // an empty directory left by an earlier PGlite version
    await rename(staging, dataDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return 'template';
}

/**
 * Writes the regular files and directories of a ustar/pax archive under `target` (no links: PGlite makes none),
 * reading it as a stream: at most one entry of up to PIECE_BYTES is held in memory at a time.
 */
async function unpackTar(tar: AsyncIterable<Buffer>, target: string): Promise<void> {
  await mkdir(target, { recursive: true, mode: 0o700 });
  const read = byteReader(tar[Symbol.asyncIterator]());
  let longName: string | undefined;
  for (;;) {
    const header = await read(512);
    if (!header || header.every((byte) => byte === 0)) break; // end of archive
    const size = Number.parseInt(field(header, 124, 12) || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const name = entryName(header, longName);
    if ((type === '0' || type === '\0') && size > PIECE_BYTES) {
      // A large file (the WAL segment) is written piece by piece rather than held whole.
      longName = undefined;
      const path = safeJoin(target, name);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const file = await open(path, 'w', 0o600);
      try {
        for (let left = size; left > 0; left -= PIECE_BYTES) {
          const piece = await read(Math.min(left, PIECE_BYTES));
          if (!piece) throw new Error('the database template is truncated');
          await file.write(piece);
        }
      } finally {
        await file.close();
      }
      if (!(await read(Math.ceil(size / 512) * 512 - size))) throw new Error('the database template is truncated');
      continue;
    }
    const padded = await read(Math.ceil(size / 512) * 512);
    if (!padded) throw new Error('the database template is truncated');
    const body = padded.subarray(0, size);
    if (type === 'x') {
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1] ?? longName;
      continue;
    }
    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    longName = undefined;
    const path = safeJoin(target, name);
    if (type === '5') await mkdir(path, { recursive: true, mode: 0o700 });
    else if (type === '0' || type === '\0') {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, body, { mode: 0o600 });
    }
  }
}

/** An entry's path: a preceding pax or GNU long name, else the header's prefix and name. */
function entryName(header: Buffer, longName: string | undefined): string {
  const prefix = field(header, 345, 155);
  return longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
}

/** Reads exactly `n` bytes at a time from a stream of chunks (undefined at its end), copying only across chunks. */
function byteReader(chunks: AsyncIterator<Buffer>): (n: number) => Promise<Buffer | undefined> {
  let queue: Buffer[] = [];
  let queued = 0;
  return async (n) => {
    if (n === 0) return Buffer.alloc(0);
    while (queued < n) {
      const next = await chunks.next();
      if (next.done) return undefined;
      queue.push(next.value);
      queued += next.value.length;
    }
    const all = queue.length === 1 ? queue[0]! : Buffer.concat(queue, queued);
    const rest = all.subarray(n);
    queue = rest.length > 0 ? [rest] : [];
    queued = rest.length;
    return all.subarray(0, n);
  };
}

function field(header: Buffer, start: number, length: number): string {
  return header.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '').trim();
}

/** `name` under `root`, refusing anything that would land outside it. */
function safeJoin(root: string, name: string): string {
  const relative = normalize(name.replace(/^\/+/, ''));
  if (relative === '..' || relative.startsWith(`..${sep}`) || relative.startsWith(sep)) throw new Error(`unsafe path in template: ${name}`);
  return join(root, relative);
}
