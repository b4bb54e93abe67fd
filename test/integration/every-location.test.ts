import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { LOCATION_CODES } from '../../src/domain/location-codes.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { createFixtureCatalog } from '../support/catalog.js';
import { readCsvObjects } from '../support/csv-read.js';
import { createFakeSource } from '../support/fake-source.js';
import { AUTH_HEADER } from '../support/kit.js';

/*
 * Issue 24, item 3: every location_code /v1/keywords/locations prints is computed over its own region (spec
 * rule 2: the source's region id + 10000 for a region without a table code); only a code that names no region
 * is computed as Russia (rule 1), and then the answer, the task result and the file say so. location_name
 * resolves through the region search, with no substitute for a name that names no region or several.
 */

const NOTE = 'computed as Russia: unknown location_code';
const ROSTOV = 39; // a city that is not among the table's 7 (fixture weight 0.05, Russia 1)

function setup(catalog = createFixtureCatalog()) {
  const source = createFakeSource();
  const app = createTestApp({ source, catalog });
  return { source, app };
}

/** The region id a location code names, by the spec's two rules (written out here, not taken from the code). */
const regionOf = (code: number) => LOCATION_CODES.find((row) => row.code === code)?.regionId ?? code - 10_000;

/** /v2 monthly dynamics over the 12 completed months of the fixture clock (2025-03 … 2026-02), newest first. */
async function v2Months(app: ReturnType<typeof createTestApp>, phrase: string, regionId: number) {
  const answer = await post(app, '/v2/stats/dynamics', { phrase, period: 'monthly', fromDate: '2025-03-01', toDate: '2026-02-28', regions: [regionId] });
  expect(answer.status).toBe(200);
  return (answer.json.results as { date: string; count: number }[])
    .map((r) => ({ year: Number(r.date.slice(0, 4)), month: Number(r.date.slice(5, 7)), search_volume: r.count }))
    .reverse();
}

