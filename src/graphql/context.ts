import type { RequestContext } from '../services/runtime.js';
import type { OperationPlan } from './operation-plan.js';

/**
 * The per-request GraphQL context: the request's one RequestContext (what REST handlers and MCP tools get), plus
 * the operation's checked arguments and source calls, set before any field runs (useOperationPlan).
 */
export type GraphQLContext = RequestContext & { plan?: OperationPlan };
