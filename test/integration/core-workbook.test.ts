import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import type { App } from '../../src/app.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { createFakeSource, type FakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { AUTH_HEADER } from '../support/kit.js';
import { createTaskTestApp } from '../support/task-app.js';

/*
 * Issue 27, section 3: the semantic-core workbook, POST /v2/core/workbook (an XLSX) and the MCP tool
 * core_workbook (a resource link to the same file). Free on every face: it never asks the source.
 */

const apps: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const { close } of apps.splice(0)) await close();
});

function setup(env: Record<string, string> = {}): { app: App; source: FakeSource; prices(): number[] } {
  const source = createFakeSource({ answers: callNumberAnswers, latencyMs: 0 });
  const ledger = createMemoryLedger();
  const app = createTestApp({ source, ledger }, env);
  apps.push({ close: () => app.close() });
  return { app, source, prices: () => ledger.rows().map((r) => r.price) };
}

/** 24 months from January 2024: May twice the others. */
const months = (base: number) => Array.from({ length: 24 }, (_, i) => base + (i % 12 === 4 ? base : 0));

const PHRASES = [
  { phrase: 'купить детский велосипед', volume: 5200, volumes: { phrase: 900, exact: 310, order: 880 }, months: months(4000) },
  { phrase: 'детские велосипеды купить', volume: 800 },
  'детский велосипед своими руками',
  'детский велосипед бесплатно',
  'детский велосипед казань',
  '=1+1',
];

async function workbookOf(bytes: ArrayBuffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook;
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);

async function postWorkbook(app: App, body: unknown) {
  return app.fetch(new Request('http://localhost/v2/core/workbook', { method: 'POST', headers: { ...AUTH_HEADER, 'content-type': 'application/json' }, body: JSON.stringify(body) }));
}

