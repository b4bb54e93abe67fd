/**
 * `npm run soak -- --minutes N [--url URL --key KEY] [--concurrency 16] [--rps 0] [--phrases 300] [--interval 10] [--match-types]`
 *
 * A steady mixed load (REST /v1 and /v2, GraphQL) against a running service, or against one it starts itself
 * (src/main.ts on an ephemeral port, demo source, embedded ledger in a temporary DATA_DIR) unless --url is given.
 * Prints errors, latency percentiles and the service's RSS per interval, then a summary; exits 1 on any error.
 */
import { runSoak } from '../test/soak/soak-run.js';
import { mib } from '../bench/support/table.js';

function arg(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (i < 0) return undefined;
  const a = args[i]!;
  return a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[i + 1];
}
const num = (name: string, fallback: number) => {
  const value = Number(arg(name) ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
  return value;
};

const minutes = num('minutes', 1);
const url = arg('url');
const key = arg('key') ?? process.env.SOAK_KEY;
if (url && !key) {
  process.stderr.write('--url needs --key (or SOAK_KEY): a bearer key the service accepts\n');
  process.exit(2);
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
const fmt = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(1) : 'n/a');

async function main(): Promise<void> {
  process.stdout.write(`soak: ${minutes} min against ${url ?? 'a service of its own'}\n`);
  process.stdout.write(`${pad('t (s)', 7)} ${pad('requests', 9)} ${pad('errors', 7)} ${pad('p50 ms', 8)} ${pad('p95 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)} ${pad('RSS', 11)}\n`);
  const report = await runSoak({
    url,
    key,
    matchTypes: process.argv.includes('--match-types'),
    durationMs: minutes * 60_000,
    intervalMs: num('interval', 10) * 1000,
    concurrency: num('concurrency', 16),
    rps: num('rps', 0),
    phrases: num('phrases', 300),
    onInterval: (i) =>
      process.stdout.write(
        `${pad(i.atSeconds.toFixed(1), 7)} ${pad(i.requests, 9)} ${pad(i.errors, 7)} ${pad(fmt(i.p50), 8)} ${pad(fmt(i.p95), 8)} ${pad(fmt(i.p99), 8)} ${pad(fmt(i.max), 8)} ${pad(i.rssBytes === undefined ? 'n/a' : mib(i.rssBytes), 11)}\n`,
      ),
  });
  const rss = report.intervals.map((i) => i.rssBytes).filter((r): r is number => r !== undefined);
  process.stdout.write(
    `\ntotal: ${report.requests} requests, ${report.errors} errors, p50 ${fmt(report.p50)} ms, p99 ${fmt(report.p99)} ms` +
      (report.rssStartBytes !== undefined && rss.length > 0
        ? `; RSS ${mib(report.rssStartBytes)} at start, ${mib(rss.at(-1)!)} at the end, ${mib(Math.max(...rss))} at most\n`
        : '\n'),
  );
  for (const failure of report.failures) process.stdout.write(`  failed: ${failure.item.kind} → ${failure.status} ${failure.error ?? ''}\n`);
  process.exit(report.errors > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
