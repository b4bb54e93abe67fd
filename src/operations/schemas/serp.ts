import { z } from 'zod';
import { component } from './components.js';

/** One organic result (src/ports/web-search.ts SerpResult). */
const serpResultSchema = component(
  z.object({
    position: z.number().int().meta({ description: 'Rank on the page, 1 at the top.' }),
    url: z.string(),
    domain: z.string(),
    title: z.string(),
    snippet: z
      .string()
      .nullable()
      .meta({ description: "The engine's text under the title (passages, else headline; highlighting stripped, at most 300 characters); null when it gave none." }),
  }),
  'SerpResult',
);

export const serpResponseSchema = component(
  z.object({
    phrase: z.string(),
    region: z.number().int(),
    device: z.enum(['desktop', 'mobile']),
    depth: z.number().int(),
    found_docs: z.number().int().meta({ description: "The engine's estimate of matching documents: XML's found-docs (priority all); with HTML results (SEARCH_RESPONSE_FORMAT=html) the page's own figure, which Yandex rounds (\"74 млн\" → 74000000)." }),
    results: z.array(serpResultSchema),
    ads: z
      .object({
        text: z
          .array(
            z.object({
              block: z.enum(['top', 'bottom']).meta({ description: 'The text-ad block above (top) or below (bottom) the organic results.' }),
              position: z.number().int().meta({ description: 'Place within its block, 1 first.' }),
              url: z.string(),
              domain: z.string(),
              title: z.string(),
            }),
          )
          .meta({ description: 'Text ads in page order (empty: the page had none).' }),
        product_gallery: z
          .object({ count: z.number().int().meta({ description: 'Product cards in the gallery.' }) })
          .nullable()
          .meta({ description: 'The product gallery (shop offers with prices); null when the page had none.' }),
      })
      .nullable()
      .meta({
        description:
          'Ads, when this service reads pages as HTML (SEARCH_RESPONSE_FORMAT=html): text ads and the product gallery. null when pages are read as XML (the default), which carries no ads: null means "not read", never "no ads".',
      }),
  }),
  'SerpResponse',
);
