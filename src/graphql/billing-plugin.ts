import { type DefinitionNode, type ExecutionResult, Kind, type OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { priceOfRequest } from '../services/billing.js';
import type { CallStatus } from '../services/cache-status.js';
import { recordRequest } from '../services/run-operation.js';
import type { RequestContext, ServiceRuntime } from '../services/runtime.js';
import { ANONYMOUS } from './authenticate.js';
import type { GraphQLContext } from './context.js';
import { operationLabel } from './operation-label.js';
import { KEPT_ROOT_FIELDS, type KeptServerContext } from './kept-answers.js';

interface Outcome {
  scope: RequestContext;
  operation: string;
  cost: number;
  cacheStatus: CallStatus;
}

/** True when the result carries errors and no usable data (every root field failed). */
function failedWholly(result: ExecutionResult): boolean {
  if (!result.errors?.length) return false;
  return !result.data || Object.values(result.data).every((v) => v === null);
}

/**
 * True when the result may be kept for every caller: no errors, root selections all plain statistics fields
 * (KEPT_ROOT_FIELDS; a fragment at the root is not looked into, so it is not kept), a known caller, and every
 * source call a fresh HIT.
 */
function isKeepable(result: ExecutionResult, operation: OperationDefinitionNode | undefined, context: GraphQLContext): boolean {
  if (result.errors?.length || !result.data || !operation || operation.operation !== 'query' || context.principal === ANONYMOUS) return false;
  if (!operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && KEPT_ROOT_FIELDS.has(s.name.value))) return false;
  const tracker = context.tracker;
  return tracker.count() > 0 && tracker.staleCount() === 0 && tracker.summary() === 'HIT';
}

/**
 * Prices each GraphQL call like a REST call, with the pieces of the shared pipeline (billing.ts's price,
 * run-operation.ts's ledger row): `extensions.cost` and `extensions.cacheStatus` in the result, `X-Cost` and
 * `X-Cache` headers, and one ledger row per request. The row waits for the response, whose status it records.
 */
export function useBilling(runtime: ServiceRuntime): Plugin<GraphQLContext> {
  const outcomes = new WeakMap<Request, Outcome>();
  return {
    onExecute({ args }) {
      const operation = args.document.definitions.find(
        (d: DefinitionNode): d is OperationDefinitionNode =>
          d.kind === 'OperationDefinition' && (!args.operationName || d.name?.value === args.operationName),
      );
      const context = args.contextValue as GraphQLContext & KeptServerContext & { request: Request };
      return {
        onExecuteDone({ result, setResult }) {
          if (!('data' in result) && !('errors' in result)) return; // streamed results are not priced
          const single = result as ExecutionResult;
          const cacheStatus = context.tracker.summary();
          // A request that touched no statistics (introspection, usage, quota) is free. One that did is priced by
          // the rule every face shares: upstream work is billed even when the request then failed.
          const free = context.tracker.count() === 0;
          const cost = priceOfRequest(runtime.prices, context.tracker, !failedWholly(single), free);
          const label = operationLabel(args.schema, operation);
          outcomes.set(context.request, { scope: context, operation: label, cost, cacheStatus });
          // The front keeps this answer (kept-answers.ts) only when it is every key's and built from fresh hits alone.
          if (context.keptNotes && isKeepable(single, operation, context)) {
            context.keptNotes.keepable = { label, cost, freshUntil: context.tracker.freshUntil(), today: context.today, now: runtime.clock.now() };
          }
          setResult({ ...single, extensions: { ...single.extensions, cost, cacheStatus } });
        },
      };
    },
    onResponse({ request, response }) {
      const outcome = outcomes.get(request);
      if (!outcome) return;
      const { cost } = outcome; // the status does not change what the source was asked
      if (outcome.scope.tracker.count() > 0) response.headers.set('x-cache', outcome.cacheStatus);
      response.headers.set('x-cost', String(cost));
      // Anonymous schema reads (GraphiQL's introspection) belong to no key: nothing to bill or report.
      if (outcome.scope.principal === ANONYMOUS) return;
      recordRequest(runtime, outcome.scope, { operation: outcome.operation, cacheStatus: outcome.cacheStatus, status: response.status, price: cost });
    },
  };
}
