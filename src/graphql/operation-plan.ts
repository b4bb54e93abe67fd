import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getVariableValues,
  GraphQLError,
  GraphQLIncludeDirective,
  type GraphQLObjectType,
  type GraphQLSchema,
  GraphQLSkipDirective,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { DomainError } from '../domain/errors.js';
import { type SourceCall, sourceCallKey } from '../domain/source-call.js';
import type { ServiceContext } from '../services/context.js';
import { domainToGraphQLError } from './errors.js';
import { FIELD_PLANNERS, type KeywordParent } from './field-planners.js';

/** What one GraphQL operation will ask of the source, known before any field runs. */
export interface OperationPlan {
  /** Every argument error (variables, then fields in document order): BAD_USER_INPUT naming the argument. */
  errors: GraphQLError[];
  /** The distinct source calls the operation's fields will make, one per canonical key (sourceCallKey). */
  calls: SourceCall[];
  /** Calls beyond `calls` that no one can name in advance (suggestion verification budgets), at most. */
  extraCalls: number;
}

export interface OperationPlanInput {
  schema: GraphQLSchema;
  /** Parsed and validated. */
  document: DocumentNode;
  operationName?: string | null | undefined;
  /** As the client sent them (coerced here, as execution will). */
  variableValues?: Record<string, unknown> | null | undefined;
  /** The request's service context (today, region catalog, suggestion budget). */
  services: ServiceContext;
}

const EMPTY: OperationPlan = { errors: [], calls: [], extraCalls: 0 };

/**
 * Plans an operation: coerces its variables, then walks every selected field (aliases, fragments, nested
 * fields; `@skip`/`@include` honoured), checks each field's arguments with the domain normalisers the
 * resolvers and REST use, and lists the source calls the operation would make. A face runs nothing when
 * `errors` is not empty, and may check `calls` against the quota before the first call.
 */
export function planOperation(input: OperationPlanInput): OperationPlan {
  const operation = findOperation(input.document, input.operationName);
  const root = operation && input.schema.getRootType(operation.operation);
  if (!operation || !root) return EMPTY; // execution reports it, and makes no call
  const coerced = getVariableValues(input.schema, operation.variableDefinitions ?? [], input.variableValues ?? {});
  if (coerced.errors) return { ...EMPTY, errors: coerced.errors.map((e) => asBadUserInput(e)) };

  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of input.document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const variables = coerced.coerced;
  const errors: GraphQLError[] = [];
  const calls = new Map<string, SourceCall>();
  let extraCalls = 0;

  const walk = (type: GraphQLObjectType, selections: readonly SelectionSetNode[], parents: readonly KeywordParent[], path: string[]) => {
    for (const [key, nodes] of collectFields(selections, variables, fragments)) {
      const node = nodes[0]!;
      const field = type.getFields()[node.name.value];
      if (!field) continue; // __typename and introspection: no source call, no argument rule of ours
      const at = [...path, key];
      let children = parents;
      const planner = FIELD_PLANNERS[`${type.name}.${field.name}`];
      if (planner) {
        try {
          const plan = planner(getArgumentValues(field, node, variables), input.services, parents);
          for (const call of plan.calls) calls.set(sourceCallKey(call), call);
          extraCalls += plan.extraCalls ?? 0;
          children = plan.keywords ?? parents;
        } catch (error) {
          if (error instanceof DomainError) errors.push(domainToGraphQLError(error, at));
          else if (isGraphQLError(error)) errors.push(asBadUserInput(error, at));
          else throw error; // a fault of ours, not of the request
          continue; // nothing below a refused field runs
        }
      }
      const named = getNamedType(field.type);
      const below = nodes.flatMap((n) => (n.selectionSet ? [n.selectionSet] : []));
      if (isObjectType(named) && below.length > 0) walk(named, below, children, at);
    }
  };
  walk(root, [operation.selectionSet], [], []);
  return { errors, calls: [...calls.values()], extraCalls };
}

function findOperation(document: DocumentNode, name: string | null | undefined): OperationDefinitionNode | undefined {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (name) return operations.find((o) => o.name?.value === name);
  return operations.length === 1 ? operations[0] : undefined;
}

function included(node: FieldNode | SelectionSetNode['selections'][number], variables: Record<string, unknown>): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

/**
 * The fields of selection sets by response key, as execution groups them: fragments inlined (each named
 * fragment once, as graphql-js does, so repeated spreads cannot multiply the walk).
 */
function collectFields(
  sets: readonly SelectionSetNode[],
  variables: Record<string, unknown>,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>();
  const visited = new Set<string>();
  const collect = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (!included(selection, variables)) continue;
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        const list = fields.get(key);
        if (list) list.push(selection);
        else fields.set(key, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet);
      } else if (!visited.has(selection.name.value)) {
        visited.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) collect(fragment.selectionSet);
      }
    }
  };
  for (const set of sets) collect(set);
  return fields;
}

// graphql may be loaded twice (CommonJS and ESM builds): recognise its errors by name.
const isGraphQLError = (error: unknown): error is GraphQLError => error instanceof Error && error.name === 'GraphQLError';

/** graphql's own coercion errors (a bad variable, a missing argument) as the contract's BAD_USER_INPUT. */
function asBadUserInput(error: GraphQLError, path?: readonly string[]): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, path, extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
}
