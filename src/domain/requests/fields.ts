import { createBoundedMemo } from '../bounded-memo.js';
import { collapseSpaces } from '../collapse-spaces.js';
import { type ErrorReason, invalidField } from '../errors.js';
import type { RegionCatalog } from '../regions/catalog.js';
import type { Device, DeviceFilter, Period, RegionLevel } from '../types.js';

/** Longest phrase the source accepts. */
export const MAX_PHRASE_LENGTH = 400;
/** Most region codes one request may filter by. */
export const MAX_REGION_FILTER = 100;

/** Length in characters (Unicode code points), not UTF-16 units: an emoji is one character. */
export function characterCount(value: string): number {
  if (value.length <= MAX_PHRASE_LENGTH) return value.length; // never more code points than units
  let count = 0;
  for (const _ of value) count++;
  return count;
}

const LONE_SURROGATE = /\p{Surrogate}/u;
/** Control characters that whitespace collapsing leaves (NUL, ESC, DEL, the C1 range …). */
const CONTROL = /\p{Cc}/u;
/** What prints nothing: format controls (zero-width space, joiners, bidi marks, BOM), other default-ignorable
 * code points (variation selectors, Hangul fillers) and whitespace. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\s]/gu;

/**
 * Why a collapsed, non-empty phrase cannot be sent upstream (a lone surrogate, a control character, nothing
 * visible, over 400 characters), as the end of a sentence starting with the field's name; undefined when it
 * can. Such phrases used to be billed and sent, and came back as somebody's garbage.
 */
export function phraseProblem(phrase: string): string | undefined {
  return phraseProblemDetail(phrase)?.text;
}