describe('core_workbook: POST /v2/core/workbook', { timeout: 60_000 }, () => {
  it.each(['ru', 'en'] as const)('answers the four sheets with %s headers, demo words on every title row, free and with no source call', async (lang) => {
    const { app, source, prices } = setup();
    const response = await postWorkbook(app, { phrases: PHRASES, region: 213, lang, first_month: '2024-01' });
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('x-cost')).toBe('0');
    const workbook = await workbookOf(await response.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Ядро - Core', 'Минус-слова - Negative keywords', 'Отброшено - Dropped', 'О данных - About']);
    const [core, negative, dropped, about] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet, ExcelJS.Worksheet, ExcelJS.Worksheet];

    // The demo source says so in words, first, on each table sheet's title row; the about sheet names it too.
    const demo = lang === 'ru' ? 'демо-данные' : 'demo data';
    for (const sheet of [core, negative, dropped]) expect(String(sheet.getCell('A1').value).startsWith(demo), `${sheet.name}: ${sheet.getCell('A1').value}`).toBe(true);
    expect(JSON.stringify(rowValues(about, 3))).toContain(demo);
    expect(String(core.getCell('A1').value)).toContain(lang === 'ru' ? 'Москва' : 'Moscow');

    const header = rowValues(core, 2) as string[];
    if (lang === 'ru') expect(header.slice(0, 5)).toEqual(['Фраза', 'Группа (неявные дубли)', 'Решение', 'Причина', 'Классы шума']);
    else expect(header.slice(0, 5)).toEqual(['Phrase', 'Group (implicit duplicates)', 'Verdict', 'Reason', 'Noise classes']);
    expect(header).toContain(lang === 'ru' ? '«!Точная» (частотность)' : '"!Exact" (volume)');
    const monthHeaders = header.filter((h) => /\d{4}-\d{2}$/.test(h));
    expect(monthHeaders).toHaveLength(24);
    expect([monthHeaders[0]?.slice(-7), monthHeaders[23]?.slice(-7)]).toEqual(['2024-01', '2025-12']);

    // Rows: one a phrase, in order; the duplicates share a group; the volumes the client sent.
    const rows = Array.from({ length: PHRASES.length }, (_, i) => rowValues(core, 3 + i));
    expect(rows.map((r) => r[0])).toEqual(PHRASES.map((p) => (typeof p === 'string' ? p : p.phrase)));
    expect(rows[0]![1]).toBe(1);
    expect(rows[1]![1]).toBe(1);
    expect(rows[0]!.slice(5, 9)).toEqual([5200, 900, 310, 880]);
    // The season of the 24 months sent: May is the peak, twice the mean of the other months.
    const peakColumn = header.indexOf(lang === 'ru' ? 'Пиковый месяц' : 'Peak month');
    expect(rows[0]![peakColumn]).toBe(5);

    // A formula-looking phrase is text, never a formula.
    const formula = core.getCell(3 + 5, 1);
    expect(formula.type).toBe(ExcelJS.ValueType.String);
    expect(formula.value).toBe('=1+1');

    // Frozen header and an autofilter on the header row.
    expect(core.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(core.autoFilter).toMatch(/^A2:/);

    // Negative keywords with what each removes; dropped phrases with why.
    const negatives = Array.from({ length: negative.rowCount - 2 }, (_, i) => rowValues(negative, 3 + i));
    const free = negatives.find((r) => r[0] === 'бесплатно');
    expect(free?.[4]).toBe('детский велосипед бесплатно');
    const droppedRows = Array.from({ length: dropped.rowCount - 2 }, (_, i) => rowValues(dropped, 3 + i));
    const why = Object.fromEntries(droppedRows.map((r) => [r[0], r[1]]));
    expect(why['детские велосипеды купить']).toBe(lang === 'ru' ? 'неявный дубль' : 'implicit duplicate');
    expect(why['детский велосипед бесплатно']).toBe(lang === 'ru' ? 'шум: бесплатно / скачать' : 'noise: free / download');
    expect(why['детский велосипед казань']).toContain(lang === 'ru' ? 'другой город' : 'another city');
    expect(droppedRows.find((r) => r[0] === 'детские велосипеды купить')?.[2]).toBe('купить детский велосипед');
    expect(why['купить детский велосипед']).toBeUndefined();

    // About: match-type definitions, the derived-months rule, the service version.
    const aboutText = JSON.stringify(Array.from({ length: about.rowCount }, (_, i) => rowValues(about, i + 1)));
    expect(aboutText).toContain(lang === 'ru' ? '«!Точная»' : '!Exact');
    expect(aboutText).toContain(lang === 'ru' ? 'Помесячный ряд типа соответствия рассчитан' : "A match type's monthly series is derived");
    expect(aboutText).toContain('0.1.0');

    expect(source.count()).toBe(0);
    expect(prices()).toEqual([0]);
  });

  it('shows a clean sent with the request as it is (the specialist edited a verdict) and cleans nothing itself', async () => {
    const { app } = setup();
    const phrases = ['велосипед', 'велосипед отзывы'];
    const clean = (await post(app, '/v2/core/clean', { phrases })).json;
    clean.phrases[1].verdict = 'drop';
    clean.phrases[1].reason = 'noise:reviews';
    const workbook = await workbookOf(await (await postWorkbook(app, { phrases, clean, lang: 'en' })).arrayBuffer());
    const dropped = workbook.getWorksheet('Отброшено - Dropped')!;
    expect(rowValues(dropped, 3).slice(0, 2)).toEqual(['велосипед отзывы', 'noise: reviews / forum']);
  });

  it.each([
    [{ phrases: [] }, 'phrases'],
    [{ phrases: ['велосипед'], lang: 'de' }, 'lang'],
    [{ phrases: ['велосипед'], region: 99_999_999 }, 'region'],
    [{ phrases: [{ phrase: 'велосипед', volume: -1 }] }, 'phrases[0]'],
    [{ phrases: [{ phrase: 'велосипед', months: [1, -2] }], first_month: '2025-01' }, 'phrases[0]'],
    [{ phrases: [{ phrase: 'велосипед', months: [1, 2] }] }, 'first_month'],
    [{ phrases: ['велосипед'], first_month: '2025-13' }, 'first_month'],
    [{ phrases: ['велосипед', 'самокат'], clean: { phrases: [] } }, 'clean'],
  ])('refuses %j with 400 naming %s, before any work', async (body, field) => {
    const { app, source } = setup();
    const response = await post(app, '/v2/core/workbook', body);
    expect(response.status, response.text).toBe(400);
    expect(JSON.stringify(response.json)).toContain(field);
    expect(source.count()).toBe(0);
  });

  it('refuses a clean of other phrases, naming clean', async () => {
    const { app } = setup();
    const clean = (await post(app, '/v2/core/clean', { phrases: ['самокат'] })).json;
    const response = await post(app, '/v2/core/workbook', { phrases: ['велосипед'], clean });
    expect(response.status).toBe(400);
    expect(response.json.error?.field ?? JSON.stringify(response.json)).toContain('clean');
  });
});

