/** Reads `--name value` / `--name=value` from argv, then `BENCH_NAME` from the environment, then the default. */
export function option(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === `--${name}`) return args[i + 1] ?? fallback;
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] ?? fallback;
}

/** A numeric option (see option()). */
export function numberOption(name: string, fallback: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isFinite(value)) throw new Error(`--${name} must be a number`);
  return value;
}

/** True when `--name` is given as a bare flag (or BENCH_NAME=1). */
export function flag(name: string): boolean {
  return process.argv.includes(`--${name}`) || process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] === '1';
}
