import { z } from 'zod';
import { commerceLists, commerciality, geoOverlap, homePages, kei } from '../domain/core/intent.js';
import { DomainError } from '../domain/errors.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { integerField } from '../domain/requests/parse.js';
import { canonicalPhrase, type SourceCall } from '../domain/source-call.js';
import { SERP_DEPTHS, SERP_DEVICES, type SerpDepth, type SerpPage, type SerpQuery } from '../ports/web-search.js';
import type { ServiceContext } from '../services/context.js';
import { DEFAULT_SOURCE_CONCURRENCY } from '../services/context.js';
import { bareTopQuery } from '../services/match-type-volumes.js';
import { mapWithConcurrency } from '../services/search-volume.js';
import { corePhraseItem } from './core-clean.js';
import { DEFAULT_LIMITS, defineOperation, type OperationLimits } from './operation.js';
import { coreIntentResponseSchema } from './schemas/core-intent.js';
import { checkSerpRegion, SERP_DEFAULTS, serpOf } from './serp.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

const limits: OperationLimits = { ...DEFAULT_LIMITS, items: { live: 10_000, task: 10_000 } };
const maxPhrases = limits.items!.live;
/** The comparison region of geo-dependence: Saint Petersburg, or Moscow when the asked region is Saint Petersburg. */
const COMPARE_DEFAULT = 2;
const COMPARE_FOR_SAINT_PETERSBURG = 213;

export const coreIntentRequestSchema = z.object({
  phrases: z
    .array(corePhraseItem, { error: (issue) => (issue.input === undefined ? 'phrases is required' : 'phrases must be an array') })
    .min(1, { error: `phrases must hold 1 to ${maxPhrases} phrases, got none` })
    .max(maxPhrases, { error: (issue) => `phrases must hold 1 to ${maxPhrases} phrases, got ${(issue.input as unknown[]).length}` }),
  region: integerField('region').default(SERP_DEFAULTS.region),
  compare_region: integerField('compare_region').optional(),
  device: z.enum(SERP_DEVICES, { error: `device must be one of ${SERP_DEVICES.join(', ')}` }).default(SERP_DEFAULTS.device),
  depth: integerField('depth')
    .refine((value) => (SERP_DEPTHS as readonly number[]).includes(value), { error: `depth must be one of ${SERP_DEPTHS.join(', ')}` })
    .default(SERP_DEFAULTS.depth),
});
type CoreIntentRequest = z.output<typeof coreIntentRequestSchema>;

interface Phrase {
  phrase: string;
  /** As the client sent it; null: Wordstat's 30-day count is asked. */
  volume: number | null;
}

/** Each distinct phrase (as the service compares phrases) once, with the first volume sent for it. */
function phrasesOf(input: CoreIntentRequest): Phrase[] {
  const seen = new Map<string, Phrase>();
  for (const item of input.phrases) {
    const entry = typeof item === 'string' ? { phrase: item.trim(), volume: null } : { phrase: item.phrase.trim(), volume: item.volume ?? null };
    const key = canonicalPhrase(entry.phrase);
    const known = seen.get(key);
    if (!known) seen.set(key, entry);
    else if (known.volume === null && entry.volume !== null) known.volume = entry.volume;
  }
  return [...seen.values()];
}

const compareRegionOf = (input: CoreIntentRequest): number =>
  input.compare_region ?? (input.region === COMPARE_DEFAULT ? COMPARE_FOR_SAINT_PETERSBURG : COMPARE_DEFAULT);

function checkRegions(input: CoreIntentRequest, catalog: RegionCatalog): void {
  checkSerpRegion(input.region, catalog);
  checkSerpRegion(compareRegionOf(input), catalog, 'compare_region');
  if (compareRegionOf(input) === input.region) throw new DomainError('INVALID_FIELD', 'compare_region must differ from region', { field: 'compare_region' });
}

/** A phrase's page in a region, with the operation's device and depth (the defaults every searching operation shares). */
const pageOf = (phrase: string, regionId: number, input: CoreIntentRequest): SerpQuery => ({ phrase, regionId, device: input.device, depth: input.depth as SerpDepth });

/** Two pages per phrase: the asked region's and the comparison region's (geo-dependence). */
function searchesOf(input: CoreIntentRequest): SerpQuery[] {
  const compare = compareRegionOf(input);
  return phrasesOf(input).flatMap(({ phrase }) => [pageOf(phrase, input.region, input), pageOf(phrase, compare, input)]);
}

/** One Wordstat call per phrase whose volume was not sent: its 30-day count in the asked region. */
function volumeCalls(input: CoreIntentRequest, ctx: ServiceContext): SourceCall[] {
  return phrasesOf(input)
    .filter((p) => p.volume === null)
    .map((p) => ({ method: 'top', query: bareTopQuery(ctx, p.phrase, [input.region]) }));
}

