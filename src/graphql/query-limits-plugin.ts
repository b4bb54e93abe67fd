import { createComplexityRule } from '@pothos/plugin-complexity';
import { type DocumentNode, GraphQLError, validate, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Metrics } from '../ports/metrics.js';
import { MAX_SOURCE_CALLS_PER_QUERY } from './complexity.js';

export interface QueryLimits {
  /** Most source calls an operation may be estimated to make. */
  maxSourceCalls?: number;
  metrics?: Metrics;
}

function tooComplex(message: string, details: Record<string, number>): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400 }, ...details },
  });
}

/**
 * The document without `__typename`, `__schema` and `__type` selections: they read the schema or a type name,
 * never the source, so they cost nothing (Pothos prices a field it cannot find in the schema at 1).
 */
export function withoutMetaFields(document: DocumentNode): DocumentNode {
  return visit(document, {
    Field: (node) => (node.name.value.startsWith('__') ? null : undefined),
  });
}

/**
 * Refuses, before any resolver runs, an operation whose static estimate of source calls (see
 * sourceCallComplexity) is over the limit: `QUERY_TOO_COMPLEX`, HTTP 400. Checked at execute time with the
 * request's own variables — not as a cached validation rule, because the cost of `keywords(phrases: $list)`
 * depends on the variables, which the validation cache does not see. Depth, aliases and tokens are GraphQL
 * Armor's job (useArmorLimits), before parse and validate.
 */
export function useQueryLimits(limits: QueryLimits = {}): Plugin {
  const maxComplexity = limits.maxSourceCalls ?? MAX_SOURCE_CALLS_PER_QUERY;
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const rule = createComplexityRule({
        variableValues: (args.variableValues ?? {}) as Record<string, unknown>,
        operationName: args.operationName ?? undefined,
        context: args.contextValue,
        validate: ({ complexity }, report) => {
          if (complexity > maxComplexity) {
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
        const priced = withoutMetaFields(args.document);
        refusals = validate(args.schema, priced, [rule]).filter((e) => e.extensions?.code === 'QUERY_TOO_COMPLEX');
      } catch {
        return;
      }
      if (refusals.length > 0) setResultAndStopExecution({ errors: refusals });
    },
  };
}
