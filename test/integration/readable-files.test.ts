import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { CPC_LEVELS } from '../../src/domain/keyword-metrics.js';
import { createTestApp } from '../support/app.js';
import { readCsv } from '../support/csv-read.js';
import { AUTH_HEADER } from '../support/kit.js';

/*
 * Issue 24, items 16 and 17: a workbook a client can read (widths from the content, autofilter, frozen header,
 * words for headers in the asked language, a sheet about the data that says "demo" in words) and a CPC column
 * that says it is an estimate by volume level, not a bid.
 */
const app = createTestApp({}, { SOURCE: 'demo' });
const KEYWORDS = ['детский велосипед', 'велосипед для девочки 7 лет', 'самокат трехколесный детский с ручкой'];

async function call(query: string, headers: Record<string, string> = {}, body: unknown = { keywords: KEYWORDS, location_code: 1012, match_types: ['phrase', 'exact'] }) {
  const response = await app.fetch(
    new Request(`http://localhost/v1/keywords/search_volume${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH_HEADER, ...headers },
      body: JSON.stringify(body),
    }),
  );
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

describe('XLSX a client can read (issue 24, items 16 and 17)', () => {
  it('columns as wide as their content, the header frozen under a title row, an autofilter over the table', async () => {
    const workbook = await workbookOf(await call('?format=xlsx&lang=ru'));
    const sheet = workbook.worksheets[0]!;
    const longest = Math.max(...KEYWORDS.map((k) => k.length));
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(longest);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    const header = rowValues(sheet, 2) as string[];
    expect(String(sheet.autoFilter)).toMatch(new RegExp(`^A2:[A-Z]+${2 + KEYWORDS.length}$`));
    expect(header[0]).toBe('Ключевое слово');
    // The title row names the source in words: demo data are never taken for Wordstat's.
    expect(String(rowValues(sheet, 1)[0])).toMatch(/^демо-данные · /);
    expect(String(rowValues(sheet, 1)[0])).toContain('Москва');
  });

  it('headers in Russian for lang=ru or Accept-Language: ru, in English otherwise', async () => {
    const byHeader = (await workbookOf(await call('?format=xlsx', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' }))).worksheets[0]!;
    expect(rowValues(byHeader, 2)[0]).toBe('Ключевое слово');
    const english = (await workbookOf(await call('?format=xlsx', { 'accept-language': 'de-DE,en;q=0.5' }))).worksheets[0]!;
    expect(rowValues(english, 2)[0]).toBe('Keyword');
    expect(String(rowValues(english, 1)[0])).toMatch(/^demo data · /);
  });

  it('the CPC header says it is an estimate by volume level; the about sheet gives the table and the rules', async () => {
    const workbook = await workbookOf(await call('?format=xlsx&lang=ru'));
    const header = rowValues(workbook.worksheets[0]!, 2) as string[];
    expect(header.find((h) => h.startsWith('CPC'))).toMatch(/оценка по уровню частотности/);
    const about = workbook.worksheets[1]!;
    expect(about.name).toBe('О данных - About');
    const text: string[] = [];
    about.eachRow((row) => text.push((row.values as unknown[]).slice(1).map(String).join(' | ')));
    const all = text.join('\n');
    expect(all).toMatch(/демо-данные: встроенная модель спроса/);
    expect(all).toMatch(/Регион \| Москва/);
    expect(all).toMatch(/Дата выгрузки \| 2026-03-15 12:00 \(Europe\/Moscow\)/);
    expect(all).toMatch(/«Фраза»/);
    expect(all).toMatch(/\[Порядок\].*не запрошен/);
    // Item 2's rule: both sides of the ratio are GetTop totals over the same 30 days.
    expect(all).toMatch(/месяц широкого × \(число запросов типа за 30 дней ÷ число запросов фразы без операторов за те же 30 дней\)/);
    expect(all).toMatch(/нет данных о ставках/);
    for (const level of CPC_LEVELS) expect(text.some((line) => line.endsWith(` | ${level.cpc}`))).toBe(true);
  });

  it('each asked match type has its monthly series as columns (derived months, labelled so)', async () => {
    const sheet = (await workbookOf(await call('?format=xlsx&lang=en'))).worksheets[0]!;
    const header = rowValues(sheet, 2) as string[];
    const phraseMonths = header.filter((h) => /^"phrase" \d{4}-\d{2} \(derived\)$/.test(h));
    const exactMonths = header.filter((h) => /^"!exact" \d{4}-\d{2} \(derived\)$/.test(h));
    expect(phraseMonths).toHaveLength(12);
    expect(exactMonths).toHaveLength(12);
    expect(header.some((h) => h.startsWith('[order]'))).toBe(false);
    const first = rowValues(sheet, 3);
    expect(typeof first[header.indexOf(phraseMonths[0]!)]).toBe('number');
  });

  it('CSV: field names by default (programs read them), Russian headers and values with lang=ru', async () => {
    const plain = readCsv((await call('?format=csv', { 'accept-language': 'ru' })).toString('utf8'), ';');
    expect(plain[0]!.slice(0, 4)).toEqual(['keyword', 'location_code', 'location_note', 'language_code']);
    expect(plain[0]).toContain('cpc');
    expect(plain[0]).toContain('phrase_' + plain[0]!.find((c) => /^\d{4}-\d{2}$/.test(c)));
    const russian = readCsv((await call('?format=csv&lang=ru')).toString('utf8'), ';');
    expect(russian[0]![0]).toBe('Ключевое слово');
    expect(russian[0]!.find((h) => h.startsWith('CPC'))).toBe('CPC: оценка по уровню частотности (не ставка)');
    const level = russian[0]!.indexOf('Уровень конкуренции');
    expect(['низкая', 'средняя', 'высокая']).toContain(russian[1]![level]);
  });

  it('an unknown lang is refused, naming it', async () => {
    const response = await app.fetch(
      new Request('http://localhost/v1/keywords/search_volume?format=csv&lang=de', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...AUTH_HEADER },
        body: JSON.stringify({ keywords: ['a'] }),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('lang');
  });
});
