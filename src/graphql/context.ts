import type { RequestScope } from '../services/runtime.js';

/** The per-request GraphQL context: the same request scope REST handlers get. */
export interface GraphQLContext {
  scope: RequestScope;
}
