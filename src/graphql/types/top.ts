import type { PhraseCount, TopResult } from '../../domain/types.js';
import { DEFAULT_NUM_PHRASES } from '../../domain/requests/fields.js';
import { getTop } from '../../services/top.js';
import { builder } from '../builder.js';
import { DeviceEnum } from './enums.js';

export const PhraseCountRef = builder.objectRef<PhraseCount>('PhraseCount').implement({
  fields: (t) => ({
    phrase: t.exposeString('phrase'),
    count: t.exposeInt('count'),
  }),
});

export const TopRef = builder.objectRef<TopResult>('Top').implement({
  description: 'Popular queries containing the phrase, similar queries and the total count (last 30 days).',
  fields: (t) => ({
    results: t.field({ type: [PhraseCountRef], resolve: (top) => top.results }),
    associations: t.field({ type: [PhraseCountRef], resolve: (top) => top.associations }),
    totalCount: t.exposeInt('totalCount'),
  }),
});

builder.queryField('top', (t) =>
  t.field({
    type: TopRef,
    description: 'Popular queries containing the phrase, similar queries, total count (/v2/stats/top).',
    args: {
      phrase: t.arg.string({ required: true }),
      numPhrases: t.arg.int({ defaultValue: DEFAULT_NUM_PHRASES }),
      regions: t.arg.intList(),
      devices: t.arg({ type: [DeviceEnum] }),
    },
    resolve: (_root, args, ctx) =>
      getTop(ctx, {
        phrase: args.phrase,
        numPhrases: args.numPhrases ?? undefined,
        regions: args.regions ?? undefined,
        devices: args.devices ?? undefined,
      }),
  }),
);
