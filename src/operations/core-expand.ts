import { expandTable } from './tables.js';
import { z } from 'zod';
import { invalidField } from '../domain/errors.js';
import { MAX_NUM_PHRASES, normalizePhrase } from '../domain/requests/fields.js';
import { integerField, stringField } from '../domain/requests/parse.js';
import type { ServiceContext } from '../services/context.js';
import { distinctSeeds, expandCalls, expandCore, type ExpandParams, type ExpandResult } from '../services/core-expand.js';
import { DEFAULT_LIMITS, defineOperation, type OperationLimits } from './operation.js';
import { type CoreExpandResponse, coreExpandResponseSchema } from './schemas/core-expand.js';
import { formatCount, numberedLines } from './summary-text.js';
import { ASKS_THE_SOURCE } from './tool-effects.js';

/** 1 to 100 seeds live and as a task: the one place the bound is written (the schema reads it). */
const limits: OperationLimits = { ...DEFAULT_LIMITS, items: { live: 100, task: 100 } };
const maxSeeds = limits.items!.live;
/** Depths a request may ask: 1 (the seeds' GetTop) to 3. */
const MAX_DEPTH = 3;
/** max_calls: the default, and the most one request may set (a task's; live requests are bound by limits.calls). */
const DEFAULT_MAX_CALLS = 20;
const MAX_CALLS = 2_000;

const bounded = (name: string, min: number, max?: number) => {
  const range = max === undefined ? `at least ${min}` : `${min} to ${max.toLocaleString('en-US')}`;
  const field = integerField(name).min(min, { error: `${name} must be ${range}` });
  return max === undefined ? field : field.max(max, { error: `${name} must be ${range}` });
};

export const coreExpandRequestSchema = z.object({
  seeds: z
    .array(stringField('each seed'), { error: (issue) => (issue.input === undefined ? 'seeds is required' : 'seeds must be an array') })
    .min(1, { error: `seeds must hold 1 to ${maxSeeds} phrases, got none` })
    .max(maxSeeds, { error: (issue) => `seeds must hold 1 to ${maxSeeds} phrases, got ${(issue.input as unknown[]).length}` }),
  region: integerField('region').optional(),
  depth: bounded('depth', 1, MAX_DEPTH).optional(),
  min_volume: bounded('min_volume', 0).optional(),
  max_calls: bounded('max_calls', 1, MAX_CALLS).optional(),
});
type CoreExpandRequest = z.output<typeof coreExpandRequestSchema>;

/**
 * The request's parameters, checked where the schema cannot: each seed a phrase the source takes, the region in
 * the catalogue (never silently another), max_calls at least one per distinct seed. Before any call.
 */
function paramsOf(input: CoreExpandRequest, ctx: ServiceContext): ExpandParams {
  const seeds = input.seeds.map((seed, i) => normalizePhrase(seed, `seeds[${i}]`));
  if (input.region !== undefined && !ctx.catalog.get(input.region)) {
    throw invalidField('region', `region ${input.region} is not in the region catalogue (find codes with region_search)`, 'unknown_region', { region: input.region });
  }
  const distinct = distinctSeeds(seeds).length;
  if (input.max_calls !== undefined && input.max_calls < distinct) {
    throw invalidField('max_calls', `max_calls ${input.max_calls} is below the ${distinct} distinct seeds: each seed is one GetTop call`, 'out_of_range', { min: distinct, max: MAX_CALLS });
  }
  return {
    seeds,
    regions: input.region === undefined ? [] : [input.region],
    depth: input.depth ?? 1,
    minVolume: input.min_volume ?? 0,
    // Absent: 20, or one per seed when there are more seeds (a list of seeds is always asked whole).
    maxCalls: input.max_calls ?? Math.max(DEFAULT_MAX_CALLS, distinct),
  };
}

/** Phrases collected (the MCP answer's `rows` may be cut to its `limit`). */
const total = (result: ExpandResult) => result.counts.seed + result.counts.top + result.counts.association;

const requestExample = { seeds: ['детский велосипед'], region: 213, depth: 2, min_volume: 10, max_calls: 20 };