describe('/v1 search_volume: every location /v1/keywords/locations lists', () => {
  it("each listed code answers its region's numbers (the very /v2 numbers of that region id), echoed, with no fallback flag", async () => {
    const { app, source } = setup();
    const listed = await post(app, '/v1/keywords/locations', { keyword: 'пицца' });
    const codes = (listed.json.tasks[0].result[0].items as { location_code: number }[]).map((i) => i.location_code);
    expect(codes).toContain(ROSTOV + 10_000);
    expect(codes.filter((c) => c >= 10_000).length).toBeGreaterThanOrEqual(4); // rule-2 codes, not just the table's
    const volumes = new Set<number>();
    for (const code of codes) {
      const answer = await post(app, '/v1/keywords/search_volume', { keywords: ['купить ноутбук'], location_code: code });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-location-fallback'), `code ${code}`).toBeNull();
      const [item] = answer.json.tasks[0].result;
      expect(item.location_code).toBe(code);
      expect(item.location_note).toBeNull();
      expect(source.calls.at(-1)).toMatchObject({ method: 'dynamics', query: { regions: [regionOf(code)] } });
      const callsBefore = source.calls.length;
      expect(item.monthly_searches, `code ${code}`).toEqual(await v2Months(app, 'купить ноутбук', regionOf(code)));
      expect(source.calls.length, 'the /v2 call of that region is the one /v1 made').toBe(callsBefore);
      volumes.add(item.search_volume);
    }
    // Not one number relabelled: Russia (1550), Moscow (800), Saint Petersburg (650), the others at weight 0.05 (600).
    expect([...volumes].sort()).toEqual([1550, 600, 650, 800].sort());
  });

  it('a 10000+id code is not Russia: Rostov-on-Don 10039 answers its own numbers', async () => {
    const { app } = setup();
    const rostov = await post(app, '/v1/keywords/search_volume', { keywords: ['купить ноутбук'], location_code: 10_039 });
    const russia = await post(app, '/v1/keywords/search_volume', { keywords: ['купить ноутбук'] });
    // Fixture: base round(1000 × 0.05) = 50, plus 100 × (month − 1) → mean 50 + 550; Russia 1000 + 550.
    expect(rostov.json.tasks[0].result[0].search_volume).toBe(600);
    expect(russia.json.tasks[0].result[0].search_volume).toBe(1550);
  });

  it('an unknown code keeps rule 1: computed as Russia, echoed, the header, and the item, the CSV and the XLSX say it', async () => {
    const { app, source } = setup();
    const body = { keywords: ['купить ноутбук'], location_code: 9999 };
    const json = await post(app, '/v1/keywords/search_volume', body);
    expect(json.headers.get('x-location-fallback')).toBe('2643');
    expect(json.json.tasks[0].result[0]).toMatchObject({ location_code: 9999, location_note: NOTE, search_volume: 1550 });
    expect(source.calls.map((c) => ('regions' in c.query ? c.query.regions : undefined))).toEqual([[225]]);

    const csv = await app.fetch(
      new Request('http://localhost/v1/keywords/search_volume?format=csv&delimiter=comma', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...AUTH_HEADER },
        body: JSON.stringify(body),
      }),
    );
    const [row] = readCsvObjects(await csv.text());
    expect(row).toMatchObject({ location_code: '9999', location_note: NOTE });

    const xlsx = await app.fetch(
      new Request('http://localhost/v1/keywords/search_volume?format=xlsx', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...AUTH_HEADER },
        body: JSON.stringify(body),
      }),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ArrayBuffer);
    const cells: unknown[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((r) => cells.push(...(r.values as unknown[]))));
    expect(cells.some((v) => typeof v === 'string' && v.includes(NOTE))).toBe(true);

    // A known code's file has no such note.
    const known = await app.fetch(
      new Request('http://localhost/v1/keywords/search_volume?format=csv&delimiter=comma', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...AUTH_HEADER },
        body: JSON.stringify({ ...body, location_code: 10_039 }),
      }),
    );
    expect(await known.text()).not.toContain(NOTE);
  });

  it('suggestions: a 10000+id code asks the source over that region; an unknown one says Russia in the result', async () => {
    const { app, source } = setup();
    const rostov = await post(app, '/v1/keywords/suggestions', { keyword: 'ноутбук', limit: 3, location_code: 10_039 });
    expect(rostov.status).toBe(200);
    expect(rostov.headers.get('x-location-fallback')).toBeNull();
    expect(source.calls).toMatchObject([{ method: 'top', query: { regions: [ROSTOV] } }]);
    const top = await post(app, '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 2000, regions: [ROSTOV] });
    const counts = new Map((top.json.results as { phrase: string; count: number }[]).map((r) => [r.phrase, r.count]));
    const items = rostov.json.tasks[0].result[0].items as { keyword: string; search_volume: number }[];
    expect(items.length).toBe(3);
    for (const item of items.filter((i) => counts.has(i.keyword))) expect(item.search_volume).toBe(counts.get(item.keyword));
    expect(items.find((i) => i.keyword === 'купить ноутбук')?.search_volume).toBe(600); // 12000 × 0.05
    expect(rostov.json.tasks[0].result[0].location_note).toBeNull();

    const unknown = await post(app, '/v1/keywords/suggestions', { keyword: 'ноутбук', limit: 3, location_code: 12_345_678 });
    expect(unknown.headers.get('x-location-fallback')).toBe('2643');
    expect(unknown.json.tasks[0].result[0].location_note).toBe(NOTE);
  });
});

