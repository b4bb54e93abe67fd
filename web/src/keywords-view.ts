import { api, showMeta, downloadTable, operationInfo, taskError, taskGetPathOf, type TableFormat } from './api.js';
import type { ErrorDetail } from './error-text.js';
import { byId, renderSortableTable, type SortableColumn, type SortState } from './dom.js';
import { formatNumber, monthName, t, trendClassText } from './i18n.js';
import { showTaskProgress } from './task-progress.js';

/** The operation behind the view: its paths and its live and task limits come from the service (operationInfo). */
const OPERATION = 'search_volume';
const POLL_MS = 3000;

type MatchType = 'phrase' | 'exact' | 'order';
const MATCH_TYPES: readonly MatchType[] = ['phrase', 'exact', 'order'];

interface VolumeItem {
  keyword: string;
  /** Null only on a keyword the source refused (`error`). */
  search_volume: number | null;
  search_volume_phrase?: number | null;
  search_volume_exact?: number | null;
  search_volume_order?: number | null;
  competition_level: string | null;
  cpc: number | null;
  /** A keyword the source refused (e.g. broken operators): the others are answered. */
  error?: { status_message: string };
  seasonality?: { yoy_change_percent: number | null; peak_month: number | null; trend_class: string } | null;
}
interface Task {
  id: string;
  status_code: number;
  status_message: string;
  result: VolumeItem[] | null;
  error?: ErrorDetail;
  progress?: { calls_total: number; calls_done: number; eta: string | null };
}
interface Envelope {
  tasks: Task[];
}


/** The API's competition level (LOW, MEDIUM, HIGH) as the page's language says it; sorted by rank, not by name. */
const COMPETITION_RANK: Record<string, number> = { LOW: 1, MEDIUM: 2, HIGH: 3 };
const competitionText = (level: string | null) => (level && level in COMPETITION_RANK ? t(`comp${level as 'LOW'}`) : '—');

