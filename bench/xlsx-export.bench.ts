/**
 * XLSX export of a big task's table (issue 21): the workbook against the CSV of the same table, in the same run,
 * and the longest the event loop went without a turn while each was written (a 10,000-row workbook written in
 * one piece held it ~2 s; now ExcelJS's streaming writer yields every 250 rows).
 *
 *   npm run bench -- xlsx-export [--rows 10000] [--rounds 3]
 */
import { writeCsv } from '../src/rest/csv/csv-format.js';
import { writeXlsx } from '../src/services/files/xlsx-format.js';
import { loadLine, machineLine } from './support/machine.js';
import { numberOption } from './support/options.js';
import { printTable, ratio } from './support/table.js';

const rowCount = numberOption('rows', 10_000);
const rounds = numberOption('rounds', 3);

/** A search_volume table's shape: keyword, 13 fields, 24 months. */
const columns = ['keyword', ...Array.from({ length: 13 }, (_, i) => `field_${i}`), ...Array.from({ length: 24 }, (_, i) => `m${i}`)];
const rows = Array.from({ length: rowCount }, (_, r) => columns.map((_, i) => (i === 0 ? `ключевое слово ${r}` : (r * 37 + i) % 100_000)));

/** Runs `work`, timing it and the worst gap between 5 ms ticks meanwhile. */
async function measure(work: () => unknown): Promise<{ ms: number; stallMs: number; bytes: number }> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  const out = (await work()) as string | Uint8Array;
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 10)); // the tick after a synchronous writer
  worst = Math.max(worst, performance.now() - last);
  clearInterval(timer);
  return { ms, stallMs: worst, bytes: typeof out === 'string' ? Buffer.byteLength(out) : out.length };
}

async function main(): Promise<void> {
  process.stdout.write(`${machineLine()}\n${loadLine()}\nxlsx export: ${rowCount} rows × ${columns.length} columns, ${rounds} rounds\n`);
  const table = { columns, rows };
  const out: (string | number)[][] = [];
  for (let round = 1; round <= rounds; round++) {
    const csv = await measure(() => writeCsv(table, 'excel'));
    const xlsx = await measure(() => writeXlsx(table, 'search_volume'));
    out.push([round, `${csv.ms.toFixed(0)} ms`, `${xlsx.ms.toFixed(0)} ms`, ratio(xlsx.ms / csv.ms), `${csv.stallMs.toFixed(0)} ms`, `${xlsx.stallMs.toFixed(0)} ms`, `${(csv.bytes / 1024).toFixed(0)} / ${(xlsx.bytes / 1024).toFixed(0)} KiB`]);
  }
  printTable('XLSX vs CSV of the same table (RATIO = XLSX time / CSV time; stall = longest loop gap while writing)', ['round', 'CSV', 'XLSX', 'RATIO time', 'CSV stall', 'XLSX stall', 'CSV / XLSX size'], out);
  process.stdout.write(`${loadLine()}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
