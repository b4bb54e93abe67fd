import { type GraphQLArgument, type GraphQLField, isListType, isNonNullType } from 'graphql';
import { MAX_LIVE_CALLS_PER_REQUEST } from '../domain/requests/live-limits.js';

/**
 * Most source calls one GraphQL operation may be estimated to make, statically, before its plan is counted: the
 * live request's limit (live-limits.ts). The plan (useOperationPlan → planLiveCalls) then counts the real calls,
 * match types and history included, against the same number.
 */
export const MAX_SOURCE_CALLS_PER_QUERY = MAX_LIVE_CALLS_PER_REQUEST;
/** Deepest selection allowed; the schema's deepest useful path (keywords → dynamics → results → date) is 4. */
export const MAX_QUERY_DEPTH = 8;

/** A required list argument (`phrases: [String!]!`) asks for one answer per item: a batch, not a filter. */
function isBatchArgument(arg: GraphQLArgument): boolean {
  return isNonNullType(arg.type) && isListType(arg.type.ofType);
}

/**
 * The default cost of every field, in source calls, by the shape of the schema rather than a list of names:
 *
 * - a field without arguments costs nothing (it reads what its parent already fetched: `trend`, `count`);
 * - a field with arguments is a source-backed view (`top(phrase)`, `Keyword.dynamics(period)`) and costs 1;
 * - a field with a required list argument (`keywords(phrases: [String!]!)`) costs 1 per item, and so does
 *   everything selected below it (the multiplier), since each item resolves the sub-selection once.
 *
 * Optional list arguments (`regions`, `devices`) are filters of one call and do not multiply. A field whose
 * cost differs (e.g. suggestions spend extra verification calls) declares `complexity` in its Pothos options.
 */
export function sourceCallComplexity(
  args: Record<string, unknown>,
  _context: unknown,
  // Any context type: the cost depends on the schema and the arguments only.
  field: GraphQLField<unknown, any, Record<string, unknown>>,
): { field: number; multiplier: number } {
  if (field.args.length === 0) return { field: 0, multiplier: 1 };
  let items = 1;
  for (const arg of field.args) {
    const value = args[arg.name];
    // Capped at the batch limit: a longer list is refused by the argument's own validation (BAD_USER_INPUT
    // naming it), which tells the client more than QUERY_TOO_COMPLEX would.
    if (isBatchArgument(arg) && Array.isArray(value)) items = Math.max(items, Math.min(value.length, MAX_SOURCE_CALLS_PER_QUERY));
  }
  return { field: items, multiplier: items };
}
