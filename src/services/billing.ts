import type { CacheStatusTracker, CallStatus } from './cache-status.js';

export interface Prices {
  call: number;
  repeat: number;
  /** Web search's own prices (SEARCH_PRICE_CALL / SEARCH_PRICE_REPEAT); absent: its calls cost as the source's. */
  search?: { call: number; repeat: number } | undefined;
}

/** What a request used at the source, and whether its client got the answer. */
export interface CallUsage {
  /** Source calls answered for the request, from the cache or upstream (failed calls are not answered). */
  answered: number;
  /** MISS when at least one answered call was fetched upstream (or nothing was answered). */
  cacheStatus: CallStatus;
  /** The client got its answer (REST: a 2xx; GraphQL: some root field has data). */
  succeeded: boolean;
}

/**
 * The one pricing rule of every face (REST, GraphQL, and any later one). Upstream work is billed whatever
 * the request's final status: a request that fetched an answer upstream costs the call price, even if it
 * then failed (the answers are cached for the retry — decisions.md). Otherwise a successful request costs
 * the repeat price when wholly served from cache, the call price when not; a failure that fetched nothing
 * costs 0.
 */
export function priceOf(prices: Prices, usage: CallUsage): number {
  const fetchedUpstream = usage.answered > 0 && usage.cacheStatus === 'MISS';
  if (fetchedUpstream) return prices.call;
  if (!usage.succeeded) return 0;
  return usage.cacheStatus === 'MISS' ? prices.call : prices.repeat;
}

/**
 * Whether a request is free: `true` for a free read; `unless-asked` for an operation that asks the source only for
 * some inputs (core_clean with `measure`): free when the request asked the source nothing (no call answered, from
 * the cache or upstream), else priced by the one rule.
 */
export type Free = boolean | 'unless-asked' | undefined;

export const isFreeRequest = (free: Free, tracker: Pick<CacheStatusTracker, 'count'>): boolean =>
  free === true || (free === 'unless-asked' && tracker.count() === 0);

/**
 * The price of a request from its cache-status tracker: 0 for a free read (the face says which: a REST route
 * declared free, a GraphQL operation that touched no statistics), else priceOf's rule — per source when web
 * search answered some of its calls and has prices of its own.
 */
export function priceOfRequest(prices: Prices, tracker: CacheStatusTracker, succeeded: boolean, free: Free = false): number {
  if (isFreeRequest(free, tracker)) return 0;
  const searched = tracker.count('search');
  if (searched === 0 || !prices.search) return priceOf(prices, { answered: tracker.count(), cacheStatus: tracker.summary(), succeeded });
  // Web search is priced by the same rule with its own prices; a request that asked both sources pays both parts.
  const search = priceOf(prices.search, { answered: searched, cacheStatus: tracker.summary('search'), succeeded });
  const statistics = tracker.count('statistics');
  return statistics === 0 ? search : search + priceOf(prices, { answered: statistics, cacheStatus: tracker.summary('statistics'), succeeded });
}
