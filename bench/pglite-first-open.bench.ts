/**
 * The first open of a new embedded database, two ways: the hand-built template unpacking the service uses
 * (src/adapters/sql/pglite-template.ts: gunzip in the thread pool, async writes into a staging directory, rename)
 * then PGlite.create on the directory, against PGlite's own `loadDataDir` (PGlite gunzips and untars the same
 * template itself, through its synchronous WebAssembly file system; the service uses it for `memory://` only,
 * where there is no directory to unpack into). Each open is on a fresh directory, in this
 * process (no worker), alternating, `--runs` of each; medians of wall time and of this process's CPU time.
 *
 *   npm run bench -- pglite-first-open [--runs 5]
 *
 * RATIO = loadDataDir / hand-built (wall): above 1 the hand-built one is faster.
 */
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { findDataFile } from '../src/adapters/region-data.js';
import { PGLITE_TEMPLATE_FILE, preparePgliteDataDir } from '../src/adapters/sql/pglite-template.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { printTable, ratio } from './support/table.js';

const runs = numberOption('runs', 5);
const template = findDataFile(PGLITE_TEMPLATE_FILE);
// The service's own start parameters (pglite-client.ts): the same work after loading, both ways.
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function timeOpen(load: (dataDir: string) => Promise<PGlite>): Promise<{ wall: number; cpu: number }> {
  const root = await mkdtemp(join(tmpdir(), 'sds-first-open-'));
  try {
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const db = await load(join(root, 'pglite'));
    await db.query('SELECT 1');
    const wall = performance.now() - t0;
    const used = process.cpuUsage(cpu0);
    await db.close();
    return { wall, cpu: (used.user + used.system) / 1000 };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const handBuilt = async (dataDir: string) => {
  await preparePgliteDataDir(dataDir, template);
  return PGlite.create(dataDir, { startParams });
};
const loadDataDir = async (dataDir: string) =>
  PGlite.create(dataDir, { startParams, loadDataDir: new Blob([readFileSync(template)], { type: 'application/gzip' }) });

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

process.stdout.write(`${machineLine()}\n${loadLine()}\n`);
const own = { wall: [] as number[], cpu: [] as number[] };
const lib = { wall: [] as number[], cpu: [] as number[] };
await timeOpen(handBuilt); // warm-up: the first compile of PGlite's WebAssembly module is paid once per process
for (let run = 0; run < runs; run++) {
  const sides = [
    async () => {
      const t = await timeOpen(handBuilt);
      own.wall.push(t.wall);
      own.cpu.push(t.cpu);
    },
    async () => {
      const t = await timeOpen(loadDataDir);
      lib.wall.push(t.wall);
      lib.cpu.push(t.cpu);
    },
  ];
  if (run % 2 === 1) sides.reverse();
  for (const side of sides) await side();
}
process.stdout.write(`${loadLine()}\n`);
printTable(
  `first open of a new data directory, median of ${runs} (ms)`,
  ['way', 'wall', 'CPU', 'RATIO wall'],
  [
    ['hand-built unpack + open', median(own.wall).toFixed(0), median(own.cpu).toFixed(0), '1.00×'],
    ['PGlite loadDataDir', median(lib.wall).toFixed(0), median(lib.cpu).toFixed(0), ratio(median(lib.wall) / median(own.wall))],
  ],
);
