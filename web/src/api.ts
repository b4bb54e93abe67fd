import { type ErrorDetail, errorText } from './error-text.js';
import { formatNumber, lang, t } from './i18n.js';

const KEY_STORAGE = 'explorer.apiKey';

export const apiKey = {
  // The key field as typed wins over the kept one: a person who types a key and presses Show without "Save" means
  // that key (before, such calls went out with no key and answered 401).
  get: (): string => (document.getElementById('api-key') as HTMLInputElement | null)?.value.trim() || (localStorage.getItem(KEY_STORAGE) ?? ''),
  set: (key: string): void => localStorage.setItem(KEY_STORAGE, key.trim()),
  clear: (): void => localStorage.removeItem(KEY_STORAGE),
};

/** What every call reports beside its body: X-Cache and X-Cost. */
export interface CallMeta {
  cache: string | null;
  cost: string | null;
}

export interface ApiAnswer<T> extends CallMeta {
  body: T;
}

/**
 * An error answer of either family. Its message is the explorer's own text in the page's language, written from the
 * stable code, field and reason the API sends (problem+json, or a /v1 error task's `error`); `apiMessage` keeps the
 * API's own words (problem+json `detail` or `status_message`) for whoever needs them.
 */
export class ApiError extends Error {
  constructor(
    readonly detail: ErrorDetail,
    readonly status: number,
    readonly meta: CallMeta,
    readonly apiMessage = '',
  ) {
    super(errorText(detail, status, apiMessage));
  }
}

/** A /v1 task that ended in an error (task_post refusing one task, a failed task_get), as an ApiError. */
export function taskError(task: { status_code: number; status_message: string; error?: ErrorDetail }): ApiError {
  return new ApiError(task.error ?? {}, task.status_code, { cache: null, cost: null }, task.status_message);
}

const metaOf = (response: Response): CallMeta => ({ cache: response.headers.get('x-cache'), cost: response.headers.get('x-cost') });

async function call(method: 'GET' | 'POST', path: string, body?: unknown, accept = 'application/json'): Promise<Response> {
  const headers: Record<string, string> = { accept, authorization: `Bearer ${apiKey.get()}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  if (response.ok) return response;
  let message = `${response.status} ${response.statusText}`;
  let detail: ErrorDetail = {};
  try {
    type Problem = ErrorDetail & { detail?: string; status_message?: string; tasks?: { status_message?: string; error?: ErrorDetail }[] };
    const error = (await response.json()) as Problem;
    message = error.detail ?? error.tasks?.[0]?.status_message ?? error.status_message ?? message;
    // problem+json carries code, field, reason, params at its top; a /v1 envelope in its task's `error`.
    detail = error.tasks?.[0]?.error ?? { code: error.code, field: error.field, reason: error.reason, params: error.params };
  } catch {
    // Not JSON: the status line says enough.
  }
  throw new ApiError(detail, response.status, metaOf(response), message);
}

/** A JSON call to the REST API with the kept key. */
export async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const response = await call(method, path, body);
  return { body: (await response.json()) as T, ...metaOf(response) };
}

/** One operation as the service's registry describes it (GET /explorer/operations.json, src/web/operations-manifest.ts). */
export interface OperationInfo {
  path: string;
  method: 'GET' | 'POST';
  items: { live: number; task: number } | null;
  task: { post: string; get: string } | null;
  /** How the operation bills (src/operations/operation.ts): 'when-asked' bills only a request that called the source. */
  price: 'source' | 'free' | 'when-asked';
  /** The body's fields that have a default, choices or bounds, as the operation's schema states them. */
  inputs: Record<string, { default?: unknown; enum?: readonly unknown[]; minimum?: number; maximum?: number }>;
}

let manifest: Promise<Record<string, OperationInfo>> | undefined;

/**
 * An operation's paths and limits, read once from the service: the page restates none of them, so a limit changed
 * in the operation's module is the page's limit too. Fails (and is asked again next time) if the service cannot say.
 */
export async function operationInfo(name: string): Promise<OperationInfo> {
  manifest ??= fetch('/explorer/operations.json', { headers: { accept: 'application/json' } }).then(async (response) => {
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return ((await response.json()) as { operations: Record<string, OperationInfo> }).operations;
  });
  try {
    const info = (await manifest)[name];
    if (!info) throw new Error(`the service has no operation ${name}`);
    return info;
  } catch (error) {
    manifest = undefined;
    throw error;
  }
}

/** A task's result path (`task.get` with its `{id}` filled in). */
export const taskGetPathOf = (info: OperationInfo, id: string): string => info.task!.get.replace('{id}', encodeURIComponent(id));

/** The table forms a route can be saved in: CSV (Excel's Russian dialect) or an XLSX workbook. */
export type TableFormat = 'csv' | 'xlsx';
const ACCEPT: Record<TableFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Saves the route's own table (`?format=csv` or `?format=xlsx`) under the route's file name, through a blob link:
 * the Authorization header rules out a plain link. Returns the call's cache status and cost.
 */
export async function downloadTable(method: 'GET' | 'POST', path: string, body: unknown, format: TableFormat): Promise<CallMeta> {
  // Headers in the page's language: a workbook always, a CSV in Russian only (its default, the field names, is English).
  const language = format === 'xlsx' || lang() === 'ru' ? `&lang=${lang()}` : '';
  const response = await call(method, `${path}${path.includes('?') ? '&' : '?'}format=${format}${language}`, body, ACCEPT[format]);
  await saveResponse(response, `table.${format}`);
  return metaOf(response);
}

/**
 * Posts `body` to a route that answers a file (core_workbook's XLSX) and saves it under the name the route gives.
 * Returns the call's cache status and cost.
 */
export async function downloadFile(path: string, body: unknown, format: TableFormat): Promise<CallMeta> {
  const response = await call('POST', path, body, ACCEPT[format]);
  await saveResponse(response, `file.${format}`);
  return metaOf(response);
}

/** Saves a file answer through a blob link (the Authorization header rules out a plain link). */
async function saveResponse(response: Response, fallbackName: string): Promise<void> {
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves the route's CSV (see downloadTable). */
export function downloadCsv(method: 'GET' | 'POST', path: string, body?: unknown): Promise<CallMeta> {
  return downloadTable(method, path, body, 'csv');
}

/** Shows a call's cache status and cost in `element`, and keeps them there so a language switch can redo the text. */
export function showMeta(element: HTMLElement, meta: CallMeta): void {
  element.dataset.cache = meta.cache ?? '';
  element.dataset.cost = meta.cost ?? '';
  element.textContent = describeMeta(meta);
}

/** Re-writes every shown cache status and cost in the current language. */
export function relabelMetas(): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-cost]')) {
    element.textContent = describeMeta({ cache: element.dataset.cache || null, cost: element.dataset.cost || null });
  }
}

/** "cache MISS · cost 1" for the status line beside a view. */
export function describeMeta(meta: CallMeta): string {
  const parts: string[] = [];
  if (meta.cache) parts.push(`${t('cache')} ${meta.cache}`);
  if (meta.cost !== null) parts.push(`${t('cost')} ${formatNumber(Number(meta.cost), 2)}`);
  return parts.join(' · ');
}
