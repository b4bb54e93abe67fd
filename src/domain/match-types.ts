import { invalidField } from './errors.js';

/**
 * How a keyword's frequency is counted, as SEO tools name Wordstat's forms: `broad` is the bare phrase (every
 * query holding its words in any form), `phrase` the quoted phrase (only these words, any form and order),
 * `exact` every word fixed with `!` inside quotes (these words in exactly these forms), `order` the phrase in
 * brackets (these words in this order, other words allowed).
 */
export const MATCH_TYPES = ['broad', 'phrase', 'exact', 'order'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];
/** The types that cost a call of their own: broad is search_volume's own monthly call. */
export type ExtraMatchType = Exclude<MatchType, 'broad'>;
export const EXTRA_MATCH_TYPES: readonly ExtraMatchType[] = ['phrase', 'exact', 'order'];

/**
 * A match_types list → the extra types it asks for, in a fixed order (phrase, exact, order), each once. Unknown
 * values and non-strings are INVALID_FIELD naming `field[i]`; broad is always measured (search_volume is a field
 * every client of the format reads), so `["phrase"]` means broad and phrase.
 */
export function extraMatchTypes(value: readonly unknown[] | undefined, field = 'match_types'): ExtraMatchType[] {
  if (value === undefined) return [];
  const asked = new Set<MatchType>();
  value.forEach((item, i) => {
    const name = typeof item === 'string' ? item.trim().toLowerCase() : undefined;
    if (!name || !(MATCH_TYPES as readonly string[]).includes(name)) {
      throw invalidField(`${field}[${i}]`, `${field}[${i}] must be one of ${MATCH_TYPES.join(', ')}, got ${JSON.stringify(item)}`);
    }
    asked.add(name as MatchType);
  });
  return EXTRA_MATCH_TYPES.filter((type) => asked.has(type));
}

/**
 * The phrase Wordstat counts for a match type, from a keyword that holds no operator but `+` (search_volume's
 * rule). Exact match fixes every word's form with `!`, which replaces a `+` (both keep a stop word).
 */
export function matchTypePhrase(phrase: string, type: MatchType): string {
  switch (type) {
    case 'broad':
      return phrase;
    case 'phrase':
      return `"${phrase}"`;
    case 'exact':
      return `"${phrase
        .split(' ')
        .map((word) => `!${word.replace(/^\+/, '')}`)
        .join(' ')}"`;
    case 'order':
      return `[${phrase}]`;
  }
}

/** A match type's figures: its last-30-days count, and its monthly series derived from broad's. */
export interface MatchTypeFigures {
  /** The type's own count over the last 30 days (GetTop's totalCount for the wrapped phrase). */
  last30Days: number;
  /** broad's months × `ratio`, rounded; same months and order as the broad series. */
  monthly: number[];
  /** The type's share of broad over the same 30 days, applied to every month, in [0, 1]. */
  ratio: number;
}

/**
 * Monthly figures for a match type that Wordstat will not give monthly (monthly dynamics take only `+`): the
 * type's share of broad, both counted by GetTop over **the same 30 days** (`typeLast30Days ÷ broadLast30Days`),
 * applied to every broad month. Both counts come from one window, so the share does not depend on the day it is
 * asked (a share against broad's newest calendar month did: −31 % to +69 % for seasonal phrases, issue 24). The
 * share is capped at 1 and at `capRatio` (exact is capped at phrase's share when both are asked), so the derived
 * figures never exceed broad (or phrase). Broad with no demand in the window gives share 1 when the type has
 * demand (the counts disagree; broad's months are the bound) and 0 when it has none.
 */
export function deriveMatchTypeSeries(
  broadMonthly: readonly number[],
  typeLast30Days: number,
  broadLast30Days: number,
  capRatio = 1,
): MatchTypeFigures {
  const raw = broadLast30Days > 0 ? typeLast30Days / broadLast30Days : typeLast30Days > 0 ? 1 : 0;
  const ratio = Math.max(0, Math.min(1, capRatio, raw));
  return { last30Days: typeLast30Days, ratio, monthly: broadMonthly.map((count) => Math.round(count * ratio)) };
}
