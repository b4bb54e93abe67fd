import { z } from 'zod';
import { component } from './components.js';

/**
 * The answer of core_expand (POST /v2/core/expand): the collected phrases, one row per canonical phrase. Read by
 * the workbook and the explorer's Core tab as well: a row's fields are stable names, documented in
 * docs/core-expand.md.
 */
export const expandRowSchema = component(
  z.object({
    phrase: z.string().meta({ description: 'The phrase as the source (or the request, for a seed) first wrote it.' }),
    count: z.number().int().meta({ description: '30-day count (broad match) under the region filter, as the row listing it says.' }),
    source: z.enum(['seed', 'top', 'association']).meta({ description: "Where it came from: a seed, a GetTop `results` row (contains the parent), or an `associations` row (similar)." }),
    depth: z.number().int().meta({ description: '0 for a seed; n for a row of a phrase found at depth n − 1.' }),
    parent: z.string().nullable().meta({ description: 'The phrase whose GetTop listed it first (null for a seed).' }),
  }),
  'ExpandRow',
);

export const coreExpandResponseSchema = component(
  z.object({
    rows: z.array(expandRowSchema).meta({ description: 'Seeds first, then by depth, each depth strongest first.' }),
    region: z.number().int().nullable().meta({ description: 'The region filter of every call; null: all regions.' }),
    depth: z.number().int(),
    calls: z.object({
      made: z.number().int().meta({ description: 'Distinct GetTop calls the expansion asked (cached ones included).' }),
      max: z.number().int().meta({ description: 'The bound the request set (max_calls, at least one per seed).' }),
    }),
    stopped: z.enum(['done', 'max_calls', 'max_rows']).meta({ description: 'done: every phrase to the depth was expanded; else the bound that stopped it.' }),
    counts: z.object({ seed: z.number().int(), top: z.number().int(), association: z.number().int() }),
  }),
  'CoreExpandResponse',
);

/** The answer's type: the service's result must be assignable to it (core-expand.ts's run says so). */
export type CoreExpandResponse = z.output<typeof coreExpandResponseSchema>;
