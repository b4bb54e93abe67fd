import { defaultRegistry } from '../../operations/registry.js';
import { operationRoutes } from '../operation-routes.js';
import type { RestRoute } from '../routes.js';

/** The native family: the operations' answers are already in the /v2 shape (src/operations, rest.family v2). */
export const v2Routes: RestRoute[] = operationRoutes(defaultRegistry, 'v2');
