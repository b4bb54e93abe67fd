import { XLSX_CONTENT_TYPE } from '../csv/csv-request.js';
import { csvTableFor } from '../csv/csv-tables.js';
import type { RestRoute } from '../routes.js';

type Json = Record<string, unknown>;

const CSV_DESCRIPTION =
  'The same answer as one table: `?format=csv` or `Accept: text/csv`. Default (Excel with Russian settings): UTF-8 ' +
  'with a BOM, `;` separator, decimal comma, CRLF, a header row of the JSON field names. `?delimiter=comma`: plain ' +
  'RFC 4180 (`,`, dot decimals, no BOM). Text cells starting with = + - @ get a leading apostrophe (no formulas).';

const XLSX_DESCRIPTION = 'The same table as an Excel workbook: `?format=xlsx` or an Accept header naming this type.';

/** The text/csv and XLSX contents of a route's 200 answer, or nothing when the route has no table. */
export function csvContent(route: RestRoute): Json {
  if (!csvTableFor(route.path)) return {};
  return {
    'text/csv': { schema: { type: 'string', description: CSV_DESCRIPTION } },
    [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary', description: XLSX_DESCRIPTION } },
  };
}

/** The `format` and `delimiter` query parameters of a route that has a table. */
export function csvParameters(route: RestRoute): Json[] {
  if (!csvTableFor(route.path)) return [];
  return [
    { name: 'format', in: 'query', required: false, schema: { type: 'string', enum: ['json', 'csv', 'xlsx'] }, description: `csv: the answer as a CSV table (see the text/csv response); xlsx: as an Excel workbook (${XLSX_CONTENT_TYPE}).` },
    { name: 'delimiter', in: 'query', required: false, schema: { type: 'string', enum: ['semicolon', 'comma'] }, description: 'semicolon (default, Excel) or comma (RFC 4180, dot decimals).' },
  ];
}
