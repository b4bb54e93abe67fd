/**
 * Memory: RSS growth after putting `--entries` (default 1,000,000) distinct small answers into the bounded memory
 * cache (src/adapters/cache/memory-cache.ts, maxEntries = entries) against a plain Map holding the same values;
 * each in a fresh process, measured after a full GC. ratio = cache growth / Map growth. Then 10% more entries
 * must leave exactly maxEntries in the cache, the oldest evicted.
 *
 *   npm run bench -- memory [--entries 1000000]
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { ROOT } from './support/service-process.js';
import { mib, printTable, ratio } from './support/table.js';

const entries = numberOption('entries', 1_000_000);

interface Fill {
  mode: string;
  fillMs: number;
  before: { rss: number; heapUsed: number };
  after: { rss: number; heapUsed: number };
  afterOverfill?: { rss: number; heapUsed: number };
  present?: number;
  oldestEvicted?: boolean;
}

function fill(mode: 'cache' | 'map'): Fill {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', join(ROOT, 'bench', 'support', 'memory-fill.ts'), mode, String(entries)],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!) as Fill;
}

function main(): void {
  process.stdout.write(`${machineLine()}\n${loadLine()}\nmemory: ${entries.toLocaleString('en')} entries\n`);
  const map = fill('map');
  const cache = fill('cache');
  const growth = (f: Fill) => f.after.rss - f.before.rss;
  const heap = (f: Fill) => f.after.heapUsed - f.before.heapUsed;
  printTable(
    `Memory: ${entries.toLocaleString('en')} distinct entries, RSS growth after GC (ratio = cache / Map)`,
    ['store', 'RSS growth', 'heap growth', 'bytes per entry (RSS)', 'fill time', 'RATIO RSS'],
    [
      ['plain Map', mib(growth(map)), mib(heap(map)), Math.round(growth(map) / entries), `${(map.fillMs / 1000).toFixed(2)} s`, '1.00×'],
      ['memory cache', mib(growth(cache)), mib(heap(cache)), Math.round(growth(cache) / entries), `${(cache.fillMs / 1000).toFixed(2)} s`, ratio(growth(cache) / growth(map))],
    ],
  );
  const extra = Math.ceil(entries / 10);
  const bounded = cache.present === entries && cache.oldestEvicted === true;
  printTable(
    `Bound: ${extra.toLocaleString('en')} more entries into a cache of maxEntries = ${entries.toLocaleString('en')}`,
    ['entries present', 'oldest evicted', 'RSS after overfill', 'bound respected'],
    [[cache.present ?? 'n/a', String(cache.oldestEvicted), mib((cache.afterOverfill?.rss ?? NaN) - cache.before.rss), bounded ? 'yes' : 'NO']],
  );
  if (!bounded) process.exitCode = 1;
}

main();
