import type { z } from 'zod';
import { DomainError } from '../domain/errors.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import type { SourceCall } from '../domain/source-call.js';
import type { SerpQuery } from '../ports/web-search.js';
import type { ServiceContext } from '../services/context.js';

/**
 * What a task does for one operation: the operation's task body schema (task limits), the source calls it is
 * known to need up front (progress and the stored-answer lookup), and the very run the live face makes. The
 * result kept is the run's output; each face presents it as its live counterpart does. Derived from the
 * operation registry (src/operations/task-specs.ts) and handed to the task service and runner by composition.
 */
export interface TaskOperationSpec {
  schema: z.ZodType;
  plannedCalls(ctx: ServiceContext, request: Record<string, unknown>): SourceCall[];
  /** The web-search pages the run asks for (the operation's `searches`): counted in progress, asked deferred. */
  plannedSearches?(ctx: Pick<ServiceContext, 'catalog'>, request: Record<string, unknown>): SerpQuery[];
  run(ctx: ServiceContext, request: Record<string, unknown>): Promise<unknown>;
  /** Resolves the body's location (location_code / location_name, or a region) as the run will (throws INVALID_FIELD). */
  checkLocation?(catalog: RegionCatalog, request: Record<string, unknown>): void;
  /**
   * The operation never asks the source (its price is `free`): a finished task costs nothing; `unless-asked`
   * (price `when-asked`): nothing when its plan holds no call (core_clean without `measure`).
   */
  free?: true | 'unless-asked' | undefined;
}

/** The task operations by name. */
export type TaskOperationSpecs = ReadonlyMap<string, TaskOperationSpec>;

/** The spec of a stored or posted task's operation; NOT_FOUND for one no operation of this app declares. */
export function taskSpecOf(specs: TaskOperationSpecs, operation: string): TaskOperationSpec {
  const spec = specs.get(operation);
  if (!spec) throw new DomainError('NOT_FOUND', `no task operation ${operation}`, { field: 'operation' });
  return spec;
}
