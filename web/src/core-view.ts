import { api, ApiError, downloadFile, type OperationInfo, operationInfo, showMeta, taskError, taskGetPathOf } from './api.js';
import type { ErrorDetail } from './error-text.js';
import { byId, h } from './dom.js';
import { formatNumber, lang, type MessageKey, t } from './i18n.js';
import { type CleanAnswer, type ClustersAnswer, createCoreTable } from './core-table.js';
import { createRegionPicker } from './region-picker.js';
import { showTaskProgress, type TaskProgress } from './task-progress.js';

/** The operations behind the tab: paths and limits come from the service (operationInfo), never from here. */
const EXPAND = 'core_expand';
const CLEAN = 'core_clean';
const WORKBOOK = 'core_workbook';
const CLUSTERS = 'core_clusters';
const POLL_MS = 3000;

/** core_expand's answer (docs/core-expand.md): one row per phrase with its 30-day count. */
interface ExpandAnswer {
  rows: { phrase: string; count: number; source: string; depth: number; parent: string | null }[];
  region: number | null;
  calls: { made: number; max: number };
  stopped: 'done' | 'max_calls' | 'max_rows';
}
/** A /v1 task_get (or task_post) entry of an operation whose result is one answer. */
interface OperationTask<R> extends TaskProgress {
  id: string;
  status_message: string;
  result: R[] | null;
  error?: ErrorDetail;
}

