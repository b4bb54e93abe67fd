import { z } from 'zod';
import { invalidField } from '../errors.js';
import { collapseSpaces } from '../collapse-spaces.js';
import { isKnownValidPhrase, normalizePhrase, phraseProblem } from './fields.js';
import { integerField, stringField, textField } from './parse.js';
import { MATCH_TYPES } from '../match-types.js';

/** Most keywords one search_volume request may hold. */
export const MAX_KEYWORDS = 100;
/** Most keywords one search_volume task may hold (a task waits for the budget; the live route cannot). */
export const MAX_TASK_KEYWORDS = 10_000;
/** search_volume echoes this language_code when none is sent. */
export const DEFAULT_LANGUAGE_CODE = 'ru';
/** Suggestions limit: default and bounds (decisions.md: an integer 1..100, anything else is 400). */
export const DEFAULT_SUGGESTIONS_LIMIT = 50;
export const MAX_SUGGESTIONS_LIMIT = 100;

/**
 * A keyword field: a string that is non-empty after trimming, visible, without control characters and at most
 * 400 characters. Validated, not transformed: responses echo the keyword exactly as sent. A keyword already
 * found valid skips the checks (every cache hit sends the same keywords again).
 */
const keywordField = (name: string) =>
  stringField(name)
    .refine((value) => isKnownValidPhrase(value) || collapseSpaces(value).length > 0, { error: 'must not be empty (or only spaces)' })
    .superRefine((value, ctx) => {
      if (isKnownValidPhrase(value)) return;
      const phrase = collapseSpaces(value);
      const problem = phrase.length > 0 ? phraseProblem(phrase) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/**
 * location_code: no default here (the services default to 2643, Russia), so a body that also names a
 * location_name can be told from one that sends only the name.
 */
const locationCodeField = integerField('location_code').optional();

/** Longest location_name: the format's comma form ("Moscow,Moscow,Russia") with room to spare. */
const MAX_LOCATION_NAME_LENGTH = 200;

/** location_name: the format's other way to name a location, resolved through the region search. */
const locationNameField = textField('location_name', MAX_LOCATION_NAME_LENGTH).optional();

/** The keywords list of at most `max` keywords. */
const keywordsField = (max: number) =>
  z
    .array(keywordField('each keyword'), {
      error: (issue) => (issue.input === undefined ? 'keywords is required' : 'keywords must be an array of strings'),
    })
    .min(1, { error: `keywords must hold 1 to ${max} keywords, got none` })
    .max(max, {
      error: (issue) => `keywords must hold 1 to ${max} keywords, got ${(issue.input as unknown[]).length}`,
    });

/** Longest language_code echoed (codes are 2–5 characters; this leaves room for odd ones). */
const MAX_LANGUAGE_CODE_LENGTH = 35;

/** match_types: a list of broad, phrase, exact, order (broad is always measured). */
const matchTypesField = z
  .array(z.enum(MATCH_TYPES, { error: `each match type must be one of ${MATCH_TYPES.join(', ')}` }), {
    error: 'match_types must be an array of strings',
  })
  .max(MATCH_TYPES.length * 2, { error: `match_types must hold at most ${MATCH_TYPES.length * 2} values` })
  .optional();

/** history_months: 12 (default) or 24. */
const historyMonthsField = z
  .union([z.literal(12), z.literal(24)], { error: 'history_months must be 12 or 24' })
  .optional();

/** POST /v1/keywords/search_volume body (errors name the field, e.g. `keywords[3]`). */
export const searchVolumeRequestSchema = z.object({
  keywords: keywordsField(MAX_KEYWORDS),
  location_code: locationCodeField,
  location_name: locationNameField,
  language_code: textField('language_code', MAX_LANGUAGE_CODE_LENGTH).default(DEFAULT_LANGUAGE_CODE),
  match_types: matchTypesField,
  history_months: historyMonthsField,
});

/** The same body posted as a task: up to MAX_TASK_KEYWORDS keywords. */
export const searchVolumeTaskRequestSchema = searchVolumeRequestSchema.extend({ keywords: keywordsField(MAX_TASK_KEYWORDS) });

/** POST /v1/keywords/suggestions body. language_code is accepted for compatibility and not used. */
export const suggestionsRequestSchema = z.object({
  keyword: keywordField('keyword'),
  limit: integerField('limit')
    .min(1, { error: `limit must be between 1 and ${MAX_SUGGESTIONS_LIMIT}` })
    .max(MAX_SUGGESTIONS_LIMIT, { error: `limit must be between 1 and ${MAX_SUGGESTIONS_LIMIT}` })
    .default(DEFAULT_SUGGESTIONS_LIMIT),
  location_code: locationCodeField,
  location_name: locationNameField,
  language_code: textField('language_code', MAX_LANGUAGE_CODE_LENGTH).optional(),
});

/** POST /v1/keywords/locations body: no location_code; language_code accepted and not used. */
export const locationsRequestSchema = z.object({
  keyword: keywordField('keyword'),
  language_code: textField('language_code', MAX_LANGUAGE_CODE_LENGTH).optional(),
});

/**
 * The same rules for callers that do not come through the schemas (GraphQL): 1..100 keywords, each trimmed,
 * non-empty and at most 400 characters. Returns the normalised phrases, index for index; errors name
 * `field[i]`. Wordstat operators are kept: a keyword written with them is measured as its form (keyword-form.ts),
 * and only the source judges their syntax (issue 24, item 4).
 */
export function normalizeKeywords(values: readonly string[], field = 'keywords', max = MAX_KEYWORDS): string[] {
  if (values.length < 1 || values.length > max) {
    throw invalidField(field, `${field} must hold 1 to ${max} keywords, got ${values.length}`);
  }
  return values.map((value, i) => normalizePhrase(value, `${field}[${i}]`));
}

/** Suggestions limit: absent → 50; an integer 1..100 kept; anything else is INVALID_FIELD. */
export function normalizeSuggestionsLimit(value: number | undefined, field = 'limit'): number {
  if (value === undefined) return DEFAULT_SUGGESTIONS_LIMIT;
  if (!Number.isInteger(value) || value < 1 || value > MAX_SUGGESTIONS_LIMIT) {
    throw invalidField(field, `${field} must be an integer between 1 and ${MAX_SUGGESTIONS_LIMIT}, got ${value}`);
  }
  return value;
}