async function intent(input: CoreIntentRequest, ctx: ServiceContext) {
  checkRegions(input, ctx.catalog);
  const serp = serpOf(ctx);
  const rules = ctx.core?.rules();
  if (!rules) throw new DomainError('SERVICE_UNAVAILABLE', 'the commerce lists (data/core/commerce.json) are not loaded in this service');
  const lists = commerceLists(rules.commerce);
  const phrases = phrasesOf(input);
  const compare = compareRegionOf(input);
  // Every page planned before the first search (live: over the limit or the budget, nothing is spent).
  await serp.plan(searchesOf(input));
  // Pages at the search source's pace (a task's deferred searches: hundreds waiting at once); Wordstat calls at
  // the request's source concurrency, alongside.
  const [pages, volumes] = await Promise.all([
    mapWithConcurrency(phrases, serp.inFlight ?? ctx.concurrency ?? DEFAULT_SOURCE_CONCURRENCY, (p) =>
      Promise.all([serp.page(pageOf(p.phrase, input.region, input)), serp.page(pageOf(p.phrase, compare, input))]),
    ),
    mapWithConcurrency(phrases, ctx.concurrency ?? DEFAULT_SOURCE_CONCURRENCY, async (p) =>
      p.volume === null ? (await ctx.source.top(bareTopQuery(ctx, p.phrase, [input.region]))).totalCount : p.volume,
    ),
  ]);
  const rows = phrases.map((p, i) => row(p, pages[i]![0], pages[i]![1], volumes[i]!, input, compare, lists));
  const count = (cls: string) => rows.filter((r) => r.class === cls).length;
  return {
    phrases: rows,
    counts: { phrases: rows.length, informational: count('informational'), mixed: count('mixed'), commercial: count('commercial'), geo_dependent: rows.filter((r) => r.geo.dependent).length },
  };
}

function row(p: Phrase, asked: SerpPage, compared: SerpPage, volume: number, input: CoreIntentRequest, compare: number, lists: ReturnType<typeof commerceLists>) {
  const c = commerciality(asked.results, lists, asked.ads);
  return {
    phrase: p.phrase,
    commerciality: c.score,
    class: c.class,
    components: {
      shops: c.shopShare,
      commercial_titles: c.commercialTitleShare,
      ads: c.ads && { score: c.ads.score, text_ads: c.ads.textAds, product_gallery: c.ads.productGallery },
    },
    geo: { region: input.region, compare_region: compare, ...geoOverlap(asked.results, compared.results) },
    home_pages: homePages(asked.results),
    found_docs: asked.foundDocs,
    volume,
    volume_source: p.volume === null ? ('wordstat' as const) : ('client' as const),
    kei: kei(volume, asked.foundDocs),
  };
}

/** What a phrase's results pages say of it: commerciality, class, geo-dependence, home pages and KEI (docs/intent.md). */
export const coreIntentOperation = defineOperation({
  name: 'core_intent',
  title: 'Commerciality, geo-dependence and KEI of phrases from search results',
  description: 'Per phrase: commerciality 0–100 with its components, class, geo-dependence (two regions), home pages in the top 10 and KEI',
  fields: {
    phrases: `1 to ${maxPhrases.toLocaleString('en-US')} phrases: strings, or objects {phrase, volume?} (a volume sent is the 30-day count KEI uses; without it Wordstat is asked, one call per phrase).`,
    region: `Region code the pages are ranked for (default ${SERP_DEFAULTS.region}, Moscow); unknown codes are refused.`,
    compare_region: 'Region whose top 10 geo-dependence compares with (default 2, Saint Petersburg; 213 when region is 2): one more web search per phrase.',
    device: 'desktop (default) or mobile.',
    depth: 'Results per page fetched: 10 (default, the page other operations share), 20 or 30; the figures read the top 10.',
  },
  input: coreIntentRequestSchema,
  output: coreIntentResponseSchema,
  limits,
  price: 'source',
  // The Wordstat calls (volumes not sent) are planned here; the web-search pages by `searches`, first in `run`.
  plan: (input, ctx) => {
    checkRegions(input, ctx.catalog);
    return volumeCalls(input, ctx);
  },
  searches: (input) => searchesOf(input),
  checkInput: (input, catalog) => checkRegions(input, catalog),
  run: (input, ctx) => intent(input, ctx),
  task: true,
  rest: {
    path: '/v2/core/intent',
    family: 'v2',
    summary: 'Commerciality, class, geo-dependence, home pages and KEI of 1 to 10,000 phrases from Yandex results',
    docs: {
      response: coreIntentResponseSchema,
      requestExample: { phrases: [{ phrase: 'купить пластиковые окна', volume: 5000 }, 'как мыть пластиковые окна'], region: 213 },
      responseExample: {
        phrases: [
          {
            phrase: 'купить пластиковые окна',
            commerciality: 84,
            class: 'commercial',
            components: { shops: 0.8, commercial_titles: 0.9, ads: null },
            geo: { region: 213, compare_region: 2, overlap: 0.3, dependent: true },
            home_pages: 2,
            found_docs: 4000000,
            volume: 5000,
            volume_source: 'client',
            kei: 6.25,
          },
        ],
        counts: { phrases: 1, informational: 0, mixed: 0, commercial: 1, geo_dependent: 1 },
      },
    },
  },
  mcp: {
    tool: 'core_intent',
    title: 'Commerciality and geo-dependence of phrases',
    description:
      'For each search phrase, reads its Yandex top 10 and says how commercial it is (0–100 from the share of shop and marketplace domains and of selling words in titles, and text ads and the product gallery when the service reads HTML pages; informational below 30, commercial from 70), whether it is geo-dependent (top-10 overlap between the region and a comparison region, default Moscow vs Saint Petersburg), how many home pages rank, and its KEI (30-day count² ÷ found documents). Two billed web searches per uncached phrase, and one Wordstat call per phrase sent without a volume; pages are cached 7 days and shared with serp and core_clusters.',
    effects: ASKS_THE_SOURCE,
    rows: 'phrases',
    summarize: (result) =>
      [
        `${result.counts.phrases} phrases: ${result.counts.commercial} commercial, ${result.counts.mixed} mixed, ${result.counts.informational} informational; ${result.counts.geo_dependent} geo-dependent.`,
        ...result.phrases.slice(0, 10).map((r, i) => `${i + 1}. ${r.phrase}: ${r.commerciality} (${r.class})${r.geo.dependent ? ', geo-dependent' : ''}${r.kei === null ? '' : `, KEI ${r.kei}`}`),
      ].join('\n'),
  },
  graphql: { field: 'coreIntent' },
});
