import { api, ApiError, downloadFile, type OperationInfo, operationInfo, showMeta, taskError, taskGetPathOf } from './api.js';
import type { ErrorDetail } from './error-text.js';
import { byId } from './dom.js';
import { formatNumber, lang, t } from './i18n.js';
import { type CleanAnswer, createCoreTable } from './core-table.js';
import { createRegionPicker } from './region-picker.js';
import { showTaskProgress, type TaskProgress } from './task-progress.js';

/** The operations behind the tab: paths and limits come from the service (operationInfo), never from here. */
const EXPAND = 'core_expand';
const CLEAN = 'core_clean';
const WORKBOOK = 'core_workbook';
const POLL_MS = 3000;

/** core_expand's answer (docs/core-expand.md): one row per phrase with its 30-day count. */
interface ExpandAnswer {
  rows: { phrase: string; count: number; source: string; depth: number; parent: string | null }[];
  region: number | null;
  calls: { made: number; max: number };
  stopped: 'done' | 'max_calls' | 'max_rows';
}
interface ExpandTask extends TaskProgress {
  id: string;
  status_message: string;
  result: ExpandAnswer[] | null;
  error?: ErrorDetail;
}

/** What was asked and cleaned: the workbook is made of these phrases and this region. */
interface Core {
  phrases: { phrase: string; volume: number }[];
  region: number | undefined;
}

/**
 * A live expansion the service refuses before any call because it is too big for one request (400
 * QUERY_TOO_COMPLEX) or for the hour's budget (403), naming the operation's task route: it goes there instead.
 */
const wantsTask = (error: unknown, info: OperationInfo): boolean =>
  error instanceof ApiError && info.task !== null && (error.detail.code === 'QUERY_TOO_COMPLEX' || error.status === 403) && error.apiMessage.includes(info.task.post);

