import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { CacheResult, Metrics } from '../ports/metrics.js';
import { RequestDurationHistogram } from './request-duration-histogram.js';

/** Every metric this service exports; names are part of the operations contract (dashboards, alerts). */
export const METRIC_NAMES = {
  httpRequests: 'sds_http_requests_total',
  httpDuration: 'sds_http_request_duration_seconds',
  httpCache: 'sds_http_responses_by_cache_total',
  cacheResults: 'sds_cache_results_total',
  sourceCalls: 'sds_source_calls_total',
  sourceDuration: 'sds_source_call_duration_seconds',
  sourceQuota: 'sds_source_quota_remaining',
  ledgerBuffered: 'sds_ledger_buffered_rows',
  llmCalls: 'sds_llm_calls_total',
  llmDuration: 'sds_llm_call_duration_seconds',
  graphqlRefused: 'sds_graphql_refused_total',
} as const;

export interface PrometheusMetrics {
  metrics: Metrics;
  registry: Registry;
  /** The text exposition of every metric in this instance's registry. */
  render(): Promise<{ contentType: string; body: string }>;
}

/**
 * Metrics on a registry of their own (never prom-client's global one), so every app instance — tests build
 * many — counts only its own requests. Process metrics (CPU, memory, event loop) only when asked: they
 * install observers, which a long-running server wants and a test suite does not.
 */
export function createPrometheusMetrics(options: { processMetrics?: boolean } = {}): PrometheusMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'sds_' });
  const registers = [registry];

  // The two per-request counters are counted in a map of our own and added to prom-client's at each scrape
  // (`collect`): prom-client checks and joins the labels on every `inc`, which cost a cache hit ~1.5 µs of its
  // ~35 (bench/README.md, "The hit path, 2026-11-27, second pass"). The map's keys are bounded like the labels:
  // route templates × methods × statuses × cache values.
  const pendingHttp = new Map<string, { method: string; route: string; status: string; cache?: CacheResult; count: number }>();
  const flushPendingHttp = () => {
    for (const pending of pendingHttp.values()) {
      if (pending.count === 0) continue;
      httpRequests.inc({ method: pending.method, route: pending.route, status: pending.status }, pending.count);
      if (pending.cache) httpCache.inc({ route: pending.route, cache: pending.cache }, pending.count);
      pending.count = 0;
    }
  };
  const httpRequests = new Counter({
    name: METRIC_NAMES.httpRequests,
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
    collect: flushPendingHttp,
  });
  const httpDuration = new RequestDurationHistogram(
    METRIC_NAMES.httpDuration,
    'HTTP request latency in seconds, until the response head is ready',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
  ).registerIn(registry);
  const httpCache = new Counter({
    name: METRIC_NAMES.httpCache,
    help: 'Data responses by route and X-Cache value (HIT, MISS, STALE)',
    labelNames: ['route', 'cache'] as const,
    registers,
    collect: flushPendingHttp,
  });
  const cacheResults = new Counter({
    name: METRIC_NAMES.cacheResults,
    help: 'Source-call lookups by method and result: HIT (fresh), STALE (kept answer stood in), MISS (upstream)',
    labelNames: ['method', 'result'] as const,
    registers,
  });
  const sourceCalls = new Counter({
    name: METRIC_NAMES.sourceCalls,
    help: 'Upstream calls by method and outcome (ok or the error code)',
    labelNames: ['method', 'outcome'] as const,
    registers,
  });
  const sourceDuration = new Histogram({
    name: METRIC_NAMES.sourceDuration,
    help: 'Upstream call latency in seconds',
    labelNames: ['method'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20],
    registers,
  });
  const sourceQuota = new Gauge({
    name: METRIC_NAMES.sourceQuota,
    help: 'Remaining upstream budget by window',
    labelNames: ['window'] as const,
    registers,
  });
  const ledgerBuffered = new Gauge({
    name: METRIC_NAMES.ledgerBuffered,
    help: 'Usage rows waiting to be written to the ledger',
    registers,
  });
  const llmCalls = new Counter({
    name: METRIC_NAMES.llmCalls,
    help: 'LLM calls by outcome',
    labelNames: ['outcome'] as const,
    registers,
  });
  const llmDuration = new Histogram({
    name: METRIC_NAMES.llmDuration,
    help: 'LLM call latency in seconds',
    buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 40],
    registers,
  });
  const graphqlRefused = new Counter({
    name: METRIC_NAMES.graphqlRefused,
    help: 'GraphQL operations refused before execution, by reason',
    labelNames: ['reason'] as const,
    registers,
  });

  const metrics: Metrics = {
    httpRequest({ method, route, status, durationSeconds, cache }) {
      const key = `${method} ${route} ${status} ${cache ?? ''}`;
      const pending = pendingHttp.get(key);
      if (pending) pending.count++;
      else pendingHttp.set(key, { method, route, status: String(status), ...(cache ? { cache } : {}), count: 1 });
      httpDuration.observe(method, route, durationSeconds);
    },
    cacheResult: (method, result) => cacheResults.inc({ method, result }),
    sourceCall(method, outcome, durationSeconds) {
      sourceCalls.inc({ method, outcome });
      sourceDuration.observe({ method }, durationSeconds);
    },
    sourceQuotaRemaining: (window, remaining) => sourceQuota.set({ window }, remaining),
    ledgerBuffered: (rows) => ledgerBuffered.set(rows),
    llmCall(outcome, durationSeconds) {
      llmCalls.inc({ outcome });
      llmDuration.observe(durationSeconds);
    },
    graphqlRefused: (reason) => graphqlRefused.inc({ reason }),
  };

  return {
    metrics,
    registry,
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
