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
    // The page showed the task's state; a look taken before the task knew its calls shows no count (never "0 of 0"),
    // and every count shown is of the 101 planned calls. A task may finish between two looks, so a count is optional.
    const shown = seen.filter((line) => line !== '');
    expect(shown.length).toBeGreaterThan(0);
    for (const line of shown) expect(line).toMatch(/^The task is (queued|running)(: source calls: \d+ of 101(, .*)?)?$/);
    await tab.context().close();
    refusals.expected = false;
  }, 150_000);

  interface Member {
    phrase: string;
    volume: number | null;
    shared: number;
    moved_from?: string;
  }
  interface ClustersAnswer {
    clusters: { id: string; marker: string; members: Member[]; volume: number }[];
    unclustered: Member[];
    counts: { phrases: number; clusters: number; unclustered: number };
  }
  /** The grouped table as the page shows it: per row group, its id, header text and rows (phrase, kind, volume, verdict, moved). */
  const shownGroups = (tab: Page) =>
    tab.locator('#core-table tbody[data-group]').evaluateAll((bodies) =>
      bodies.map((body) => ({
        id: (body as HTMLElement).dataset.group!,
        head: body.querySelector('tr.group-head')!.textContent ?? '',
        rows: [...body.querySelectorAll<HTMLElement>('tr[data-phrase]')].map((row) => ({
          phrase: row.dataset.phrase!,
          kind: row.className,
          volume: Number((row.querySelectorAll('td')[1]!.textContent ?? '').replace(/\D/g, '')),
          verdict: row.querySelector<HTMLElement>('button.verdict')?.dataset.verdict ?? null,
          moved: row.querySelector('select.move.moved') !== null,
        })),
      })),
    );

  /** Collects a core from the seed and clusters its kept phrases; returns what the page sent and received. */
  async function collectAndCluster(tab: Page, words: { tab: string; collect: string; cluster: string }, beforeClustering: () => Promise<void> = async () => undefined) {
    const sent: Record<string, unknown>[] = [];
    let answer: ClustersAnswer | undefined;
    tab.on('request', (request) => {
      if (/^\/v2\/core\/clusters(\/task_post)?$/.test(new URL(request.url()).pathname)) sent.push(request.postDataJSON());
    });
    tab.on('response', async (response) => {
      const path = new URL(response.url()).pathname;
      if (response.status() !== 200 || !/^\/v2\/core\/clusters(\/task_get\/.+)?$/.test(path)) return;
      const json = await response.json();
      if (path === '/v2/core/clusters') answer = json as ClustersAnswer;
      else if (json.tasks[0].status_code === 20000) answer = json.tasks[0].result[0] as ClustersAnswer;
    });
    await tab.getByRole('tab', { name: words.tab }).click();
    await tab.locator('#core-seeds').fill('детский велосипед');
    await tab.getByRole('button', { name: words.collect }).click();
    await expect.poll(() => tab.locator('#core-table tbody tr').count(), { timeout: 30_000 }).toBeGreaterThan(50);
    await beforeClustering();
    // What the cluster status and progress line said (a task may finish between two looks, so it is recorded).
    await tab.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { clusterSeen: string[] }).clusterSeen = seen;
      const record = () => seen.push(`${document.getElementById('core-cluster-status')!.textContent} | ${document.getElementById('core-cluster-progress-text')!.textContent}`);
      for (const id of ['core-cluster-status', 'core-cluster-progress-text']) new MutationObserver(record).observe(document.getElementById(id)!, { childList: true, characterData: true, subtree: true });
    });
    // A list too big for one live request is refused before any search and runs as a task (progress as expand's).
    refusals.expected = true;
    await tab.getByRole('button', { name: words.cluster, exact: true }).click();
    await expect.poll(() => tab.locator('#core-table tbody[data-group]').count(), { timeout: 120_000 }).toBeGreaterThan(2);
    refusals.expected = false;
    await expect.poll(() => answer !== undefined).toBe(true);
    expect(await tab.locator('#core-cluster-progress').isHidden()).toBe(true);
    const seen = await tab.evaluate(() => (window as unknown as { clusterSeen: string[] }).clusterSeen);
    return { sent, answer: answer!, seen };
  }

  it('clusters the kept phrases: rows grouped under their markers, sorted within a cluster, a phrase moved, the workbook request carries the move', async () => {
    const tab = await open(1280, 'ru-RU');
    const manifest = (await (await fetch(`${baseOf()}/explorer/operations.json`)).json()) as {
      operations: Record<string, { path: string; inputs: Record<string, { default?: unknown; enum?: unknown[]; minimum?: number; maximum?: number }> }>;
    };
    const inputs = manifest.operations.core_clusters!.inputs;
    const mode = tab.getByLabel('Группировка');
    const depth = tab.getByLabel('Глубина выдачи (топ)');
    const threshold = tab.getByLabel('Общих URL, не меньше');
    const { sent, answer, seen } = await collectAndCluster(tab, { tab: 'Ядро', collect: 'Собрать и очистить', cluster: 'Кластеризовать' }, async () => {
      // The controls are the operation's: its modes and depths, its threshold bounds, its defaults.
      expect(await mode.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value))).toEqual(inputs.mode!.enum);
      expect(await mode.inputValue()).toBe(inputs.mode!.default);
      expect(await mode.locator('option').allInnerTexts()).toEqual(['мягкая', 'средняя', 'жёсткая']);
      expect(await depth.locator('option').allInnerTexts()).toEqual(inputs.depth!.enum!.map(String));
      expect(await depth.inputValue()).toBe(String(inputs.depth!.default));
      expect([await threshold.inputValue(), await threshold.getAttribute('min'), await threshold.getAttribute('max')]).toEqual([inputs.threshold!.default, inputs.threshold!.minimum, inputs.threshold!.maximum].map(String));
      // A mode and threshold other than the defaults, so the request is seen to carry the controls.
      await mode.selectOption('moderate');
      await threshold.fill('5');
    });
    // What was sent: the kept phrases of the clean, with their volumes, and the controls.
    const expand = await post(appOf(), '/v2/core/expand', { seeds: ['детский велосипед'], depth: 1 });
    const clean = await post(appOf(), '/v2/core/clean', { phrases: (expand.json.rows as { phrase: string; count: number }[]).map((r) => ({ phrase: r.phrase, volume: r.count })) });
    const cleaned = clean.json.phrases as (Cleaned & { volume: number | null })[];
    const kept = cleaned.filter((p) => p.verdict === 'keep').map((p) => ({ phrase: p.phrase, volume: p.volume }));
    expect(kept.length).toBeGreaterThan(100);
    expect(sent.length).toBe(2); // refused live (more searches than one request makes), then posted as a task
    expect(sent[1]).toEqual({ phrases: kept, mode: 'moderate', threshold: 5, depth: inputs.depth!.default });
    // The page said so: the task's id, then its progress as the expand step shows it.
    expect(seen.join(' || ')).toMatch(/Слишком много фраз для одного запроса — кластеризация идёт задачей [\w-]+ \| Задача (в очереди|выполняется)/);
    expect(seen.join(' || ')).not.toContain('0 из 0');
    // The answer is the service's for that request.
    const live = await post(appOf(), '/v2/core/clusters', { phrases: kept, mode: 'moderate', threshold: 5 });
    expect(live.status).toBe(200); // the task's pages are cached now
    expect(answer).toEqual(live.json);
    expect(answer.clusters.length).toBeGreaterThan(2);

    // Rows grouped: a group per cluster in the answer's order, the marker first, then its members; the unclustered
    // after the clusters, the phrases not sent (not kept) last.
    let groups = await shownGroups(tab);
    expect(groups.map((g) => g.id)).toEqual([...answer.clusters.map((c) => c.id), 'unclustered', 'not-sent']);
    for (const [k, cluster] of answer.clusters.entries()) {
      const group = groups[k]!;
      expect(group.rows.map((r) => r.phrase)).toEqual(cluster.members.map((m) => m.phrase));
      expect(group.rows[0]!.phrase).toBe(cluster.marker);
      expect(group.rows.map((r) => r.kind)).toEqual(['marker', ...cluster.members.slice(1).map(() => 'member')]);
      expect(group.head).toContain(cluster.marker);
      expect(group.head).toContain(`фраз: ${cluster.members.length}`);
      expect(group.head).toContain(`частотность: ${cluster.volume.toLocaleString('ru-RU')}`);
    }
    expect(groups.at(-2)!.rows.map((r) => r.phrase)).toEqual(answer.unclustered.map((m) => m.phrase));
    expect(groups.at(-1)!.rows.map((r) => r.phrase).sort()).toEqual(cleaned.filter((p) => p.verdict !== 'keep').map((p) => p.phrase).sort());
    // Members are indented beneath their marker.
    const indent = (kind: string) => tab.locator(`#core-table tr.${kind} td`).first().evaluate((td) => parseFloat(getComputedStyle(td).paddingLeft));
    expect(await indent('member')).toBeGreaterThan(await indent('marker'));

    // Sorting within a cluster: by volume, smallest first; each cluster keeps its marker first and its own rows.
    const volumeSort = tab.locator('#core-table thead button[data-key="volume"]');
    await volumeSort.click();
    await volumeSort.click();
    expect(await tab.locator('#core-table thead th').nth(1).getAttribute('aria-sort')).toBe('ascending');
    groups = await shownGroups(tab);
    for (const [k, cluster] of answer.clusters.entries()) {
      const rows = groups[k]!.rows;
      expect(rows[0]!.phrase).toBe(cluster.marker);
      const volumes = rows.slice(1).map((r) => r.volume);
      expect(volumes).toEqual([...volumes].sort((a, b) => a - b));
      expect(new Set(rows.map((r) => r.phrase))).toEqual(new Set(cluster.members.map((m) => m.phrase)));
    }
    // The filters still work: no dropped row is left, every other row is.
    await tab.getByLabel('Скрыть «убрать»').check();
    groups = await shownGroups(tab);
    expect(groups.flatMap((g) => g.rows).length).toBe(cleaned.filter((p) => p.verdict !== 'drop').length);
    expect(groups.flatMap((g) => g.rows).every((r) => r.verdict !== 'drop')).toBe(true);
    await tab.getByLabel('Скрыть «убрать»').uncheck();

    // Move a member of the first cluster (not its marker) to the second, with its select.
    const [first, second] = answer.clusters;
    const moved = first!.members.find((m) => m.phrase !== first!.marker)!;
    const select = tab.getByLabel(`Кластер фразы «${moved.phrase}»`, { exact: true });
    await select.focus();
    await select.selectOption(second!.id);
    await expect.poll(async () => (await shownGroups(tab))[1]!.rows.some((r) => r.phrase === moved.phrase && r.moved)).toBe(true);
    groups = await shownGroups(tab);
    expect(groups[0]!.rows.some((r) => r.phrase === moved.phrase)).toBe(false);
    expect(groups[1]!.rows[0]!.phrase).toBe(second!.marker); // the marker stays first
    expect(groups[1]!.head).toContain(`фраз: ${second!.members.length + 1}`);
    expect(groups[1]!.head).toContain(`частотность: ${(second!.volume + (moved.volume ?? 0)).toLocaleString('ru-RU')}`);
    expect(groups[0]!.head).toContain(`фраз: ${first!.members.length - 1}`);
    expect(await tab.evaluate(() => (document.activeElement as HTMLElement).dataset.phrase)).toBe(moved.phrase); // focus follows
    expect(await tab.locator('#core-cluster-summary').innerText()).toContain('перенесено вручную: 1');
    // An unclustered phrase moved into the first cluster, then back: no longer marked as moved.
    const loose = answer.unclustered[0]!;
    const looseSelect = tab.getByLabel(`Кластер фразы «${loose.phrase}»`, { exact: true });
    await looseSelect.focus();
    await looseSelect.selectOption(first!.id);
    await expect.poll(async () => (await shownGroups(tab))[0]!.rows.some((r) => r.phrase === loose.phrase && r.moved)).toBe(true);
    expect(await tab.locator('#core-cluster-summary').innerText()).toContain('перенесено вручную: 2');
    await tab.getByLabel(`Кластер фразы «${loose.phrase}» (перенесено)`, { exact: true }).selectOption('unclustered');
    await expect.poll(async () => (await shownGroups(tab)).at(-2)!.rows.some((r) => r.phrase === loose.phrase && !r.moved)).toBe(true);
    expect(await tab.locator('#core-cluster-summary').innerText()).toContain('перенесено вручную: 1');
    await volumeSort.click(); // largest first again, for the picture
    // The picture: the table scrolled to the second cluster, its marker first and the moved phrase marked.
    const showSecond = () =>
      tab.locator('#core-results .scroll').evaluate((box, id) => {
        const group = box.querySelector<HTMLElement>(`tbody[data-group="${id}"]`)!;
        box.scrollTo({ top: group.offsetTop - box.querySelector('thead')!.offsetHeight, left: 0 });
      }, second!.id);
    await showSecond();
    await tab.locator('#core-results').screenshot({ path: join(SHOTS, 'explorer-ru-desktop-clusters.png') });

    // The workbook request carries the clusters as edited (the moved member in its new cluster with moved_from, the
    // one moved back without it, every kept phrase in one place) beside the verdicts, as before. Seen on the way out:
    // the service answers whether or not it writes clusters yet.
    const workbookPath = manifest.operations.core_workbook!.path;
    const bodies: { clusters?: ClustersAnswer; clean?: unknown; phrases?: unknown[] }[] = [];
    const statuses: number[] = [];
    await tab.route(`**${workbookPath}*`, async (route) => {
      bodies.push(route.request().postDataJSON());
      const response = await route.fetch();
      statuses.push(response.status());
      await route.fulfill({ response });
    });
    // Offered once there are clusters: a sheet per cluster in the workbook.
    await tab.getByLabel('Лист на каждый кластер').check();
    const [download] = await Promise.all([tab.waitForEvent('download'), tab.getByRole('button', { name: 'Скачать книгу XLSX' }).click()]);
    expect(download.suggestedFilename()).toBe('semanticheskoe-yadro.xlsx');
    expect(statuses).toEqual([200]);
    expect((bodies[0] as { sheet_per_cluster?: boolean }).sheet_per_cluster).toBe(true);
    const file = new ExcelJS.Workbook();
    await file.xlsx.readFile(await download.path());
    const sheetNames = file.worksheets.map((sheet) => sheet.name);
    expect(sheetNames[0]).toBe('Ядро - Core');
    const nonEmpty = bodies[0]!.clusters!.clusters.filter((c) => c.members.length > 0).length;
    expect(sheetNames.filter((name) => /^\d+ /.test(name)).length).toBe(Math.min(nonEmpty, 249 + (nonEmpty > 250 ? 0 : 1)));
    const sentClusters = bodies[0]!.clusters!;
    expect(bodies[0]!.phrases!.length).toBe(cleaned.length);
    expect((bodies[0]!.clean as { phrases: unknown[] }).phrases.length).toBe(cleaned.length);
    const movedMember = sentClusters.clusters.find((c) => c.id === second!.id)!.members.find((m) => m.phrase === moved.phrase);
    expect(movedMember).toEqual({ ...moved, moved_from: first!.id });
    expect(sentClusters.clusters.find((c) => c.id === first!.id)!.members.some((m) => m.phrase === moved.phrase)).toBe(false);
    expect(sentClusters.unclustered.find((m) => m.phrase === loose.phrase)).toEqual(loose);
    const everyMember = [...sentClusters.clusters.flatMap((c) => c.members), ...sentClusters.unclustered];
    expect(everyMember.filter((m) => m.moved_from !== undefined).map((m) => m.phrase)).toEqual([moved.phrase]);
    expect(everyMember.map((m) => m.phrase).sort()).toEqual(kept.map((p) => p.phrase).sort());
    // The answer's own figures follow the move.
    expect(sentClusters.clusters.find((c) => c.id === second!.id)!.volume).toBe(second!.volume + (moved.volume ?? 0));
    expect(sentClusters.clusters.find((c) => c.id === first!.id)!.volume).toBe(first!.volume - (moved.volume ?? 0));
    expect(sentClusters.counts).toEqual(answer.counts);
    await tab.unroute(`**${workbookPath}*`);

    // English: the same groups relabelled.
    await tab.getByLabel('Язык').selectOption('en');
    await expect.poll(() => tab.locator('#core-cluster-summary').innerText()).toContain('moved by hand: 1');
    expect(await tab.getByLabel('Grouping').locator('option').allInnerTexts()).toEqual(['soft', 'moderate', 'hard']);
    groups = await shownGroups(tab);
    expect(groups[1]!.head).toContain(`${second!.members.length + 1} phrases`);
    expect(groups.at(-2)!.head).toContain('Unclustered');
    await showSecond();
    await tab.locator('#core-results').screenshot({ path: join(SHOTS, 'explorer-en-desktop-clusters.png') });
    await tab.context().close();
  }, 240_000);

  it('at 360 px the grouped table does not scroll the page sideways and its headers and indented rows fit (RU and EN)', async () => {
    const tab = await open(360, 'ru-RU');
    await collectAndCluster(tab, { tab: 'Ядро', collect: 'Собрать и очистить', cluster: 'Кластеризовать' });
    const fits = () =>
      tab.evaluate(() => {
        const right = (selector: string) => Math.max(...[...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect().right));
        return {
          page: document.documentElement.scrollWidth,
          box: document.querySelector('#core-results .scroll')!.getBoundingClientRect().right,
          heads: right('#core-table .group-title'),
          phrases: right('#core-table tr.member td:first-child'),
        };
      });
    let size = await fits();
    expect(size.page).toBeLessThanOrEqual(360);
    expect(size.heads).toBeLessThanOrEqual(size.box);
    expect(size.phrases).toBeLessThanOrEqual(size.box);
    await tab.locator('#core-results .scroll').evaluate((el) => el.scrollTo({ top: 0, left: 0 }));
    await tab.locator('#core-results').screenshot({ path: join(SHOTS, 'explorer-ru-360-clusters.png') });
    await tab.getByLabel('Язык').selectOption('en');
    size = await fits();
    expect(size.page).toBeLessThanOrEqual(360);
    expect(size.heads).toBeLessThanOrEqual(size.box);
    await tab.locator('#core-results').screenshot({ path: join(SHOTS, 'explorer-en-360-clusters.png') });
    await tab.context().close();
  }, 240_000);

  it('logged no console errors and loaded nothing from elsewhere', () => {
    expect(problems).toEqual([]);
    expect(foreign).toEqual([]);
  });
});
