import { createComplexityRule } from '@pothos/plugin-complexity';
import { type DocumentNode, type ExecutionArgs, GraphQLError, validate, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Metrics } from '../ports/metrics.js';
import { MAX_SOURCE_CALLS_PER_QUERY } from './complexity.js';
import { createDocumentMemo, operationKey } from './document-memo.js';

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
 *
 * The estimate walks the whole document, so it is computed once per document, operation and variables
 * (document-memo.ts); the context it reads (the suggestion budget) is the same for every request of an app.
 */
export function useQueryLimits(limits: QueryLimits = {}): Plugin {
  const maxComplexity = limits.maxSourceCalls ?? MAX_SOURCE_CALLS_PER_QUERY;
  const refusalsOf = createDocumentMemo<readonly GraphQLError[]>();
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const key = operationKey(args.operationName, args.variableValues);
      const refusals = refusalsOf.get(args.document, key, () => estimate(args));
      if (refusals.length > 0) {
        // A refusal counts each time it is answered, cached or not.
        for (let i = 0; i < refusals.length; i++) limits.metrics?.graphqlRefused('complexity');
        setResultAndStopExecution({ errors: refusals });
      }
    },
  };

  /** The refusals of graphql-js's validation with Pothos's complexity rule (none when within the limit). */
  function estimate(args: ExecutionArgs): readonly GraphQLError[] {
    const rule = createComplexityRule({
      variableValues: (args.variableValues ?? {}) as Record<string, unknown>,
      operationName: args.operationName ?? undefined,
      context: args.contextValue as object,
      validate: ({ complexity }, report) => {
        if (complexity > maxComplexity) {
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
    try {
      const priced = withoutMetaFields(args.document);
      return validate(args.schema, priced, [rule]).filter((e) => e.extensions?.code === 'QUERY_TOO_COMPLEX');
    } catch {
      return [];
    }
  }
}
