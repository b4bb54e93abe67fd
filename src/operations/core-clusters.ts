import { z } from 'zod';
import { CLUSTER_MODES, type ClusterResult, clusterPhrases } from '../domain/core/clusters.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { integerField, textField } from '../domain/requests/parse.js';
import { canonicalPhrase } from '../domain/source-call.js';
import { SERP_DEPTHS, SERP_DEVICES, type SerpDepth, type SerpQuery } from '../ports/web-search.js';
import type { ServiceContext } from '../services/context.js';
import { DEFAULT_SOURCE_CONCURRENCY } from '../services/context.js';
import { mapWithConcurrency } from '../services/search-volume.js';
import { corePhraseItem } from './core-clean.js';
import { DEFAULT_LIMITS, defineOperation, type OperationLimits } from './operation.js';
import { coreClustersResponseSchema } from './schemas/core-clusters.js';
import { checkSerpRegion, SERP_DEFAULTS, serpOf } from './serp.js';
import { formatCount } from './summary-text.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

const limits: OperationLimits = { ...DEFAULT_LIMITS, items: { live: 10_000, task: 10_000 } };
const maxPhrases = limits.items!.live;
const MAX_STOP_DOMAINS = 100;

export const coreClustersRequestSchema = z.object({
  phrases: z
    .array(corePhraseItem, { error: (issue) => (issue.input === undefined ? 'phrases is required' : 'phrases must be an array') })
    .min(1, { error: `phrases must hold 1 to ${maxPhrases} phrases, got none` })
    .max(maxPhrases, { error: (issue) => `phrases must hold 1 to ${maxPhrases} phrases, got ${(issue.input as unknown[]).length}` }),
  region: integerField('region').default(SERP_DEFAULTS.region),
  device: z.enum(SERP_DEVICES, { error: `device must be one of ${SERP_DEVICES.join(', ')}` }).default(SERP_DEFAULTS.device),
  depth: integerField('depth')
    .refine((value) => (SERP_DEPTHS as readonly number[]).includes(value), { error: `depth must be one of ${SERP_DEPTHS.join(', ')}` })
    .default(SERP_DEFAULTS.depth),
  mode: z.enum(CLUSTER_MODES, { error: `mode must be one of ${CLUSTER_MODES.join(', ')}` }).default('soft'),
  threshold: integerField('threshold').min(2, { error: 'threshold must be 2 to 10' }).max(10, { error: 'threshold must be 2 to 10' }).default(4),
  stop_domains: z
    .array(textField('each stop domain', 253), { error: 'stop_domains must be an array of domains' })
    .max(MAX_STOP_DOMAINS, { error: `stop_domains must hold at most ${MAX_STOP_DOMAINS} domains` })
    .optional(),
  exclude_home_pages: z.boolean({ error: 'exclude_home_pages must be a boolean' }).default(false),
});
type CoreClustersRequest = z.output<typeof coreClustersRequestSchema>;

interface Phrase {
  phrase: string;
  volume: number | null;
}

const phrasesOf = (input: CoreClustersRequest): Phrase[] =>
  input.phrases.map((item) => (typeof item === 'string' ? { phrase: item, volume: null } : { phrase: item.phrase, volume: item.volume ?? null }));

const checkRegion = (input: CoreClustersRequest, catalog: RegionCatalog): void => checkSerpRegion(input.region, catalog);

/** One page per distinct phrase (as the service compares phrases), with the operation's region, device and depth. */
function queriesOf(phrases: readonly Phrase[], input: CoreClustersRequest): Map<string, SerpQuery> {
  const queries = new Map<string, SerpQuery>();
  for (const { phrase } of phrases) {
    const key = canonicalPhrase(phrase);
    if (!queries.has(key)) queries.set(key, { phrase: phrase.trim(), regionId: input.region, device: input.device, depth: input.depth as SerpDepth });
  }
  return queries;
}

async function cluster(input: CoreClustersRequest, ctx: ServiceContext): Promise<ClusterResult & { counts: { phrases: number; clusters: number; unclustered: number } }> {
  checkRegion(input, ctx.catalog);
  const serp = serpOf(ctx);
  const phrases = phrasesOf(input);
  const queries = queriesOf(phrases, input);
  // Every page planned before the first search: over the live limit or the budget, nothing is spent (a task's
  // source plans nothing: it waits for the deferred budget instead).
  await serp.plan([...queries.values()]);
  const keys = [...queries.keys()];
  const pages = await mapWithConcurrency(keys, serp.inFlight ?? ctx.concurrency ?? DEFAULT_SOURCE_CONCURRENCY, (key) => serp.page(queries.get(key)!));
  const urlsOf = new Map(keys.map((key, i) => [key, pages[i]!.results.map((r) => r.url)]));
  const result = clusterPhrases(
    phrases.map((p) => ({ ...p, urls: urlsOf.get(canonicalPhrase(p.phrase))! })),
    { mode: input.mode, threshold: input.threshold, ...(input.stop_domains ? { stopDomains: input.stop_domains } : {}), excludeHomePages: input.exclude_home_pages },
  );
  const clustered = result.clusters.reduce((sum, c) => sum + c.members.length, 0);
  return { ...result, counts: { phrases: clustered + result.unclustered.length, clusters: result.clusters.length, unclustered: result.unclustered.length } };
}

