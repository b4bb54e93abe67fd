import { DomainError } from '../domain/errors.js';
import { type RegionLookup, storedRegionFilter } from '../domain/location-codes.js';
import type { SourceCall } from '../domain/source-call.js';
import type { KeywordVolumeEntry } from '../services/search-volume.js';
import type { TaskService } from '../tasks/task-service.js';
import type { TaskRecord } from '../domain/tasks.js';
import type { KeywordParent, KeywordRows, TaskSelector } from './field-planners.js';
import type { StoredKeywordViews } from './operation-plan.js';

/** The rows a `Task.keywords(first, after)` answers for one task, as the resolver reads them (null: none). */
export async function storedKeywordRows(tasks: TaskService, keyId: string, task: TaskRecord, rows: KeywordRows): Promise<KeywordVolumeEntry[] | null> {
  if (task.status !== 'done' || task.operation !== 'search_volume') return null;
  // A task read by id holds its result already; a listed one does not (the list leaves results in the database).
  if (Array.isArray(task.result)) return (task.result as KeywordVolumeEntry[]).slice(rows.offset, rows.offset + rows.first);
  const page = await tasks.resultPage(keyId, task.id, rows.offset, rows.first);
  return (page?.rows as KeywordVolumeEntry[] | undefined) ?? null;
}

/** The rows of each task a selector reads (the plan's view of what the resolvers will answer). */
async function selectedRows(tasks: TaskService, keyId: string, selector: TaskSelector, rows: KeywordRows): Promise<KeywordVolumeEntry[][]> {
  if (selector.kind === 'posted') return [];
  if (selector.kind === 'one') {
    // Not through get(): planning must not mark a finished task collected. Unknown ids read nothing.
    try {
      const page = await tasks.resultPage(keyId, selector.id, rows.offset, rows.first);
      return page ? [page.rows as KeywordVolumeEntry[]] : [];
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') return [];
      throw error;
    }
  }
  const status = selector.status as TaskRecord['status'] | undefined;
  const listed = (await tasks.list(keyId, { status, first: selector.first, after: selector.after })).tasks;
  const pages = await Promise.all(listed.map((task) => storedKeywordRows(tasks, keyId, task, rows)));
  return pages.filter((page): page is KeywordVolumeEntry[] => page !== null);
}

/**
 * The source calls of nested views below stored task keywords (`task(id) { keywords { regions top } }`): reads
 * the very rows the resolvers will read, and names each view's call for each phrase, so those calls go through
 * the same quota plan as every other field's.
 */
export async function storedKeywordCalls(
  tasks: TaskService,
  keyId: string,
  views: readonly StoredKeywordViews[],
  catalog: RegionLookup,
): Promise<SourceCall[]> {
  const calls: SourceCall[] = [];
  for (const view of views) {
    if (view.tasks.kind === 'posted') {
      // Its keywords are the operation's own: no read needed (a task done at once answers them).
      const page = view.tasks.keywords.slice(view.rows.offset, view.rows.offset + view.rows.first);
      if (page.length > 0) calls.push(...view.callsFor(page));
      continue;
    }
    for (const rows of await selectedRows(tasks, keyId, view.tasks, view.rows)) {
      if (rows.length === 0) continue;
      const parents: KeywordParent[] = rows.map((k) => ({ phrase: k.keyword, regions: storedRegionFilter(k, catalog), stored: true }));
      calls.push(...view.callsFor(parents));
    }
  }
  return calls;
}
