import { DomainError, invalidField, toDomainError } from '../domain/errors.js';
import type { KeyAdmin } from '../ports/key-admin.js';
import type { StoredKey } from '../ports/key-store.js';
import type { Logger } from '../ports/logger.js';
import { readJsonBody } from '../rest/body.js';
import { problemReply } from '../rest/responses.js';
import type { UsageService } from '../services/usage.js';
import { type HttpCall, jsonReply, type Reply } from '../http/exchange.js';
import type { TaskService } from '../tasks/task-service.js';
import { createFailedAuthThrottle, type FailedAuthLimits } from '../services/auth/failed-auth-throttle.js';
import { createBearerCheck } from './bearer-check.js';

export interface AdminRoutesOptions {
  /** ADMIN_TOKEN. Without it there is no admin API at all: every /admin path is an ordinary 404. */
  token: string | undefined;
  /** The database's keys; undefined when the service runs without one (API_KEYS only). */
  keys: KeyAdmin | undefined;
  usage: UsageService | undefined;
  /** Tasks, when this instance keeps them: the operator may cancel any key's task. */
  tasks?: TaskService | undefined;
  logger: Logger;
  /** The clock wrong tokens are counted by (default: the wall clock). */
  now?: () => number;
}

/** Wrong admin tokens a peer may send: 10 a minute, then 429 for the rest of the minute. */
export const ADMIN_TOKEN_LIMITS: FailedAuthLimits = { maxFailures: 10, windowMs: 60_000 };

const KEY_PATH = /^\/admin\/keys\/([^/]+?)(\/revoke)?$/;
const TASK_PATH = /^\/admin\/tasks\/([^/]+)$/;
/** What a key id or a key name may not hold: control characters (NUL reached PostgreSQL and answered 500). */
const CONTROL_OR_SURROGATE = /[\p{Cc}\p{Surrogate}]/u;
const MAX_ID = 100;
const MAX_NAME = 200;

/**
 * The operator's API, for key administration while the service runs (the keys CLI uses it):
 *   POST /admin/keys {name}            → 201 {id, name, key}: the key, shown this once
 *   GET /admin/keys                    → {keys: [{id, name, createdAt, revokedAt}]}
 *   DELETE /admin/keys/ID, POST /admin/keys/ID/revoke → the revoked key (refused from the next request on)
 *   GET /admin/usage?from=&to=         → every key's usage (the same report as `npm run usage`)
 *   DELETE /admin/tasks/ID             → cancels any key's task (as the key's own DELETE …/task_get/ID does)
 * Behind `Authorization: Bearer $ADMIN_TOKEN`. The token is checked first, in constant time, and the right one is
 * always served: wrong tokens are counted per peer (10 a minute, then 429 with Retry-After and one warning in the
 * log), but they never lock the operator out, whether they come from another address or from the same one (a
 * proxy's, a shared host). What stops guessing is the token's length (at least 16 characters; a random one), not
 * the throttle: a throttled peer still learns a right guess. Errors are problem+json. Logged by key id and name,
 * never a key. Revoking a key cancels its tasks (composition/tasks.ts).
 */
