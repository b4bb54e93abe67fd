/** Prints rows as an aligned plain-text table (readable in a terminal and pasteable into Markdown). */
export function printTable(title: string, header: readonly string[], rows: readonly (readonly (string | number)[])[]): void {
  const cells = [header, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]?.length ?? 0)));
  const line = (row: readonly string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(`${line(cells[0]!)}\n`);
  process.stdout.write(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`);
  for (const row of cells.slice(1)) process.stdout.write(`${line(row)}\n`);
}

/** A ratio with two decimals, e.g. `0.43×`. */
export const ratio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');

/** Milliseconds with a sensible number of decimals. */
export const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** Bytes as MiB with one decimal. */
export const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
