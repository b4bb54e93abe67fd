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