export function createAdminRoutes(options: AdminRoutesOptions): (call: HttpCall) => Promise<Reply | undefined> {
  if (!options.token) return async () => undefined;
  const authorized = createBearerCheck(options.token);
  const throttle = createFailedAuthThrottle(ADMIN_TOKEN_LIMITS, options.now);
  const logger = options.logger.child({ component: 'admin' });

  return async (call) => {
    const { path: pathname, query: searchParams } = call;
    if (pathname !== '/admin' && !pathname.startsWith('/admin/')) return undefined;
    try {
      if (!authorized(call.headers)) {
        const peer = call.peer;
        const wait = throttle.waitSeconds(peer);
        if (wait > 0) throw new DomainError('TOO_MANY_REQUESTS', `too many wrong admin tokens: try again in ${wait} s`, { retryAfterSeconds: wait });
        throttle.failed(peer);
        if (throttle.waitSeconds(peer) > 0) logger.warn({ peer: peer ?? 'unknown' }, 'admin: wrong tokens from one peer; it is answered 429 for the rest of the minute');
        throw new DomainError('UNAUTHENTICATED', 'a valid admin token is required: Authorization: Bearer <ADMIN_TOKEN>');
      }
      if (pathname === '/admin/keys') {
        const keys = need(options.keys, 'keys');
        if (call.method === 'GET') return reply({ keys: (await keys.list()).map(presentKey) }, 200);
        if (call.method !== 'POST') throw notAllowed('GET, POST');
        const issued = await keys.create(nameFrom(await readJsonBody(call)));
        logger.info({ keyId: issued.id, name: issued.name }, 'admin: key created');
        return reply(issued, 201);
      }
      const keyPath = KEY_PATH.exec(pathname);
      if (keyPath) {
        const [, id, revoke] = keyPath;
        if (revoke ? call.method !== 'POST' : call.method !== 'DELETE') throw notAllowed(revoke ? 'POST' : 'DELETE');
        const revoked = await need(options.keys, 'keys').revoke(checkedId(id!));
        if (!revoked) throw new DomainError('NOT_FOUND', `no key with id ${id}`, { field: 'id' });
        logger.info({ keyId: revoked.id, name: revoked.name }, 'admin: key revoked');
        return reply(presentKey(revoked), 200);
      }
      const taskPath = TASK_PATH.exec(pathname);
      if (taskPath) {
        if (call.method !== 'DELETE') throw notAllowed('DELETE');
        const cancelled = await need(options.tasks, 'tasks').cancelAny(checkedId(taskPath[1]!));
        logger.info({ taskId: cancelled.task.id, keyId: cancelled.task.keyId }, 'admin: task cancelled');
        return reply({ id: cancelled.task.id, keyId: cancelled.task.keyId, status: cancelled.task.status, cost: cancelled.task.cost ?? 0 }, 200);
      }
      if (pathname === '/admin/usage') {
        if (call.method !== 'GET') throw notAllowed('GET');
        const report = await need(options.usage, 'usage').forAll({ from: param(searchParams, 'from'), to: param(searchParams, 'to') });
        return reply(report, 200);
      }
      throw new DomainError('NOT_FOUND', `no route ${pathname}`);
    } catch (error) {
      const domain = toDomainError(error);
      if (domain.code === 'INTERNAL') logger.error({ err: error, path: pathname }, 'admin request failed');
      // The error's headers (Retry-After, Allow, WWW-Authenticate) as every face writes them; the challenge names
      // the admin realm.
      return problemReply(domain, { 'cache-control': 'no-store', ...(domain.code === 'UNAUTHENTICATED' ? { 'www-authenticate': 'Bearer realm="admin"' } : {}) });
    }
  };
}

// Answers carry a secret (a new key) or operator data: never cached anywhere.
const reply = (body: unknown, status: number) => jsonReply(body, status, { 'cache-control': 'no-store' });

function presentKey(key: StoredKey) {
  return { id: key.id, name: key.name, createdAt: key.createdAt.toISOString(), revokedAt: key.revokedAt?.toISOString() ?? null };
}

function nameFrom(body: unknown): string {
  const name = body && typeof body === 'object' && !Array.isArray(body) ? (body as { name?: unknown }).name : undefined;
  if (typeof name !== 'string' || name.trim() === '' || name.trim().length > MAX_NAME) {
    throw invalidField('name', `name must be a string of 1–${MAX_NAME} characters (who or what the key is for)`);
  }
  if (CONTROL_OR_SURROGATE.test(name)) throw invalidField('name', 'name must not hold control characters');
  return name;
}

/** An id from the path, decoded: malformed escapes, control characters and overlong ids are a 400 naming id. */
function checkedId(raw: string): string {
  let id: string;
  try {
    id = decodeURIComponent(raw);
  } catch {
    throw invalidField('id', 'id is not a well-formed path segment');
  }
  if (id.length > MAX_ID || CONTROL_OR_SURROGATE.test(id)) throw invalidField('id', 'id must be printable and at most 100 characters');
  return id;
}

function param(params: URLSearchParams, name: string): string | undefined {
  return params.get(name) ?? undefined;
}

function need<T>(part: T | undefined, what: string): T {
  if (!part) throw new DomainError('SERVICE_UNAVAILABLE', `no database is configured, so there are no ${what} to administer`);
  return part;
}

function notAllowed(allow: string): DomainError {
  return new DomainError('METHOD_NOT_ALLOWED', `use ${allow}`, { allow });
}