/** Collects a niche from seeds: GetTop of each seed, then of the phrases found, within max_calls; priced as top calls. */
export const coreExpandOperation = defineOperation({
  name: 'core_expand',
  title: 'Collect a semantic core from seeds',
  description: 'Every related phrase the source gives for 1 to 100 seeds (GetTop results and associations, depth 1 to 3), deduplicated, with count, source, depth and parent',
  fields: {
    seeds: `1 to ${maxSeeds} seed phrases (a phrase repeated in another case or spelling is asked once).`,
    region: 'Optional region code of the catalogue (find codes with region_search): every call is filtered by it; absent: all regions. Unknown codes are refused.',
    depth: `1 to ${MAX_DEPTH}, default 1: 1 lists the seeds' GetTop; 2 and 3 ask GetTop of the phrases found too, strongest first.`,
    min_volume: 'Integer ≥ 0, default 0: phrases counted below it are neither listed nor expanded (seeds are always listed).',
    max_calls: `1 to ${MAX_CALLS.toLocaleString('en-US')}, default ${DEFAULT_MAX_CALLS} (or one per seed when more): the most GetTop calls, the seeds' included. The plan counts it whole for depth > 1 (an upper bound); a live request over the per-request call limit goes to a task.`,
  },
  input: coreExpandRequestSchema,
  output: coreExpandResponseSchema,
  limits,
  price: 'source',
  // The seeds' calls (each up to MAX_NUM_PHRASES rows), and for depth > 1 up to max_calls in all: before any call.
  plan: (input, ctx) => expandCalls(paramsOf(input, ctx)),
  // Typed as the schema's answer: a service result that drifts from the documented schema does not compile.
  run: (input, ctx): Promise<CoreExpandResponse> => expandCore(ctx, paramsOf(input, ctx)),
  rest: {
    path: '/v2/core/expand',
    table: expandTable,
    family: 'v2',
    summary: `Collects related phrases for 1 to ${maxSeeds} seeds (GetTop results and associations, up to ${MAX_NUM_PHRASES} a call, depth 1 to ${MAX_DEPTH}); each GetTop call priced as /v2/stats/top`,
    docs: {
      response: coreExpandResponseSchema,
      requestExample,
      responseExample: {
        rows: [
          { phrase: 'детский велосипед', count: 120000, source: 'seed', depth: 0, parent: null },
          { phrase: 'детский велосипед купить', count: 31000, source: 'top', depth: 1, parent: 'детский велосипед' },
          { phrase: 'детский самокат', count: 54000, source: 'association', depth: 1, parent: 'детский велосипед' },
        ],
        region: 213,
        depth: 2,
        calls: { made: 20, max: 20 },
        stopped: 'max_calls',
        counts: { seed: 1, top: 1, association: 1 },
      },
    },
  },
  mcp: {
    tool: 'core_expand',
    title: 'Collect a semantic core from seeds',
    description:
      'Collects a niche for a semantic core: for 1 to 100 seed phrases, every related query Yandex Wordstat lists (queries containing the seed and similar queries, up to 2,000 each), and with depth 2–3 the same for the phrases found, strongest first, within max_calls (default 20). One row per phrase with its 30-day count, where it came from (seed / top / association), depth and parent. Each GetTop call is billed like wordstat_top; large expansions are better as a background task (task_create). Then clean the rows with core_clean.',
    effects: ASKS_THE_SOURCE,
    rows: 'rows',
    summarize: (result) =>
      [
        `Collected ${total(result)} phrase${total(result) === 1 ? '' : 's'} (${result.counts.seed} seeds, ${result.counts.top} containing, ${result.counts.association} similar) with ${result.calls.made} GetTop call${result.calls.made === 1 ? '' : 's'}${result.stopped === 'done' ? '' : `; stopped by ${result.stopped}`}.`,
        ...numberedLines(result.rows, (row) => `${row.phrase} — ${formatCount(row.count)} (${row.source}, depth ${row.depth})`),
      ].join('\n'),
  },
  task: true,
  graphql: { field: 'coreExpand' },
});
