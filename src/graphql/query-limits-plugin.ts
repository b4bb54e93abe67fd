import { createComplexityRule } from '@pothos/plugin-complexity';
import { GraphQLError, validate } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Metrics } from '../ports/metrics.js';
import { MAX_QUERY_DEPTH, MAX_SOURCE_CALLS_PER_QUERY } from './complexity.js';

export interface QueryLimits {
  /** Most source calls an operation may be estimated to make. */
  maxSourceCalls?: number;
  maxDepth?: number;
  metrics?: Metrics;
}

function tooComplex(message: string, details: Record<string, number>): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 }, ...details },
  });
}

/**
 * Refuses, before any resolver runs, an operation whose static estimate of source calls (see
 * sourceCallComplexity) or whose depth is over the limit: `QUERY_TOO_COMPLEX`, HTTP 400. Checked at execute
 * time with the request's own variables — not as a cached validation rule, because the cost of
 * `keywords(phrases: $list)` depends on the variables, which the validation cache does not see.
 */
export function useQueryLimits(limits: QueryLimits = {}): Plugin {
  const maxComplexity = limits.maxSourceCalls ?? MAX_SOURCE_CALLS_PER_QUERY;
  const maxDepth = limits.maxDepth ?? MAX_QUERY_DEPTH;
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const rule = createComplexityRule({
        variableValues: (args.variableValues ?? {}) as Record<string, unknown>,
        operationName: args.operationName ?? undefined,
        context: args.contextValue,
        validate: ({ complexity, depth }, report) => {
          if (depth > maxDepth) {
            limits.metrics?.graphqlRefused('depth');
            report(tooComplex(`the query is nested ${depth} levels deep; at most ${maxDepth} are allowed`, { depth, maxDepth }));
          } else if (complexity > maxComplexity) {
            limits.metrics?.graphqlRefused('complexity');
            report(
              tooComplex(
                `the query could make up to ${complexity} source calls; at most ${maxComplexity} are allowed — ` +
                  'split it, or ask for fewer phrases or nested views',
                { estimatedSourceCalls: complexity, maxSourceCalls: maxComplexity },
              ),
            );
          }
        },
      });
      // Other complaints of the rule (a bad variable) are left to execution, which reports them properly; so is
      // an operation the rule cannot even walk (a mutation on a schema without one): it makes no source call.
      let refusals: readonly GraphQLError[];
      try {
        refusals = validate(args.schema, args.document, [rule]).filter((e) => e.extensions?.code === 'QUERY_TOO_COMPLEX');
      } catch {
        return;
      }
      if (refusals.length > 0) setResultAndStopExecution({ errors: refusals });
    },
  };
}
