import { noCompetitionEstimator } from '../ports/competition.js';
import type { KeywordDataDeps, ServiceContext } from './context.js';
import { createSuggestionsPipeline } from './suggestions.js';

const defaults: KeywordDataDeps = {
  competition: noCompetitionEstimator,
  suggestions: createSuggestionsPipeline({ competition: noCompetitionEstimator }),
};

/** The request's competition and suggestion stages, or the defaults (no estimate, source-only suggestions). */
export function keywordDataOf(ctx: ServiceContext): KeywordDataDeps {
  return ctx.keywordData ?? defaults;
}
