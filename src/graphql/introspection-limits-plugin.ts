import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Metrics } from '../ports/metrics.js';

/** `__schema` and `__type` selections per operation (distinct response keys): GraphiQL's own query has one. */
export const MAX_INTROSPECTION_ROOTS = 1;
/**
 * Lists of a type's members (`fields`, `inputFields`, `interfaces`, `possibleTypes`, `enumValues`) nested in one
 * another along a path. Each such list multiplies the answer by a type's size, so `types { fields { type { fields
 * { type { fields … } } } } }` grows exponentially with depth (introspection is exempt from the depth limit);
 * GraphiQL's query reads each type's members once (`types { fields { args { type { ofType … } } } }`).
 */
export const MAX_NESTED_MEMBER_LISTS = 1;
const MEMBER_LISTS = new Set(['fields', 'inputFields', 'interfaces', 'possibleTypes', 'enumValues']);
const ROOTS = new Set(['__schema', '__type']);

function refusal(message: string, extensions: Record<string, unknown>): GraphQLError {
  // `spec: false`: the service's own refusal, its status holds whatever the Accept header (as armor-plugin.ts).
  return new GraphQLError(message, { extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'introspection', http: { status: 400, spec: false }, ...extensions } });
}

/** Counts, for one operation, its introspection roots and the deepest nesting of member lists below them. */
function measure(operation: OperationDefinitionNode, fragments: ReadonlyMap<string, FragmentDefinitionNode>) {
  const roots = new Set<string>();
  let deepest = 0;
  // `onPath`: fragments being expanded along this path (a cycle is refused by another rule; it must not loop here).
  const below = (set: SelectionSetNode, lists: number, onPath: ReadonlySet<string>) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        const nested = lists + (MEMBER_LISTS.has(s.name.value) ? 1 : 0);
        deepest = Math.max(deepest, nested);
        if (s.selectionSet) below(s.selectionSet, nested, onPath);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        below(s.selectionSet, lists, onPath);
      } else if (!onPath.has(s.name.value)) {
        const fragment = fragments.get(s.name.value);
        if (fragment) below(fragment.selectionSet, lists, new Set([...onPath, s.name.value]));
      }
    }
  };
  // The root selections: fields merge by response key, so `__schema {a} __schema {b}` is one root.
  const root = (set: SelectionSetNode, onPath: ReadonlySet<string>) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) {
        if (!ROOTS.has(s.name.value)) continue;
        roots.add(s.alias?.value ?? s.name.value);
        if (s.selectionSet) below(s.selectionSet, 0, onPath);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        root(s.selectionSet, onPath);
      } else if (!onPath.has(s.name.value)) {
        const fragment = fragments.get(s.name.value);
        if (fragment) root(fragment.selectionSet, new Set([...onPath, s.name.value]));
      }
    }
  };
  root(operation.selectionSet, new Set());
  return { roots: roots.size, deepest };
}

function introspectionLimitsRule(metrics: Metrics | undefined) {
  return (context: ValidationContext): ASTVisitor => {
    const document = context.getDocument();
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
    return {
      OperationDefinition(operation) {
        const { roots, deepest } = measure(operation, fragments);
        if (roots > MAX_INTROSPECTION_ROOTS) {
          metrics?.graphqlRefused('introspection');
          context.reportError(
            refusal(`the operation selects __schema or __type ${roots} times; at most ${MAX_INTROSPECTION_ROOTS} introspection selection is allowed per operation`, {
              introspectionRoots: roots,
              maxIntrospectionRoots: MAX_INTROSPECTION_ROOTS,
            }),
          );
        }
        if (deepest > MAX_NESTED_MEMBER_LISTS) {
          metrics?.graphqlRefused('introspection');
          context.reportError(
            refusal(
              `the introspection nests lists of type members (fields, inputFields, interfaces, possibleTypes, enumValues) ${deepest} deep; at most ${MAX_NESTED_MEMBER_LISTS} is allowed — read each type once from __schema { types { … } }`,
              { nestedMemberLists: deepest, maxNestedMemberLists: MAX_NESTED_MEMBER_LISTS },
            ),
          );
        }
        return false; // nothing below needs visiting: measure() walked it
      },
    };
  };
}

/**
 * Bounds what one operation can make the schema's introspection answer (issue 20, item 10): 199 aliased
 * `__schema` turned 4 KB of query into 6.9 MB of answer, for anyone, with no key. With one root and one level of
 * member lists, an answer is at most one full introspection (what GraphiQL loads), for keyed and anonymous alike.
 */
export function useIntrospectionLimits(options: { metrics?: Metrics } = {}): Plugin {
  const rule = introspectionLimitsRule(options.metrics);
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(rule);
    },
  };
}
