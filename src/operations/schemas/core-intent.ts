import { z } from 'zod';
import { component } from './components.js';

const share = (description: string) => z.number().min(0).max(1).meta({ description });

export const coreIntentPhraseSchema = z.object({
  phrase: z.string(),
  commerciality: z
    .number()
    .int()
    .min(0)
    .max(100)
    .meta({ description: '0–100: 100 × (0.6 × shops + 0.4 × commercial_titles) from XML pages; 100 × (0.45 × shops + 0.3 × commercial_titles + 0.25 × ads.score) when the page was read as HTML (docs/intent.md).' }),
  class: z.enum(['informational', 'mixed', 'commercial']).meta({ description: 'informational below 30, commercial from 70, mixed between.' }),
  components: z.object({
    shops: share('Share of the top 10 on shop and marketplace domains (data/core/commerce.json).'),
    commercial_titles: share('Share of the top 10 whose title holds a selling word (купить, цена, доставка …).'),
    ads: z
      .object({
        score: share('0.6 × min(text_ads, 4) ÷ 4 + 0.4 × (product gallery shown).'),
        text_ads: z.number().int().meta({ description: 'Text ads on the page, top and bottom blocks.' }),
        product_gallery: z.boolean().meta({ description: 'Whether the page shows a product gallery.' }),
      })
      .nullable()
      .meta({ description: 'Text ads and the product gallery when pages are read as HTML (SEARCH_RESPONSE_FORMAT=html); null from XML, which carries no ads (null: not read, not "no ads").' }),
  }),
  geo: z.object({
    region: z.number().int(),
    compare_region: z.number().int(),
    overlap: share('Share of the top-10 URLs of region that compare_region’s top 10 holds too; null when the page is empty.').nullable(),
    dependent: z.boolean().nullable().meta({ description: 'True when overlap is below 0.5.' }),
  }),
  home_pages: z.number().int().meta({ description: 'Sites’ home pages among the top 10.' }),
  found_docs: z.number().int().meta({ description: 'Documents the engine says it found for the phrase in region.' }),
  volume: z.number().int().nullable().meta({ description: 'The 30-day count: as sent, else Wordstat’s for region.' }),
  volume_source: z.enum(['client', 'wordstat']),
  kei: z.number().nullable().meta({ description: 'volume² ÷ found_docs, 2 decimals; null when found_docs is 0.' }),
});

export const coreIntentResponseSchema = component(
  z.object({
    phrases: z.array(coreIntentPhraseSchema),
    counts: z.object({
      phrases: z.number().int(),
      informational: z.number().int(),
      mixed: z.number().int(),
      commercial: z.number().int(),
      geo_dependent: z.number().int(),
    }),
  }),
  'CoreIntentResponse',
);
