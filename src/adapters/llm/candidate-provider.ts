import { type ChatModel, LlmError, type LlmErrorCode } from '../../ports/llm.js';
import { type Logger, silentLogger } from '../../ports/logger.js';
import type { CandidateProvider } from '../../ports/candidate-provider.js';
import { buildQueryIdeasMessages, cleanQueryIdeas, parseQueryIdeas, QUERY_IDEAS_SCHEMA } from './query-ideas.js';

/** How one LLM proposal went: `ok` (even with no usable query), `bad_output` (no one list of strings), or the error. */
export type LlmOutcome = 'ok' | 'bad_output' | 'timeout' | 'http_error' | 'network_error' | 'bad_response';

/** One proposal, for metrics. */
export interface LlmProposalReport {
  outcome: LlmOutcome;
  durationMs: number;
  /** Items in the model's list (0 unless the answer parsed). */
  proposed: number;
  /** Candidates kept after the junk filter. */
  kept: number;
}

export interface LlmCandidateProviderOptions {
  llm: ChatModel;
  /** How many queries to ask for (and keep at most). */
  count: number;
  logger?: Logger;
  /** Metric hook, called once per proposal. */
  onReport?: (report: LlmProposalReport) => void;
  /** Clock for durations (default Date.now). */
  now?: () => number;
}

const OUTCOME_OF: Record<LlmErrorCode, LlmOutcome> = {
  LLM_TIMEOUT: 'timeout',
  LLM_HTTP_ERROR: 'http_error',
  LLM_NETWORK_ERROR: 'network_error',
  LLM_BAD_RESPONSE: 'bad_response',
};

/**
 * Candidates from a language model: asked in Russian for `count` queries related to the seed, its JSON list
 * (in whatever shape the model chose: see parseQueryIdeas) cleaned of junk (see cleanQueryIdeas); asked with
 * a JSON Schema where the server takes one. Best effort: a timeout, an HTTP or network failure, or an answer
 * holding no one list of strings gives no candidates (logged, reported to the metric hook and marked
 * degraded so the answer is not cached) and the pipeline carries on with the source's related queries.
 * The candidates carry no volume: the verifier measures them. A live model call is recorded as a cache MISS
 * on the request: the answer did not come from cache alone.
 */
export function createLlmCandidateProvider(options: LlmCandidateProviderOptions): CandidateProvider {
  const { llm, count } = options;
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? Date.now;
  // Russian queries run to about 10 tokens each, plus JSON punctuation; a cut-off answer is unparseable.
  const maxTokens = 64 + count * 40;

  return {
    name: 'llm',
    async propose(ctx, seed, report) {
      const started = now();
      const finish = (outcome: LlmOutcome, proposed = 0, kept = 0) =>
        options.onReport?.({ outcome, durationMs: now() - started, proposed, kept });
      ctx.tracker?.record('MISS');
      let content: string;
      try {
        content = await llm.complete(buildQueryIdeasMessages(seed.phrase, count), { json: true, schema: QUERY_IDEAS_SCHEMA, maxTokens });
      } catch (error) {
        const outcome = error instanceof LlmError ? OUTCOME_OF[error.code] : 'network_error';
        logger.warn({ err: error, model: llm.model, outcome }, 'suggestions: the LLM failed; using the source alone');
        report?.degrade('llm', outcome);
        finish(outcome);
        return [];
      }
      const items = parseQueryIdeas(content);
      if (!items) {
        logger.warn({ model: llm.model, sample: content.slice(0, 200) }, 'suggestions: the LLM answer holds no one list of queries');
        report?.degrade('llm', 'bad_output');
        finish('bad_output');
        return [];
      }
      const queries = cleanQueryIdeas(seed.phrase, items, count);
      logger.debug({ model: llm.model, proposed: items.length, kept: queries.length }, 'suggestions: LLM candidates');
      finish('ok', items.length, queries.length);
      return queries.map((keyword) => ({ keyword, origin: 'llm' }));
    },
  };
}
