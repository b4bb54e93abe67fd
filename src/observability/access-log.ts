import { performance } from 'node:perf_hooks';
import type { Logger } from '../ports/logger.js';
import type { CacheResult, Metrics } from '../ports/metrics.js';
import type { AccessEntry } from '../http/request-context.js';
import { unredacted } from './json-logger.js';

const CACHE_VALUES = new Set<string>(['HIT', 'MISS', 'STALE']);
/** Probes and scrapes come every few seconds: logged at debug so they do not drown the access log. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One structured access-log line and one metrics sample per request, for every route (the HTTP front reports
 * each answer). Logs the key id only — never the key, never the Authorization header.
 */
export function createAccessLog(options: { logger: Logger; metrics: Metrics }): (entry: AccessEntry) => void {
  const { metrics } = options;
  // The line holds only the fields below (ids, never a key): no redaction walk per request.
  const logger = unredacted(options.logger);
  return ({ info, method, path, route, status, xCache }) => {
    const durationSeconds = (performance.now() - info.startedAt) / 1000;
    const cache = xCache && CACHE_VALUES.has(xCache) ? (xCache as CacheResult) : undefined;
    metrics.httpRequest({ method, route, status, durationSeconds, ...(cache ? { cache } : {}) });
    const level = status >= 500 ? 'error' : QUIET_PATHS.has(path) ? 'debug' : 'info';
    const line = {
      reqId: info.requestId,
      method,
      route,
      ...(route === 'unmatched' ? { path: path.slice(0, 200) } : {}),
      status,
      durationMs: Math.round(durationSeconds * 1000 * 10) / 10,
      ...(cache ? { cache } : {}),
      ...(info.keyId ? { keyId: info.keyId } : {}),
    };
    if (level === 'error') logger.error(line, 'request failed');
    else if (level === 'debug') logger.debug(line, 'request');
    else logger.info(line, 'request');
  };
}
