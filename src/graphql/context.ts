import type { RequestScope } from '../services/runtime.js';
import type { OperationPlan } from './operation-plan.js';

/** The per-request GraphQL context: the same request scope REST handlers get. */
export interface GraphQLContext {
  scope: RequestScope;
  /** The operation's checked arguments and source calls, set before any field runs (useOperationPlan). */
  plan?: OperationPlan;
}
