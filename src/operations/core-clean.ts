import { z } from 'zod';
import { cleanCoreInSlices, type CleanResult, type CorePhraseInput } from '../domain/core/clean.js';
import { DomainError, invalidField } from '../domain/errors.js';
import { keywordFormOf } from '../domain/keyword-form.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { normalizePhrase } from '../domain/requests/fields.js';
import { integerField, textField } from '../domain/requests/parse.js';
import { type SourceCall, canonicalPhrase } from '../domain/source-call.js';
import { DEFAULT_SOURCE_CONCURRENCY, type ServiceContext } from '../services/context.js';
import { resolveLocation } from '../services/location.js';
import { createSlicer } from '../services/loop-slicer.js';
import { matchTypeCount, matchTypeTopQuery } from '../services/match-type-volumes.js';
import { mapWithConcurrency, matchTypesFor } from '../services/search-volume.js';
import { DEFAULT_LIMITS, defineOperation, type OperationLimits } from './operation.js';
import { coreCleanResponseSchema } from './schemas/core-clean.js';
import { formatCount } from './summary-text.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

/** 10,000 phrases live and as a task alike: the one place the bound is written (the schema reads it). */
export const coreLimits: OperationLimits = { ...DEFAULT_LIMITS, items: { live: 10_000, task: 10_000 } };
const maxPhrases = coreLimits.items!.live;

/** Longest phrase (the keyword fields' bound). */
const MAX_PHRASE_LENGTH = 400;

export const corePhraseText = textField('each phrase', MAX_PHRASE_LENGTH).refine((value) => value.trim().length > 0, { error: 'each phrase must not be empty' });

/** One phrase of a core: a string or {phrase, volume?} (core_clusters takes the same). */
export const corePhraseItem = z.union([corePhraseText, z.object({ phrase: corePhraseText, volume: z.number({ error: 'volume must be a number' }).int().nonnegative().nullable().optional() })], {
  error: 'each phrase must be a string or an object {phrase, volume?}',
});

/** The measures a client may ask for: `exact`, the "!w" count of each phrase (search_volume's EXACT match type). */
const MEASURES = ['exact'] as const;

const count = (name: string) => z.number({ error: `${name} must be a number` }).int({ error: `${name} must be a whole number` }).nonnegative({ error: `${name} must not be negative` });

/** One phrase of core_clean: a string or {phrase, volume?, exact?}; a sent `exact` is kept (never measured again). */
const cleanPhraseItem = z.union([corePhraseText, z.object({ phrase: corePhraseText, volume: count('volume').nullable().optional(), exact: count('exact').nullable().optional() })], {
  error: 'each phrase must be a string or an object {phrase, volume?, exact?}',
});

export const coreCleanRequestSchema = z.object({
  phrases: z
    .array(cleanPhraseItem, { error: (issue) => (issue.input === undefined ? 'phrases is required' : 'phrases must be an array') })
    .min(1, { error: `phrases must hold 1 to ${maxPhrases} phrases, got none` })
    .max(maxPhrases, { error: (issue) => `phrases must hold 1 to ${maxPhrases} phrases, got ${(issue.input as unknown[]).length}` }),
  region: integerField('region').optional(),
  measure: z
    .array(z.enum(MEASURES, { error: `each measure must be one of ${MEASURES.join(', ')}` }), { error: `measure must be an array, e.g. ["exact"] (one of ${MEASURES.join(', ')})` })
    .refine((list) => new Set(list).size === list.length, { error: 'measure must not name a measure twice' })
    .optional(),
});
type CoreCleanRequest = z.output<typeof coreCleanRequestSchema>;

/** The request's region and measures, checked against the catalogue: never silently another region. */
export function checkCoreRequest(input: Pick<CoreCleanRequest, 'region' | 'measure'>, catalog: RegionCatalog): void {
  if (input.region !== undefined && !catalog.get(input.region)) {
    throw invalidField('region', `region ${input.region} is not in the region catalogue (find codes with region_search)`, 'unknown_region', { region: input.region });
  }
}

type CleanItem = CoreCleanRequest['phrases'][number];
const phraseOf = (item: CleanItem) => (typeof item === 'string' ? item : item.phrase);
/** The client's exact count of an item (kept when sent: it wins over a measure). */
const sentExact = (item: CleanItem) => (typeof item === 'string' ? undefined : (item.exact ?? undefined));

/**
 * The region an exact count is asked for: the request's, else search_volume's default location's (Russia), so that
 * one (phrase, region) is one source call and one cache entry whichever operation asked it first.
 */
const exactRegions = (region: number | undefined, catalog: RegionCatalog): number[] => [region ?? resolveLocation(catalog, {}).regionId];