async function mcp(app: App, method: string, params: Record<string, unknown>) {
  const response = await app.fetch(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { ...AUTH_HEADER, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    }),
  );
  return (await response.json()) as { result?: any; error?: { code: number; message: string } };
}

describe('core_workbook: MCP', { timeout: 60_000 }, () => {
  it('answers a resource link to the workbook, which resources/read gives back as the XLSX', async () => {
    const { app, source } = setup();
    const call = await mcp(app, 'tools/call', { name: 'core_workbook', arguments: { phrases: PHRASES, region: 213, lang: 'ru', first_month: '2024-01' } });
    expect(call.result?.isError, JSON.stringify(call)).toBeFalsy();
    const link = call.result.content.find((c: { type: string }) => c.type === 'resource_link');
    expect(link).toMatchObject({ mimeType: expect.stringContaining('spreadsheetml'), name: 'semanticheskoe-yadro.xlsx' });
    const { type: _type, ...linkFields } = link;
    expect(call.result.structuredContent).toMatchObject({ lang: 'ru', rows: { core: PHRASES.length }, resource_link: linkFields });
    expect(call.result.content[0].text).toContain(link.uri);

    const read = await mcp(app, 'resources/read', { uri: link.uri });
    const blob = read.result?.contents?.[0]?.blob as string;
    expect(Buffer.from(blob, 'base64').length).toBe(link.size);
    const workbook = await workbookOf(new Uint8Array(Buffer.from(blob, 'base64')).buffer);
    expect(workbook.worksheets.map((s) => s.name)[0]).toBe('Ядро - Core');
    expect(rowValues(workbook.worksheets[0]!, 2)[0]).toBe('Фраза');

    const list = await mcp(app, 'resources/list', {});
    expect(list.result?.resources.map((r: { uri: string }) => r.uri)).toContain(link.uri);
    expect(source.count()).toBe(0);
  });

  it('says resource not found (-32002) for a link it never gave', async () => {
    const { app } = setup();
    const read = await mcp(app, 'resources/read', { uri: 'sds-file://files/00000000-0000-0000-0000-000000000000/x.xlsx' });
    expect(read.error?.code).toBe(-32002);
  });

  it('is listed as read-only, local and free', async () => {
    const { app } = setup();
    const list = await mcp(app, 'tools/list', {});
    const tool = list.result.tools.find((t: { name: string }) => t.name === 'core_workbook');
    expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  });
});

describe('core_clean task result ?format=xlsx', { timeout: 60_000 }, () => {
  it('is the semantic-core workbook of the stored clean, with the volumes and region the task was posted with', async () => {
    const { app, source, taskEnded, close } = await createTaskTestApp();
    apps.push({ close });
    const phrases = [{ phrase: 'купить самокат', volume: 700 }, { phrase: 'самокаты купить', volume: 90 }, { phrase: 'самокат бесплатно', volume: 5 }];
    const posted = await post(app, '/v1/keywords/core_clean/task_post', { phrases, region: 213 });
    const id = posted.json.tasks[0].id as string;
    await taskEnded;
    const get = (query: string) => app.fetch(new Request(`http://localhost/v1/keywords/core_clean/task_get/${id}${query}`, { headers: AUTH_HEADER }));

    const file = await get('?format=xlsx&lang=ru');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = await workbookOf(await file.arrayBuffer());
    const core = workbook.getWorksheet('Ядро - Core')!;
    expect(String(core.getCell('A1').value)).toMatch(/^демо-данные · Семантическое ядро · Москва/);
    expect([3, 4, 5].map((r) => rowValues(core, r)[0])).toEqual(phrases.map((p) => p.phrase));
    expect(rowValues(core, 3)[5]).toBe(700);
    const dropped = workbook.getWorksheet('Отброшено - Dropped')!;
    expect(rowValues(dropped, 3).slice(0, 3)).toEqual(['самокаты купить', 'неявный дубль', 'купить самокат']);

    const csv = await get('?format=csv');
    expect(csv.status).toBe(400);
    expect(await csv.text()).toContain('format');
    expect(source.count()).toBe(0);
  });
});

