import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What the access log learns about one request while it is served. Never holds the key itself. */
export interface RequestInfo {
  requestId: string;
  /** Milliseconds (performance.now) when the request arrived. */
  startedAt: number;
  /** The billed key's id, once authentication succeeded. */
  keyId?: string;
}

/** One answered request, as the access log and the metrics see it (the HTTP front reports each). */
export interface AccessEntry {
  info: RequestInfo;
  method: string;
  path: string;
  /** The bounded route label (a route template, or `unmatched`). */
  route: string;
  status: number;
  /** The answer's X-Cache, when it has one. */
  xCache: string | null;
}

const storage = new AsyncLocalStorage<RequestInfo>();

/** A client's X-Request-Id is reused only when it is a short, printable token (safe in logs and headers). */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The client's request id when it is a sane token, else a fresh UUID. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

/** Runs `fn` with `info` as the current request (visible to everything it calls, sync or async). */
export function runWithRequest<T>(info: RequestInfo, fn: () => T): T {
  return storage.run(info, fn);
}

/** The request being served on this async path, if any. */
export function currentRequest(): RequestInfo | undefined {
  return storage.getStore();
}

/**
 * Runs `fn` outside any request: work it starts (timers, job workers, task runs) must not log under the id of
 * whichever request happened to start it (task log lines carried a stale request's id).
 */
export function outsideAnyRequest<T>(fn: () => T): T {
  return storage.exit(fn);
}
