import { api, showMeta, downloadCsv } from './api.js';
import { byId, renderTable } from './dom.js';
import { formatNumber, lang, t } from './i18n.js';

/** Most keywords the live route answers; a longer list goes to the task route (issue 12's contract). */
const LIVE_LIMIT = 100;
const TASK_LIMIT = 10_000;
const POLL_MS = 3000;

interface VolumeItem {
  keyword: string;
  search_volume: number;
  competition_level: string | null;
  cpc: number;
}
interface Task {
  id: string;
  status_code: number;
  status_message: string;
  result: VolumeItem[] | null;
  progress?: { calls_total: number; calls_done: number; eta: string | null };
}
interface Envelope {
  tasks: Task[];
}

const LIVE_PATH = '/v1/keywords/search_volume';
const TASK_POST_PATH = '/v1/keywords/search_volume/task_post';
const taskGetPath = (id: string) => `/v1/keywords/search_volume/task_get/${encodeURIComponent(id)}`;

/** The keyword-list view: live answers for short lists, a task with progress for long ones. */
export function createKeywordsView(showError: (where: HTMLElement, error: unknown) => void) {
  const form = byId<HTMLFormElement>('keywords-form');
  const status = byId('keywords-status');
  const progress = byId('task-progress');
  let items: VolumeItem[] = [];
  let csvSource: { method: 'GET' | 'POST'; path: string; body?: unknown } | undefined;
  let polling: ReturnType<typeof setTimeout> | undefined;

  const render = () => {
    if (!csvSource) return;
    byId('keywords-results').hidden = false;
    renderTable(byId<HTMLTableElement>('kw-table'), t('volumes'), [
      { header: t('keyword'), cell: (i: VolumeItem) => i.keyword },
      { header: t('searchVolume'), cell: (i) => formatNumber(i.search_volume), numeric: true },
      { header: t('competition'), cell: (i) => i.competition_level ?? '—' },
      { header: t('cpc'), cell: (i) => formatNumber(i.cpc, 2), numeric: true },
    ], items, t('empty'));
  };

  const showProgress = (task: Task) => {
    progress.hidden = false;
    const done = task.progress?.calls_done ?? 0;
    const total = task.progress?.calls_total ?? 0;
    const bar = byId<HTMLProgressElement>('task-bar');
    bar.max = Math.max(1, total);
    bar.value = done;
    const eta = task.progress?.eta ? t('taskEta', { eta: new Date(task.progress.eta).toLocaleTimeString(lang() === 'ru' ? 'ru-RU' : 'en-GB') }) : '';
    const state = task.status_code === 40601 ? t('taskRunning') : t('taskQueued');
    byId('task-progress-text').textContent = `${state}: ${t('taskProgress', { done, total })}${eta ? `, ${eta}` : ''}`;
  };

  const poll = async (id: string) => {
    try {
      const answer = await api<Envelope>('GET', taskGetPath(id));
      const task = answer.body.tasks[0]!;
      showMeta(byId('kw-meta'), answer);
      if (task.status_code === 20000) {
        items = task.result ?? [];
        csvSource = { method: 'GET', path: taskGetPath(id) };
        progress.hidden = true;
        status.textContent = `${t('taskDone')} (${id})`;
        render();
        return;
      }
      if (task.status_code !== 40601 && task.status_code !== 40602) throw new Error(task.status_message);
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
    if (keywords.length > TASK_LIMIT) return void (status.textContent = t('tooMany'));
    status.textContent = t('loading');
    try {
      if (keywords.length <= LIVE_LIMIT) {
        const answer = await api<Envelope>('POST', LIVE_PATH, { keywords });
        items = answer.body.tasks[0]?.result ?? [];
        csvSource = { method: 'POST', path: LIVE_PATH, body: { keywords } };
        showMeta(byId('kw-meta'), answer);
        status.textContent = '';
        render();
      } else {
        const answer = await api<Envelope>('POST', TASK_POST_PATH, { keywords });
        const task = answer.body.tasks[0]!;
        if (task.status_code !== 20100) throw new Error(task.status_message);
        status.textContent = `${t('taskCreated')}: ${task.id}`;
        showMeta(byId('kw-meta'), answer);
        showProgress(task);
        await poll(task.id);
      }
    } catch (error) {
      showError(status, error);
    }
  });

  byId('kw-csv').addEventListener('click', async () => {
    if (!csvSource) return;
    try {
      showMeta(byId('kw-csv-meta'), await downloadCsv(csvSource.method, csvSource.path, csvSource.body));
    } catch (error) {
      showError(status, error);
    }
  });

  return { relabel: render };
}
