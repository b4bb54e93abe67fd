import { canonicalPhrase } from '../domain/source-call.js';
import type { Cache } from '../ports/cache.js';
import type { Clock } from '../ports/clock.js';

/** One computed suggestions answer: every verified item, sorted, before the request's `limit` cut. */
export interface CachedSuggestions {
  items: { keyword: string; volume: number }[];
  competition: number;
}

/** Whole suggestions answers kept across requests, so a repeat costs no LLM, source or search call. */
export interface SuggestionsAnswerCache {
  /** The fresh answer under `key`, or undefined (absent, expired, or the cache is down). */
  get(key: string): Promise<CachedSuggestions | undefined>;
  /** Stores a complete answer (never a degraded one: see getSuggestions). */
  set(key: string, answer: CachedSuggestions): Promise<void>;
}

export interface SuggestionsAnswerCacheOptions {
  /** The shared cache (memory or Redis), the same one the source gateway uses. */
  cache: Cache;
  clock: Clock;
  /** How long an answer stays fresh (CACHE_TTL). */
  ttlMs: number;
  /** Key prefix, apart from the source calls' `v1:`; bump the version when CachedSuggestions changes. */
  namespace?: string;
}

/** The answer cache over the shared Cache port; an entry older than `ttlMs` is a miss. */
export function createSuggestionsAnswerCache(options: SuggestionsAnswerCacheOptions): SuggestionsAnswerCache {
  const { cache, clock, ttlMs } = options;
  const namespace = options.namespace ?? 'suggestions:v2';
  return {
    async get(key) {
      const entry = await cache.get<CachedSuggestions>(`${namespace}:${key}`);
      if (!entry || clock.now() - entry.storedAt >= ttlMs) return undefined;
      return entry.value;
    },
    async set(key, answer) {
      await cache.set(`${namespace}:${key}`, answer, ttlMs);
    },
  };
}

/**
 * The key of one answer: the seed in canonical form and the region filter (so two location codes computed
 * over the same regions, e.g. an unknown code and Russia, share it), plus the pipeline's variant (its
 * providers), so a deployment that adds an LLM does not serve answers computed without one. `limit` is not
 * part of it: the stages never look at it, so the full sorted list serves every limit.
 */
export function suggestionsAnswerKey(seed: { phrase: string; regions: readonly number[] }, variant: string): string {
  const regions = [...seed.regions].sort((a, b) => a - b).join(',');
  return `${variant}|${canonicalPhrase(seed.phrase)}|r=${regions}`;
}