/** The "Ядро / Core" tab: seeds → expand (live, or a task) → clean → the table with verdicts → the workbook. */
export function createCoreView(showError: (where: HTMLElement, error: unknown) => void) {
  const form = byId<HTMLFormElement>('core-form');
  const status = byId('core-status');
  const progress = byId('core-progress');
  const picker = createRegionPicker((error) => showError(status, error), { prefix: 'core-region', single: true });
  const table = createCoreTable();
  let core: Core | undefined;
  let collected: ExpandAnswer | undefined;
  let cut = 0;
  let polling: ReturnType<typeof setTimeout> | undefined;
  /** Each submit's number: an answer of an older one is dropped. */
  let run = 0;

  const hint = async () => {
    const limits = (await operationInfo(EXPAND)).items;
    byId('core-seeds-hint').textContent = t('coreSeedsHint', { max: formatNumber(limits?.live ?? 0) });
  };

  const collectedText = () => {
    if (!collected) return '';
    const parts = [t('coreCollected', { rows: formatNumber(collected.rows.length), calls: formatNumber(collected.calls.made) })];
    if (collected.stopped !== 'done') parts.push(t('coreStopped'));
    if (cut > 0) parts.push(t('coreCut', { n: formatNumber(cut) }));
    return parts.join(' · ');
  };

  /** Cleans the collected rows (their counts as volumes), up to what one clean and one workbook take. */
  const clean = async (answer: ExpandAnswer, region: number | undefined, ticket: number) => {
    const [cleanInfo, workbookInfo] = await Promise.all([operationInfo(CLEAN), operationInfo(WORKBOOK)]);
    const most = Math.min(cleanInfo.items?.live ?? Infinity, workbookInfo.items?.live ?? Infinity);
    const phrases = answer.rows.slice(0, most).map((row) => ({ phrase: row.phrase, volume: row.count }));
    cut = answer.rows.length > most ? most : 0;
    status.textContent = t('coreCleaning', { n: formatNumber(phrases.length) });
    const cleaned = await api<CleanAnswer>('POST', cleanInfo.path, { phrases, ...(region === undefined ? {} : { region }) });
    if (ticket !== run) return;
    core = { phrases, region };
    collected = answer;
    byId('core-results').hidden = false;
    status.textContent = collectedText();
    table.show(cleaned.body);
  };

  const poll = async (info: OperationInfo, id: string, region: number | undefined, ticket: number) => {
    try {
      const answer = await api<{ tasks: ExpandTask[] }>('GET', taskGetPathOf(info, id));
      if (ticket !== run) return;
      const task = answer.body.tasks[0]!;
      showMeta(byId('core-meta'), answer);
      if (task.status_code === 20000) {
        progress.hidden = true;
        return void (await clean(task.result![0]!, region, ticket));
      }
      if (task.status_code !== 40601 && task.status_code !== 40602) throw taskError(task);
      showTaskProgress(progress, byId<HTMLProgressElement>('core-bar'), byId('core-progress-text'), task);
      polling = setTimeout(() => void poll(info, id, region, ticket), POLL_MS);
    } catch (error) {
      progress.hidden = true;
      showError(status, error);
    }
  };

  const asTask = async (info: OperationInfo, body: Record<string, unknown>, region: number | undefined, ticket: number) => {
    const answer = await api<{ tasks: ExpandTask[] }>('POST', info.task!.post, body);
    const task = answer.body.tasks[0]!;
    if (task.status_code !== 20100) throw taskError(task);
    showMeta(byId('core-meta'), answer);
    status.textContent = t('coreAsTask', { id: task.id });
    showTaskProgress(progress, byId<HTMLProgressElement>('core-bar'), byId('core-progress-text'), task);
    await poll(info, task.id, region, ticket);
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearTimeout(polling);
    const ticket = ++run;
    progress.hidden = true;
    status.classList.remove('error');
    const seeds = [...new Set(byId<HTMLTextAreaElement>('core-seeds').value.split('\n').map((s) => s.trim()).filter(Boolean))];
    if (seeds.length === 0) return void (status.textContent = t('noSeeds'));
    try {
      const info = await operationInfo(EXPAND);
      const limits = info.items!;
      if (seeds.length > limits.task) return void (status.textContent = t('tooManySeeds', { max: formatNumber(limits.task) }));
      const region = picker.ids()[0];
      const maxCalls = byId<HTMLInputElement>('core-max-calls').valueAsNumber;
      const body = {
        seeds,
        depth: Number(byId<HTMLSelectElement>('core-depth').value),
        ...(region === undefined ? {} : { region }),
        ...(Number.isFinite(maxCalls) ? { max_calls: maxCalls } : {}),
      };
      status.textContent = t('coreExpanding');
      // More seeds than a live request takes go straight to the task route; otherwise live, unless refused for size.
      if (seeds.length > limits.live) return void (await asTask(info, body, region, ticket));
      let answer;
      try {
        answer = await api<ExpandAnswer>('POST', info.path, body);
      } catch (error) {
        if (!wantsTask(error, info)) throw error;
        return void (await asTask(info, body, region, ticket));
      }
      if (ticket !== run) return;
      showMeta(byId('core-meta'), answer);
      await clean(answer.body, region, ticket);
    } catch (error) {
      if (ticket === run) showError(status, error);
    }
  });

  byId('core-workbook').addEventListener('click', async () => {
    const cleaned = table.current();
    if (!core || !cleaned) return;
    try {
      const info = await operationInfo(WORKBOOK);
      const body = { phrases: core.phrases, clean: cleaned, lang: lang(), ...(core.region === undefined ? {} : { region: core.region }) };
      showMeta(byId('core-workbook-meta'), await downloadFile(info.path, body, 'xlsx'));
    } catch (error) {
      showError(status, error);
    }
  });

  void hint().catch((error: unknown) => showError(status, error));

  return {
    relabel: () => {
      void hint().catch(() => undefined);
      picker.relabel();
      table.relabel();
      if (collected && !status.classList.contains('error') && progress.hidden) status.textContent = collectedText();
    },
  };
}