/** Groups a semantic core by the URLs its phrases' result pages share: one web search per uncached page. */
export const coreClustersOperation = defineOperation({
  name: 'core_clusters',
  title: 'Group a semantic core by search results',
  description: 'Groups 1 to 10,000 phrases by the Yandex results they share (soft, moderate or hard), with markers, volumes and dominant URLs',
  fields: {
    phrases: `1 to ${maxPhrases.toLocaleString('en-US')} phrases: strings, or objects {phrase, volume?} (volumes choose the markers and sum per cluster; GraphQL takes strings only).`,
    region: `Region code the pages are ranked for (default ${SERP_DEFAULTS.region}, Moscow); unknown codes are refused.`,
    device: 'desktop (default) or mobile.',
    depth: 'Results per page compared: 10 (default), 20 or 30.',
    mode: 'soft (default: members share ≥ threshold URLs with the highest-volume marker), moderate (connected groups of such pairs) or hard (every pair of a group shares ≥ threshold).',
    threshold: 'Shared URLs that put two phrases on one page: 2 to 10, default 4.',
    stop_domains: 'Domains whose results are not counted (wikipedia.org, youtube.com; a bare name such as "youtube" takes every domain with it), at most 100.',
    exclude_home_pages: 'Leave sites\u2019 home pages out of the count (default false).',
  },
  input: coreClustersRequestSchema,
  output: coreClustersResponseSchema,
  limits,
  price: 'source',
  // No Wordstat call; the region is checked before any work, the web-search plan runs first in `run`.
  plan: (input, ctx) => {
    checkRegion(input, ctx.catalog);
    return [];
  },
  searches: (input) => [...queriesOf(phrasesOf(input), input).values()],
  checkInput: (input, catalog) => checkRegion(input, catalog),
  run: (input, ctx) => cluster(input, ctx),
  // Big lists as tasks on the deferred mode (answers take at least 5 minutes), the same plan and price as live.
  task: true,
  rest: {
    path: '/v2/core/clusters',
    family: 'v2',
    summary: 'Groups 1 to 10,000 phrases by shared Yandex results (soft, moderate, hard)',
    docs: {
      response: coreClustersResponseSchema,
      requestExample: { phrases: [{ phrase: 'купить пластиковые окна', volume: 5000 }, { phrase: 'пластиковые окна цена', volume: 3000 }, 'как мыть пластиковые окна'], region: 213, mode: 'soft', threshold: 4 },
      responseExample: {
        clusters: [
          {
            id: 'c1x2y3z',
            marker: 'купить пластиковые окна',
            members: [
              { phrase: 'купить пластиковые окна', volume: 5000, shared: 10 },
              { phrase: 'пластиковые окна цена', volume: 3000, shared: 8 },
            ],
            volume: 8000,
            urls: [{ url: 'market.yandex.ru/catalog/okna', phrases: 2 }],
            domains: [{ domain: 'market.yandex.ru', phrases: 2 }],
          },
        ],
        unclustered: [{ phrase: 'как мыть пластиковые окна', volume: null, shared: 0 }],
        counts: { phrases: 3, clusters: 1, unclustered: 1 },
      },
    },
  },
  mcp: {
    tool: 'core_clusters',
    title: 'Group a semantic core by search results',
    description:
      'Groups search phrases (a semantic core) by the URLs their Yandex result pages share, as SEO tools do: two phrases belong on one page when Yandex answers them with the same pages. Modes: soft (a star around the highest-volume marker), moderate (connected groups), hard (every pair shares the threshold). Each uncached page is one billed web search; pages are cached 7 days. Pass volumes ({phrase, volume}) to pick markers.',
    effects: ASKS_THE_SOURCE,
    rows: 'clusters',
    summarize: (result) =>
      [
        `${result.counts.phrases} phrases: ${result.counts.clusters} clusters, ${result.counts.unclustered} unclustered.`,
        ...result.clusters.slice(0, 10).map((c, i) => `${i + 1}. ${c.marker} (${c.members.length} phrases, volume ${formatCount(c.volume)})`),
      ].join('\n'),
  },
  graphql: { field: 'coreClusters' },
});
