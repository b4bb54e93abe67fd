import { DomainError, toDomainError } from '../domain/errors.js';
import type { Principal } from './auth/authenticator.js';
import { type Free, isFreeRequest, priceOfRequest } from './billing.js';
import type { CallStatus } from './cache-status.js';
import type { LivePlan } from './live-plan.js';
import { createRequestContext, type RequestContext, type ServiceRuntime } from './runtime.js';

/** What a face asks the pipeline to run for one authenticated call. */
export interface OperationCall<T> {
  /** The face asking (REST, MCP), named in the log line of an unexpected error. */
  face: string;
  /** Name in the ledger, logs and metrics, e.g. `v2.top` or `mcp.wordstat_top`. */
  operation: string;
  /**
   * A free read (the caller's own account, the region catalog): cost 0 whatever the cache did; `unless-asked`: free
   * when the request asked the source nothing (billing.ts isFreeRequest).
   */
  free?: Free;
  /** The work, given a fresh request scope; reads and validates its input inside, so a bad input is billed 0. */
  run(scope: RequestContext): Promise<T>;
  /** The live plan the call shares with others planned together (an MCP batch); its own when absent. */
  livePlan?: LivePlan | undefined;
}

/** The outcome a face presents in its own shape. */
export type OperationOutcome<T> =
  | { ok: true; result: T; status: 200; cacheStatus: CallStatus; cost: number; free: boolean; scope: RequestContext }
  | { ok: false; error: DomainError; status: number; cacheStatus: CallStatus; cost: number; free: boolean; scope: RequestContext };

/**
 * The request pipeline every face shares once it knows the caller: a fresh scope (per-request loaders and
 * cache-status tracker), the run, the price (billing.ts), and one ledger row named after the
 * operation. Never throws: an error comes back as a DomainError (unexpected ones logged, then INTERNAL).
 */
export async function runOperation<T>(runtime: ServiceRuntime, principal: Principal, call: OperationCall<T>): Promise<OperationOutcome<T>> {
  const scope = createRequestContext(runtime, principal, call.livePlan);
  let outcome: OperationOutcome<T>;
  try {
    const result = await call.run(scope);
    const cacheStatus = scope.tracker.summary();
    const cost = priceOfRequest(runtime.prices, scope.tracker, true, call.free);
    outcome = { ok: true, result, status: 200, cacheStatus, cost, free: isFreeRequest(call.free, scope.tracker), scope };
  } catch (thrown) {
    const error = toDomainError(thrown);
    if (error.code === 'INTERNAL') {
      runtime.logger.error({ err: thrown, operation: call.operation }, `unexpected error in ${call.face} operation`);
    }
    // One pricing rule (billing.ts): a failure that fetched answers upstream before it failed is still billed.
    const cost = priceOfRequest(runtime.prices, scope.tracker, false, call.free);
    outcome = { ok: false, error, status: error.status, cacheStatus: scope.tracker.summary(), cost, free: isFreeRequest(call.free, scope.tracker), scope };
  }
  recordRequest(runtime, scope, { operation: call.operation, cacheStatus: outcome.cacheStatus, status: outcome.status, price: outcome.cost });
  return outcome;
}

/** What the ledger keeps of one finished request besides who asked and when (the scope knows those). */
export interface RequestRecord {
  operation: string;
  cacheStatus: CallStatus;
  /** The HTTP status (or the one the face would have answered). */
  status: number;
  price: number;
}

/**
 * The one ledger row of a request, timed at its start and charged to its key: every face writes it through
 * here (runOperation for REST and MCP; GraphQL once its response status is known).
 */
export function recordRequest(runtime: ServiceRuntime, scope: RequestContext, record: RequestRecord): void {
  recordRow(runtime, scope.principal, scope.startedAt, record);
}

/**
 * The same row for a request answered without a scope (a kept answer, rest/hit-memo.ts): charged to `principal`,
 * timed at `startedAt`. The ledger buffers it; the write happens off the request path, in batches.
 */
export function recordRow(runtime: ServiceRuntime, principal: Principal, startedAt: number, record: RequestRecord): void {
  runtime.ledger.record({ at: new Date(startedAt), keyId: principal.keyId, operation: record.operation, cacheStatus: record.cacheStatus, status: record.status, price: record.price });
}

/**
 * The caller when they are known at once (Authenticator.known): no promise, for the kept-answer paths. Undefined
 * means "ask requirePrincipal", never a refusal.
 */
export const knownPrincipal = (runtime: ServiceRuntime, authorization: string | null): Principal | undefined =>
  runtime.authenticator.known?.(authorization);

/**
 * The caller behind an Authorization header; UNAUTHENTICATED without a valid key (the face adds the 401), and
 * TOO_MANY_REQUESTS (429) when `peer`, the socket's address, sent too many wrong keys (authenticator.ts).
 */
export async function requirePrincipal(runtime: ServiceRuntime, authorization: string | null, peer?: string): Promise<Principal> {
  const principal = await runtime.authenticator.authenticate(authorization, peer);
  if (!principal) {
    const challenge = runtime.authenticator.challenge;
    throw new DomainError('UNAUTHENTICATED', 'a valid API key is required: Authorization: Bearer <key>', challenge ? { challenge } : {});
  }
  return principal;
}
