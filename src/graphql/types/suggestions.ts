import { DEFAULT_LOCATION_CODE } from '../../domain/location-codes.js';
import { DEFAULT_SUGGESTIONS_LIMIT } from '../../domain/requests/keyword-data.js';
import { keywordDataOf } from '../../services/keyword-data-deps.js';
import { getSuggestions, type Suggestion, type SuggestionsResult } from '../../services/suggestions.js';
import { builder } from '../builder.js';

const SuggestionRef = builder.objectRef<Suggestion>('Suggestion').implement({
  fields: (t) => ({
    keyword: t.exposeString('keyword'),
    searchVolume: t.exposeInt('searchVolume'),
    competition: t.exposeFloat('competition', { description: 'One estimate for the whole topic, 0..1.' }),
    cpc: t.exposeFloat('cpc'),
  }),
});

const SuggestionsRef = builder.objectRef<SuggestionsResult>('Suggestions').implement({
  fields: (t) => ({
    seedKeyword: t.exposeString('seedKeyword'),
    items: t.field({ type: [SuggestionRef], resolve: (s) => s.items }),
  }),
});

builder.queryField('suggestions', (t) =>
  t.field({
    type: SuggestionsRef,
    description: 'Related keywords with volume and a competition estimate (the /v1 suggestions result).',
    // The seed list plus the verification budget: what one suggestions request may spend at the source.
    complexity: (_args, ctx) => keywordDataOf(ctx).suggestionsMaxCalls ?? 1,
    args: {
      keyword: t.arg.string({ required: true }),
      limit: t.arg.int({ defaultValue: DEFAULT_SUGGESTIONS_LIMIT }),
      locationCode: t.arg.int({ defaultValue: DEFAULT_LOCATION_CODE }),
    },
    resolve: (_root, args, ctx) =>
      getSuggestions(
        ctx,
        { keyword: args.keyword, limit: args.limit ?? undefined, locationCode: args.locationCode ?? undefined },
        keywordDataOf(ctx).suggestions,
      ),
  }),
);
