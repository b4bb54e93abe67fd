import type { CallStatus } from '../domain/call-status.js';

/** What every suggestions stage knows about the request. */
export interface SuggestionSeed {
  /** The seed exactly as sent (echoed as seed_keyword). */
  keyword: string;
  /** The seed trimmed, as the source is asked. */
  phrase: string;
  /** Source region filter of the request's location. */
  regions: readonly number[];
  /**
   * The request's limit. Stages must not depend on it: the answer cache keeps the full sorted list once per
   * seed and region filter and cuts it for every limit.
   */
  limit: number;
}

/** A proposed keyword; `volume` is set when the proposer already measured it (the source's related queries). */
export interface Candidate {
  keyword: string;
  volume?: number | undefined;
  /** Which provider proposed it (for logs and tests). */
  origin: string;
}

/**
 * How a stage says it answered with less than it could (the LLM timed out, a verification call failed): the
 * answer is still served, but not cached, so the next request tries again.
 */
export interface StageReport {
  degrade(stage: string, reason: string): void;
}

/**
 * The part of a request a provider outside the services may touch: its cache-status record (a live LLM call
 * records MISS). The services pass their whole request context, which has it.
 */
export interface ProposalContext {
  tracker?: { record(status: CallStatus): void } | undefined;
}

/**
 * Suggestions stage 1: proposes candidates. A failure fails the request; a best-effort provider catches its
 * own errors. `Context` is what the provider needs of the request: an adapter (the LLM) needs only the
 * ProposalContext; a provider inside the services may ask for the services' full context.
 */
export interface CandidateProvider<Context extends ProposalContext = ProposalContext> {
  readonly name: string;
  /** Candidates for the seed; `report` marks the answer degraded (served, not cached). */
  propose(ctx: Context, seed: SuggestionSeed, report?: StageReport): Promise<Candidate[]>;
}