/** Where a task shows itself: its progress box and bar, the text beside the bar, its cost, the status line. */
interface TaskBox {
  progress: HTMLElement;
  bar: HTMLProgressElement;
  text: HTMLElement;
  meta: HTMLElement;
  status: HTMLElement;
  /** The status line's words once the task is posted. */
  posted: MessageKey;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts `body` to the operation's task route and polls its task_get, showing progress in `box`, until its one
 * answer; undefined when `current()` says a newer run took over (its box is left to the newer run).
 */
async function runTask<R>(info: OperationInfo, body: unknown, box: TaskBox, current: () => boolean): Promise<R | undefined> {
  const posted = await api<{ tasks: OperationTask<R>[] }>('POST', info.task!.post, body);
  let task = posted.body.tasks[0]!;
  if (task.status_code !== 20100) throw taskError(task);
  if (!current()) return undefined;
  showMeta(box.meta, posted);
  box.status.textContent = t(box.posted, { id: task.id });
  showTaskProgress(box.progress, box.bar, box.text, task);
  try {
    for (;;) {
      const answer = await api<{ tasks: OperationTask<R>[] }>('GET', taskGetPathOf(info, task.id));
      if (!current()) return undefined;
      task = answer.body.tasks[0]!;
      showMeta(box.meta, answer);
      if (task.status_code === 20000) return task.result![0]!;
      if (task.status_code !== 40601 && task.status_code !== 40602) throw taskError(task);
      showTaskProgress(box.progress, box.bar, box.text, task);
      await sleep(POLL_MS);
      if (!current()) return undefined;
    }
  } finally {
    if (current()) box.progress.hidden = true;
  }
}

/** The clustering modes in the page's words (a mode the page does not know is shown as the service names it). */
const MODE_WORDS: Record<string, MessageKey> = { soft: 'coreModeSoft', moderate: 'coreModeModerate', hard: 'coreModeHard' };

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

/**
 * A live clustering refused before any search because the list is too big for one request (QUERY_TOO_COMPLEX) or
 * for the hour's synchronous budget: the operation's task route takes it (tasks search on the deferred mode and wait
 * for the budget). Read from the refusal's code as well as its words: the web-search refusal does not name the route.
 */
const clusteringWantsTask = (error: unknown, info: OperationInfo): boolean =>
  wantsTask(error, info) || (error instanceof ApiError && info.task !== null && (error.detail.code === 'QUERY_TOO_COMPLEX' || error.detail.code === 'SOURCE_QUOTA_EXHAUSTED'));

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
  /** Each submit's number: an answer of an older one is dropped. */
  let run = 0;
  /** Each clustering's number, likewise (a new collection drops a clustering under way too). */
  let clusterRun = 0;
  const clusterStatus = byId('core-cluster-status');
  const clusterProgress = byId('core-cluster-progress');
  const clusterBox: TaskBox = {
    progress: clusterProgress,
    bar: byId<HTMLProgressElement>('core-cluster-bar'),
    text: byId('core-cluster-progress-text'),
    meta: byId('core-cluster-meta'),
    status: clusterStatus,
    posted: 'coreClusterAsTask',
  };

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
    byId('core-sheet-per-cluster-label').hidden = true; // a new clean has no clusters yet
  };

  const expandBox: TaskBox = { progress, bar: byId<HTMLProgressElement>('core-bar'), text: byId('core-progress-text'), meta: byId('core-meta'), status, posted: 'coreAsTask' };
  const asTask = async (info: OperationInfo, body: Record<string, unknown>, region: number | undefined, ticket: number) => {
    const answer = await runTask<ExpandAnswer>(info, body, expandBox, () => ticket === run);
    if (answer) await clean(answer, region, ticket);
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const ticket = ++run;
    clusterRun++;
    clusterProgress.hidden = true;
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

  /** The cluster controls from core_clusters' own fields: its modes, depths, threshold bounds and defaults. */
  const clusterControls = async () => {
    const inputs = (await operationInfo(CLUSTERS)).inputs;
    const fill = (select: HTMLSelectElement, field: string, label: (value: string) => string) => {
      const input = inputs[field];
      const chosen = select.dataset.filled ? select.value : String(input?.default ?? '');
      select.replaceChildren(...(input?.enum ?? []).map((value) => h('option', { value: String(value) }, label(String(value)))));
      if (chosen) select.value = chosen;
      select.dataset.filled = 'true';
    };
    fill(byId<HTMLSelectElement>('core-cluster-mode'), 'mode', (mode) => (MODE_WORDS[mode] ? t(MODE_WORDS[mode]) : mode));
    fill(byId<HTMLSelectElement>('core-cluster-depth'), 'depth', (depth) => depth);
    const threshold = byId<HTMLInputElement>('core-cluster-threshold');
    const bounds = inputs.threshold;
    if (bounds?.minimum !== undefined) threshold.min = String(bounds.minimum);
    if (bounds?.maximum !== undefined) threshold.max = String(bounds.maximum);
    if (!threshold.value && bounds?.default !== undefined) threshold.value = String(bounds.default);
  };

  /** Clusters the kept phrases (live, or as a task when the list is too big for one request), then groups the table. */
  byId<HTMLFormElement>('core-cluster-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const cleaned = table.current();
    if (!core || !cleaned) return;
    const ticket = ++clusterRun;
    const current = () => ticket === clusterRun;
    clusterProgress.hidden = true;
    clusterStatus.classList.remove('error');
    const seen = new Set<string>();
    const phrases = cleaned.phrases.filter((p) => p.verdict === 'keep' && !seen.has(p.phrase) && Boolean(seen.add(p.phrase))).map((p) => ({ phrase: p.phrase, volume: p.volume }));
    if (phrases.length === 0) return void (clusterStatus.textContent = t('coreClusterNone'));
    try {
      const info = await operationInfo(CLUSTERS);
      const limits = info.items!;
      if (phrases.length > limits.task) return void (clusterStatus.textContent = t('coreClusterTooMany', { n: formatNumber(phrases.length), max: formatNumber(limits.task) }));
      const body = {
        phrases,
        mode: byId<HTMLSelectElement>('core-cluster-mode').value,
        threshold: byId<HTMLInputElement>('core-cluster-threshold').valueAsNumber,
        depth: Number(byId<HTMLSelectElement>('core-cluster-depth').value),
        ...(core.region === undefined ? {} : { region: core.region }),
      };
      clusterStatus.textContent = t('coreClustering', { n: formatNumber(phrases.length) });
      let answer: ClustersAnswer | undefined;
      if (phrases.length > limits.live) answer = await runTask<ClustersAnswer>(info, body, clusterBox, current);
      else {
        try {
          const live = await api<ClustersAnswer>('POST', info.path, body);
          if (!current()) return;
          showMeta(clusterBox.meta, live);
          answer = live.body;
        } catch (error) {
          if (!clusteringWantsTask(error, info)) throw error;
          answer = await runTask<ClustersAnswer>(info, body, clusterBox, current);
        }
      }
      if (!answer || !current()) return;
      clusterStatus.textContent = '';
      table.showClusters(answer);
      byId('core-sheet-per-cluster-label').hidden = false;
    } catch (error) {
      if (current()) showError(clusterStatus, error);
    }
  });

  byId('core-workbook').addEventListener('click', async () => {
    const cleaned = table.current();
    if (!core || !cleaned) return;
    try {
      const info = await operationInfo(WORKBOOK);
      // The clusters as the specialist left them (moves marked by moved_from) go with the verdicts.
      const clusters = table.clusters();
      const body = {
        phrases: core.phrases,
        clean: cleaned,
        ...(clusters ? { clusters, ...(byId<HTMLInputElement>('core-sheet-per-cluster').checked ? { sheet_per_cluster: true } : {}) } : {}),
        lang: lang(),
        ...(core.region === undefined ? {} : { region: core.region }),
      };
      showMeta(byId('core-workbook-meta'), await downloadFile(info.path, body, 'xlsx'));
    } catch (error) {
      showError(status, error);
    }
  });

  void hint().catch((error: unknown) => showError(status, error));
  void clusterControls().catch((error: unknown) => showError(clusterStatus, error));

  return {
    relabel: () => {
      void hint().catch(() => undefined);
      void clusterControls().catch(() => undefined);
      picker.relabel();
      table.relabel();
      if (collected && !status.classList.contains('error') && progress.hidden) status.textContent = collectedText();
    },
  };
}
