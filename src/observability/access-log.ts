import { performance } from 'node:perf_hooks';
import type { Logger } from '../ports/logger.js';
import type { CacheResult, Metrics } from '../ports/metrics.js';
import type { AccessEntry } from '../http/request-context.js';
import { rawLineWriter } from './json-logger.js';

const CACHE_VALUES = new Set<string>(['HIT', 'MISS', 'STALE']);
/** Probes and scrapes come every few seconds: logged at debug so they do not drown the access log. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One structured access-log line and one metrics sample per request, for every route (the HTTP front reports
 * each answer). Logs the key id only — never the key, never the Authorization header.
 */
export function createAccessLog(options: { logger: Logger; metrics: Metrics }): (entry: AccessEntry) => void {
  const { metrics } = options;
  // A logger of ours takes the line as text, built here from the fields below (ids, never a key): no redaction
  // walk and no pino merge per request. Any other logger gets the same fields as an object.
  const writeRaw = rawLineWriter(options.logger);
  const { logger } = options;
  return ({ info, method, path, route, status, xCache }) => {
    const durationSeconds = (performance.now() - info.startedAt) / 1000;
    const cache = xCache && CACHE_VALUES.has(xCache) ? (xCache as CacheResult) : undefined;
    metrics.httpRequest(cache ? { method, route, status, durationSeconds, cache } : { method, route, status, durationSeconds });
    const level = status >= 500 ? 'error' : QUIET_PATHS.has(path) ? 'debug' : 'info';
    const msg = level === 'error' ? 'request failed' : 'request';
    const durationMs = Math.round(durationSeconds * 1000 * 10) / 10;
    const unmatchedPath = route === 'unmatched' ? path.slice(0, 200) : undefined;
    if (writeRaw) {
      writeRaw(
        level,
        `"reqId":${JSON.stringify(info.requestId)},"method":${JSON.stringify(method)},"route":${JSON.stringify(route)}` +
          (unmatchedPath === undefined ? '' : `,"path":${JSON.stringify(unmatchedPath)}`) +
          `,"status":${status},"durationMs":${durationMs}` +
          (cache ? `,"cache":"${cache}"` : '') +
          (info.keyId ? `,"keyId":${JSON.stringify(info.keyId)}` : ''),
        msg,
      );
      return;
    }
    const line = {
      reqId: info.requestId,
      method,
      route,
      ...(unmatchedPath === undefined ? {} : { path: unmatchedPath }),
      status,
      durationMs,
      ...(cache ? { cache } : {}),
      ...(info.keyId ? { keyId: info.keyId } : {}),
    };
    logger[level](line, msg);
  };
}
