import type {
  DynamicsQuery,
  DynamicsResult,
  RegionsQuery,
  RegionsResult,
  SourceRegionNode,
  TopQuery,
  TopResult,
} from '../domain/types.js';

/** Which kind of source answers: the built-in model or the real Wordstat API. */
export type SourceKind = 'demo' | 'wordstat';

/**
 * The upstream search-statistics provider, in domain types. Every method is one upstream call; failures are
 * thrown as DomainError with a SOURCE_* code (quota, rate limit, unavailable, failed).
 */
export interface StatisticsSource {
  readonly kind: SourceKind;
  /** Popular queries containing the phrase, similar queries and the total count (last 30 days). */
  top(query: TopQuery, signal?: AbortSignal): Promise<TopResult>;
  /** Counts per period over an aligned window, oldest first. */
  dynamics(query: DynamicsQuery, signal?: AbortSignal): Promise<DynamicsResult>;
  /** Demand per region at the requested level of detail (last 30 days). */
  regions(query: RegionsQuery, signal?: AbortSignal): Promise<RegionsResult>;
  /** The source's own region tree (free at the real source). */
  regionTree(signal?: AbortSignal): Promise<SourceRegionNode[]>;
}