describe('/v1 location_name', () => {
  it.each([
    ['Moscow', 1012, 213],
    ['Москва', 1012, 213],
    ['москва', 1012, 213],
    ['Saint Petersburg', 1013, 2],
    ['Санкт-Петербург', 1013, 2],
    ['Moscow,Moscow,Russia', 1012, 213], // the format's comma form: the place, then places it lies in
    ['Rostov-on-Don', 10_039, ROSTOV],
  ])('%s resolves to location_code %i (region %i), the same numbers as the code', async (name, code, regionId) => {
    const { app, source } = setup();
    const byName = await post(app, '/v1/keywords/search_volume', { keywords: ['купить ноутбук'], location_name: name });
    expect(byName.status).toBe(200);
    expect(byName.headers.get('x-location-fallback')).toBeNull();
    expect(source.calls).toMatchObject([{ method: 'dynamics', query: { regions: [regionId] } }]);
    const byCode = await post(app, '/v1/keywords/search_volume', { keywords: ['купить ноутбук'], location_code: code });
    expect(byName.json.tasks[0].result).toEqual(byCode.json.tasks[0].result);
    expect(byName.json.tasks[0].result[0].location_code).toBe(code);
    expect(source.calls).toHaveLength(1); // the same call
  });

  it.each([
    [{ location_name: 'Атлантида' }, ['Атлантида', 'names no region']],
    [{ location_name: 'Моск' }, ['names no region', 'did you mean', 'Москва / Moscow', 'location_code 1012']],
    [{ location_name: '  ' }, ['must name a region']],
    [{ location_name: 'Москва', location_code: 1013 }, ['location_code 1013', 'Санкт-Петербург']],
    [{ location_name: 'Москва', location_code: 9999 }, ['location_code 9999 is unknown']],
  ])('%j → 40501 naming location_name, no call, no substitute', async (location, texts) => {
    const { app, source } = setup();
    const answer = await post(app, '/v1/keywords/search_volume', { keywords: ['купить ноутбук'], ...location });
    expect(answer.status).toBe(400);
    expect(answer.json.tasks[0].status_code).toBe(40501);
    const message = answer.json.tasks[0].status_message as string;
    expect(message).toContain('location_name');
    for (const text of texts) expect(message).toContain(text);
    expect(source.calls).toHaveLength(0);
  });

  it('an ambiguous name (two towns called Троицк in the shipped tree) → 40501 listing both with their codes; a region after a comma picks one', async () => {
    const { app, source } = setup(loadRegionCatalog());
    const ambiguous = await post(app, '/v1/keywords/suggestions', { keyword: 'ноутбук', location_name: 'Троицк' });
    expect(ambiguous.status).toBe(400);
    const message = ambiguous.json.tasks[0].status_message as string;
    expect(message).toContain('location_name "Троицк" names 2 regions');
    expect(message).toContain('location_code 21220');
    expect(message).toContain('location_code 30674');
    expect(source.calls).toHaveLength(0);
    const picked = await post(app, '/v1/keywords/search_volume', { keywords: ['пицца'], location_name: 'Троицк, Москва' });
    expect(picked.status).toBe(200);
    expect(picked.json.tasks[0].result[0].location_code).toBe(30_674);
    expect(source.calls).toMatchObject([{ method: 'dynamics', query: { regions: [20_674] } }]);
  });
});

describe('GraphQL keyword fields: the same locations', () => {
  it('locationCode 10039 gives the REST numbers of that region; 9999 is flagged by locationNote; locationName resolves', async () => {
    const { app, source } = setup();
    const rest = await post(app, '/v1/keywords/search_volume', { keywords: ['купить ноутбук'], location_code: 10_039 });
    const item = rest.json.tasks[0].result[0];
    const gql = await graphql(
      app,
      `{ rostov: keyword(phrase: "купить ноутбук", locationCode: 10039) { locationCode locationNote searchVolume monthlySearches { searchVolume } top(numPhrases: 1) { totalCount } }
         unknown: keyword(phrase: "купить ноутбук", locationCode: 9999) { locationCode locationNote searchVolume }
         named: keywords(phrases: ["купить ноутбук"], locationName: "Москва") { locationCode locationNote searchVolume }
         suggestions(keyword: "ноутбук", limit: 2, locationCode: 10039) { locationNote items { keyword searchVolume } } }`,
    );
    expect(gql.json.errors).toBeUndefined();
    expect(gql.json.data.rostov).toMatchObject({ locationCode: 10_039, locationNote: null, searchVolume: item.search_volume });
    expect(gql.json.data.rostov.monthlySearches.map((m: any) => m.searchVolume)).toEqual(item.monthly_searches.map((m: any) => m.search_volume));
    expect(gql.json.data.unknown).toEqual({ locationCode: 9999, locationNote: NOTE, searchVolume: 1550 });
    expect(gql.json.data.named).toEqual([{ locationCode: 1012, locationNote: null, searchVolume: 800 }]);
    expect(gql.json.data.suggestions.locationNote).toBeNull();
    // Nested views and suggestions use the keyword's region too.
    expect(source.calls.filter((c) => c.method === 'top').map((c) => c.query.regions)).toEqual([[ROSTOV], [ROSTOV]]);
  });

  it('a locationName that names no region is an error naming the argument, before any call', async () => {
    const { app, source } = setup();
    const gql = await graphql(app, `{ keyword(phrase: "пицца", locationName: "Атлантида") { searchVolume } }`);
    expect(gql.json.errors?.[0]?.message).toContain('locationName "Атлантида" names no region');
    expect(source.calls).toHaveLength(0);
  });
});