/* Issues 27 and 28 on the workbook: the specialist's edits marked, clusters as the group column, intent, a sheet per cluster. */

const member = (phrase: string, extra: Record<string, unknown> = {}) => ({ phrase, volume: null, shared: 0, ...extra });
const cluster = (id: string, marker: string, members: ReturnType<typeof member>[]) => ({ id, marker, members, volume: 0, urls: [], domains: [] });
const clustersOf = (clusters: ReturnType<typeof cluster>[], unclustered: ReturnType<typeof member>[] = []) => ({
  clusters,
  unclustered,
  counts: { phrases: 0, clusters: clusters.length, unclustered: unclustered.length },
});
const intentRow = (phrase: string, commerciality: number, cls: string, dependent: boolean | null, kei: number | null) => ({
  phrase,
  commerciality,
  class: cls,
  components: { shops: 0.5, commercial_titles: 0.5, ads: null },
  geo: { region: 213, compare_region: 2, overlap: dependent === null ? null : dependent ? 0.2 : 0.8, dependent },
  home_pages: 0,
  found_docs: 1000,
  volume: 10,
  volume_source: 'client',
  kei,
});

describe('core_workbook: edits, clusters, intent, a sheet per cluster', { timeout: 60_000 }, () => {
  it("marks a verdict that differs from the service's own clean of the same phrases, and counts it", async () => {
    const { app } = setup();
    const phrases = ['велосипед', 'велосипед отзывы', 'купить велосипед'];
    const clean = (await post(app, '/v2/core/clean', { phrases })).json;
    const service = clean.phrases[1].verdict as string;
    clean.phrases[1].verdict = service === 'keep' ? 'drop' : 'keep';
    const workbook = await workbookOf(await (await postWorkbook(app, { phrases, clean, lang: 'en' })).arrayBuffer());
    const core = workbook.getWorksheet('Ядро - Core')!;
    const header = rowValues(core, 2) as string[];
    const verdictColumn = header.indexOf('Verdict') + 1;
    const originalColumn = header.indexOf("Original verdict (the service's)") + 1;
    expect(originalColumn).toBeGreaterThan(0);
    const edited = core.getCell(4, verdictColumn);
    expect(edited.value).toBe(clean.phrases[1].verdict);
    expect((edited.fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb).toBe('FFFFE699');
    expect(JSON.stringify(edited.note)).toContain(`The service's verdict: ${service}`);
    expect(core.getCell(4, originalColumn).value).toBe(service);
    // The rows the specialist left alone carry no mark.
    for (const row of [3, 5]) {
      expect(core.getCell(row, originalColumn).value ?? null).toBeNull();
      expect((core.getCell(row, verdictColumn).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb).toBeUndefined();
    }
    const call = await mcp(app, 'tools/call', { name: 'core_workbook', arguments: { phrases, clean } });
    expect(call.result?.structuredContent?.counts).toMatchObject({ edited: 1, moved: 0 });
    const untouched = (await post(app, '/v2/core/clean', { phrases })).json;
    const same = await mcp(app, 'tools/call', { name: 'core_workbook', arguments: { phrases, clean: untouched } });
    expect(same.result?.structuredContent?.counts.edited).toBe(0);
  });

  const CLUSTERED = ['купить велосипед', 'велосипед цена', 'велосипед магазин', 'детский велосипед', 'велосипед для ребенка', '=1+1'];
  const CLUSTERS = clustersOf([
    cluster('c1', 'купить велосипед', [member('купить велосипед'), member('велосипед цена'), member('велосипед магазин', { moved_from: 'c2' })]),
    cluster('c2', 'детский велосипед', [member('детский велосипед'), member('велосипед для ребенка')]),
  ]);

  it('a phrase the specialist moved out of "unclustered" (the explorer says moved_from: "unclustered") says so in words', async () => {
    const { app } = setup();
    const clusters = clustersOf([cluster('c1', 'купить велосипед', [member('купить велосипед'), member('велосипед цена', { moved_from: 'unclustered' })])]);
    const response = await postWorkbook(app, { phrases: ['купить велосипед', 'велосипед цена'], lang: 'ru', clusters });
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    const core = (await workbookOf(await response.arrayBuffer())).getWorksheet('Ядро - Core')!;
    const header = rowValues(core, 2) as string[];
    expect(core.getCell(4, header.indexOf('Перенесено из кластера') + 1).value).toBe('без кластера');
  });

  it('groups the core by cluster (marker first, members indented), marks the moved member, and writes a sheet per cluster', async () => {
    const { app } = setup();
    const intent = { phrases: CLUSTERED.map((p, i) => intentRow(p, i * 20, i < 3 ? 'commercial' : 'informational', i % 2 === 0, i === 5 ? null : i + 0.25)), counts: { phrases: 6, informational: 3, mixed: 0, commercial: 3, geo_dependent: 3 } };
    const response = await postWorkbook(app, { phrases: CLUSTERED, region: 213, lang: 'ru', clusters: CLUSTERS, intent, sheet_per_cluster: true });
    expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
    const workbook = await workbookOf(await response.arrayBuffer());
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Ядро - Core',
      'Минус-слова - Negative keywords',
      'Отброшено - Dropped',
      '1 купить велосипед',
      '2 детский велосипед',
      'Без кластера - Unclustered',
      'О данных - About',
    ]);
    const core = workbook.getWorksheet('Ядро - Core')!;
    const header = rowValues(core, 2) as string[];
    const col = (name: string) => header.indexOf(name) + 1;
    expect(header).toEqual(expect.arrayContaining(['Кластер (маркер)', 'Перенесено из кластера', 'Коммерциализация (0–100)', 'Тип запроса', 'Геозависимость', 'KEI']));
    const rows = Array.from({ length: 6 }, (_, i) => rowValues(core, 3 + i));
    expect(rows.map((r) => r[0])).toEqual(['купить велосипед', 'велосипед цена', 'велосипед магазин', 'детский велосипед', 'велосипед для ребенка', '=1+1']);
    expect(rows.map((r) => r[col('Кластер (маркер)') - 1])).toEqual(['купить велосипед', 'купить велосипед', 'купить велосипед', 'детский велосипед', 'детский велосипед', 'без кластера']);
    expect(core.getCell(3, 1).font?.bold).toBe(true);
    expect(core.getCell(4, 1).alignment?.indent).toBe(1);
    const moved = core.getCell(5, col('Кластер (маркер)'));
    expect((moved.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFDDEBF7');
    expect(JSON.stringify(moved.note)).toContain('перенесено из детский велосипед (c2)');
    expect(core.getCell(5, col('Перенесено из кластера')).value).toBe('детский велосипед (c2)');
    expect(core.getCell(4, col('Перенесено из кластера')).value ?? null).toBeNull();
    // Intent columns: the values sent, per phrase.
    expect(rows.map((r) => r[col('Коммерциализация (0–100)') - 1])).toEqual([0, 20, 40, 60, 80, 100]);
    expect(rows[0]![col('Тип запроса') - 1]).toBe('коммерческий');
    expect(rows[3]![col('Тип запроса') - 1]).toBe('информационный');
    expect(rows.map((r) => r[col('Геозависимость') - 1])).toEqual(['да', 'нет', 'да', 'нет', 'да', 'нет']);
    expect(rows[1]![col('KEI') - 1]).toBe(1.25);
    expect(rows[5]![col('KEI') - 1] ?? null).toBeNull();
    // A formula-looking phrase stays text.
    expect(core.getCell(8, 1).type).toBe(ExcelJS.ValueType.String);
    // Each cluster's sheet holds its members, marker first; the unclustered sheet the rest.
    const first = workbook.getWorksheet('1 купить велосипед')!;
    expect(String(first.getCell('A1').value)).toContain('Кластер 1: купить велосипед (c1)');
    expect([3, 4, 5, 6].map((r) => first.getCell(r, 1).value ?? null)).toEqual(['купить велосипед', 'велосипед цена', 'велосипед магазин', null]);
    expect((first.getCell(5, col('Кластер (маркер)')).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFDDEBF7');
    expect([3, 4, 5].map((r) => workbook.getWorksheet('2 детский велосипед')!.getCell(r, 1).value ?? null)).toEqual(['детский велосипед', 'велосипед для ребенка', null]);
    expect(workbook.getWorksheet('Без кластера - Unclustered')!.getCell(3, 1).value).toBe('=1+1');

    const call = await mcp(app, 'tools/call', { name: 'core_workbook', arguments: { phrases: CLUSTERED, clusters: CLUSTERS, sheet_per_cluster: true } });
    expect(call.result?.structuredContent).toMatchObject({ rows: { clusters: 2, unclustered: 1, cluster_sheets: 2 }, counts: { moved: 1, edited: 0 } });
  });

  it('folds the smallest clusters into one sheet past 250 cluster sheets', async () => {
    const { app } = setup();
    const phrases: string[] = [];
    const clusters = Array.from({ length: 260 }, (_, k) => {
      const names = Array.from({ length: k < 10 ? 3 : 2 }, (_, m) => `велосипед модель ${k} вариант ${m}`);
      phrases.push(...names);
      return cluster(`c${k}`, names[0]!, names.map((n) => member(n)));
    });
    const call = await mcp(app, 'tools/call', { name: 'core_workbook', arguments: { phrases, clusters: clustersOf(clusters), sheet_per_cluster: true } });
    expect(call.result?.isError, JSON.stringify(call).slice(0, 500)).toBeFalsy();
    expect(call.result.structuredContent.rows).toMatchObject({ clusters: 260, cluster_sheets: 250 });
    const link = call.result.content.find((c: { type: string }) => c.type === 'resource_link');
    const read = await mcp(app, 'resources/read', { uri: link.uri });
    const workbook = await workbookOf(new Uint8Array(Buffer.from(read.result.contents[0].blob as string, 'base64')).buffer);
    const names = workbook.worksheets.map((s) => s.name);
    expect(names).toHaveLength(3 + 249 + 1 + 1);
    expect(names).toContain('Прочие кластеры - Other');
    // The ten 3-phrase clusters keep their own sheets; 11 of the 2-phrase ones are folded.
    expect(names).toContain('1 велосипед модель 0 вариант 0');
    expect(workbook.getWorksheet('Прочие кластеры - Other')!.rowCount).toBe(2 + 11 * 2);
    expect(names.every((n) => n.length <= 31 && !/[[\]:*?/\\]/.test(n))).toBe(true);
  });

  it.each([
    [{ phrases: CLUSTERED, clusters: clustersOf([...CLUSTERS.clusters, cluster('c3', 'велосипед цена', [member('велосипед цена')])]) }, 'clusters.clusters[2].members[0].phrase'],
    [
      {
        phrases: CLUSTERED,
        clusters: clustersOf([
          cluster('a', 'купить велосипед', [member('купить велосипед')]),
          cluster('b', 'велосипед цена', [member('велосипед цена')]),
          cluster('c', 'детский велосипед', [member('детский велосипед')]),
          cluster('d', 'велосипед магазин', [member('велосипед магазин'), member('самокат')]),
        ]),
      },
      'clusters.clusters[3].members[1].phrase',
    ],
    [{ phrases: CLUSTERED, clusters: clustersOf([cluster('c1', 'купить велосипед', [member('купить велосипед', { moved_from: 7 })])]) }, 'clusters.clusters[0].members[0].moved_from'],
    [{ phrases: CLUSTERED, clusters: { clusters: 'x' } }, 'clusters.clusters'],
    [{ phrases: CLUSTERED, sheet_per_cluster: true }, 'sheet_per_cluster'],
    [{ phrases: ['велосипед', 'самокат'], intent: { phrases: [intentRow('велосипед', 1, 'mixed', true, 1)], counts: { phrases: 1, informational: 0, mixed: 1, commercial: 0, geo_dependent: 1 } } }, 'intent'],
    [{ phrases: ['велосипед'], intent: { phrases: [intentRow('самокат', 1, 'mixed', true, 1)], counts: { phrases: 1, informational: 0, mixed: 1, commercial: 0, geo_dependent: 1 } } }, 'intent.phrases[0].phrase'],
    [{ phrases: ['велосипед'], intent: { phrases: [{ ...intentRow('велосипед', 1, 'mixed', true, 1), commerciality: 101 }], counts: { phrases: 1, informational: 0, mixed: 1, commercial: 0, geo_dependent: 1 } } }, 'intent.phrases[0].commerciality'],
    [{ phrases: ['велосипед'], region: 2, intent: { phrases: [intentRow('велосипед', 1, 'mixed', true, 1)], counts: { phrases: 1, informational: 0, mixed: 1, commercial: 0, geo_dependent: 1 } } }, 'intent.phrases[0].geo.region'],
  ])('refuses bad clusters or intent with 400 naming the field (%#: %s)', async (body, field) => {
    const { app, source } = setup();
    const response = await post(app, '/v2/core/workbook', body);
    expect(response.status, response.text).toBe(400);
    expect(response.json.field, response.text).toBe(field);
    expect(source.count()).toBe(0);
  });
});

describe('core_workbook: GraphQL coreWorkbook', { timeout: 60_000 }, () => {
  const GQL =
    'query($p: [String!]!, $c: JSONInput, $k: JSONInput, $s: Boolean) { coreWorkbook(phrases: $p, lang: "en", clean: $c, clusters: $k, sheetPerCluster: $s) }';

  it('answers the summary and the file in base64, with the marks the REST file has', async () => {
    const { app, source } = setup();
    const phrases = ['купить велосипед', 'велосипед отзывы', 'велосипед цена'];
    const clean = (await post(app, '/v2/core/clean', { phrases })).json;
    clean.phrases[1].verdict = clean.phrases[1].verdict === 'keep' ? 'drop' : 'keep';
    const clusters = clustersOf([cluster('c1', 'купить велосипед', [member('купить велосипед'), member('велосипед цена', { moved_from: 'c9' })])]);
    const gql = await graphql(app, GQL, { p: phrases, c: clean, k: clusters, s: true });
    const answer = gql.json.data?.coreWorkbook;
    expect(answer, JSON.stringify(gql.json).slice(0, 500)).toMatchObject({ file_name: 'semantic-core.xlsx', counts: { edited: 1, moved: 1 }, rows: { core: 3, clusters: 1, cluster_sheets: 1 } });
    const bytes = Buffer.from(answer.content_base64 as string, 'base64');
    expect(bytes.length).toBe(answer.size);
    const workbook = await workbookOf(new Uint8Array(bytes).buffer);
    expect(workbook.worksheets.map((s) => s.name)).toContain('1 купить велосипед');
    const core = workbook.getWorksheet('Ядро - Core')!;
    expect(rowValues(core, 2)).toContain("Original verdict (the service's)");
    expect(source.count()).toBe(0);
  });

  it('refuses bad clusters naming the field, as REST does', async () => {
    const { app } = setup();
    const clusters = clustersOf([cluster('c1', 'велосипед', [member('велосипед'), member('самокат')])]);
    const gql = await graphql(app, GQL, { p: ['велосипед'], k: clusters });
    const error = gql.json.errors?.[0];
    expect(error?.extensions.code, JSON.stringify(gql.json)).toBe('BAD_USER_INPUT');
    expect(error.message).toContain('clusters.clusters[0].members[1].phrase');
  });
});