/**
 * The phrases `measure: ["exact"]` asks the source for, one per distinct call: those without a sent exact count,
 * in broad form (a phrase written with operators is measured as written by nobody: search_volume's matchTypesFor
 * rule; its exact stays null). Each is checked as search_volume checks a keyword (400 naming phrases[i]).
 */
function exactTargets(input: CoreCleanRequest, ctx: ServiceContext): { phrase: string; call: SourceCall }[] {
  if (!input.measure?.includes('exact')) return [];
  const regions = exactRegions(input.region, ctx.catalog);
  const targets = new Map<string, { phrase: string; call: SourceCall }>();
  input.phrases.forEach((item, i) => {
    if (sentExact(item) !== undefined) return;
    const field = `phrases[${i}]`;
    const phrase = normalizePhrase(phraseOf(item), field);
    if (matchTypesFor(keywordFormOf(phrase), ['exact']).length === 0) return;
    const key = canonicalPhrase(phrase);
    if (!targets.has(key)) targets.set(key, { phrase, call: { method: 'top', query: matchTypeTopQuery(ctx, phrase, 'exact', regions, field) } });
  });
  return [...targets.values()];
}

/** The source calls of a core_clean request: none without `measure`; one GetTop per distinct phrase with it. */
function cleanCalls(input: CoreCleanRequest, ctx: ServiceContext): SourceCall[] {
  checkCoreRequest(input, ctx.catalog);
  return exactTargets(input, ctx).map((t) => t.call);
}

/** Each measured phrase's exact count, by canonical phrase (the calls run under the source's concurrency). */
async function measureExact(input: CoreCleanRequest, ctx: ServiceContext): Promise<Map<string, number>> {
  const targets = exactTargets(input, ctx);
  const regions = exactRegions(input.region, ctx.catalog);
  const counts = await mapWithConcurrency(targets, ctx.concurrency ?? DEFAULT_SOURCE_CONCURRENCY, (t) => matchTypeCount(ctx, t.phrase, 'exact', regions));
  return new Map(targets.map((t, i) => [canonicalPhrase(t.phrase), counts[i]!]));
}

/**
 * Cleans phrases with the service's morphology and word lists, in slices with a yield to the event loop every
 * 5 ms of work (cleanCoreInSlices): a live 10,000-phrase clean held the loop 0.4–0.7 s in one piece.
 * core_workbook cleans through this too.
 */
export async function cleanPhrases(phrases: CorePhraseInput[], region: number | undefined, ctx: ServiceContext): Promise<CleanResult> {
  const core = ctx.core;
  if (!core) throw new DomainError('SERVICE_UNAVAILABLE', 'core cleaning is not configured in this service');
  const morphology = await core.morphology.get();
  return cleanCoreInSlices(phrases, { rules: core.rules(), catalog: ctx.catalog, ...(region === undefined ? {} : { regionId: region }) }, morphology, createSlicer());
}

async function clean(input: CoreCleanRequest, ctx: ServiceContext): Promise<CleanResult> {
  checkCoreRequest(input, ctx.catalog);
  const measured = await measureExact(input, ctx);
  // A sent exact count wins; else the measured one (null when not measured: no measure, or written with operators).
  const exactOf = (item: CleanItem): number | null => sentExact(item) ?? (measured.size === 0 ? null : (measured.get(canonicalPhrase(phraseOf(item))) ?? null));
  const phrases: CorePhraseInput[] = input.phrases.map((item) =>
    typeof item === 'string' ? { phrase: item, exact: exactOf(item) } : { phrase: item.phrase, volume: item.volume ?? null, exact: exactOf(item) },
  );
  return cleanPhrases(phrases, input.region, ctx);
}

const requestExample = { phrases: [{ phrase: 'купить пластиковые окна', volume: 5200 }, { phrase: 'окна пластиковые купить', volume: 800 }, 'пластиковые окна своими руками', 'пластиковые окна бесплатно'], region: 213 };

/** Phrases cleaned (the MCP answer's `phrases` may be cut to its `limit`). */
const total = (result: CleanResult) => result.counts.keep + result.counts.review + result.counts.drop;

/**
 * Cleans a semantic core: CPU only (morphology and word lists), no source call and free, unless `measure: ["exact"]`
 * asks the "!w" counts: one GetTop per distinct phrase × region, search_volume's EXACT call, planned and priced as
 * search_volume's (`when-asked`: the one price rule when it asked the source).
 */
