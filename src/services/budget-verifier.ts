import { DEFAULT_NUM_PHRASES } from '../domain/requests/fields.js';
import { canonicalPhrase } from '../domain/source-call.js';
import { type Logger, silentLogger } from '../ports/logger.js';
import { DEFAULT_SOURCE_CONCURRENCY } from './context.js';
import { mapWithConcurrency } from './search-volume.js';
import { type Candidate, type CandidateVerifier, RELATED_QUERIES_PER_SEED, type VerifiedCandidate } from './suggestions.js';
import { getTop } from './top.js';

/** What one verification did with its budget: for logs and metrics, never for the response. */
export interface VerificationReport {
  /** Candidates that came without a volume (e.g. from the LLM). */
  unmeasured: number;
  /** Of those, how many the seed's own related list measured (no call of their own). */
  measuredFree: number;
  /** Calls of their own made (≤ budget), whether the shared cache answered them or the source did. */
  spent: number;
  budget: number;
  /** Candidates left unmeasured because the budget ran out; dropped. */
  overBudget: number;
  /** Own calls that failed; their candidates are dropped. */
  failed: number;
  /** Candidates dropped for a volume of 0. */
  noVolume: number;
}

export interface BudgetVerifierOptions {
  /**
   * Most source calls of their own one request may spend on candidates (SUGGESTIONS_CALL_BUDGET). Counted as
   * distinct calls asked of the per-request loader, cached or not: whether the shared cache will answer is
   * not known before the call, and a rule that cannot overspend the upstream quota must count the worst case.
   */
  budget: number;
  logger?: Logger;
  /** Metric hook, called once per verification that had unmeasured candidates. */
  onReport?: (report: VerificationReport) => void;
}

/**
 * The verifier with a call budget. Candidates that already carry a volume keep it. The rest are looked up in
 * the seed's related list first: the very top call the related-queries provider makes (same canonical call,
 * so the per-request loader answers it without a second call, and it costs nothing against the budget).
 * Those still unknown spend one call each, in the order proposed, until the budget is gone: a top call on the
 * candidate with the default numPhrases (50), whose totalCount is the same 30-day figure as the related
 * list's counts (a monthly dynamics would count calendar months, a different number) and whose canonical
 * key is the one /v2 top and GraphQL make by default, so those answers share the cache. A failed call
 * stops further calls (a quota or outage would fail them all) and drops its candidate; candidates with a
 * volume of 0 are dropped.
 */
export function createBudgetVerifier(options: BudgetVerifierOptions): CandidateVerifier {
  const budget = Math.max(0, Math.floor(options.budget));
  const logger = options.logger ?? silentLogger;

  return {
    async verify(ctx, seed, candidates, report) {
      const unmeasured = candidates.filter((c) => c.volume === undefined);
      const volumes = new Map<string, number>();
      const volumeOf = (c: Candidate) => c.volume ?? volumes.get(canonicalPhrase(c.keyword));
      const stats: VerificationReport = { unmeasured: unmeasured.length, measuredFree: 0, spent: 0, budget, overBudget: 0, failed: 0, noVolume: 0 };

      if (unmeasured.length > 0) {
        const related = await getTop(ctx, { phrase: seed.phrase, numPhrases: RELATED_QUERIES_PER_SEED, regions: seed.regions });
        const known = new Map<string, number>();
        for (const row of [...related.results, ...related.associations]) {
          const key = canonicalPhrase(row.phrase);
          known.set(key, Math.max(known.get(key) ?? 0, row.count));
        }
        const toMeasure: Candidate[] = [];
        for (const candidate of unmeasured) {
          const key = canonicalPhrase(candidate.keyword);
          const count = known.get(key);
          if (count !== undefined) {
            volumes.set(key, count);
            stats.measuredFree++;
          } else toMeasure.push(candidate);
        }
        const affordable = toMeasure.slice(0, budget);
        stats.overBudget = toMeasure.length - affordable.length;
        await measureEach(affordable, ctx.concurrency ?? DEFAULT_SOURCE_CONCURRENCY, async (candidate) => {
          stats.spent++;
          try {
            const top = await getTop(ctx, { phrase: candidate.keyword, numPhrases: DEFAULT_NUM_PHRASES, regions: seed.regions });
            volumes.set(canonicalPhrase(candidate.keyword), top.totalCount);
            return true;
          } catch (error) {
            stats.failed++;
            report?.degrade('verifier', `a verification call failed: ${(error as Error).message}`);
            logger.warn({ err: error, candidate: candidate.keyword }, 'suggestions: a verification call failed; no more are made');
            return false;
          }
        });
      }

      const verified: VerifiedCandidate[] = [];
      for (const candidate of candidates) {
        const volume = volumeOf(candidate);
        if (volume !== undefined && Number.isFinite(volume) && volume > 0) verified.push({ keyword: candidate.keyword, volume });
        else if (volume !== undefined) stats.noVolume++;
      }
      if (stats.unmeasured > 0) {
        logger.info({ seed: seed.phrase, ...stats }, 'suggestions: candidates verified');
        options.onReport?.(stats);
      }
      return verified;
    },
  };
}

/**
 * Runs `fn` over the items, at most `limit` at once, starting no new call once one has returned false. On
 * mapWithConcurrency, the limiter the hit path uses (kept over p-limit: bench/limiter.bench.ts).
 */
async function measureEach<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<boolean>): Promise<void> {
  let stopped = false;
  await mapWithConcurrency(items, limit, async (item) => {
    if (stopped) return;
    if (!(await fn(item))) stopped = true;
  });
}
