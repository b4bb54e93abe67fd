import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { toDomainError } from '../domain/errors.js';
import { planLiveCalls } from '../services/quota-check.js';
import type { GraphQLContext } from './context.js';
import { createDocumentMemo, operationKey } from './document-memo.js';
import { inArgumentTerms } from './argument-names.js';
import { domainToGraphQLError } from './errors.js';
import { type OperationPlan, planOperation } from './operation-plan.js';
import { storedKeywordCalls } from './task-keyword-plan.js';
import { type SourceCall, sourceCallKey } from '../domain/source-call.js';

/**
 * Checks every field's arguments before any field runs, as REST checks a body before its first call: one bad
 * argument anywhere (any alias, any depth) answers 400 BAD_USER_INPUT naming it, and the source is never
 * called. Then the quota plan for the whole operation (every alias, every nested field): its distinct uncached
 * calls must fit the budget, or it is refused at once with an honest Retry-After and the task route to use
 * (issue 12), before a single call is spent. The plan stays on the context.
 *
 * The plan is a pure function of the document, the operation, the variables and the request's day (the
 * windows of dynamics calls; the region catalog is the app's), so it is computed once for each of those
 * (document-memo.ts): a repeated query skips the walk and the normalisers. The quota check still runs per request.
 */
export function useOperationPlan(): Plugin<GraphQLContext> {
  const plans = createDocumentMemo<OperationPlan>();
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as GraphQLContext;
      const services = context;
      const key = operationKey(args.operationName, args.variableValues, services.today);
      const plan = plans.get(args.document, key, () =>
        planOperation({
          schema: args.schema,
          document: args.document,
          operationName: args.operationName,
          variableValues: args.variableValues as Record<string, unknown> | undefined,
          services,
        }),
      );
      context.plan = plan;
      if (plan.errors.length > 0) return setResultAndStopExecution({ errors: plan.errors });
      const refused = await checkTaskBodies(context, plan);
      if (refused) return setResultAndStopExecution({ errors: [refused] });
      try {
        await planLiveCalls(services, await withStoredKeywordCalls(context, plan), { operation: plan.taskOperation, taskRoute: plan.taskRoute });
        // The document's web searches, every field's together: over the live limit or the budget, none runs.
        if (plan.searches.length > 0) await services.serp?.plan(plan.searches, 'sync', plan.taskRoute);
      } catch (error) {
        setResultAndStopExecution({ errors: [domainToGraphQLError(toDomainError(error))] });
      }
    },
  };
}

/** The plan's calls, plus those of nested views below stored task keywords (read now, per request). */
async function withStoredKeywordCalls(context: GraphQLContext, plan: OperationPlan): Promise<SourceCall[]> {
  if (plan.storedKeywordViews.length === 0 || !context.tasks) return plan.calls;
  const calls = new Map(plan.calls.map((call) => [sourceCallKey(call), call]));
  for (const call of await storedKeywordCalls(context.tasks, context.principal.keyId, plan.storedKeywordViews, context.catalog)) calls.set(sourceCallKey(call), call);
  return [...calls.values()];
}

/**
 * Every task the operation would create, checked as a post checks it, in document order: one bad alias anywhere
 * refuses the whole operation before the first task is created (mutations run one after another).
 */
async function checkTaskBodies(context: GraphQLContext, plan: OperationPlan): Promise<GraphQLError | undefined> {
  if (plan.taskBodies.length === 0 || !context.tasks) return undefined;
  for (const { operation, body, path, field } of plan.taskBodies) {
    try {
      await context.tasks.check(operation, body);
    } catch (error) {
      // The REST rules checked it: their field names become the field's argument names.
      return domainToGraphQLError(inArgumentTerms(toDomainError(error), field), path);
    }
  }
  return undefined;
}
