import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createGoldenApp } from '../support/golden.js';
import { readCsv } from '../support/csv-read.js';
import { AUTH_HEADER } from '../support/kit.js';

/** One fresh golden app (fixture source, FIXED_NOW) per call. */
async function call(path: string, body: unknown, query: string, headers: Record<string, string> = {}) {
  const { app } = createGoldenApp({ ledger: createMemoryLedger() });
  const response = await app.fetch(
    new Request(`http://service.test${path}${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH_HEADER, ...headers },
      body: JSON.stringify(body),
    }),
  );
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The first sheet's rows below its title row (row 1 names what, where, when and the source). */
async function sheetRows(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows.slice(1);
}

describe('XLSX export (?format=xlsx), the table the CSV has, as a workbook', () => {
  it('search_volume: the CSV table cell for cell, numbers as numbers, named after the route', async () => {
    const body = { keywords: ['Купить ноутбук', '@телефон'] };
    const xlsx = await call('/v1/keywords/search_volume', body, '?format=xlsx&lang=en');
    expect(xlsx.response.status).toBe(200);
    expect(xlsx.response.headers.get('content-type')).toContain('spreadsheetml');
    expect(xlsx.response.headers.get('content-disposition')).toBe('attachment; filename="search_volume.xlsx"');
    expect(xlsx.response.headers.get('x-cost')).not.toBeNull();
    const rows = await sheetRows(xlsx.bytes);
    const csv = await call('/v1/keywords/search_volume', body, '?format=csv&delimiter=comma&lang=en');
    const csvHeader = readCsv(csv.bytes.toString('utf8'))[0];
    expect(rows[0]).toEqual(csvHeader);
    const header = rows[0] as string[];
    expect(rows[1]![header.indexOf('Keyword')]).toBe('Купить ноутбук');
    expect(typeof rows[1]![header.findIndex((h) => h.startsWith('Volume, broad'))]).toBe('number');
    // A text cell that looks like a formula stays text: no formula cell in the workbook.
    expect(rows[2]![0]).toBe('@телефон');
  });

  it('the Accept header asks for it too; a route with no table refuses format=xlsx naming format', async () => {
    const byAccept = await call('/v2/stats/top', { phrase: 'ноутбук', numPhrases: 3 }, '', {
      accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expect(byAccept.response.headers.get('content-disposition')).toBe('attachment; filename="top.xlsx"');
    expect((await sheetRows(byAccept.bytes))[0]).toEqual(['Kind', 'Query', 'Count']);
    const refused = await call('/v1/keywords/search_volume', { keywords: ['a'] }, '?format=pdf');
    expect(refused.response.status).toBe(400);
    expect(refused.bytes.toString()).toContain('format');
  });
});
