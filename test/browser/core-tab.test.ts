import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { post } from '../support/app.js';
import { CHROMIUM, haveChromium, SHOTS, useExplorerBrowser } from '../support/explorer-browser.js';

if (!haveChromium) console.warn(`\n*** SKIPPED: the core-tab browser test needs Chromium at ${CHROMIUM} ***\n`);

interface Cleaned {
  phrase: string;
  verdict: 'keep' | 'review' | 'drop';
  noise: string[];
  duplicate_of: string | null;
}

describe.skipIf(!haveChromium)('the explorer\'s core tab (issue 27, section 4)', () => {
  const { app: appOf, base: baseOf, open, problems, foreign, refusals } = useExplorerBrowser();

  /** The table's rows as the page shows them: phrase, verdict (data attribute), and the cells' text. */
  const shownRows = (tab: Page) =>
    tab.locator('#core-table tbody tr').evaluateAll((rows) =>
      rows.map((row) => ({
        cells: [...row.querySelectorAll('td')].map((td) => td.textContent ?? ''),
        verdict: row.querySelector<HTMLElement>('button.verdict')?.dataset.verdict ?? null,
      })),
    );

  it('a specialist collects a core from a seed, hides the dropped, flips a verdict, and the workbook keeps the edit', async () => {
    const tab = await open(1280, 'ru-RU');
    // Keyboard: the tab list moves with the arrow keys to the third tab.
    await tab.getByRole('tab', { name: 'Фраза' }).focus();
    await tab.keyboard.press('ArrowRight');
    await tab.keyboard.press('ArrowRight');
    await expect.poll(() => tab.getByRole('tab', { name: 'Ядро' }).getAttribute('aria-selected')).toBe('true');
    // The seeds' limit is the operation's, read from operations.json.
    const manifest = (await (await fetch(`${baseOf()}/explorer/operations.json`)).json()) as { operations: Record<string, { items: { live: number } }> };
    await expect.poll(() => tab.locator('#core-seeds-hint').innerText()).toContain(`До ${manifest.operations.core_expand!.items.live} фраз`);

    await tab.getByLabel('Исходные фразы, по одной в строке').fill('детский велосипед');
    // The region picker, by keyboard (the shop is in Moscow): other cities become noise.
    const regionInput = tab.getByRole('combobox', { name: 'Регион' });
    await regionInput.fill('москва');
    await expect.poll(async () => (await tab.locator('#core-region-options').getByRole('option').allInnerTexts()).findIndex((o) => o.startsWith('Москва ·')), { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    const options = await tab.locator('#core-region-options').getByRole('option').allInnerTexts();
    for (let i = 0; i < options.findIndex((o) => o.startsWith('Москва ·')); i++) await regionInput.press('ArrowDown');
    await regionInput.press('Enter');
    const region = Number(await tab.locator('#core-region-chips li').getAttribute('data-region-id'));
    expect(region).toBeGreaterThan(0);
    await tab.getByRole('button', { name: 'Собрать и очистить' }).click();
    await expect.poll(() => tab.locator('#core-table tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(50);

    // What the API answers for the same request: every collected phrase is a row, with the clean's verdict.
    const expand = await post(appOf(), '/v2/core/expand', { seeds: ['детский велосипед'], depth: 1, region });
    const rows = expand.json.rows as { phrase: string; count: number }[];
    const clean = await post(appOf(), '/v2/core/clean', { phrases: rows.map((r) => ({ phrase: r.phrase, volume: r.count })), region });
    const cleaned = clean.json.phrases as Cleaned[];
    let shown = await shownRows(tab);
    expect(shown.length).toBe(cleaned.length);
    expect(shown.map((r) => r.cells[0])).toEqual(cleaned.map((p) => p.phrase));
    expect(shown.map((r) => r.verdict)).toEqual(cleaned.map((p) => p.verdict));
    expect(await tab.locator('#core-status').innerText()).toBe(`Собрано фраз: ${rows.length.toLocaleString('ru-RU')}; запросов к источнику: 1`);
    // Noise is found and said in words (the workbook's): the demo's бесплатно, отзывы, своими руками, авито.
    const noisy = shown.filter((r) => r.cells[4] !== '');
    expect(noisy.length).toBeGreaterThan(0);
    expect(shown.some((r) => r.cells[4]!.includes('своими руками'))).toBe(true);
    expect(shown.some((r) => r.cells[4]!.includes('другой город'))).toBe(true); // спб, asked for Moscow
    expect(new Set(shown.map((r) => r.verdict))).toEqual(new Set(['keep', 'review', 'drop']));
    const summary = await tab.locator('#core-summary').innerText();
    expect(summary).toContain(`убрать: ${clean.json.counts.drop.toLocaleString('ru-RU')}`);

    // Hide dropped: no dropped row is left, the others all are.
    await tab.getByLabel('Скрыть «убрать»').check();
    shown = await shownRows(tab);
    expect(shown.length).toBe(cleaned.filter((p) => p.verdict !== 'drop').length);
    expect(shown.every((r) => r.verdict !== 'drop')).toBe(true);
    // Hide duplicates too: heads only.
    await tab.getByLabel('Скрыть дубли').check();
    expect((await shownRows(tab)).length).toBe(cleaned.filter((p) => p.verdict !== 'drop' && p.duplicate_of === null).length);
    await tab.getByLabel('Скрыть дубли').uncheck();

    // Sorting: volume, largest first, then reversed.
    await tab.locator('#core-table thead button[data-key="volume"]').click();
    expect(await tab.locator('#core-table thead th').nth(1).getAttribute('aria-sort')).toBe('descending');
    const volumes = (await shownRows(tab)).map((r) => Number(r.cells[1]!.replace(/\D/g, '')));
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));

    // Flip the first kept phrase's verdict by keyboard: keep → review, marked as edited, the summary counts it.
    const target = (await shownRows(tab)).find((r) => r.verdict === 'keep')!.cells[0]!;
    const button = tab.getByRole('button', { name: new RegExp(`^${target}: решение «оставить»`) });
    await button.focus();
    await tab.keyboard.press('Enter');
    const flipped = tab.locator('#core-table button.verdict.edited');
    await expect.poll(() => flipped.count()).toBe(1);
    expect(await flipped.getAttribute('data-verdict')).toBe('review');
    expect(await flipped.innerText()).toContain('изменено');
    expect(await tab.evaluate(() => (document.activeElement as HTMLElement).dataset.verdict)).toBe('review'); // focus stays
    expect(await tab.locator('#core-summary').innerText()).toContain('изменено вручную: 1');
    expect(await tab.locator('#core-summary').innerText()).toContain(`проверить: ${(clean.json.counts.review + 1).toLocaleString('ru-RU')}`);
    await tab.screenshot({ path: join(SHOTS, 'explorer-ru-desktop-core.png') });

    // The workbook: the edited verdict, in Russian.
    const [download] = await Promise.all([tab.waitForEvent('download'), tab.getByRole('button', { name: 'Скачать книгу XLSX' }).click()]);
    expect(download.suggestedFilename()).toBe('semanticheskoe-yadro.xlsx');
    const xlsxPath = join(SHOTS, 'semanticheskoe-yadro.xlsx');
    await download.saveAs(xlsxPath);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(xlsxPath) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Ядро - Core')!;
    expect(String(sheet.getCell('A1').value)).toMatch(/^демо-данные/);
    const headers = (sheet.getRow(2).values as unknown[]).map(String);
    const phraseColumn = headers.indexOf('Фраза');
    const verdictColumn = headers.indexOf('Решение');
    const verdictOf = new Map<string, string>();
    sheet.eachRow((row, n) => {
      if (n > 2) verdictOf.set(String(row.getCell(phraseColumn).value), String(row.getCell(verdictColumn).value));
    });
    expect(verdictOf.size).toBe(cleaned.length);
    expect(verdictOf.get(target)).toBe('проверить');
    // Every other phrase keeps the service's verdict.
    const words = { keep: 'оставить', review: 'проверить', drop: 'убрать' };
    const others = cleaned.filter((p) => p.phrase !== target);
    expect(others.filter((p) => verdictOf.get(p.phrase) !== words[p.verdict])).toEqual([]);

    // English: the same table relabelled, verdicts and noise in English words.
    await tab.getByLabel('Язык').selectOption('en');
    await expect.poll(() => tab.getByRole('tab', { name: 'Core' }).isVisible()).toBe(true);
    expect(await tab.locator('#core-summary').innerText()).toContain('edited by hand: 1');
    shown = await shownRows(tab);
    expect(shown.some((r) => r.cells[4]!.includes('do it yourself'))).toBe(true);
    // Verdict, reason and noise cells (the phrases themselves stay Russian).
    expect(shown.map((r) => r.cells.slice(2, 5).join(' ')).join(' ')).not.toMatch(/[а-яё]/i);
    await tab.screenshot({ path: join(SHOTS, 'explorer-en-desktop-core.png') });
    await tab.context().close();
  }, 120_000);

  it('at 360 px the tab does not scroll sideways (RU and EN)', async () => {
    const tab = await open(360, 'ru-RU');
    await tab.getByRole('tab', { name: 'Ядро' }).click();
    await tab.getByLabel('Исходные фразы, по одной в строке').fill('детский велосипед');
    await tab.getByRole('button', { name: 'Собрать и очистить' }).click();
    await expect.poll(() => tab.locator('#core-table tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(50);
    await tab.locator('#core-table button.verdict').first().click();
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The table scrolls sideways in its own box (the click scrolled to the focused verdict); the phrase column stays.
    const box = tab.locator('#core-results .scroll');
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const phraseCell = tab.locator('#core-table tbody tr td').first();
    expect((await phraseCell.boundingBox())!.x).toBeGreaterThanOrEqual(0);
    await box.evaluate((el) => el.scrollTo({ left: 0 }));
    await tab.screenshot({ path: join(SHOTS, 'explorer-ru-360-core.png'), fullPage: true });
    await tab.getByLabel('Язык').selectOption('en');
    expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await tab.screenshot({ path: join(SHOTS, 'explorer-en-360-core.png'), fullPage: true });
    await tab.context().close();
  }, 120_000);

  it('an expansion too big for one request runs as a task: progress, then the cleaned table', async () => {
    const tab = await open(1280, 'en-US');
    refusals.expected = true;
    await tab.getByRole('tab', { name: 'Core' }).click();
    await tab.getByLabel('Seed phrases, one per line').fill('самокат');
    await tab.getByLabel('Depth').selectOption('2');
    // Over the per-request call limit: the live route refuses (400 QUERY_TOO_COMPLEX) naming the task route.
    await tab.getByLabel('Source calls, at most').fill('101');
    const posted: unknown[] = [];
    tab.on('request', (request) => {
      if (request.url().endsWith('/v2/core/expand/task_post')) posted.push(request.postDataJSON());
    });
    // What the progress line said while the task ran (it may finish between two looks, so it is recorded).
    await tab.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(document.getElementById('core-progress-text')!.textContent ?? '')).observe(document.getElementById('core-progress-text')!, { childList: true, characterData: true, subtree: true });
    });
    await tab.getByRole('button', { name: 'Collect and clean' }).click();
    await expect.poll(() => tab.locator('#core-table tbody tr').count(), { timeout: 90_000 }).toBeGreaterThan(100);
    expect(posted).toEqual([{ seeds: ['самокат'], depth: 2, max_calls: 101 }]);
    const status = await tab.locator('#core-status').innerText();
    expect(status).toMatch(/^Phrases collected: [\d,]+; source calls: 101/);
    expect(await tab.locator('#core-progress').isHidden()).toBe(true);
    const seen = await tab.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.join(' | ')).toMatch(/The task is (queued|running): source calls: \d+ of 101/);
    expect(seen.join(' | ')).not.toContain('0 of 0');
    await tab.context().close();
    refusals.expected = false;
  }, 150_000);

  it('logged no console errors and loaded nothing from elsewhere', () => {
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
