/**
 * Every key's usage as a table: `npm run usage [-- --from YYYY-MM-DD] [--to YYYY-MM-DD]` (default: last 30 days,
 * days in STATS_TIMEZONE; in the image `node dist/scripts/usage.js`). Through the running service's admin API when
 * one answers at PORT/HOST, else from the database directly.
 */
import { loadConfig } from '../src/config/config.js';
import type { UsageTotals } from '../src/services/usage.js';
import { openAdminBackend } from './admin-client.js';
import { optionValue, runMain, table } from './cli.js';

const USAGE = 'usage: npm run usage [-- --from YYYY-MM-DD] [--to YYYY-MM-DD]';

async function main(args: string[]): Promise<number> {
  const unknown = args.filter((arg, i) => !/^--(from|to)(=|$)/.test(arg) && !/^--(from|to)$/.test(args[i - 1] ?? ''));
  if (unknown.length > 0 || args.includes('--help')) {
    console.error(unknown.length > 0 ? `unknown argument ${unknown[0]}\n${USAGE}` : USAGE);
    return 2;
  }
  const config = loadConfig(process.env);
  const backend = await openAdminBackend(config);
  try {
    const report = await backend.usage({ from: optionValue(args, '--from'), to: optionValue(args, '--to') });
    const keys = new Map((await backend.list()).map((key) => [key.id, key]));

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
    await backend.close();
  }
}

function counts(t: UsageTotals): string[] {
  return [String(t.calls), String(t.hits), String(t.stale), String(t.errors), String(t.spend)];
}

runMain(main);
