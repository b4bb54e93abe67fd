/** `--name VALUE` or `--name=VALUE` from a command line. */
export function optionValue(args: string[], option: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === option) return args[i + 1];
    if (arg.startsWith(`${option}=`)) return arg.slice(option.length + 1);
  }
  return undefined;
}

/** Runs a command's main: its number is the exit code; a failure prints its message (no stack) and exits 1. */
export function runMain(main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}

/** Left-aligned text, right-aligned numbers, columns padded to their widest cell; the first row is the header. */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const numeric = (cell: string) => /^-?\d+(\.\d+)?$/.test(cell);
  const line = (r: string[]) =>
    r.map((cell, i) => (numeric(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}
