import type { StatisticsSource } from '../../src/ports/statistics-source.js';
import type { QuotaScheduler } from '../../src/adapters/quota/quota-scheduler.js';

/**
 * Test wiring only (production passes the scheduler's gate to the Wordstat adapter, which counts every attempt):
 * a source whose paid calls each take a quota slot first (waiting briefly, or failing with 429/403 without
 * reaching the upstream). regionTree too: it is free in money, but the hourly quota counts it. One slot per call: for a source that
 * retries inside (the Wordstat adapter), prefer passing `scheduler.acquire` as its `gate`, which counts every
 * attempt; do not do both, or each call is counted twice.
 */
export function createScheduledSource(source: StatisticsSource, scheduler: QuotaScheduler): StatisticsSource {
  return {
    kind: source.kind,
    async top(query, signal) {
      await scheduler.acquire('top', signal);
      return source.top(query, signal);
    },
    async dynamics(query, signal) {
      await scheduler.acquire('dynamics', signal);
      return source.dynamics(query, signal);
    },
    async regions(query, signal) {
      await scheduler.acquire('regions', signal);
      return source.regions(query, signal);
    },
    async regionTree(signal) {
      await scheduler.acquire('regionTree', signal);
      return source.regionTree(signal);
    },
  };
}