/** phraseProblem with its stable reason and numbers, for a client's own message (ErrorReason). */
export function phraseProblemDetail(phrase: string): { text: string; reason: ErrorReason; params?: Record<string, string | number> } | undefined {
  if (LONE_SURROGATE.test(phrase)) return { text: 'holds a lone UTF-16 surrogate, which is not a character', reason: 'lone_surrogate' };
  const control = CONTROL.exec(phrase);
  if (control) {
    const code = `U+${control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return { text: `holds the control character ${code}`, reason: 'control_character', params: { character: code } };
  }
  if (phrase.replace(INVISIBLE, '') === '') return { text: 'holds only invisible characters (zero-width, format or filler)', reason: 'invisible_only' };
  if (characterCount(phrase) > MAX_PHRASE_LENGTH) return { text: `is longer than ${MAX_PHRASE_LENGTH} characters`, reason: 'too_long', params: { max: MAX_PHRASE_LENGTH } };
  return undefined;
}

/** Wordstat operators other than `+`: `!`, quotes, `[ ]`, `( )`, `|`, and `-` at the start of a word. */
const NON_PLUS_OPERATOR = /["![\]()|]|(?:^|\s)-(?=\S)/;

/**
 * Why `phrase` cannot be asked for monthly or weekly figures, or undefined: Wordstat takes only the `+` operator
 * there (its operators page; daily takes all). Caught before any call: upstream it was a refused, billed call.
 */
export function monthlyOperatorProblem(phrase: string): string | undefined {
  const found = NON_PLUS_OPERATOR.exec(phrase);
  if (!found) return undefined;
  return `holds the operator "${found[0].trim()}": monthly and weekly figures take only the + operator (daily dynamics take all)`;
}

/**
 * Phrases already found valid, raw → collapsed: a cache hit validates the same phrases on every request (and
 * again per stage), and the checks run several regular expressions. Only the value decides (`field` only names
 * it in an error, and errors are thrown, not kept); raw values over twice the limit are checked every time.
 */
const validPhrases = createBoundedMemo<string, string>(2048);

/**
 * Trims a phrase and checks it is non-empty, visible, free of control characters and lone surrogates, and at
 * most 400 characters (code points).
 */
export function normalizePhrase(value: string, field: string): string {
  if (value.length > MAX_PHRASE_LENGTH * 2) return checkedPhrase(value, field);
  return validPhrases.get(value, (raw) => checkedPhrase(raw, field));
}

/** True when `value` was already found a valid phrase: what normalizePhrase would accept, without the checks. */
export function isKnownValidPhrase(value: string): boolean {
  return validPhrases.has(value);
}

function checkedPhrase(value: string, field: string): string {
  const phrase = collapseSpaces(value);
  if (phrase.length === 0) throw invalidField(field, `${field} must not be empty`, 'empty');
  const problem = phraseProblemDetail(phrase);
  if (problem) throw invalidField(field, `${field} ${problem.text}`, problem.reason, problem.params);
  // The request's phrase, NFC (responses still echo the keyword as sent). What goes upstream is the canonical form
  // the cache key is made of (sourcePhrase: no invisible characters, lower case, ё as е), added by the gateway.
  return phrase.normalize('NFC');
}

const DEVICE_ALIASES: Record<string, Device> = {
  device_all: 'DEVICE_ALL',
  device_desktop: 'DEVICE_DESKTOP',
  device_phone: 'DEVICE_PHONE',
  device_tablet: 'DEVICE_TABLET',
  all: 'DEVICE_ALL',
  desktop: 'DEVICE_DESKTOP',
  phone: 'DEVICE_PHONE',
  mobile: 'DEVICE_PHONE',
  tablet: 'DEVICE_TABLET',
};

const SPECIFIC_DEVICES = ['DEVICE_DESKTOP', 'DEVICE_PHONE', 'DEVICE_TABLET'] as const;

/**
 * One device name or a list of them (canonical or alias, any case) → a canonical filter: sorted, unique, and
 * empty for "all devices" (DEVICE_ALL anywhere, nothing given, or every specific device named).
 */
export function normalizeDevices(value: string | readonly string[] | undefined, field = 'devices'): DeviceFilter {
  if (value === undefined) return [];
  const names = typeof value === 'string' ? [value] : value;
  const chosen = new Set<Exclude<Device, 'DEVICE_ALL'>>();
  let all = false;
  names.forEach((name, i) => {
    const device = DEVICE_ALIASES[name.trim().toLowerCase()];
    if (!device) {
      const at = typeof value === 'string' ? field : `${field}[${i}]`;
      throw invalidField(
        at,
        `${at} has unknown value "${name}"; expected one of ${Object.keys(DEVICE_ALIASES).join(', ')} (any case)`,
        'unknown_value',
        { value: name.slice(0, 40) },
      );
    }
    if (device === 'DEVICE_ALL') all = true;
    else chosen.add(device);
  });
  if (all || chosen.size === SPECIFIC_DEVICES.length) return [];
  return SPECIFIC_DEVICES.filter((d) => chosen.has(d));
}

function aliasMatcher<T extends string>(prefix: string, values: readonly T[], field: string) {
  return (value: string | undefined, fallback: T): T => {
    if (value === undefined) return fallback;
    const wanted = value.trim().toUpperCase();
    const match = values.find((v) => v === wanted || v === `${prefix}${wanted}`);
    if (!match) {
      const aliases = values.map((v) => v.slice(prefix.length).toLowerCase());
      throw invalidField(
        field,
        `${field} has unknown value "${value}"; expected one of ${[...values, ...aliases].join(', ')}`,
        'unknown_value',
        { value: value.slice(0, 40) },
      );
    }
    return match;
  };
}

/** The period of dynamics when a request names none (REST and GraphQL alike). */
export const DEFAULT_PERIOD: Period = 'PERIOD_MONTHLY';
/** The level of the regional distribution when a request names none. */
export const DEFAULT_REGION_LEVEL: RegionLevel = 'REGION_ALL';

/** PERIOD_MONTHLY / monthly (any case) …; undefined → PERIOD_MONTHLY. */
export const normalizePeriod = aliasMatcher<Period>(
  'PERIOD_',
  ['PERIOD_MONTHLY', 'PERIOD_WEEKLY', 'PERIOD_DAILY'],
  'period',
);

/** REGION_ALL / all (any case) …; undefined → REGION_ALL. */
export const normalizeRegionLevel = aliasMatcher<RegionLevel>(
  'REGION_',
  ['REGION_ALL', 'REGION_CITIES', 'REGION_REGIONS'],
  'region',
);

/**
 * Region filter → canonical form: at most 100 known codes, sorted, unique, and without codes already covered
 * by an ancestor in the same filter (Moscow inside Russia adds nothing).
 */
export function normalizeRegionFilter(
  value: readonly number[] | undefined,
  catalog: RegionCatalog,
  field = 'regions',
): number[] {
  if (value === undefined) return [];
  if (value.length > MAX_REGION_FILTER) {
    throw invalidField(field, `${field} may hold at most ${MAX_REGION_FILTER} region codes, got ${value.length}`, 'too_many', { max: MAX_REGION_FILTER });
  }
  value.forEach((id, i) => {
    if (!catalog.get(id)) throw invalidField(`${field}[${i}]`, `${field}[${i}]: unknown region code ${id}`, 'unknown_region', { value: id });
  });
  const unique = [...new Set(value)];
  const set = new Set(unique);
  return unique
    .filter((id) => !catalog.ancestors(id).some((a) => set.has(a.id)))
    .sort((a, b) => a - b);
}

/** Most phrases GetTop returns. */
export const MAX_NUM_PHRASES = 2000;
export const DEFAULT_NUM_PHRASES = 50;

/** numPhrases: 0 or absent → 50; 1–2000 kept; anything else is 400. */
export function normalizeNumPhrases(value: number | undefined, field = 'numPhrases'): number {
  if (value === undefined || value === 0) return DEFAULT_NUM_PHRASES;
  if (!Number.isInteger(value)) throw invalidField(field, `${field} must be an integer`, 'wrong_type');
  if (value < 0) throw invalidField(field, `${field} must not be negative`, 'out_of_range', { min: 0, max: MAX_NUM_PHRASES });
  if (value > MAX_NUM_PHRASES) throw invalidField(field, `${field} must be at most ${MAX_NUM_PHRASES}`, 'out_of_range', { min: 0, max: MAX_NUM_PHRASES });
  return value;
}
