/**
 * The long fuzzing run, on demand: `npm run fuzz [-- --runs 100000] [--seed N] [--family rest|graphql]`.
 * Same properties as the seeded run in `npm test` (test/fuzz/fuzz.test.ts), as many cases as asked for, a fresh
 * random seed unless one is given; a failure prints the seed and the shrunk request to replay.
 */
import fc from 'fast-check';
import { countingUnhandledRejections, createFuzzApp, FAMILIES, serviceProperty } from './harness.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const runs = Number(arg('runs', process.env.FUZZ_RUNS ?? '100000'));
const seed = Number(arg('seed', process.env.FUZZ_SEED ?? String(Date.now() % 2 ** 31)));
const family = arg('family', 'all');
const families = family === 'all' ? (['rest', 'graphql'] as const) : ([family] as ('rest' | 'graphql')[]);
if (!(runs > 0) || families.some((f) => !(f in FAMILIES))) {
  process.stderr.write('usage: npm run fuzz -- [--runs N] [--seed N] [--family rest|graphql|all]\n');
  process.exit(2);
}

async function main(): Promise<void> {
  const app = createFuzzApp();
  let failed = false;
  try {
    for (const name of families) {
      const started = Date.now();
      process.stdout.write(`fuzz ${name}: ${runs} cases, seed ${seed} …\n`);
      const rejections = await countingUnhandledRejections(async () => {
        const details = await fc.check(serviceProperty(app, FAMILIES[name]), { numRuns: runs, seed, endOnFailure: false });
        if (details.failed) {
          failed = true;
          process.stdout.write(`${fc.defaultReportMessage(details) ?? 'failed'}\n`);
          const cause = details.errorInstance;
          if (cause) process.stdout.write(`${cause instanceof Error ? cause.message : String(cause)}\n`);
        }
      });
      if (rejections.length > 0) {
        failed = true;
        process.stdout.write(`${rejections.length} unhandled rejection(s), first: ${String(rejections[0])}\n`);
      }
      process.stdout.write(`fuzz ${name}: ${failed ? 'FAILED' : 'ok'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    }
  } finally {
    await app.close();
  }
  process.exit(failed ? 1 : 0);
}

void main();
