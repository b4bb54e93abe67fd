import DataLoader from 'dataloader';
import { type SourceCall, type SourceResults, sourceCallKey } from '../domain/source-call.js';
import type { DynamicsQuery, RegionsQuery, TopQuery } from '../domain/types.js';
import type { CacheStatusTracker } from './cache-status.js';
import type { SourceGateway } from './source-gateway.js';

/** The source as one client request sees it: each distinct call made once, its cache status recorded. */
export interface RequestSource {
  top(query: TopQuery): Promise<SourceResults['top']>;
  dynamics(query: DynamicsQuery): Promise<SourceResults['dynamics']>;
  regions(query: RegionsQuery): Promise<SourceResults['regions']>;
  /** How many distinct calls of `calls` would reach the source now (not fresh in cache): quota planning. */
  countUncached(calls: readonly SourceCall[]): Promise<number>;
  /**
   * Notes an input read beside the source (a competition page) that is fresh until `freshUntil`; -Infinity when
   * it could not be read. The answer is kept for later hits only while every input is fresh (rest/hit-memo.ts).
   */
  noteInput?(freshUntil: number): void;
}

/** A per-request loader over the gateway: dedupes identical calls within one REST or GraphQL request. */
export function createRequestSource(gateway: SourceGateway, tracker: CacheStatusTracker): RequestSource {
  const loader = new DataLoader<SourceCall, unknown, string>(
    (calls) =>
      Promise.all(
        calls.map(async (call) => {
          try {
            const answer = await gateway.call(call as never);
            tracker.record(answer.status);
            tracker.bound(answer.status === 'STALE' ? Number.NEGATIVE_INFINITY : (answer.freshUntil ?? Number.NEGATIVE_INFINITY));
            return answer.value;
          } catch (error) {
            tracker.bound(Number.NEGATIVE_INFINITY);
            return error instanceof Error ? error : new Error(String(error));
          }
        }),
      ),
    { cacheKeyFn: sourceCallKey },
  );
  return {
    top: (query) => loader.load({ method: 'top', query }) as Promise<SourceResults['top']>,
    dynamics: (query) => loader.load({ method: 'dynamics', query }) as Promise<SourceResults['dynamics']>,
    regions: (query) => loader.load({ method: 'regions', query }) as Promise<SourceResults['regions']>,
    async countUncached(calls) {
      const distinct = [...new Map(calls.map((call) => [sourceCallKey(call), call])).values()];
      const fresh = await Promise.all(distinct.map((call) => gateway.isFresh(call)));
      return fresh.filter((isFresh) => !isFresh).length;
    },
    noteInput: (freshUntil) => tracker.bound(freshUntil),
  };
}
