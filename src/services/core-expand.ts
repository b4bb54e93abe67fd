import { MAX_NUM_PHRASES } from '../domain/requests/fields.js';
import { canonicalPhrase, type SourceCall } from '../domain/source-call.js';
import type { PhraseCount, TopQuery } from '../domain/types.js';
import { DEFAULT_SOURCE_CONCURRENCY, type ServiceContext } from './context.js';
import { mapWithConcurrency } from './search-volume.js';
import { getTop } from './top.js';

/**
 * Collecting a niche from seeds (issue 27, §1): GetTop of each seed (up to 2,000 `results` and `associations`),
 * then, for depth > 1, GetTop of the phrases found, strongest first, until max_calls. One row per canonical phrase
 * (canonicalPhrase: what the cache key compares), so no (phrase, region) GetTop is asked twice in a request, and
 * a second request finds them all in the cache.
 */

export interface ExpandParams {
  /** Seeds, already validated phrases (1–100). */
  seeds: readonly string[];
  /** Region filter of every call ([] = all regions), checked against the catalogue. */
  regions: readonly number[];
  depth: number;
  minVolume: number;
  /** Most GetTop calls of the whole expansion, the seeds' included (at least one per distinct seed). */
  maxCalls: number;
}

export type ExpandSource = 'seed' | 'top' | 'association';

export interface ExpandRow {
  phrase: string;
  count: number;
  source: ExpandSource;
  depth: number;
  parent: string | null;
}

export interface ExpandResult {
  rows: ExpandRow[];
  region: number | null;
  depth: number;
  calls: { made: number; max: number };
  stopped: 'done' | 'max_calls' | 'max_rows';
  counts: Record<ExpandSource, number>;
}

/**
 * Most rows one expansion keeps: 2,000 calls × (2,000 results + 2,000 associations) could be millions, more than a
 * specialist's core (tens of thousands) or a workbook holds. Past it the expansion stops and says so.
 */
export const MAX_EXPAND_ROWS = 100_000;

/** The GetTop query of one phrase of an expansion: the most rows GetTop gives, the request's region filter. */
export const expandTopQuery = (phrase: string, regions: readonly number[]): TopQuery => ({
  phrase,
  numPhrases: MAX_NUM_PHRASES,
  regions: [...regions],
  devices: [],
});

/** The seeds, one per canonical phrase, in the order sent (the first spelling is the one shown). */
export function distinctSeeds(seeds: readonly string[]): string[] {
  const seen = new Set<string>();
  return seeds.filter((seed) => {
    const key = canonicalPhrase(seed);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/**
 * Stands for one GetTop call whose phrase is known only after the calls before it answer (depth > 1): its phrase
 * holds a control character, which no request's phrase may (normalizePhrase refuses them), so it is never a real
 * call's key, never in a cache, and counts as uncached. The plan is then an upper bound: max_calls.
 */
const laterCall = (n: number, regions: readonly number[]): SourceCall => ({
  method: 'top',
  query: expandTopQuery(`\u0001core_expand later call ${n}`, regions),
});

/**
 * The calls an expansion may make, before any: one GetTop per distinct seed (a cached one is discounted by the
 * live plan, as every operation's is), and for depth > 1 as many more as max_calls leaves.
 */
export function expandCalls(params: ExpandParams): SourceCall[] {
  const seeds = distinctSeeds(params.seeds).map((seed): SourceCall => ({ method: 'top', query: expandTopQuery(seed, params.regions) }));
  if (params.depth <= 1) return seeds;
  const later = Math.max(0, params.maxCalls - seeds.length);
  return [...seeds, ...Array.from({ length: later }, (_, i) => laterCall(i + 1, params.regions))];
}

const strongestFirst = (a: ExpandRow, b: ExpandRow) => b.count - a.count || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0);

/** Runs the expansion: breadth first, each depth's phrases strongest first, within max_calls and MAX_EXPAND_ROWS. */
export async function expandCore(ctx: ServiceContext, params: ExpandParams): Promise<ExpandResult> {
  const concurrency = ctx.concurrency ?? DEFAULT_SOURCE_CONCURRENCY;
  const rows: ExpandRow[] = [];
  const known = new Map<string, ExpandRow>();
  let made = 0;
  let stopped: ExpandResult['stopped'] = 'done';

  const add = (row: ExpandRow): ExpandRow | undefined => {
    const key = canonicalPhrase(row.phrase);
    if (known.has(key)) return undefined;
    if (rows.length >= MAX_EXPAND_ROWS) {
      stopped = 'max_rows';
      return undefined;
    }
    known.set(key, row);
    rows.push(row);
    return row;
  };

  const ask = (phrase: string) => {
    made++;
    return getTop(ctx, { phrase, numPhrases: MAX_NUM_PHRASES, regions: params.regions });
  };

  // Depth 0: the seeds, each with its own total; their GetTop answers are depth 1's rows.
  const seeds = distinctSeeds(params.seeds);
  const seedTops = await mapWithConcurrency(seeds, concurrency, ask);
  let parents = seeds.map((seed, i) => ({ row: add({ phrase: seed, count: seedTops[i]!.totalCount, source: 'seed', depth: 0, parent: null })!, top: seedTops[i]! }));

  for (let depth = 1; depth <= params.depth; depth++) {
    const found: ExpandRow[] = [];
    for (const { row: parent, top } of parents) {
      const listed: [ExpandSource, readonly PhraseCount[]][] = [['top', top.results], ['association', top.associations]];
      for (const [source, list] of listed) {
        for (const item of list) {
          if (item.count < params.minVolume) continue;
          const row = add({ phrase: item.phrase, count: item.count, source, depth, parent: parent.phrase });
          if (row) found.push(row);
        }
      }
    }
    if (depth === params.depth || rows.length >= MAX_EXPAND_ROWS) break;
    // The next depth: the phrases found here, strongest first, as many as the calls left allow.
    const next = found.sort(strongestFirst);
    const left = params.maxCalls - made;
    if (next.length > left) stopped = 'max_calls';
    const chosen = next.slice(0, Math.max(0, left));
    if (chosen.length === 0) break;
    const tops = await mapWithConcurrency(chosen, concurrency, (row) => ask(row.phrase));
    parents = chosen.map((row, i) => ({ row, top: tops[i]! }));
  }

  const counts: Record<ExpandSource, number> = { seed: 0, top: 0, association: 0 };
  for (const row of rows) counts[row.source]++;
  // Seeds as sent, then each depth strongest first (a parent's rows were added in the order parents were asked).
  const ordered = [...rows.filter((r) => r.depth === 0), ...rows.filter((r) => r.depth > 0).sort((a, b) => a.depth - b.depth || strongestFirst(a, b))];
  return { rows: ordered, region: params.regions[0] ?? null, depth: params.depth, calls: { made, max: params.maxCalls }, stopped, counts };
}