export const coreCleanOperation = defineOperation({
  name: 'core_clean',
  title: 'Clean a semantic core',
  description:
    'Cleans 1 to 10,000 search phrases: implicit duplicates, noise classes, verdicts, Direct negative keywords; free and local unless measure ["exact"] asks Wordstat for exact counts (one call per distinct phrase, priced as search_volume)',
  fields: {
    phrases: `1 to ${maxPhrases.toLocaleString('en-US')} phrases: strings, or objects {phrase, volume?, exact?} (a known volume makes the highest-volume phrase the head of its duplicates and counts into addressable_volume; a sent exact "!w" count is kept, 0 tags zero_exact, and the phrase is not measured; GraphQL takes strings only).`,
    region: 'Optional region code of the catalogue (find codes with region_search): places outside it are noise. Unknown codes are refused.',
    measure:
      'Optional ["exact"]: asks Wordstat the "!w" count of each phrase without a sent exact (the last 30 days, in region, else Russia as search_volume): one call per distinct phrase, the very call and cache entry of search_volume\'s EXACT match type, planned and priced like it (cached calls cost no quota). 0 tags zero_exact (drop). Phrases written with operators are not measured. Over the live call limit or the hour\'s budget: post it as a task.',
  },
  input: coreCleanRequestSchema,
  output: coreCleanResponseSchema,
  limits: coreLimits,
  price: 'when-asked',
  // Without measure no source call: the plan only checks what needs the catalogue, before any work (every face,
  // tasks included); with it, the exact calls.
  plan: (input, ctx) => cleanCalls(input, ctx),
  run: (input, ctx) => clean(input, ctx),
  rest: {
    path: '/v2/core/clean',
    family: 'v2',
    summary: 'Cleans 1 to 10,000 search phrases (duplicates, noise, verdicts, negative keywords); free, no upstream call unless measure ["exact"]',
    docs: {
      response: coreCleanResponseSchema,
      requestExample,
      responseExample: {
        phrases: [
          { phrase: 'купить пластиковые окна', lemmas: ['купить', 'пластиковый', 'окно'], duplicate_of: null, noise: [], verdict: 'keep', reason: 'clean', volume: 5200, exact: null, cross_minus: [] },
          { phrase: 'окна пластиковые купить', lemmas: ['окно', 'пластиковый', 'купить'], duplicate_of: 'купить пластиковые окна', noise: [], verdict: 'drop', reason: 'duplicate', volume: 800, exact: null, cross_minus: [] },
        ],
        negative_keywords: { entries: [], text: '', inline_length: 0, sets: [], rejected: [], warnings: [], limits: { maxWordsInNegativePhrase: 7, maxWordLength: 35, maxKeywordWithNegativesLength: 4096, maxSharedSetsPerUser: 30, maxSharedSetsPerAdGroup: 3 } },
        addressable_volume: 5200,
        counts: { keep: 1, review: 0, drop: 1, duplicates: 1 },
      },
    },
  },
  mcp: {
    tool: 'core_clean',
    title: 'Clean a semantic core',
    description:
      'Cleans a list of search phrases (a semantic core, 1 to 10,000; more than a few hundred is better as a background task: task_create): finds implicit duplicates (same words in other forms or order), noise (free, jobs, adult, DIY, informational, reviews, second-hand, other places than `region`), gives each phrase a verdict (keep / review / drop) with its reason, and builds Direct negative keywords ready to paste plus cross-minus words. Free and local without measure. measure ["exact"] asks Wordstat the exact-form ("!w") count of each phrase (one call per distinct phrase, cached calls spend no quota, billed as keyword_search_volume): a phrase nobody types as such (0) is tagged zero_exact and dropped. Pass volumes ({phrase, volume, exact}) to pick the head of each duplicate group and get the addressable volume; a sent exact is kept and not measured.',
    effects: ASKS_THE_SOURCE,
    rows: 'phrases',
    summarize: (result) =>
      [
        `Cleaned ${total(result)} phrase${total(result) === 1 ? '' : 's'}: keep ${result.counts.keep}, review ${result.counts.review}, drop ${result.counts.drop} (${result.counts.duplicates} duplicates).`,
        ...(result.addressable_volume === null ? [] : [`Addressable volume: ${formatCount(result.addressable_volume)}.`]),
        ...exactLine(result),
        `Negative keywords: ${result.negative_keywords.entries.length} (${result.negative_keywords.entries.filter((e) => e.verdict === 'drop').length} ready to paste).`,
      ].join('\n'),
  },
  task: true,
  graphql: { field: 'coreClean' },
});

/** The summary's line on exact counts, when some are known (sent or measured). */
function exactLine(result: CleanResult): string[] {
  const known = result.phrases.filter((p) => p.exact !== null).length;
  if (known === 0) return [];
  const zero = result.phrases.filter((p) => p.noise.includes('zero_exact')).length;
  return [`Exact ("!w") counts known for ${known} phrase${known === 1 ? '' : 's'}; ${zero} nobody types as such (zero_exact).`];
}