/** The keyword-list view: live answers for short lists, a task with progress for long ones. */
export function createKeywordsView(showError: (where: HTMLElement, error: unknown) => void) {
  const form = byId<HTMLFormElement>('keywords-form');
  const status = byId('keywords-status');
  const progress = byId('task-progress');
  let items: VolumeItem[] = [];
  let csvSource: { method: 'GET' | 'POST'; path: string; body?: unknown } | undefined;
  let polling: ReturnType<typeof setTimeout> | undefined;
  /** What the shown answer was asked with: its columns follow it, not the form's current state. */
  let asked: { matchTypes: MatchType[]; history: number } = { matchTypes: [], history: 12 };
  const sort: SortState = { key: undefined, descending: true };

  const signedPercent = (value: number | null | undefined) =>
    value === null || value === undefined ? '—' : `${value > 0 ? '+' : ''}${formatNumber(value, 1)} %`;
  const count = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatNumber(value));
  const columns = (): SortableColumn<VolumeItem>[] => [
    { key: 'keyword', header: t('keyword'), cell: (i) => i.keyword, sortValue: (i) => i.keyword },
    {
      key: 'broad',
      header: t('searchVolume'),
      cell: (i) => (i.error ? `⚠ ${i.error.status_message}` : count(i.search_volume)),
      numeric: true,
      sortValue: (i) => i.search_volume,
    },
    ...asked.matchTypes.map((type): SortableColumn<VolumeItem> => ({
      key: type,
      header: t(`match_${type}`),
      cell: (i) => count(i[`search_volume_${type}`]),
      numeric: true,
      sortValue: (i) => i[`search_volume_${type}`] ?? null,
    })),
    ...(asked.history === 24
      ? [{
          key: 'yoy',
          header: t('yoy'),
          cell: (i: VolumeItem) => signedPercent(i.seasonality?.yoy_change_percent),
          numeric: true,
          sortValue: (i: VolumeItem) => i.seasonality?.yoy_change_percent ?? null,
        }]
      : []),
    { key: 'trend', header: t(asked.history === 24 ? 'trendClass24' : 'trendClass12'), cell: (i) => trendClassText(i.seasonality?.trend_class), sortValue: (i) => i.seasonality?.trend_class ?? null },
    { key: 'peak', header: t('peakMonth'), cell: (i) => monthName(i.seasonality?.peak_month), sortValue: (i) => i.seasonality?.peak_month ?? null },
    { key: 'competition', header: t('competition'), cell: (i) => competitionText(i.competition_level), sortValue: (i) => COMPETITION_RANK[i.competition_level ?? ''] ?? null },
    { key: 'cpc', header: t('cpc'), cell: (i) => (i.cpc === null ? '—' : formatNumber(i.cpc, 2)), numeric: true, sortValue: (i) => i.cpc },
  ];

  const render = () => {
    if (!csvSource) return;
    byId('keywords-results').hidden = false;
    byId('kw-period').textContent = t(asked.history === 24 ? 'kwPeriod24' : 'kwPeriod12');
    renderSortableTable(byId<HTMLTableElement>('kw-table'), t('volumes'), columns(), items, t('empty'), sort, render);
  };

  /** The body the form asks for: the keywords, and the match types and history it ticks. */
  const requestBody = (keywords: string[]) => {
    const matchTypes = MATCH_TYPES.filter((type) => byId<HTMLInputElement>(`mt-${type}`).checked);
    const history = byId<HTMLInputElement>('history-24').checked ? 24 : 12;
    return {
      body: { keywords, ...(matchTypes.length > 0 ? { match_types: matchTypes } : {}), ...(history === 24 ? { history_months: 24 } : {}) },
      asked: { matchTypes, history },
    };
  };

  const showProgress = (task: Task) => showTaskProgress(progress, byId<HTMLProgressElement>('task-bar'), byId('task-progress-text'), task);

  const poll = async (id: string) => {
    try {
      const path = taskGetPathOf(await operationInfo(OPERATION), id);
      const answer = await api<Envelope>('GET', path);
      const task = answer.body.tasks[0]!;
      showMeta(byId('kw-meta'), answer);
      if (task.status_code === 20000) {
        items = task.result ?? [];
        csvSource = { method: 'GET', path };
        progress.hidden = true;
        status.textContent = `${t('taskDone')} (${id})`;
        render();
        return;
      }
      if (task.status_code !== 40601 && task.status_code !== 40602) throw taskError(task);
      showProgress(task);
      polling = setTimeout(() => void poll(id), POLL_MS);
    } catch (error) {
      progress.hidden = true;
      showError(status, error);
    }
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearTimeout(polling);
    const keywords = [...new Set(byId<HTMLTextAreaElement>('keywords').value.split('\n').map((k) => k.trim()).filter(Boolean))];
    status.classList.remove('error');
    if (keywords.length === 0) return void (status.textContent = t('noKeywords'));
    status.textContent = t('loading');
    const request = requestBody(keywords);
    try {
      // Most keywords the live route answers; a longer list goes to the task route, up to the task limit.
      const info = await operationInfo(OPERATION);
      const limits = info.items!;
      if (keywords.length > limits.task) return void (status.textContent = t('tooMany', { max: formatNumber(limits.task) }));
      if (keywords.length <= limits.live) {
        const answer = await api<Envelope>('POST', info.path, request.body);
        items = answer.body.tasks[0]?.result ?? [];
        asked = request.asked;
        csvSource = { method: 'POST', path: info.path, body: request.body };
        showMeta(byId('kw-meta'), answer);
        status.textContent = '';
        render();
      } else {
        const answer = await api<Envelope>('POST', info.task!.post, request.body);
        asked = request.asked;
        const task = answer.body.tasks[0]!;
        if (task.status_code !== 20100) throw taskError(task);
        status.textContent = `${t('taskCreated')}: ${task.id}`;
        showMeta(byId('kw-meta'), answer);
        showProgress(task);
        await poll(task.id);
      }
    } catch (error) {
      showError(status, error);
    }
  });

  const download = (format: TableFormat) => async () => {
    if (!csvSource) return;
    try {
      showMeta(byId('kw-csv-meta'), await downloadTable(csvSource.method, csvSource.path, csvSource.body, format));
    } catch (error) {
      showError(status, error);
    }
  };
  byId('kw-csv').addEventListener('click', download('csv'));
  byId('kw-xlsx').addEventListener('click', download('xlsx'));

  return { relabel: render };
}
