import type { Operation } from '../operations/operation.js';
import { taskBasePath } from '../operations/task-specs.js';

/** One operation as the explorer's API client needs it: where to send it and how much one request may hold. */
export interface ManifestOperation {
  path: string;
  method: 'GET' | 'POST';
  /** Items a request holds at most, live and as a task (null when the operation has no item list). */
  items: { live: number; task: number } | null;
  /** Its task mode's paths, when it has one (`get` with `{id}`). */
  task: { post: string; get: string } | null;
  price: Operation['price'];
}

/**
 * What the explorer reads instead of restating paths and limits (GET /explorer/operations.json): every operation
 * with a REST route, by name, from the registry. The page asks for it once and sizes its requests by it.
 */
export function operationsManifest(operations: readonly Operation[]): { operations: Record<string, ManifestOperation> } {
  const entries = operations.flatMap((op): [string, ManifestOperation][] => {
    if (!op.rest) return [];
    const base = taskBasePath(op);
    return [
      [
        op.name,
        {
          path: op.rest.path,
          method: op.rest.method ?? 'POST',
          items: op.limits.items ?? null,
          task: op.task ? { post: `${base}/task_post`, get: `${base}/task_get/{id}` } : null,
          price: op.price,
        },
      ],
    ];
  });
  return { operations: Object.fromEntries(entries) };
}
