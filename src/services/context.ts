import type { RegionCatalog } from '../domain/regions/catalog.js';
import type { Clock } from '../ports/clock.js';
import type { IsoDate } from '../domain/types.js';
import type { QuotaGuard } from '../ports/quota.js';
import type { UsageService } from './usage.js';
import type { CompetitionEstimator } from '../ports/competition.js';
import type {
  Candidate,
  CandidateProvider as CandidateProviderPort,
  StageReport,
  SuggestionSeed,
} from '../ports/candidate-provider.js';
import type { SuggestionsAnswerCache } from './suggestions-cache.js';
import type { TaskService } from '../ports/task-service.js';
import type { CoreCleaningDeps } from '../ports/morphology.js';
import type { SerpRequestSource } from './serp.js';

/** A candidate whose volume is known. */
export interface VerifiedCandidate {
  keyword: string;
  volume: number;
}

/** Stage 1 (see the port): providers inside the services get the services' whole request context. */
export type CandidateProvider = CandidateProviderPort<ServiceContext>;

/** Stage 2: keeps the candidates worth showing, measuring those without a volume within its own call budget. */
export interface CandidateVerifier {
  verify(
    ctx: ServiceContext,
    seed: SuggestionSeed,
    candidates: readonly Candidate[],
    report?: StageReport,
  ): Promise<VerifiedCandidate[]>;
}

/** The stages; stage 3 (competition) is one estimate for the seed's whole topic. */
export interface SuggestionsPipeline {
  providers: readonly CandidateProvider[];
  verifier: CandidateVerifier;
  competition: CompetitionEstimator;
  /** Whole answers across requests; absent: every request runs the stages (their source calls still cache). */
  answers?: SuggestionsAnswerCache | undefined;
}

/** What the keyword-data operations need beyond the source: one set for /v1 and GraphQL alike. */
export interface KeywordDataDeps {
  competition: CompetitionEstimator;
  suggestions: SuggestionsPipeline;
  /** Most source calls one suggestions request may make (GraphQL prices the field by it). */
  suggestionsMaxCalls?: number;
}
import type { CacheStatusTracker } from './cache-status.js';
import type { LivePlan } from './live-plan.js';
import type { RequestSource } from './request-source.js';
import type { Principal } from './auth/authenticator.js';

/** How many source calls one request runs at once when none is configured (SOURCE_CONCURRENCY's default). */
export const DEFAULT_SOURCE_CONCURRENCY = 8;

/** What every operation needs for one client request. */
export interface ServiceContext {
  catalog: RegionCatalog;
  /** The caller of a client request (a face's scope has one); absent in a task's run. */
  principal?: Principal | undefined;
  /** Today in the service's time zone (fixed for the whole request). */
  today: IsoDate;
  source: RequestSource;
  /**
   * Most source calls one request runs at once (search_volume fans out one call per keyword);
   * DEFAULT_SOURCE_CONCURRENCY (8) when absent.
   */
  concurrency?: number;
  /** The upstream budget, when the source has one (Wordstat); absent for the demo source. */
  quota?: QuotaGuard | undefined;
  /** Usage reports, when a database keeps the ledger. */
  usage?: UsageService | undefined;
  /** Competition and suggestion stages shared by /v1 and GraphQL (defaults when absent). */
  keywordData?: KeywordDataDeps | undefined;
  /** Tasks (post now, collect later), when the service keeps them (a database). */
  tasks?: TaskService | undefined;
  /** Morphology and word lists for cleaning a semantic core (core_clean); absent: that operation answers 503. */
  core?: CoreCleaningDeps | undefined;
  /** Web search results pages (serp), when the service has web search; absent: those operations answer 503. */
  serp?: SerpRequestSource | undefined;
  /** Which source answers ('none': every data call fails with 503). */
  sourceKind?: string;
  /** The service's clock and time zone, for a file that says when it was made (a face's scope has them). */
  clock?: Clock | undefined;
  timeZone?: string | undefined;
  /**
   * The request's cache-status tracker, for work that answers from a cache of its own (a whole cached
   * suggestions answer records HIT) or reaches an upstream other than the source (a live LLM call records
   * MISS). Source calls record themselves through `source`.
   */
  tracker?: CacheStatusTracker;
  /**
   * What this live request has planned (planLiveCalls): set on every face's request scope, absent in a task's run
   * (tasks wait for the budget instead of being refused).
   */
  livePlan?: LivePlan | undefined;
}
