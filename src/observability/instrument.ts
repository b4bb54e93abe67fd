import { performance } from 'node:perf_hooks';
import { DomainError } from '../domain/errors.js';
import { reportsHealth } from '../ports/health.js';
import type { Metrics } from '../ports/metrics.js';
import type { StatisticsSource } from '../ports/statistics-source.js';
import type { SourceGateway } from '../services/source-gateway.js';

function outcomeOf(error: unknown): string {
  if (error instanceof DomainError) return error.code;
  if (error instanceof Error && error.name === 'AbortError') return 'ABORTED';
  return 'INTERNAL';
}

/**
 * The same source, reporting every upstream call (method, outcome, latency). Keeps `kind` and the health
 * probe, so the wrapped source is a drop-in replacement.
 */
export function instrumentSource(source: StatisticsSource, metrics: Metrics): StatisticsSource {
  const timed = <A extends unknown[], R>(method: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        const result = await fn(...args);
        metrics.sourceCall(method, 'ok', (performance.now() - started) / 1000);
        return result;
      } catch (error) {
        metrics.sourceCall(method, outcomeOf(error), (performance.now() - started) / 1000);
        throw error;
      }
    };
  const wrapped: StatisticsSource = {
    kind: source.kind,
    top: timed('top', source.top.bind(source)),
    dynamics: timed('dynamics', source.dynamics.bind(source)),
    regions: timed('regions', source.regions.bind(source)),
    regionTree: timed('regionTree', source.regionTree.bind(source)),
  };
  return reportsHealth(source) ? Object.assign(wrapped, { checkHealth: source.checkHealth.bind(source) }) : wrapped;
}

/** The same gateway, counting how each source call was answered (HIT, STALE, MISS) by method. */
export function instrumentGateway(gateway: SourceGateway, metrics: Metrics): SourceGateway {
  return {
    isFresh: (call) => gateway.isFresh(call),
    async call(call) {
      const answer = await gateway.call(call);
      metrics.cacheResult(call.method, answer.status);
      return answer;
    },
  };
}
