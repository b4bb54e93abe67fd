import { z } from 'zod';
import { cleanCoreInSlices, type CleanResult, type CorePhraseInput } from '../domain/core/clean.js';
import { DomainError, invalidField } from '../domain/errors.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { integerField, textField } from '../domain/requests/parse.js';
import type { ServiceContext } from '../services/context.js';
import { createSlicer } from '../services/loop-slicer.js';
import { DEFAULT_LIMITS, defineOperation, type OperationLimits } from './operation.js';
import { coreCleanResponseSchema } from './schemas/core-clean.js';
import { formatCount } from './summary-text.js';
import { READS_LOCAL } from './tool-effects.js';

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

/** The measures a client may ask for; `exact` is accepted by the schema and refused by the plan until it is offered. */
const MEASURES = ['exact'] as const;

export const coreCleanRequestSchema = z.object({
  phrases: z
    .array(corePhraseItem, { error: (issue) => (issue.input === undefined ? 'phrases is required' : 'phrases must be an array') })
    .min(1, { error: `phrases must hold 1 to ${maxPhrases} phrases, got none` })
    .max(maxPhrases, { error: (issue) => `phrases must hold 1 to ${maxPhrases} phrases, got ${(issue.input as unknown[]).length}` }),
  region: integerField('region').optional(),
  measure: z.array(z.enum(MEASURES, { error: `each measure must be one of ${MEASURES.join(', ')}` }), { error: 'measure must be an array' }).max(MEASURES.length).optional(),
});
type CoreCleanRequest = z.output<typeof coreCleanRequestSchema>;

/** The request's region and measures, checked against the catalogue: never silently another region. */
export function checkCoreRequest(input: Pick<CoreCleanRequest, 'region' | 'measure'>, catalog: RegionCatalog): void {
  if (input.region !== undefined && !catalog.get(input.region)) {
    throw invalidField('region', `region ${input.region} is not in the region catalogue (find codes with region_search)`, 'unknown_region', { region: input.region });
  }
  if (input.measure?.includes('exact')) {
    throw invalidField(
      'measure',
      'measure ["exact"] is not offered yet: send volumes with the phrases (from search_volume with match_types ["exact"]) and clean without measure',
      'unknown_value',
    );
  }
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
  const phrases: CorePhraseInput[] = input.phrases.map((item) => (typeof item === 'string' ? { phrase: item } : { phrase: item.phrase, volume: item.volume ?? null }));
  return cleanPhrases(phrases, input.region, ctx);
}

const requestExample = { phrases: [{ phrase: 'купить пластиковые окна', volume: 5200 }, { phrase: 'окна пластиковые купить', volume: 800 }, 'пластиковые окна своими руками', 'пластиковые окна бесплатно'], region: 213 };

/** Phrases cleaned (the MCP answer's `phrases` may be cut to its `limit`). */
const total = (result: CleanResult) => result.counts.keep + result.counts.review + result.counts.drop;

/** Cleans a semantic core: CPU only (morphology and word lists), no source call, so free. */
export const coreCleanOperation = defineOperation({
  name: 'core_clean',
  title: 'Clean a semantic core',
  description: 'Cleans 1 to 10,000 search phrases: implicit duplicates, noise classes, verdicts, Direct negative keywords; free, no upstream call',
  fields: {
    phrases: `1 to ${maxPhrases.toLocaleString('en-US')} phrases: strings, or objects {phrase, volume?} (a known volume makes the highest-volume phrase the head of its duplicates and counts into addressable_volume; GraphQL takes strings only).`,
    region: 'Optional region code of the catalogue (find codes with region_search): places outside it are noise. Unknown codes are refused.',
    measure: 'Optional ["exact"]: not offered yet (refused with 400); send exact volumes yourself instead.',
  },
  input: coreCleanRequestSchema,
  output: coreCleanResponseSchema,
  limits: coreLimits,
  price: 'free',
  // No source call: the plan only checks what needs the catalogue, before any work (every face, tasks included).
  plan: (input, ctx) => {
    checkCoreRequest(input, ctx.catalog);
    return [];
  },
  run: (input, ctx) => clean(input, ctx),
  rest: {
    path: '/v2/core/clean',
    family: 'v2',
    summary: 'Cleans 1 to 10,000 search phrases (duplicates, noise, verdicts, negative keywords); free, no upstream call',
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
      'Cleans a list of search phrases (a semantic core, 1 to 10,000; more than a few hundred is better as a background task: task_create): finds implicit duplicates (same words in other forms or order), noise (free, jobs, adult, DIY, informational, reviews, second-hand, other places than `region`), gives each phrase a verdict (keep / review / drop) with its reason, and builds Direct negative keywords ready to paste plus cross-minus words. Free: runs locally, no Wordstat call. Pass volumes ({phrase, volume}) to pick the head of each duplicate group and get the addressable volume.',
    effects: READS_LOCAL,
    rows: 'phrases',
    summarize: (result) =>
      [
        `Cleaned ${total(result)} phrase${total(result) === 1 ? '' : 's'}: keep ${result.counts.keep}, review ${result.counts.review}, drop ${result.counts.drop} (${result.counts.duplicates} duplicates).`,
        ...(result.addressable_volume === null ? [] : [`Addressable volume: ${formatCount(result.addressable_volume)}.`]),
        `Negative keywords: ${result.negative_keywords.entries.length} (${result.negative_keywords.entries.filter((e) => e.verdict === 'drop').length} ready to paste).`,
      ].join('\n'),
  },
  task: true,
  graphql: { field: 'coreClean' },
});
