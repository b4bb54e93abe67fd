import type { Reply } from '../../http/exchange.js';
import { type CsvDialect, writeCsv } from './csv-format.js';
import { csvTableFor } from './csv-tables.js';

/**
 * The route's answer as a CSV file with the call's headers (X-Cache, X-Cost), or undefined when the route has
 * no table. Named after the route, so a browser saves it as e.g. `dynamics.csv`.
 */
export function csvReply(path: string, presented: unknown, dialect: CsvDialect, headers: Record<string, string>): Reply | undefined {
  const table = csvTableFor(path);
  if (!table) return undefined;
  // `/v2/stats/top` → top.csv; `/v1/keywords/search_volume/task_get/{id}` → search_volume-{id}.csv.
  const task = /\/([a-z_]+)\/task_get\/([^/]+)$/.exec(path);
  const name = (task ? `${task[1]}-${task[2]}` : (path.split('/').at(-1) ?? 'table')).replace(/[^\w.-]/g, '');
  return {
    status: 200,
    body: writeCsv(table(presented), dialect),
    headers: {
      'content-type': 'text/csv; charset=utf-8; header=present',
      'content-disposition': `attachment; filename="${name}.csv"`,
      ...headers,
    },
  };
}
