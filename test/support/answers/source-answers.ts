import type {
  DynamicsQuery,
  DynamicsResult,
  RegionsQuery,
  RegionsResult,
  SourceRegionNode,
  TopQuery,
  TopResult,
} from '../../../src/domain/types.js';

/**
 * What a fake source answers, as pure functions of the query (and of the call's 1-based number, for models
 * that tell calls apart). test/support/fake-source.ts adds the call log, failures and latency around them.
 */
export interface SourceAnswers {
  top(query: TopQuery, n: number): TopResult;
  dynamics(query: DynamicsQuery, n: number): DynamicsResult;
  regions(query: RegionsQuery, n: number): RegionsResult;
  regionTree(): SourceRegionNode[];
}
