import { z } from 'zod';
import { fromDayNumber } from '../../domain/dates/calendar.js';
import type { DynamicsPoint, PhraseCount, RegionCount, SourceRegionNode, TopResult } from '../../domain/types.js';

/*
 * Response schemas, lenient where proto3 JSON is: int64 arrives as a string (a number is accepted too), zero
 * values and empty lists are omitted (read as 0 / []), unknown fields are ignored. Anything else that does not
 * fit is a malformed answer, reported by the caller as SOURCE_FAILED.
 */

const DAY_MS = 86_400_000;

/** int64 as proto3 JSON writes it: a decimal string; absent means 0. */
const int64 = z
  .union([z.string().regex(/^-?\d+$/, 'expected an integer string'), z.number().int()])
  .optional()
  .transform((value) => (value === undefined ? 0 : Number(value)));

/** A double; absent means 0. */
const double = z
  .number()
  .optional()
  .transform((value) => value ?? 0);

/** A positive region id, written as a string (int64) or, leniently, a number. */
const regionId = z
  .union([z.string().regex(/^\d+$/, 'expected a numeric region id'), z.number().int()])
  .transform((value) => Number(value))
  .refine((id) => id > 0 && Number.isSafeInteger(id), 'expected a positive region id');

/**
 * RFC3339 timestamp → the calendar date it stands for. Rounded to the nearest UTC midnight, so that a bucket
 * stamped at local midnight (e.g. `2025-11-30T21:00:00Z` for Moscow's 1 December) still lands on its own day.
 */
const rfc3339Date = z.string().transform((text, ctx) => {
  const ms = Date.parse(text);
  if (!/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: `expected an RFC3339 timestamp, got "${text}"` });
    return z.NEVER;
  }
  return fromDayNumber(Math.round(ms / DAY_MS));
});

const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((items) => items ?? []);

const phraseInfo = z.object({ phrase: z.string().default(''), count: int64 });

export const topResponseSchema = z.object({
  totalCount: int64,
  results: list(phraseInfo),
  associations: list(phraseInfo),
});

export const dynamicsResponseSchema = z.object({
  results: list(z.object({ date: rfc3339Date, count: int64, share: double })),
});

/** One row of GetRegionsDistribution. */
export const regionRowSchema = z.object({ region: regionId, count: int64, share: double, affinityIndex: double });

/** Rows are checked one by one (toRegionRows): one odd region id used to fail the whole answer. */
export const regionsResponseSchema = z.object({ results: list(z.unknown()) });

interface WireRegionNode {
  id: number;
  label: string;
  children: WireRegionNode[];
}

const regionNode: z.ZodType<WireRegionNode, unknown> = z.lazy(() =>
  z.object({ id: regionId, label: z.string().default(''), children: list(regionNode) }),
);

export const regionTreeResponseSchema = z.object({ regions: list(regionNode) });

const byCountDesc = (a: PhraseCount, b: PhraseCount) => b.count - a.count;

/** GetTop → domain. Sorted by count descending, as the contract promises, whatever order the wire used. */
export function toTopResult(body: z.output<typeof topResponseSchema>): TopResult {
  return {
    totalCount: body.totalCount,
    results: body.results.map((r) => ({ phrase: r.phrase, count: r.count })).sort(byCountDesc),
    associations: body.associations.map((r) => ({ phrase: r.phrase, count: r.count })).sort(byCountDesc),
  };
}

/** GetDynamics → domain points, oldest first; `share` arrives in percent and leaves as a fraction. */
export function toDynamicsPoints(body: z.output<typeof dynamicsResponseSchema>): DynamicsPoint[] {
  return body.results
    .map((r) => ({ date: r.date, count: r.count, share: r.share / 100 }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * GetRegionsDistribution → rows, and how many rows were skipped as unreadable (an odd region id, a count that is
 * not an integer). The wire `share` (of all queries in the region) is not the contract's share.
 */
export function toRegionRows(body: z.output<typeof regionsResponseSchema>): { rows: RegionCount[]; skipped: unknown[] } {
  const rows: RegionCount[] = [];
  const skipped: unknown[] = [];
  for (const raw of body.results) {
    const row = regionRowSchema.safeParse(raw);
    if (row.success) rows.push({ regionId: row.data.region, count: row.data.count, affinityIndex: row.data.affinityIndex });
    else skipped.push(raw);
  }
  return { rows, skipped };
}

/** GetRegionsTree → domain nodes (already the right shape once ids are numbers). */
export function toRegionNodes(body: z.output<typeof regionTreeResponseSchema>): SourceRegionNode[] {
  return body.regions;
}
