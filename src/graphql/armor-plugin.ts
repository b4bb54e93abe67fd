import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, type ValidationContext } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Metrics } from '../ports/metrics.js';
import { MAX_QUERY_DEPTH, MAX_SOURCE_CALLS_PER_QUERY } from './complexity.js';

/**
 * Most lexical tokens of one document. The largest useful operation (100 aliased root fields with a few
 * arguments and a small selection each, about 1,400 tokens; `keywords` with 100 inline phrases; GraphiQL's
 * introspection query) stays under it. It also bounds nesting, which the parser follows by recursion: every
 * level costs at least one token, so no document can nest deeper than 2,000 levels, and the parser stops at
 * the 2,001st token. About 1,800 levels of selections overflow the stack, so it must not grow much.
 */
export const MAX_QUERY_TOKENS = 2000;
/**
 * Aliases. Each alias of a source-backed field is a call, and the source-call limit (100, useQueryLimits) refuses
 * those first with a message that says what to do; this bound is for aliases of cheap fields, which multiply
 * resolver work and answer size without ever reaching the source.
 */
export const MAX_QUERY_ALIASES = 2 * MAX_SOURCE_CALLS_PER_QUERY;
export const MAX_QUERY_DIRECTIVES = 50;
/**
 * Longest query text, in characters. The token limit does not bound a token's length: one root field named by
 * a million letters is one token that takes the lexer tens of milliseconds to read, blocking every other
 * request. The largest useful document (`keywords` with 100 inline phrases of 400 characters) is about 41,000.
 */
export const MAX_QUERY_LENGTH = 100_000;

export interface ArmorLimits {
  maxLength?: number;
  maxTokens?: number;
  maxDepth?: number;
  maxAliases?: number;
  maxDirectives?: number;
  metrics?: Metrics;
}

type Limit = 'length' | 'tokens' | 'depth' | 'aliases' | 'directives';

/** Armor's message ("Syntax Error: Query depth limit of 8 exceeded, found 9.") as our coded 400. */
function tooComplex(error: GraphQLError, limit: Limit): GraphQLError {
  return new GraphQLError(error.message.replace(/^Syntax Error: /, ''), {
    // `spec: false`: this is the service's own refusal, so its status holds whatever the client's Accept header.
    extensions: { code: 'QUERY_TOO_COMPLEX', limit, http: { status: 400, spec: false } },
  });
}

/**
 * The length of the query text (before parsing), then GraphQL Armor's limits on parser tokens (checked while
 * parsing), depth, aliases and directives (checked while validating, before our own rules and before any
 * resolver). Refusals are `QUERY_TOO_COMPLEX`, HTTP 400.
 * Armor's cost limit stays off: the service's own source-call estimate (useQueryLimits) prices operations.
 */
export function useArmorLimits(limits: ArmorLimits = {}): Plugin {
  // Parse refusals must throw (there is no validation context to report into); validation refusals are
  // reported, so the other rules still run and a cached validation result keeps them.
  const reject = (limit: Limit) => [
    (context: ValidationContext | null, error: GraphQLError) => {
      limits.metrics?.graphqlRefused(limit);
      const coded = tooComplex(error, limit);
      if (!context) throw coded;
      context.reportError(coded);
    },
  ];
  const common = (limit: Limit) => ({ propagateOnRejection: false, onReject: reject(limit) });
  const armor = EnvelopArmorPlugin({
    blockFieldSuggestion: { enabled: false }, // the schema is public (committed SDL); suggestions help clients
    costLimit: { enabled: false },
    maxTokens: { n: limits.maxTokens ?? MAX_QUERY_TOKENS, ...common('tokens') },
    maxDepth: { n: limits.maxDepth ?? MAX_QUERY_DEPTH, ...common('depth') },
    maxAliases: { n: limits.maxAliases ?? MAX_QUERY_ALIASES, ...common('aliases') },
    maxDirectives: { n: limits.maxDirectives ?? MAX_QUERY_DIRECTIVES, ...common('directives') },
  }) as Plugin;
  const maxLength = limits.maxLength ?? MAX_QUERY_LENGTH;
  return {
    // Before the text reaches the parser (persisted queries are stored only after it is run, so they are short).
    onParams({ params }) {
      if (typeof params.query === 'string' && params.query.length > maxLength) {
        limits.metrics?.graphqlRefused('length');
        throw tooComplex(new GraphQLError(`the query text is ${params.query.length} characters long; at most ${maxLength} are allowed`), 'length');
      }
    },
    onPluginInit({ addPlugin }) {
      armor.onPluginInit!({ addPlugin } as Parameters<NonNullable<Plugin['onPluginInit']>>[0]);
      // Added after Armor's own plugins, so this wraps the token-limited parser Armor installs.
      addPlugin(useStackGuard(limits.metrics));
    },
  };
}

/**
 * The parser and the validation rules follow nesting by recursion. The token limit bounds nesting, but how
 * deep the stack goes differs by Node version and by what nests (lists of lists go deeper than selections):
 * a stack overflow there is the document's fault, so it is a refusal, not a 500.
 */
function useStackGuard(metrics: Metrics | undefined): Plugin {
  const refuse = (caught: unknown) => {
    if (!(caught instanceof RangeError)) return caught;
    metrics?.graphqlRefused('depth');
    return tooComplex(new GraphQLError('the document is nested too deeply'), 'depth');
  };
  return {
    onParse({ parseFn, setParseFn }) {
      setParseFn((source, options) => {
        try {
          return parseFn(source, options);
        } catch (caught) {
          throw refuse(caught);
        }
      });
    },
  };
}
