import { freeOf, type Operation } from '../operations/operation.js';
import type { OperationRegistry } from '../operations/registry.js';
import { runLive } from '../operations/live.js';
import type { KeywordDataDeps } from '../services/context.js';
import { defineRoute, type Family, type RestRoute } from './routes.js';

/**
 * The REST routes of a family, derived from the registry: path, method, body schema, price and docs are the
 * operation's own; the handler runs it live (plan, run, present). /v1 answers the result items (one item, or the
 * items of a list result) for the envelope to wrap; /v2 the operation's answer as it is.
 */
export function operationRoutes(registry: OperationRegistry, family: Family, options: { keywordData?: KeywordDataDeps } = {}): RestRoute[] {
  return registry.operations.filter((op) => op.rest?.family === family).map((op) => operationRoute(op, options));
}

/** One operation's route. */
function operationRoute(op: Operation, options: { keywordData?: KeywordDataDeps } = {}): RestRoute {
  const rest = op.rest!;
  const { keywordData } = options;
  return defineRoute({
    path: rest.path,
    ...(rest.method ? { method: rest.method } : {}),
    family: rest.family,
    operation: `${rest.family}.${op.name}`,
    summary: rest.summary,
    ...(freeOf(op) ? { free: freeOf(op) } : {}),
    ...(op.limits.bodyBytes ? { maxBodyBytes: op.limits.bodyBytes } : {}),
    ...(rest.docs ? { doc: { ...rest.docs, fields: op.fields } } : {}),
    schema: op.input,
    handle: async (body, scope) => {
      // Stages given to the routes (tests) win over the app's.
      const answer = await runLive(op, body, keywordData ? { ...scope, keywordData } : scope);
      if (rest.family === 'v2') return answer;
      return Array.isArray(answer) ? answer : [answer];
    },
  });
}
