/**
 * `npm run bench [-- NAME… --flags]`: runs bench/NAME.bench.ts (default: every benchmark), each in a process of
 * its own so one cannot disturb another's memory or JIT state. Flags are passed to every benchmark; see the
 * head of each bench file. On demand only: never part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../bench/support/service-process.js';

const available = readdirSync(join(ROOT, 'bench'))
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort();
const args = process.argv.slice(2);
// Flag values (`--seconds 5`) are not benchmark names: names are the bare words that name a benchmark.
const names = args.filter((arg) => available.includes(arg));
const flags = args.filter((arg) => !available.includes(arg));
const unknown = args.filter((arg, i) => !arg.startsWith('--') && !available.includes(arg) && !args[i - 1]?.startsWith('--'));
if (unknown.length > 0) {
  process.stderr.write(`unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ')}\n`);
  process.exit(2);
}

let failed = 0;
for (const name of names.length > 0 ? names : available) {
  process.stdout.write(`\n=== ${name} ===\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', `${name}.bench.ts`), ...flags], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed++;
    process.stderr.write(`${name} failed (exit ${result.status ?? result.signal})\n`);
  }
}
process.exit(failed > 0 ? 1 : 0);
