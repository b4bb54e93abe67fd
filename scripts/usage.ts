/**
 * Every key's usage as a table: `npm run usage [-- --from YYYY-MM-DD] [--to YYYY-MM-DD]` (default: last 30 days,
 * days in STATS_TIMEZONE). Uses DATABASE_URL, else the embedded database under DATA_DIR.
 */
import pino from 'pino';
import { loadConfig } from '../src/config/config.js';
import { openSqlClient } from '../src/adapters/sql/open.js';
import { createSqlKeyStore } from '../src/adapters/sql/sql-key-store.js';
import { createSqlUsageReader } from '../src/adapters/sql/sql-usage-reader.js';
import { systemClock } from '../src/ports/clock.js';
import { createUsageService, type UsageTotals } from '../src/services/usage.js';
import { optionValue, runMain } from './cli.js';

async function main(args: string[]): Promise<number> {
  const config = loadConfig(process.env);
  const logger = pino({ level: 'warn' }, pino.destination(2));
  const client = await openSqlClient({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  try {
    const usage = createUsageService({
      reader: createSqlUsageReader({ client }),
      clock: systemClock,
      timeZone: config.STATS_TIMEZONE,
    });
    const report = await usage.forAll({ from: optionValue(args, '--from'), to: optionValue(args, '--to') });
    const keys = new Map((await createSqlKeyStore({ client }).list()).map((key) => [key.id, key]));

    console.log(`Usage ${report.from} … ${report.to} (${report.timeZone})\n`);
    const header = ['key', 'name', 'calls', 'hits', 'stale', 'errors', 'spend'];
    const row = (id: string, name: string, t: UsageTotals) => [id, name, ...counts(t)];
    const keyRows = report.keys.map((k) => {
      const stored = keys.get(k.keyId);
      const name = stored ? `${stored.name}${stored.revokedAt ? ' (revoked)' : ''}` : k.keyId.startsWith('env-') ? 'API_KEYS' : '';
      return row(k.keyId, name, k);
    });
    console.log(table([header, ...keyRows, row('total', '', report.totals)]));
    if (report.operations.length > 0) {
      console.log('\nBy operation\n');
      const opRows = report.operations.map((op) => [op.operation, ...counts(op)]);
      console.log(table([['operation', 'calls', 'hits', 'stale', 'errors', 'spend'], ...opRows]));
    }
    return 0;
  } finally {
    await client.close();
  }
}

function counts(t: UsageTotals): string[] {
  return [String(t.calls), String(t.hits), String(t.stale), String(t.errors), String(t.spend)];
}

/** Left-aligned text, right-aligned numbers, columns padded to their widest cell. */
function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const numeric = (cell: string) => /^-?\d+(\.\d+)?$/.test(cell);
  const line = (r: string[]) =>
    r.map((cell, i) => (numeric(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(rows[0]!), rule, ...rows.slice(1).map(line)].join('\n');
}

runMain(main);
