import { lang, t } from './i18n.js';

/** What a /v1 task_get (or task_post) entry says about its progress. */
export interface TaskProgress {
  status_code: number;
  progress?: { calls_total: number; calls_done: number; eta: string | null };
}

/**
 * Shows a task's state in a progress box (a <progress> and its text): source calls done of total, the expected end.
 * Every view that runs a task shows it the same way.
 */
export function showTaskProgress(box: HTMLElement, bar: HTMLProgressElement, text: HTMLElement, task: TaskProgress): void {
  box.hidden = false;
  const done = task.progress?.calls_done ?? 0;
  const total = task.progress?.calls_total ?? 0;
  const state = task.status_code === 40601 ? t('taskRunning') : t('taskQueued');
  // A just-posted task may not know its calls yet: an indeterminate bar and no "0 of 0".
  if (total === 0) {
    bar.removeAttribute('value');
    text.textContent = state;
    return;
  }
  bar.max = total;
  bar.value = done;
  const eta = task.progress?.eta ? t('taskEta', { eta: new Date(task.progress.eta).toLocaleTimeString(lang() === 'ru' ? 'ru-RU' : 'en-GB') }) : '';
  text.textContent = `${state}: ${t('taskProgress', { done, total })}${eta ? `, ${eta}` : ''}`;
}
