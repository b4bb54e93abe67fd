import { Kind, parse, type DocumentNode } from 'graphql';
import type { YogaInitialContext } from 'graphql-yoga';
import { toDomainError } from '../domain/errors.js';
import type { Principal } from '../services/auth/authenticator.js';
import { requirePrincipal } from '../services/run-operation.js';
import { createRequestContext, type ServiceRuntime } from '../services/runtime.js';
import type { GraphQLContext } from './context.js';
import { domainToGraphQLError } from './errors.js';
import type { KeptServerContext } from './kept-answers.js';

/** Who asks for the schema only (GraphiQL loading its docs): no data, no bill, no ledger row. */
export const ANONYMOUS: Principal = { keyId: 'anonymous', name: 'anonymous' };

/**
 * True when every operation selects only `__schema`, `__type` or `__typename` at its root (fragments spread
 * below those can only reach introspection types).
 */
export function isIntrospectionOnly(query: string | undefined): boolean {
  if (!query) return false;
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return false;
  }
  // Fragments only matter through the operations that spread them, and root selections here are fields.
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  return (
    operations.length > 0 &&
    operations.every((d) => d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__')))
  );
}

/**
 * The GraphQL context: the caller's key, found as every face finds it (requirePrincipal; 401 without one).
 * The schema itself is public (its SDL is in the repository), so an introspection-only request may come
 * without a key: GraphiQL can then show the docs before the user has pasted a key.
 */
export function createGraphQLContextFactory(runtime: ServiceRuntime) {
  return async (initial: YogaInitialContext & KeptServerContext & { req?: { socket?: { remoteAddress?: string } } }): Promise<GraphQLContext> => {
    const { request, params } = initial;
    let principal: Principal;
    try {
      // The front (kept-answers.ts) may have asked already: its outcome stands, a wrong key is not counted twice.
      const asked = initial.keptAuth;
      if (asked && 'error' in asked) throw asked.error;
      // The socket's address is there when Yoga serves node:http (the server context's `req`); not in tests.
      principal = asked ? asked.principal : await requirePrincipal(runtime, request.headers.get('authorization'), initial.req?.socket?.remoteAddress);
    } catch (caught) {
      const error = toDomainError(caught);
      // Only a missing or unknown key (or one not looked up: too many wrong ones) lets a schema read through; an
      // unreachable key store is an error for all.
      const refused = error.code === 'UNAUTHENTICATED' || error.code === 'TOO_MANY_REQUESTS';
      if (!refused || !isIntrospectionOnly(params.query)) throw domainToGraphQLError(error);
      principal = ANONYMOUS;
    }
    return createRequestContext(runtime, principal);
  };
}
