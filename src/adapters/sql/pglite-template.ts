import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/** The shipped empty database under data/ (made by `npm run db:template`). */
export const PGLITE_TEMPLATE_FILE = 'pglite-template.tar.gz';

/**
 * Makes `dataDir` a PGlite data directory before PGlite opens it: an existing one is left alone; a missing one is
 * unpacked from the shipped template (an empty initdb output), so the first start skips initdb, which takes
 * seconds and over 600 MiB. Asynchronous throughout (gunzip in the thread pool, async writes): the event loop
 * stays free. Unpacks next to the target and renames, so an interrupted first start leaves no half directory.
 * Returns how the directory came to be; `initdb` when there is no template (PGlite then runs initdb itself).
 * Kept over PGlite's own `loadDataDir` (which `memory://` uses): that writes through PGlite's synchronous file
 * system, and the first open took 1.2–2.1× the wall time (bench/pglite-first-open.bench.ts, bench/README.md).
 */
export async function preparePgliteDataDir(dataDir: string, templatePath: string | undefined): Promise<'existing' | 'template' | 'initdb'> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return 'existing';
  if (!templatePath || !existsSync(templatePath)) return 'initdb';
  const tar = await promisify(gunzip)(await readFile(templatePath));
  const staging = `${dataDir}.unpacking-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  try {
    await unpackTar(tar, staging);
    await rm(dataDir, { recursive: true, force: true }); // an empty directory left by an earlier PGlite version
    await rename(staging, dataDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return 'template';
}

/** Writes the regular files and directories of a ustar/pax archive under `target` (no links: PGlite makes none). */
async function unpackTar(tar: Buffer, target: string): Promise<void> {
  await mkdir(target, { recursive: true, mode: 0o700 });
  let longName: string | undefined;
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break; // end of archive
    const size = Number.parseInt(field(header, 124, 12) || '0', 8);
    const type = String.fromCharCode(header[156]!);
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'x') {
      longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1] ?? longName;
      continue;
    }
    if (type === 'L') {
      longName = body.toString('utf8').replace(/\0.*$/s, '');
      continue;
    }
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    longName = undefined;
    const path = safeJoin(target, name);
    if (type === '5') await mkdir(path, { recursive: true, mode: 0o700 });
    else if (type === '0' || type === '\0') {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeFile(path, body, { mode: 0o600 });
    }
  }
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
