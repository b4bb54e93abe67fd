import { clampCompetition, cpcForVolume } from '../domain/keyword-metrics.js';
import { normalizePhrase } from '../domain/requests/fields.js';
import { MAX_SUGGESTIONS_LIMIT, normalizeSuggestionsLimit } from '../domain/requests/keyword-data.js';
import { canonicalPhrase, type SourceCall } from '../domain/source-call.js';
import { noCompetitionEstimator } from '../ports/competition.js';
import type { Candidate, StageReport, SuggestionSeed } from '../ports/candidate-provider.js';
import type { CandidateProvider, CandidateVerifier, ServiceContext, SuggestionsPipeline } from './context.js';
import { type LocationInput, resolveLocation } from './location.js';
import { type CachedSuggestions, suggestionsAnswerKey } from './suggestions-cache.js';
import { orderSuggestions, sortByVolume } from './suggestions-order.js';
import { planLiveCalls } from './quota-check.js';
import { getTop, toTopQuery } from './top.js';

// The stage types are a port (an adapter implements a provider); re-exported for the services' own users.
export type { Candidate };

export interface SuggestionsParams extends LocationInput {
  keyword: string;
  limit?: number | undefined;
}

// The stage interfaces live beside the request context that holds the pipeline (context.ts), so neither imports
// the other's module in a circle; re-exported here for the services' own users.
export type { CandidateProvider, CandidateVerifier, SuggestionsPipeline, VerifiedCandidate } from './context.js';

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
  /** True when location_code was unknown and the volumes are Russia's (spec rule 1); absent in old stored results. */
  locationFallback?: boolean;
}

/**
 * How many phrases the related-queries provider asks the source for: the source's maximum. Fixed rather
 * than derived from `limit`, so every limit shares one cached source call per seed. The upstream prices a
 * top call per call, not per row, so 2000 rows cost what 200 do; the long list is what lets the verifier
 * measure LLM candidates for free (a candidate found in it needs no call of its own), and it leaves ample
 * room for the seed's own row and duplicates between results and associations. The price is size: about
 * 100–130 KB per seed in the cache instead of about 20 KB.
 */
export const RELATED_QUERIES_PER_SEED = 2000;

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

/**
 * The default pipeline (source related queries, no extra calls, no competition estimate, no answer cache);
 * override any stage.
 */
export function createSuggestionsPipeline(stages: Partial<SuggestionsPipeline> = {}): SuggestionsPipeline {
  return {
    providers: stages.providers ?? [relatedQueriesProvider],
    verifier: stages.verifier ?? knownVolumeVerifier,
    competition: stages.competition ?? noCompetitionEstimator,
    answers: stages.answers,
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

/**
 * Related keywords for a seed: candidates from every provider, merged (seed and duplicates out), verified,
 * ordered (the phrases containing the seed by volume, every fifth place for a related phrase that does not:
 * see orderSuggestions), cut to `limit`, each with the topic's competition.
 * With an answer cache, a fresh cached answer is served at once (recorded as a HIT); a newly computed answer
 * is stored unless a stage reported it degraded or a source call answered STALE.
 */
export async function getSuggestions(
  ctx: ServiceContext,
  params: SuggestionsParams,
  pipeline: SuggestionsPipeline,
): Promise<SuggestionsResult> {
  const location = resolveLocation(ctx.catalog, params);
  const seed: SuggestionSeed = {
    keyword: params.keyword,
    // The answer is cached under the canonical seed, so it is computed from exactly that text (issue 24, item 1):
    // every stage (related queries, LLM ideas, competition) sees what the key names, never one client's spelling.
    phrase: canonicalPhrase(normalizePhrase(params.keyword, 'keyword')),
    regions: [location.regionId],
    limit: normalizeSuggestionsLimit(params.limit),
  };
  const key = suggestionsAnswerKey(seed, pipeline.providers.map((p) => p.name).join('+'));
  let answer = await pipeline.answers?.get(key);
  if (answer) {
    ctx.tracker?.record('HIT');
  } else {
    // The plan before any call (issue 12): the seed's related-queries call is known up front; the verifier's
    // own calls stay within SUGGESTIONS_CALL_BUDGET and degrade to the source's list when the budget is spent.
    await planLiveCalls(ctx, relatedCalls(ctx, seed.phrase, seed.regions), { operation: 'suggestions' });
    const degraded: string[] = [];
    const staleBefore = ctx.tracker?.staleCount() ?? 0;
    answer = await computeAnswer(ctx, seed, pipeline, { degrade: (stage, reason) => degraded.push(`${stage}: ${reason}`) });
    // A stale source answer stood in for a failing source: serve it, but do not keep it as a fresh answer.
    if ((ctx.tracker?.staleCount() ?? 0) > staleBefore) degraded.push('source: stale');
    if (degraded.length === 0) await pipeline.answers?.set(key, answer);
  }
  const { competition } = answer;
  const items = sortByVolume(answer.items.slice(0, seed.limit))
    .map((c) => ({ keyword: c.keyword, searchVolume: c.volume, competition, cpc: cpcForVolume(c.volume) }));
  return { seedKeyword: params.keyword, items, locationFallback: location.fallback };
}

/** The seed's related-queries call: the one call a suggestions request names before it runs (the verifier's own
 * calls follow from the answers, within SUGGESTIONS_CALL_BUDGET). */
function relatedCalls(ctx: ServiceContext, phrase: string, regions: readonly number[]): SourceCall[] {
  return [{ method: 'top', query: toTopQuery(ctx, { phrase, numPhrases: RELATED_QUERIES_PER_SEED, regions: [...regions] }) }];
}

/** The calls a suggestions request plans, for a face that plans calls before running them (an MCP batch). */
export function suggestionsCalls(ctx: ServiceContext, params: Omit<SuggestionsParams, 'limit'>): SourceCall[] {
  const location = resolveLocation(ctx.catalog, params);
  return relatedCalls(ctx, canonicalPhrase(normalizePhrase(params.keyword, 'keyword')), [location.regionId]);
}

async function computeAnswer(
  ctx: ServiceContext,
  seed: SuggestionSeed,
  pipeline: SuggestionsPipeline,
  report: StageReport,
): Promise<CachedSuggestions> {
  // The spec: 0 when the search results could not be obtained (no estimate, or the estimator failed).
  const competitionPromise = pipeline.competition.estimate(seed.phrase, seed.regions).then(
    (value) => clampCompetition(value) ?? 0,
    (error: unknown) => {
      report.degrade('competition', error instanceof Error ? error.message : String(error));
      return 0;
    },
  );
  const proposals = await Promise.all(pipeline.providers.map((provider) => provider.propose(ctx, seed, report)));
  const verified = await pipeline.verifier.verify(ctx, seed, mergeCandidates(seed.phrase, proposals.flat()), report);
  const competition = await competitionPromise;
  // Only as many as the largest limit can show: the cached entry stays small.
  const items = orderSuggestions(seed.phrase, verified).slice(0, MAX_SUGGESTIONS_LIMIT);
  return { items: items.map((c) => ({ keyword: c.keyword, volume: c.volume })), competition };
}
