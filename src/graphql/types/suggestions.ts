import { LOCATION_FALLBACK_NOTE } from '../../domain/location-codes.js';
import { DEFAULT_SUGGESTIONS_LIMIT } from '../../domain/requests/keyword-data.js';
import { keywordDataOf } from '../../services/keyword-data-deps.js';
import { getSuggestions, type Suggestion, type SuggestionsResult } from '../../services/suggestions.js';
import { builder } from '../builder.js';
import { locationArgs } from '../location-args.js';

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
    locationNote: t.string({
      nullable: true,
      description: '"computed as Russia: unknown location_code" when locationCode was unknown; null otherwise.',
      resolve: (s) => (s.locationFallback ? LOCATION_FALLBACK_NOTE : null),
    }),
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
      ...locationArgs,
    },
    resolve: (_root, args, ctx) =>
      getSuggestions(
        ctx,
        { keyword: args.keyword, limit: args.limit ?? undefined, locationCode: args.locationCode, locationName: args.locationName },
        keywordDataOf(ctx).suggestions,
      ),
  }),
);
