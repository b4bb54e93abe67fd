import { clampCompetition, cpcForVolume } from '../domain/keyword-metrics.js';
import { DEFAULT_LOCATION_CODE, regionFilterForLocation } from '../domain/location-codes.js';
import { normalizePhrase } from '../domain/requests/fields.js';
import { normalizeSuggestionsLimit } from '../domain/requests/keyword-data.js';
import { canonicalPhrase } from '../domain/source-call.js';
import { type CompetitionEstimator, noCompetitionEstimator } from '../ports/competition.js';
import type { ServiceContext } from './context.js';
import { getTop } from './top.js';

export interface SuggestionsParams {
  keyword: string;
  limit?: number | undefined;
  locationCode?: number | undefined;
}

/** What every stage knows about the request. */
export interface SuggestionSeed {
  /** The seed exactly as sent (echoed as seed_keyword). */
  keyword: string;
  /** The seed trimmed, as the source is asked. */
  phrase: string;
  /** Source region filter of the request's location. */
  regions: readonly number[];
  limit: number;
}

/** A proposed keyword; `volume` is set when the proposer already measured it (the source's related queries). */
export interface Candidate {
  keyword: string;
  volume?: number | undefined;
  /** Which provider proposed it (for logs and tests). */
  origin: string;
}

/** A candidate whose volume is known. */
export interface VerifiedCandidate {
  keyword: string;
  volume: number;
}

/** Stage 1: proposes candidates. A failure fails the request; a best-effort provider catches its own errors. */
export interface CandidateProvider {
  readonly name: string;
  propose(ctx: ServiceContext, seed: SuggestionSeed): Promise<Candidate[]>;
}

/** Stage 2: keeps the candidates worth showing, measuring those without a volume within its own call budget. */
export interface CandidateVerifier {
  verify(ctx: ServiceContext, seed: SuggestionSeed, candidates: readonly Candidate[]): Promise<VerifiedCandidate[]>;
}

/** The stages; stage 3 (competition) is one estimate for the seed's whole topic. */
export interface SuggestionsPipeline {
  providers: readonly CandidateProvider[];
  verifier: CandidateVerifier;
  competition: CompetitionEstimator;
}

export interface Suggestion {
  keyword: string;
  searchVolume: number;
  /** The same for every item: the topic's estimate in [0, 1], 0 when none could be made. */
  competition: number;
  cpc: number;
}

export interface SuggestionsResult {
  seedKeyword: string;
  items: Suggestion[];
}

/**
 * How many phrases the related-queries provider asks the source for. Fixed rather than derived from `limit`
 * so that every limit shares one cached source call per seed; 200 is twice the largest limit, which leaves
 * room for the seed itself and duplicates between results and associations, at no extra upstream price.
 */
export const RELATED_QUERIES_PER_SEED = 200;

/** The source's own related queries: ONE top call on the seed; results and associations, with their counts. */
export const relatedQueriesProvider: CandidateProvider = {
  name: 'source-related-queries',
  async propose(ctx, seed) {
    const top = await getTop(ctx, { phrase: seed.phrase, numPhrases: RELATED_QUERIES_PER_SEED, regions: seed.regions });
    return [...top.results, ...top.associations].map((row) => ({
      keyword: row.phrase,
      volume: row.count,
      origin: 'source-related-queries',
    }));
  },
};

/** Keeps candidates already measured with a positive volume; makes no calls (nothing unmeasured exists yet). */
export const knownVolumeVerifier: CandidateVerifier = {
  async verify(_ctx, _seed, candidates) {
    return candidates.flatMap((c) =>
      c.volume !== undefined && Number.isFinite(c.volume) && c.volume > 0 ? [{ keyword: c.keyword, volume: c.volume }] : [],
    );
  },
};

/** The default pipeline (source related queries, no extra calls, no competition estimate); override any stage. */
export function createSuggestionsPipeline(stages: Partial<SuggestionsPipeline> = {}): SuggestionsPipeline {
  return {
    providers: stages.providers ?? [relatedQueriesProvider],
    verifier: stages.verifier ?? knownVolumeVerifier,
    competition: stages.competition ?? noCompetitionEstimator,
  };
}

/**
 * One entry per canonical phrase, the seed left out; where two providers propose the same phrase, the
 * measured one wins, then the larger volume.
 */
export function mergeCandidates(seedPhrase: string, candidates: readonly Candidate[]): Candidate[] {
  const seedKey = canonicalPhrase(seedPhrase);
  const byKey = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const key = canonicalPhrase(candidate.keyword);
    if (key === '' || key === seedKey) continue;
    const kept = byKey.get(key);
    if (!kept || (candidate.volume ?? -1) > (kept.volume ?? -1)) byKey.set(key, candidate);
  }
  return [...byKey.values()];
}

const byVolumeThenKeyword = (a: VerifiedCandidate, b: VerifiedCandidate) =>
  b.volume - a.volume || a.keyword.localeCompare(b.keyword, 'ru');

/**
 * Related keywords for a seed: candidates from every provider, merged (seed and duplicates out), verified,
 * sorted by volume descending then keyword ascending, cut to `limit`, each with the topic's competition.
 */
export async function getSuggestions(
  ctx: ServiceContext,
  params: SuggestionsParams,
  pipeline: SuggestionsPipeline,
): Promise<SuggestionsResult> {
  const seed: SuggestionSeed = {
    keyword: params.keyword,
    phrase: normalizePhrase(params.keyword, 'keyword'),
    regions: regionFilterForLocation(params.locationCode ?? DEFAULT_LOCATION_CODE),
    limit: normalizeSuggestionsLimit(params.limit),
  };
  // The spec: 0 when the search results could not be obtained (no estimate, or the estimator failed).
  const competitionPromise = pipeline.competition
    .estimate(seed.phrase, seed.regions)
    .then((value) => clampCompetition(value) ?? 0, () => 0);
  const proposals = await Promise.all(pipeline.providers.map((provider) => provider.propose(ctx, seed)));
  const verified = await pipeline.verifier.verify(ctx, seed, mergeCandidates(seed.phrase, proposals.flat()));
  const competition = await competitionPromise;
  const items = [...verified]
    .sort(byVolumeThenKeyword)
    .slice(0, seed.limit)
    .map((c) => ({ keyword: c.keyword, searchVolume: c.volume, competition, cpc: cpcForVolume(c.volume) }));
  return { seedKeyword: params.keyword, items };
}
