import { invalidField } from '../../domain/errors.js';
import type { HttpCall } from '../../http/exchange.js';
import type { TableFormat } from './csv-format.js';
import { checkCoreCleanTaskFormat, isCoreCleanTaskGet } from './core-clean-task-file.js';
import { csvTableFor } from './csv-tables.js';

/** The content type of an XLSX answer (what an Accept header names, and the OpenAPI document lists). */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The table format a request asks for, or undefined for JSON. CSV is asked for by `?format=csv` or by an
 * Accept header naming text/csv; `?delimiter=comma` picks plain RFC 4180 (`semicolon`, the default, the
 * Excel dialect). XLSX by `?format=xlsx` or an Accept header naming its type. A format or delimiter the service
 * does not write is refused, naming the parameter.
 */
function tableFormatOf(request: Pick<HttpCall, 'headers' | 'query'>): TableFormat | undefined {
  const format = request.query.get('format');
  if (format !== null && format !== 'csv' && format !== 'json' && format !== 'xlsx') {
    throw invalidField('format', `format must be csv, xlsx or json, got "${format.slice(0, 20)}"`);
  }
  const delimiter = request.query.get('delimiter');
  if (delimiter !== null && delimiter !== 'comma' && delimiter !== 'semicolon') {
    throw invalidField('delimiter', `delimiter must be comma or semicolon, got "${delimiter.slice(0, 20)}"`);
  }
  const accept = request.headers.get('accept') ?? '';
  if (format === 'xlsx' || (format === null && accept.includes(XLSX_CONTENT_TYPE))) return 'xlsx';
  const wanted = format === 'csv' || (format === null && /(^|[\s,])text\/csv\b/i.test(accept));
  if (!wanted) return undefined;
  return delimiter === 'comma' ? 'rfc4180' : 'excel';
}

/**
 * The dialect for this route, checked before the operation runs (so a refused request spends nothing). A route
 * with no table asked by `?format=csv` is a 400 naming `format`; asked by Accept only, it answers JSON.
 */
export function csvRequestFor(request: Pick<HttpCall, 'headers' | 'query' | 'path'>): TableFormat | undefined {
  const dialect = tableFormatOf(request);
  if (isCoreCleanTaskGet(request.path)) {
    checkCoreCleanTaskFormat(dialect);
    return dialect;
  }
  if (!dialect || csvTableFor(request.path)) return dialect;
  const format = request.query.get('format');
  if (format === 'csv' || format === 'xlsx') throw invalidField('format', `${request.path} has no table form; leave out format=${format}`);
  return undefined;
}
