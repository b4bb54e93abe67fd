import { z } from 'zod';
import { DomainError, invalidField } from '../domain/errors.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { integerField, textField } from '../domain/requests/parse.js';
import { SERP_DEPTHS, SERP_DEVICES, type SerpDepth, type SerpPage, type SerpQuery } from '../ports/web-search.js';
import type { ServiceContext } from '../services/context.js';
import type { SerpRequestSource } from '../services/serp.js';
import { DEFAULT_LIMITS, defineOperation } from './operation.js';
import { serpResponseSchema } from './schemas/serp.js';
import { numberedLines } from './summary-text.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

/** The engine's bounds on a query: 400 characters, 40 words. */
const MAX_PHRASE_LENGTH = 400;
const MAX_WORDS = 40;
/**
 * The defaults every operation that searches shares, so one phrase's page is fetched once for all of them:
 * Moscow (213, where Topvisor and Rush Analytics start), desktop, the top 10.
 */
export const SERP_DEFAULTS = { region: 213, device: 'desktop', depth: 10 } as const;

const phraseField = textField('phrase', MAX_PHRASE_LENGTH)
  .refine((value) => value.trim().length > 0, { error: 'phrase must not be empty' })
  .refine((value) => value.trim().split(/\s+/).length <= MAX_WORDS, { error: `phrase must be at most ${MAX_WORDS} words` });

export const serpRequestSchema = z.object({
  phrase: phraseField,
  region: integerField('region').default(SERP_DEFAULTS.region),
  device: z.enum(SERP_DEVICES, { error: `device must be one of ${SERP_DEVICES.join(', ')}` }).default(SERP_DEFAULTS.device),
  depth: integerField('depth')
    .refine((value) => (SERP_DEPTHS as readonly number[]).includes(value), { error: `depth must be one of ${SERP_DEPTHS.join(', ')}` })
    .default(SERP_DEFAULTS.depth),
});
type SerpRequest = z.output<typeof serpRequestSchema>;

/** A region a page is asked for, checked against the catalogue (INVALID_FIELD naming `field`): never silently another. */
export function checkSerpRegion(region: number, catalog: RegionCatalog, field = 'region'): void {
  if (!catalog.get(region)) {
    throw invalidField(field, `${field} ${region} is not in the region catalogue (find codes with region_search)`, 'unknown_region', { region });
  }
}

/** The page asked for, with the region checked against the catalogue. */
function queryOf(input: SerpRequest, catalog: RegionCatalog): SerpQuery {
  checkSerpRegion(input.region, catalog);
  return { phrase: input.phrase.trim(), regionId: input.region, device: input.device, depth: input.depth as SerpDepth };
}

/** The request's web search, or 503 when the service has none (no credentials, no demo). */
export function serpOf(ctx: ServiceContext): SerpRequestSource {
  if (!ctx.serp) throw new DomainError('SERVICE_UNAVAILABLE', 'web search is not configured in this service (it needs Yandex credentials, or the demo source)');
  return ctx.serp;
}

async function search(input: SerpRequest, ctx: ServiceContext): Promise<SerpPage> {
  const query = queryOf(input, ctx.catalog);
  const serp = serpOf(ctx);
  await serp.plan([query]);
  return serp.page(query);
}

const present = (page: SerpPage, input: SerpRequest) => ({
  phrase: input.phrase.trim(),
  region: input.region,
  device: input.device,
  depth: input.depth,
  found_docs: page.foundDocs,
  results: page.results.map(({ position, url, domain, title, snippet }) => ({ position, url, domain, title, snippet: snippet ?? null })),
  ads: page.ads ? { text: page.ads.text.map(({ block, position, url, domain, title }) => ({ block, position, url, domain, title })), product_gallery: page.ads.productGallery } : null,
});

/** One phrase's Yandex results page: a web search (its own budget and price), cached per page for every face and key. */
export const serpOperation = defineOperation({
  name: 'serp',
  title: 'Yandex search results for a phrase',
  description: 'The ranked Yandex results (top 10, 20 or 30) for one phrase in one region on desktop or mobile, with the document count',
  fields: {
    phrase: 'The query, at most 400 characters and 40 words.',
    region: `Region code of the catalogue the page is ranked for (find codes with region_search); default ${SERP_DEFAULTS.region} (Moscow). Unknown codes are refused.`,
    device: `desktop (default) or mobile: the engine ranks them apart.`,
    depth: 'How many results: 10 (default), 20 or 30.',
  },
  input: serpRequestSchema,
  output: serpResponseSchema,
  limits: DEFAULT_LIMITS,
  price: 'source',
  // No Wordstat call: the plan checks the region before any work on every face; the web-search plan (cache, budget)
  // runs first in `run`, before the search.
  plan: (input, ctx) => {
    queryOf(input, ctx.catalog);
    return [];
  },
  searches: (input, ctx) => [queryOf(input, ctx.catalog)],
  checkInput: (input, catalog) => checkSerpRegion(input.region, catalog),
  run: (input, ctx) => search(input, ctx),
  present,
  // A task (/v2/stats/serp/task_post, the /v3 organic task_post, MCP task_create_serp): the same page, price and
  // cache as live, on the deferred mode when the sync hour cannot take it now.
  task: true,
  rest: {
    path: '/v2/stats/serp',
    family: 'v2',
    summary: 'Yandex search results for one phrase, region, device and depth',
    docs: {
      response: serpResponseSchema,
      requestExample: { phrase: 'купить пластиковые окна', region: 213, device: 'desktop', depth: 10 },
      responseExample: {
        phrase: 'купить пластиковые окна',
        region: 213,
        device: 'desktop',
        depth: 10,
        found_docs: 74000000,
        results: [
          { position: 1, url: 'https://market.yandex.ru/catalog/okna/', domain: 'market.yandex.ru', title: 'Пластиковые окна — купить по выгодной цене', snippet: 'Пластиковые окна от производителя: цены, замер и установка за 1 день.' },
          { position: 2, url: 'https://okna-msk.ru/', domain: 'okna-msk.ru', title: 'Пластиковые окна в Москве', snippet: null },
        ],
        ads: null,
      },
    },
  },
  mcp: {
    tool: 'serp',
    title: 'Yandex search results for a phrase',
    description:
      'The Yandex organic results for one search phrase: position, URL, domain, title and snippet of the top 10 (default), 20 or 30, and how many documents match (plus text ads and the product gallery when the service reads HTML pages), ranked for a region (default 213 Moscow; codes from region_search) on desktop or mobile. Use it to see who ranks for a query, whether its page is commercial or informational, and which pages two queries share. Each uncached page is one web search (billed); repeats come from the cache for 7 days.',
    effects: ASKS_THE_SOURCE,
    rows: 'results',
    summarize: (result, args) =>
      [
        `"${args.phrase.trim()}" in region ${args.region} (${args.device}): ${result.found_docs.toLocaleString('en-US')} documents; top ${result.results.length}:`,
        ...numberedLines(result.results, (row) => `${row.domain} — ${row.title} (${row.url})`, 30),
      ].join('\n'),
  },
  graphql: { field: 'serp' },
});
