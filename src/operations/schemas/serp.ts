import { z } from 'zod';
import { component } from './components.js';

/** One organic result (src/ports/web-search.ts SerpResult). */
const serpResultSchema = component(
  z.object({
    position: z.number().int().meta({ description: 'Rank on the page, 1 at the top.' }),
    url: z.string(),
    domain: z.string(),
    title: z.string(),
  }),
  'SerpResult',
);

export const serpResponseSchema = component(
  z.object({
    phrase: z.string(),
    region: z.number().int(),
    device: z.enum(['desktop', 'mobile']),
    depth: z.number().int(),
    found_docs: z.number().int().meta({ description: "The engine's count of matching documents (found-docs, priority all)." }),
    results: z.array(serpResultSchema),
    ads: z
      .array(z.object({ block: z.enum(['top', 'bottom', 'gallery']), position: z.number().int(), url: z.string(), domain: z.string(), title: z.string() }))
      .nullable()
      .meta({ description: 'Text ads and product-gallery cards when the page was read as HTML; null from XML (no ads in that format).' }),
  }),
  'SerpResponse',
);
