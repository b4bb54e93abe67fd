import { DomainError } from '../domain/errors.js';
import { MAX_LIVE_CALLS_PER_REQUEST } from '../domain/requests/live-limits.js';
import type { SerpPage, SerpQuery } from '../ports/web-search.js';
import type { CacheStatusTracker } from './cache-status.js';
import type { SearchPlan } from './live-plan.js';
import { type SearchMode, type SerpGateway, serpCallKey } from './serp-gateway.js';

/** Web search as one client request sees it: pages recorded in its tracker, its plan held once. */
export interface SerpRequestSource {
  /**
   * The plan before any call: the distinct pages of `queries` not fresh in the cache (and not planned before in
   * this request) must fit the per-request call limit and the mode's budget now, or the request is refused
   * (QUERY_TOO_COMPLEX 400; SOURCE_QUOTA_EXHAUSTED 403 when the hour is the limit, SOURCE_RATE_LIMITED 429 when
   * the second is, with Retry-After) spending nothing.
   */
  plan(queries: readonly SerpQuery[], mode?: SearchMode, taskRoute?: string): Promise<void>;
  page(query: SerpQuery, mode?: SearchMode): Promise<SerpPage>;
  /**
   * Pages an operation may ask at once through this source (absent: the request's source concurrency). A task's
   * deferred searches are operations that take minutes each: a few hundred wait at once, paced by the budget.
   */
  readonly inFlight?: number;
}

/**
 * A request's view of the gateway; `live`: a face's request (planned and refused up front), not a task's run.
 * `shared`: the request's search plan (an MCP batch's calls and a GraphQL document's fields share one, planned
 * together before any runs, so a field's own plan finds its pages planned and the budget is not asked twice).
 */
export function createSerpRequestSource(gateway: SerpGateway, tracker: CacheStatusTracker, live: boolean, shared: SearchPlan = { planned: new Set(), counted: 0 }): SerpRequestSource {
  const { planned } = shared;
  return {
    async plan(queries, mode = 'sync', taskRoute) {
      const instead = taskRoute ? `, or post it as a task instead (POST ${taskRoute}): tasks wait for the deferred budget` : '';
      if (!live) return;
      const fresh = [...new Map(queries.map((q) => [serpCallKey(q), q])).entries()].filter(([key]) => !planned.has(key));
      if (fresh.length === 0) return;
      const uncached = (await Promise.all(fresh.map(([, q]) => gateway.isFresh(q)))).filter((isFresh) => !isFresh).length;
      if (shared.counted + uncached > MAX_LIVE_CALLS_PER_REQUEST) {
        throw new DomainError(
          'QUERY_TOO_COMPLEX',
          `this request needs ${shared.counted + uncached} uncached web searches and a live request may make at most ${MAX_LIVE_CALLS_PER_REQUEST}: ask for fewer phrases${instead}`,
          { params: { calls: shared.counted + uncached, max: MAX_LIVE_CALLS_PER_REQUEST } },
        );
      }
      const quota = gateway.quota(mode);
      if (quota && uncached > 0) {
        const verdict = await quota.planLive(uncached);
        if (!verdict.ok) {
          const retry = verdict.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: verdict.retryAfterSeconds };
          const when = verdict.retryAfterSeconds === undefined ? 'more than one hour of budget holds' : `retry in ${verdict.retryAfterSeconds} s`;
          const { hourly, perSecond } = await quota.status();
          if (verdict.limit === 'hour') {
            throw new DomainError('SOURCE_QUOTA_EXHAUSTED', `this request needs ${uncached} uncached ${mode} web searches and ${hourly.remaining} of ${hourly.limit} remain this hour (${when})${instead}`, retry);
          }
          throw new DomainError('SOURCE_RATE_LIMITED', `this request needs ${uncached} uncached ${mode} web searches and the per-second limit (${perSecond.limit}/s) is taken (${when})${instead}`, retry);
        }
      }
      for (const [key] of fresh) planned.add(key);
      shared.counted += uncached;
    },
    async page(query, mode = 'sync') {
      try {
        const answer = await gateway.page(query, mode);
        tracker.record(answer.status, 'search');
        tracker.bound(answer.status === 'STALE' ? Number.NEGATIVE_INFINITY : (answer.freshUntil ?? Number.NEGATIVE_INFINITY));
        return answer.value;
      } catch (error) {
        tracker.bound(Number.NEGATIVE_INFINITY);
        throw error;
      }
    },
  };
}
