import { type GraphQLSchema, Kind, type OperationDefinitionNode } from 'graphql';

/** The label of an operation the schema cannot run (unknown root field, no such operation type). */
export const INVALID_OPERATION_LABEL = 'graphql.invalid';
const META_FIELDS = new Set(['__typename', '__schema', '__type']);

/**
 * The ledger's name for a GraphQL operation: `graphql.` and its distinct root fields in the schema's order
 * (`graphql.top`, `graphql.keyword+top`). Only names the schema defines are ever used, so the label is short
 * and from a fixed set whatever the client sends; anything else is `graphql.invalid`. Never user text: the
 * ledger and every usage report group by it.
 */
export function operationLabel(schema: GraphQLSchema, operation: OperationDefinitionNode | undefined): string {
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return INVALID_OPERATION_LABEL;
  const known = Object.keys(root.getFields());
  const selected = new Set<string>();
  for (const selection of operation.selectionSet.selections) {
    // Root fragments are rare; their fields are not named here, which keeps the walk to the root level.
    if (selection.kind !== Kind.FIELD) continue;
    const name = selection.name.value;
    if (!META_FIELDS.has(name) && !known.includes(name)) return INVALID_OPERATION_LABEL;
    selected.add(name);
  }
  const names = [...known.filter((n) => selected.has(n)), ...[...META_FIELDS].filter((n) => selected.has(n))];
  return `graphql.${names.length > 0 ? names.join('+') : 'unknown'}`;
}
