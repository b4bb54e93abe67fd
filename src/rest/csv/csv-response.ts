import type { Reply } from '../../http/exchange.js';
import { type TableFormat, writeCsv } from './csv-format.js';
import { csvTableFor } from './csv-tables.js';
import { writeXlsx } from './xlsx-format.js';

/**
 * The route's answer as a CSV file (or an XLSX workbook) with the call's headers (X-Cache, X-Cost), or undefined
 * when the route has no table. Named after the route, so a browser saves it as e.g. `dynamics.csv`.
 */
export async function csvReply(path: string, presented: unknown, dialect: TableFormat, headers: Record<string, string>): Promise<Reply | undefined> {
  const table = csvTableFor(path);
  if (!table) return undefined;
  // `/v2/stats/top` → top.csv; `/v1/keywords/search_volume/task_get/{id}` → search_volume-{id}.csv.
  const task = /\/([a-z_]+)\/task_get\/([^/]+)$/.exec(path);
  const name = (task ? `${task[1]}-${task[2]}` : (path.split('/').at(-1) ?? 'table')).replace(/[^\w.-]/g, '');
  if (dialect === 'xlsx') {
    return {
      status: 200,
      body: await writeXlsx(table(presented), task?.[1] ?? name),
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="${name}.xlsx"`,
        ...headers,
      },
    };
  }
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
