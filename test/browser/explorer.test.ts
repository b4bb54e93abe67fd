import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { post } from '../support/app.js';
import { FIXED_NOW, TEST_KEY } from '../support/kit.js';
import { readCsvObjects } from '../support/csv-read.js';
import { CHROMIUM, haveChromium, SHOTS, useExplorerBrowser } from '../support/explorer-browser.js';
import { computeTrend } from '../../src/domain/trend.js';

if (!haveChromium) console.warn(`\n*** SKIPPED: the explorer browser test needs Chromium at ${CHROMIUM} ***\n`);

describe.skipIf(!haveChromium)('the explorer page in a real browser', () => {
  // The demo source, tasks in an embedded database with one worker (a keyword list past 100 runs as a real task).
  const harness = useExplorerBrowser();
  const { open, problems, foreign, refusals } = harness;

  /** The first day of the month `months` from `isoDate`'s. */
  const shiftMonth = (isoDate: string, months: number) => {
    const d = new Date(`${isoDate}T00:00:00Z`);
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)).toISOString().slice(0, 10);
  };

  /** `Mar 2025`, as the English page writes a month. */
  const shortMonth = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', month: 'short', year: 'numeric' });

  /** Digits of a table cell ("12 345", "12,345" → 12345). */
  const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));

  it('a newcomer types a phrase, picks a region by part of its name, and sees charts and tables', async () => {
    const tab = await open(1280, 'ru-RU');
    // The development key was offered to this loopback browser and kept.
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('explorer.apiKey'))).toBe(TEST_KEY);
    await expect.poll(() => tab.locator('h1').innerText()).toBe('Спрос по запросам');

    await tab.getByRole('textbox', { name: 'Фраза', exact: true }).fill('велосипед');
    // The region picker, by keyboard: type part of a name, arrows, Enter.
    const regionInput = tab.getByRole('combobox', { name: 'Регионы' });
    await regionInput.fill('петербу');
    await expect.poll(() => tab.locator('#region-options').getByRole('option').count(), { timeout: 10_000 }).toBeGreaterThan(1);
    const options = await tab.locator('#region-options').getByRole('option').allInnerTexts();
    const target = options.findIndex((text) => text.startsWith('Санкт-Петербург ·'));
    expect(target, options.join(' | ')).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < target; i++) await regionInput.press('ArrowDown');
    await regionInput.press('Enter');
    await expect.poll(() => tab.locator('#region-chips li').getAttribute('data-region-id')).toBe('2');
    expect(await tab.locator('#region-meta').innerText()).toBe('стоимость 0'); // the lookup is free

    await tab.getByLabel('Период').selectOption('weekly');
    await tab.getByRole('button', { name: 'Показать' }).press('Enter');
    await tab.locator('#top-table tbody tr').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => tab.locator('#dyn-chart').getAttribute('data-points'), { timeout: 20_000 }).not.toBeNull();

    // The chart holds as many points as the API's results for the same request.
    const api = await post(harness.app(), '/v2/stats/dynamics', { phrase: 'велосипед', period: 'weekly', regions: [2] });
    expect(api.status).toBe(200);
    expect(api.json.results.length).toBeGreaterThan(4);
    expect(Number(await tab.locator('#dyn-chart').getAttribute('data-points'))).toBe(api.json.results.length);
    expect(await tab.locator('#dyn-table tbody tr').count()).toBe(api.json.results.length);
    // Weekly: no trend class; the first-against-last figure leads, named for what it is (issue 24, item 5).
    const trend = (api.json.trend as string).replace(/^up (\d+%)$/, 'рост $1').replace(/^down (\d+%)$/, 'падение $1').replace('stable', 'без изменений');
    await expect.poll(() => tab.locator('#trend').innerText()).toMatch(/^последняя неделя к первой \(.+ к .+\): /);
    expect((await tab.locator('#trend').innerText()).endsWith(`: ${trend}`)).toBe(true);

    // A tooltip with date, count and share at the hovered point.
    const over = (await tab.locator('#dyn-chart .u-over').boundingBox())!;
    await tab.mouse.move(over.x + over.width / 2, over.y + over.height / 2);
    await tab.mouse.move(over.x + over.width / 2 + 3, over.y + over.height / 2);
    const tooltip = tab.locator('#dyn-chart .tooltip');
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    const tip = await tooltip.innerText();
    expect(tip).toMatch(/Запросов: [\d\s ]+/);
    expect(tip).toMatch(/Доля: [\d,]+ %/);
    const shownCount = digits(/Запросов: ([\d\s ]+)/.exec(tip)![1]!);
    expect(api.json.results.map((r: { count: number }) => r.count)).toContain(shownCount);

    // Every call shows its cache status and cost.
    expect(await tab.locator('#dyn-meta').innerText()).toMatch(/^кэш (MISS|HIT) · стоимость [\d,]+$/);
    expect(await tab.locator('#top-meta').innerText()).toMatch(/^кэш (MISS|HIT) · стоимость/);

    // Regions: the table follows the API; names in Russian; the switch filters to cities.
    const regions = await post(harness.app(), '/v2/stats/regions', { phrase: 'велосипед', region: 'all' });
    expect(await tab.locator('#reg-table tbody tr').count()).toBe(regions.json.regions.length);
    expect(await tab.locator('#reg-table tbody tr td').first().innerText()).toBe(regions.json.regions[0].regionName);
    await tab.getByLabel('города').check();
    await expect.poll(async () => new Set(await tab.locator('#reg-table tbody tr td:nth-child(2)').allInnerTexts())).toEqual(new Set(['город']));
    expect(Number(await tab.locator('#reg-chart').getAttribute('data-points'))).toBeGreaterThan(0);
    await tab.locator('#dyn-chart .u-over').hover({ position: { x: over.width * 0.3, y: over.height / 2 } });
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    await tab.locator('#dyn-chart').screenshot({ path: join(SHOTS, 'explorer-ru-tooltip.png') });
    await tab.screenshot({ path: join(SHOTS, 'explorer-ru-desktop.png'), fullPage: true });

    // The top table's CSV: its result rows are the table's rows.
    const [download] = await Promise.all([tab.waitForEvent('download'), tab.locator('#top-csv').click()]);
    expect(download.suggestedFilename()).toBe('top.csv');
    const csvPath = join(SHOTS, 'top.csv');
    await download.saveAs(csvPath);
    const csvText = readFileSync(csvPath, 'utf8');
    // The Russian page asks for Russian headers and values (lang=ru, issue 24, item 16).
    expect(csvText.startsWith('\uFEFFВид;Запрос;Запросов\r\n')).toBe(true);
    const csvRows = readCsvObjects(csvText, ';')
      .filter((row) => row['Вид'] === 'запрос с фразой')
      .map((row) => ({ phrase: row['Запрос'], count: row['Запросов'] }));
    const tableRows = await tab.locator('#top-table tbody tr').evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
    expect(csvRows.map((row) => [row.phrase, Number(row.count)])).toEqual(tableRows.map(([phrase, count]) => [phrase, digits(count!)]));
    await expect.poll(() => tab.locator('#top-csv-meta').innerText()).toMatch(/стоимость/);

    // English: the UI and the region names follow the switch.
    await tab.getByLabel('Язык').selectOption('en');
    await expect.poll(() => tab.locator('h1').innerText()).toBe('Search demand');
    await expect.poll(() => tab.locator('#region-chips li').innerText()).toContain('Saint Petersburg');
    expect(await tab.locator('#dyn-meta').innerText()).toMatch(/^cache (MISS|HIT) · cost 1$/);
    expect(await tab.locator('#key-status').innerText()).toBe('The key is kept in this browser.');
    expect(await tab.locator('#reg-table tbody tr td').first().innerText()).toBe('Moscow');
    await tab.screenshot({ path: join(SHOTS, 'explorer-en-desktop.png'), fullPage: true });
    await tab.context().close();
  }, 120_000);

  it('a key typed without pressing "Save" is the one the calls use (no dev-key offer)', async () => {
    const context = await harness.browser().newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const tab = await context.newPage();
    // As on a production instance: nothing is offered, the person types the key and goes straight to "Show".
    await tab.route('**/explorer/dev-key', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"key":null}' }));
    await tab.goto(`${harness.base()}/`);
    await tab.locator('#api-key').fill(TEST_KEY);
    await tab.getByRole('textbox', { name: 'Phrase', exact: true }).fill('пицца');
    await tab.getByRole('button', { name: 'Show' }).click();
    await tab.locator('#top-table tbody tr').first().waitFor({ timeout: 20_000 });
    expect(await tab.locator('#phrase-status').innerText()).not.toMatch(/error|401/i);
    expect(await tab.evaluate(() => localStorage.getItem('explorer.apiKey'))).toBe(TEST_KEY); // kept on change
    await context.close();
  }, 60_000);

  it('the keywords view answers a pasted list live, with a CSV whose rows match the table', async () => {
    const tab = await open(1280, 'en-US');
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('explorer.apiKey'))).toBe(TEST_KEY);
    // Keyboard: the tab list moves with the arrow keys.
    await tab.getByRole('tab', { name: 'Phrase' }).focus();
    await tab.keyboard.press('ArrowRight');
    await expect.poll(() => tab.getByRole('tab', { name: 'Keyword list' }).getAttribute('aria-selected')).toBe('true');
    const keywords = ['купить велосипед', 'велосипед бу', 'горный велосипед'];
    await tab.getByLabel('Keywords, one per line').fill(keywords.join('\n'));
    await tab.getByRole('button', { name: 'Get volumes' }).click();
    await expect.poll(() => tab.locator('#kw-table tbody tr').count(), { timeout: 20_000 }).toBe(3);
    expect(await tab.locator('#kw-meta').innerText()).toMatch(/^cache (MISS|HIT) · cost/);

    const [download] = await Promise.all([tab.waitForEvent('download'), tab.locator('#kw-csv').click()]);
    expect(download.suggestedFilename()).toBe('search_volume.csv');
    const csvPath = join(SHOTS, 'search_volume.csv');
    await download.saveAs(csvPath);
    const csvRows = readCsvObjects(readFileSync(csvPath, 'utf8'), ';');
    const tableRows = await tab.locator('#kw-table tbody tr').evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );
    expect(csvRows.map((row) => [row.keyword, Number(row.search_volume)])).toEqual(tableRows.map(([keyword, volume]) => [keyword, Number(volume!.replace(/[^\d]/g, ''))]));
    expect(csvRows.map((row) => row.keyword)).toEqual(keywords);
    await tab.screenshot({ path: join(SHOTS, 'explorer-keywords.png'), fullPage: true });
    await tab.context().close();
  }, 120_000);

  it('a list over 100 keywords becomes a task: the view shows its progress, then its results (issue 12 contract)', async () => {
    // The task routes come from another branch; here the browser answers them as issue 12 specifies.
    const tab = await open(1280, 'en-US');
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('explorer.apiKey'))).toBe(TEST_KEY);
    const keywords = Array.from({ length: 150 }, (_, i) => `велосипед ${i + 1}`);
    const posted: unknown[] = [];
    let polls = 0;
    const envelope = (task: Record<string, unknown>) => ({
      status: 200,
      contentType: 'application/json',
      headers: { 'x-cost': '0', 'x-cache': 'MISS' },
      body: JSON.stringify({ status_code: 20000, tasks_count: 1, tasks: [{ id: 'c0ffee00-0000-4000-8000-000000000001', ...task }] }),
    });
    await tab.route('**/v1/keywords/search_volume/task_post', async (route) => {
      posted.push(route.request().postDataJSON());
      await route.fulfill(envelope({ status_code: 20100, status_message: 'Task Created.', result: null, progress: { calls_total: 150, calls_done: 0, eta: null } }));
    });
    await tab.route('**/v1/keywords/search_volume/task_get/*', async (route) => {
      polls += 1;
      if (polls === 1) {
        await route.fulfill(envelope({ status_code: 40601, status_message: 'Task Handed.', result: null, progress: { calls_total: 150, calls_done: 40, eta: '2026-11-20T10:00:00Z' } }));
      } else {
        const result = keywords.map((keyword, i) => ({ keyword, search_volume: 1000 + i, competition_level: null, cpc: 0.1, monthly_searches: [] }));
        await route.fulfill(envelope({ status_code: 20000, status_message: 'Ok.', result, progress: { calls_total: 150, calls_done: 150, eta: null } }));
      }
    });
    await tab.getByRole('tab', { name: 'Keyword list' }).click();
    await tab.getByLabel('Keywords, one per line').fill(keywords.join('\n'));
    await tab.getByRole('button', { name: 'Get volumes' }).click();
    await expect.poll(() => tab.locator('#task-progress-text').innerText(), { timeout: 15_000 }).toContain('source calls: 40 of 150');
    expect(await tab.locator('#task-bar').getAttribute('value')).toBe('40');
    await tab.locator('#task-progress').screenshot({ path: join(SHOTS, 'explorer-task-progress.png') });
    await expect.poll(() => tab.locator('#kw-table tbody tr').count(), { timeout: 20_000 }).toBe(150);
    expect(posted).toEqual([{ keywords }]);
    expect(await tab.locator('#task-progress').isHidden()).toBe(true);
    expect(await tab.locator('#keywords-status').innerText()).toContain('Done');
    await tab.context().close();
  }, 120_000);

  it('a list over 100 keywords runs as a real task (task_post, task_get) and shows the live route\'s volumes', async () => {
    const tab = await open(1280, 'en-US');
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('explorer.apiKey'))).toBe(TEST_KEY);
    const keywords = Array.from({ length: 120 }, (_, i) => `ноутбук ${i + 1}`);
    await tab.getByRole('tab', { name: 'Keyword list' }).click();
    await tab.getByLabel('Keywords, one per line').fill(keywords.join('\n'));
    await tab.getByRole('button', { name: 'Get volumes' }).click();
    await expect.poll(() => tab.locator('#kw-table tbody tr').count(), { timeout: 60_000 }).toBe(120);
    expect(await tab.locator('#keywords-status').innerText()).toContain('Done');
    // The first rows are what the live route answers for those keywords (they are in the cache by now).
    const live = await post(harness.app(), '/v1/keywords/search_volume', { keywords: keywords.slice(0, 3) });
    const firstCells = await tab.locator('#kw-table tbody tr td:nth-child(2)').allInnerTexts();
    const shown = firstCells.slice(0, 3).map((text) => Number(text.replace(/\D/g, '')));
    expect(shown).toEqual(live.json.tasks[0].result.map((item: { search_volume: number }) => item.search_volume));
    await tab.screenshot({ path: join(SHOTS, 'explorer-task-done.png'), fullPage: false });
    await tab.context().close();
  }, 120_000);

  it('an SEO specialist sees match types in sortable columns, seasonality, and saves the list as XLSX (issue 21)', async () => {
    const tab = await open(1280, 'en-US');
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('explorer.apiKey'))).toBe(TEST_KEY);
    await tab.getByRole('tab', { name: 'Keyword list' }).click();
    const keywords = ['купить палатку', 'палатка', 'палатка туристическая 4 местная', 'спальник'];
    await tab.getByLabel('Keywords, one per line').fill(keywords.join('\n'));
    await tab.getByLabel('"phrase"').check();
    await tab.getByLabel('"!exact"').check();
    await tab.getByLabel('24 months (year over year)').check();
    await tab.getByRole('button', { name: 'Get volumes' }).click();
    await expect.poll(() => tab.locator('#kw-table tbody tr').count(), { timeout: 20_000 }).toBe(4);
    const headers = await tab.locator('#kw-table thead th').allInnerTexts();
    expect(headers.map((h) => h.replace(/[▲▼]/g, '').trim())).toEqual(['Keyword', 'Volume', '"phrase"', '"!exact"', 'Year over year', 'Trend (24 months)', 'Peak', 'Competition', 'CPC']);
    expect(await tab.locator('#kw-period').innerText()).toContain('24');

    // The API's figures for the same request, sorted by phrase volume, are the table's order after one click.
    const api = await post(harness.app(), '/v1/keywords/search_volume', { keywords, match_types: ['phrase', 'exact'], history_months: 24 });
    const items = api.json.tasks[0].result as { keyword: string; search_volume_phrase: number; search_volume_exact: number }[];
    await tab.locator('#kw-table thead button[data-key="phrase"]').click();
    expect(await tab.locator('#kw-table thead th').nth(2).getAttribute('aria-sort')).toBe('descending');
    const byPhrase = [...items].sort((a, b) => b.search_volume_phrase - a.search_volume_phrase);
    const rows = () => tab.locator('#kw-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    const shown = await rows();
    expect(shown.map((r) => r[0])).toEqual(byPhrase.map((i) => i.keyword));
    expect(shown.map((r) => digits(r[2]!))).toEqual(byPhrase.map((i) => i.search_volume_phrase));
    expect(shown.map((r) => digits(r[3]!))).toEqual(byPhrase.map((i) => i.search_volume_exact));
    // A second click reverses the order.
    await tab.locator('#kw-table thead button[data-key="phrase"]').click();
    expect((await rows()).map((r) => r[0])).toEqual([...byPhrase].reverse().map((i) => i.keyword));
    await tab.screenshot({ path: join(SHOTS, 'explorer-match-types.png'), fullPage: true });

    const [download] = await Promise.all([tab.waitForEvent('download'), tab.locator('#kw-xlsx').click()]);
    expect(download.suggestedFilename()).toBe('search_volume.xlsx');
    const xlsxPath = join(SHOTS, 'search_volume.xlsx');
    await download.saveAs(xlsxPath);
    const bytes = readFileSync(xlsxPath);
    expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a zip: the workbook
    await tab.context().close();
  }, 120_000);

  it('monthly dynamics show the year before as a second line, and every card says which period it covers (issue 21)', async () => {
    const tab = await open(1280, 'en-US');
    // The page's calendar is the browser's: set it to the service's (the tests' fixed clock), as in real use.
    await tab.clock.setFixedTime(new Date(FIXED_NOW));
    await tab.reload();
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('explorer.apiKey'))).toBe(TEST_KEY);
    await tab.getByRole('textbox', { name: 'Phrase', exact: true }).fill('купальник');
    await tab.getByRole('button', { name: 'Show' }).click();
    await tab.locator('#top-table tbody tr').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => tab.locator('#dyn-chart').getAttribute('data-points'), { timeout: 20_000 }).toBe('12');
    expect(await tab.locator('#dyn-legend').isVisible()).toBe(true);
    // The chart's second series is the year before: each table row's "A year before" is the API's count 12 months back.
    // The table sits in a closed <details>: read its text, not what is rendered.
    const headers = await tab.locator('#dyn-table thead th').allTextContents();
    expect(headers).toEqual(['Date', 'Count', 'A year before', 'Share']);
    const dates = await tab.locator('#dyn-table tbody tr td:first-child').allTextContents();
    const api = await post(harness.app(), '/v2/stats/dynamics', { phrase: 'купальник', period: 'monthly', fromDate: shiftMonth(dates[0]!, -12), toDate: dates.at(-1)! });
    const counts = new Map((api.json.results as { date: string; count: number }[]).map((r) => [r.date, r.count]));
    const before = (await tab.locator('#dyn-table tbody tr td:nth-child(3)').allTextContents()).map(digits);
    expect(before).toEqual(dates.map((d) => counts.get(shiftMonth(d, -12))));
    expect(api.json.seasonality.months).toBe(24);
    // The trend badge speaks of the 12 months on the chart (first against last), not of the 24 fetched.
    const shownCounts = (await tab.locator('#dyn-table tbody tr td:nth-child(2)').allTextContents()).map(digits);
    expect(shownCounts).toEqual(dates.map((d) => counts.get(d)));
    // Issue 24, item 5: the lead is the trend class over the 24 answered months and year over year, each naming its
    // window; the first-against-last figure comes last, named "last month vs first" with its months.
    const lead = await tab.locator('#trend').innerText();
    const yoy = api.json.seasonality.yoyChangePercent as number;
    expect(lead).toBe(
      `Trend over 24 months (${shortMonth(api.json.results[0].date)} – ${shortMonth(api.json.results.at(-1).date)}): ${api.json.seasonality.trendClass}` +
        ` · year over year: ${yoy > 0 ? '+' : ''}${yoy.toLocaleString('en-US', { maximumFractionDigits: 1 })} % (last 12 months vs the 12 before)`,
    );
    const firstLast = computeTrend(shownCounts);
    const rest = await tab.locator('#dyn-seasonality').innerText();
    expect(rest).toMatch(/^Peak: \w+ · seasonality index [\d.]+ · last month vs first \(\w{3} \d{4} vs \w{3} \d{4}\): /);
    expect(rest.endsWith(`: ${firstLast}`)).toBe(true);
    expect(await tab.locator('#dyn-period').innerText()).toMatch(/^\w{3} \d{4} – \w{3} \d{4}, by month$/);
    for (const id of ['#reg-period', '#top-period', '#assoc-period']) {
      expect(await tab.locator(id).innerText()).toMatch(/^Last 30 days \(\d+ \w{3} \d{4} – \d+ \w{3} \d{4}\)$/);
    }
    await tab.locator('#dyn-chart').evaluate((el) => el.closest('section')!.scrollIntoView());
    await tab.locator('section.card:has(#dyn-chart)').screenshot({ path: join(SHOTS, 'explorer-year-over-year.png') });
    await tab.screenshot({ path: join(SHOTS, 'explorer-periods.png'), fullPage: true });
    await tab.context().close();
  }, 120_000);

  it('speaks the page\'s language: errors from its own catalogue, competition levels, parent regions, the workbook (issue 24, items 16, 18)', async () => {
    const tab = await open(1280, 'ru-RU');
    refusals.expected = true;
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('explorer.apiKey'))).toBe(TEST_KEY);
    await tab.getByRole('tab', { name: 'Список слов' }).click();
    const tooLong = 'велосипед '.repeat(41).trim();
    await tab.getByLabel('Ключевые слова, по одному в строке').fill(`детский велосипед\n${tooLong}`);
    await tab.getByRole('button', { name: 'Узнать частотность' }).click();
    // Was "keywords[1]: is longer than 400 characters": the API's English in the Russian page.
    await expect.poll(() => tab.locator('#keywords-status').innerText(), { timeout: 20_000 }).toMatch(/^Ошибка: Слово 2 длиннее 400 символов/);
    await tab.locator('#keywords-status').scrollIntoViewIfNeeded();
    await tab.screenshot({ path: join(SHOTS, 'explorer-ru-error.png') });

    await tab.getByLabel('Ключевые слова, по одному в строке').fill('детский велосипед\nбеговел\nсамокат');
    await tab.getByRole('button', { name: 'Узнать частотность' }).click();
    await expect.poll(() => tab.locator('#kw-table tbody tr').count(), { timeout: 20_000 }).toBe(3);
    const headers = (await tab.locator('#kw-table thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim());
    expect(headers).toContain('Тренд (12 мес.)');
    const competition = await tab.locator(`#kw-table tbody tr td:nth-child(${headers.indexOf('Конкуренция') + 1})`).allInnerTexts();
    for (const level of competition) expect(['низкая', 'средняя', 'высокая']).toContain(level);

    // The Russian page's workbook: Russian headers, the title row says demo, the sheet about the data.
    const [download] = await Promise.all([tab.waitForEvent('download'), tab.locator('#kw-xlsx').click()]);
    const xlsxPath = join(SHOTS, 'search_volume-ru.xlsx');
    await download.saveAs(xlsxPath);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(xlsxPath) as unknown as ArrayBuffer);
    expect(String(workbook.worksheets[0]!.getCell('A1').value)).toMatch(/^демо-данные · /);
    expect(workbook.worksheets[0]!.getCell('A2').value).toBe('Ключевое слово');
    expect(workbook.worksheets[1]!.name).toBe('О данных - About');

    // English: the parent region in English too (was "Moscow · city, Москва и область"), errors in English.
    await tab.getByLabel('Язык').selectOption('en');
    await tab.getByLabel('Keywords, one per line').fill(`велосипед\n${tooLong}`);
    await tab.getByRole('button', { name: 'Get volumes' }).click();
    await expect.poll(() => tab.locator('#keywords-status').innerText(), { timeout: 20_000 }).toMatch(/^Error: Keyword 2 is longer than 400 characters/);
    await tab.getByRole('tab', { name: 'Phrase' }).click();
    await tab.getByRole('combobox', { name: 'Regions' }).fill('моск');
    await expect.poll(async () => (await tab.locator('#region-options').getByRole('option').allInnerTexts()).find((o) => o.startsWith('Moscow · ')), { timeout: 10_000 }).toBe(
      'Moscow · city, Moscow and Moscow Oblast',
    );
    const options = await tab.locator('#region-options').getByRole('option').allInnerTexts();
    for (const option of options) expect(option).not.toMatch(/[а-яё]/i);
    await tab.screenshot({ path: join(SHOTS, 'explorer-en-regions.png') });
    await tab.context().close();
    refusals.expected = false;
  }, 120_000);

  it('does not break at 360 px: no sideways scrolling, the charts fit', async () => {
    const tab = await open(360, 'ru-RU');
    // The service's calendar (the tests' fixed clock), so the monthly card shows its 24 months as in real use.
    await tab.clock.setFixedTime(new Date(FIXED_NOW));
    await tab.reload();
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('explorer.apiKey'))).toBe(TEST_KEY);
    await tab.getByRole('textbox', { name: 'Фраза', exact: true }).fill('пицца');
    await tab.getByRole('textbox', { name: 'Фраза', exact: true }).press('Enter');
    await tab.locator('#reg-table tbody tr').first().waitFor({ timeout: 20_000 });
    await expect.poll(() => tab.locator('#dyn-chart').getAttribute('data-points'), { timeout: 20_000 }).not.toBeNull();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const chart = (await tab.locator('#dyn-chart canvas').boundingBox())!;
    expect(chart.x + chart.width).toBeLessThanOrEqual(360);
    await tab.screenshot({ path: join(SHOTS, 'explorer-ru-360.png'), fullPage: true });
    await tab.locator('#reg-chart').screenshot({ path: join(SHOTS, 'explorer-ru-360-regions.png') });
    await tab.locator('section.card:has(#dyn-chart)').screenshot({ path: join(SHOTS, 'explorer-ru-360-dynamics.png') });
    // The keyword list with every match type and 24 months: the table scrolls in its box, the page does not.
    await tab.getByRole('tab', { name: 'Список слов' }).click();
    await tab.getByLabel('Ключевые слова, по одному в строке').fill('купить палатку\nпалатка');
    for (const label of ['«фраза»', '«!точная»', '[порядок]', '24 месяца (год к году)']) await tab.getByLabel(label).check();
    await tab.getByRole('button', { name: 'Узнать частотность' }).click();
    await expect.poll(() => tab.locator('#kw-table tbody tr').count(), { timeout: 20_000 }).toBe(2);
    expect(await tab.locator('#kw-table thead th').count()).toBe(10);
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await tab.screenshot({ path: join(SHOTS, 'explorer-ru-360-keywords.png'), fullPage: true });
    // The same page in English at 360 px: the phrase view relabelled, still no sideways scrolling.
    await tab.getByLabel('Язык').selectOption('en');
    await tab.getByRole('tab', { name: 'Phrase' }).click();
    await expect.poll(() => tab.locator('h1').innerText()).toBe('Search demand');
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await tab.screenshot({ path: join(SHOTS, 'explorer-en-360.png'), fullPage: true });
    await tab.locator('section.card:has(#dyn-chart)').screenshot({ path: join(SHOTS, 'explorer-en-360-dynamics.png') });
    await tab.setViewportSize({ width: 1280, height: 900 });
    await tab.getByLabel('Language').selectOption('ru');
    await tab.locator('section.card:has(#dyn-chart)').screenshot({ path: join(SHOTS, 'explorer-ru-desktop-dynamics.png') });
    await tab.context().close();
  }, 120_000);

  it('logged no console errors and loaded nothing from elsewhere', () => {
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
