import type { Dispatcher } from 'undici';
import type { Config } from '../config/config.js';
import { createDemoSearchResults } from '../adapters/demo/demo-search-results.js';
import { createLlmCandidateProvider, type LlmProposalReport } from '../adapters/llm/candidate-provider.js';
import { createOpenAiChatModel } from '../adapters/llm/openai-chat.js';
import { createYandexWebSearch } from '../adapters/search-results/yandex-web-search.js';
import type { Cache } from '../ports/cache.js';
import type { Clock } from '../ports/clock.js';
import { type CompetitionEstimator, noCompetitionEstimator } from '../ports/competition.js';
import type { Logger } from '../ports/logger.js';
import type { SearchResults } from '../ports/search-results.js';
import type { SourceKind } from '../ports/statistics-source.js';
import { createBudgetVerifier, type VerificationReport } from '../services/budget-verifier.js';
import { type CompetitionOutcome, createSearchCompetitionEstimator } from '../services/search-competition.js';
import { createSuggestionsAnswerCache } from '../services/suggestions-cache.js';
import {
  type CandidateProvider,
  createSuggestionsPipeline,
  relatedQueriesProvider,
  type SuggestionsPipeline,
} from '../services/suggestions.js';

/**
 * How many queries the LLM is asked for. Not tied to `limit` (the answer cache serves every limit from one
 * entry); most related ones turn up in the seed's 2000-row list for free, the rest compete for the call
 * budget in the model's order.
 */
export const LLM_CANDIDATES_PER_SEED = 40;

/** Metric hooks of the suggestions stages (a /metrics exporter plugs in here). */
export interface SuggestionHooks {
  onLlm?: (report: LlmProposalReport) => void;
  onVerification?: (report: VerificationReport) => void;
  onCompetition?: (outcome: CompetitionOutcome, durationMs: number) => void;
}

export interface SuggestionParts {
  cache: Cache;
  clock: Clock;
  logger: Logger;
  /** The source in use (runtime.sourceKind): demo gets the demo page model for competition. */
  sourceKind: SourceKind | 'none';
  /** undici dispatcher for the LLM and search calls; default: undici's global one. */
  dispatcher?: Dispatcher;
  hooks?: SuggestionHooks;
}

export interface SuggestionStages {
  /** For search_volume (per keyword) and suggestions (per seed). */
  competition: CompetitionEstimator;
  suggestions: SuggestionsPipeline;
  /** Most source calls one suggestions request may make: the seed list plus the verification budget. */
  suggestionsMaxCalls: number;
}

/**
 * The /v1 stages from the configuration: the source's related queries, plus LLM candidates when
 * LLM_BASE_URL is set (in any mode); verification within SUGGESTIONS_CALL_BUDGET; competition from the
 * demo page model in demo mode, from Yandex web search with the Wordstat credentials (SEARCH_BASE_URL, else
 * WORDSTAT_BASE_URL), else none (null / 0); whole answers and search pages cached for CACHE_TTL.
 */
export function createSuggestionStages(config: Config, parts: SuggestionParts): SuggestionStages {
  const { cache, clock, logger, hooks = {} } = parts;
  const search = chooseSearchResults(config, parts);
  const competition = search
    ? createSearchCompetitionEstimator({
        search,
        cache,
        clock,
        ttlMs: config.CACHE_TTL,
        logger: logger.child({ component: 'competition' }),
        onOutcome: hooks.onCompetition,
      })
    : noCompetitionEstimator;

  const providers: CandidateProvider[] = [relatedQueriesProvider];
  if (config.LLM_BASE_URL) {
    const llm = createOpenAiChatModel({
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL,
      timeoutMs: config.LLM_TIMEOUT_MS,
      ...(parts.dispatcher ? { dispatcher: parts.dispatcher } : {}),
    });
    providers.push(
      createLlmCandidateProvider({ llm, count: LLM_CANDIDATES_PER_SEED, logger: logger.child({ component: 'llm' }), onReport: hooks.onLlm }),
    );
  }

  const suggestions = createSuggestionsPipeline({
    providers,
    verifier: createBudgetVerifier({
      budget: config.SUGGESTIONS_CALL_BUDGET,
      logger: logger.child({ component: 'suggestions' }),
      onReport: hooks.onVerification,
    }),
    competition,
    answers: createSuggestionsAnswerCache({ cache, clock, ttlMs: config.CACHE_TTL }),
  });
  return { competition, suggestions, suggestionsMaxCalls: 1 + config.SUGGESTIONS_CALL_BUDGET };
}

function chooseSearchResults(config: Config, parts: SuggestionParts): SearchResults | undefined {
  if (parts.sourceKind === 'demo') return createDemoSearchResults();
  if (parts.sourceKind !== 'wordstat' || config.sourceKind !== 'wordstat') return undefined;
  return createYandexWebSearch({
    baseUrl: config.SEARCH_BASE_URL ?? config.WORDSTAT_BASE_URL,
    apiKey: config.wordstat.apiKey,
    iamToken: config.wordstat.iamToken,
    folderId: config.wordstat.folderId,
    // A competition estimate should not hold a request longer than the source call beside it.
    timeoutMs: config.WORDSTAT_TIMEOUT_MS,
    ...(parts.dispatcher ? { dispatcher: parts.dispatcher } : {}),
  });
}
