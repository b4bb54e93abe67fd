import { REGION_SEARCH_DEFAULT_LIMIT } from '../../domain/requests/region-search.js';
import { type RegionSearchHit, searchRegions } from '../../services/region-search.js';
import { builder } from '../builder.js';
import { RegionNamingRef } from './region-fields.js';

const RegionRef = builder.objectRef<RegionSearchHit>('Region').implement({
  description: 'A region of the tree, as a picker shows it.',
  interfaces: [RegionNamingRef],
  isTypeOf: (value) => !('count' in (value as object)),
});

builder.queryField('regionSearch', (t) =>
  t.field({
    type: [RegionRef],
    complexity: 0, // reads the shipped tree: no source call
    description:
      'Regions by Russian or English name, case-insensitive, ё = е: exact matches first, then prefixes, then substrings; ' +
      'ties by level (country, district, region, city), then name. Free: no upstream call (/v2/stats/region_search).',
    args: {
      query: t.arg.string({ required: true }),
      limit: t.arg.int({ defaultValue: REGION_SEARCH_DEFAULT_LIMIT, description: '1–50.' }),
    },
    resolve: (_root, args, ctx) => searchRegions(ctx, { query: args.query, limit: args.limit ?? undefined }),
  }),
);
