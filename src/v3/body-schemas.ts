import { LIMITS, operationInputSchema, type JsonObjectSchema } from './core-operations.js';
import { LANGUAGES, MAX_SEEDS, SORTS } from './requests.js';

/**
 * The JSON Schemas of one task of each /v3 POST route, for the face's OpenAPI document: the fields shared with
 * /v1 are the registry operations' own input schemas (operationInputSchema); the format's own fields are this
 * face's (requests.ts honours or refuses each of them).
 */

type Fields = Record<string, object>;

/** The format's request fields this face honours on every keyword task. */
const FORMAT_FIELDS: Fields = {
  language_code: { type: 'string', enum: LANGUAGES.map((l) => l.code), description: 'Echoed: Wordstat counts every query of a region whatever its language.' },
  language_name: { type: 'string', enum: LANGUAGES.map((l) => l.name), description: 'As language_code, by name.' },
  tag: { type: 'string', maxLength: LIMITS.tagLength, description: 'Your label, echoed in data and in tasks_ready.' },
  search_partners: { type: 'boolean', enum: [false], description: 'Wordstat has no partner-network figures: true is refused (40501).' },
};

/** The fields that choose months and order (search_volume, keywords_for_keywords). */
const RANGE_AND_ORDER: Fields = {
  date_from: { type: 'string', format: 'date', description: 'First month of monthly_searches, within the last 24 completed months (40501 outside).' },
  date_to: { type: 'string', format: 'date', description: 'Last month of monthly_searches, at most the last completed month (40501 outside).' },
  sort_by: { type: 'string', enum: [...SORTS], default: 'relevance', description: 'Largest first; the bid sorts are refused (no bids).' },
};

/** task_post's notification URLs (the task service's: http or https, public hosts only; $id and $tag substituted). */
const NOTIFICATIONS: Fields = {
  postback_url: { type: 'string', format: 'uri', description: 'Receives a POST of the task_get body when the task ends.' },
  pingback_url: { type: 'string', format: 'uri', description: 'Receives a GET when the task ends.' },
};

const pick = (schema: JsonObjectSchema, names: readonly string[]): Fields =>
  Object.fromEntries(names.flatMap((name) => (schema.properties[name] ? [[name, schema.properties[name]]] : [])));

const objectOf = (properties: Fields, required: string[]): JsonObjectSchema => ({ type: 'object', properties, required });

/** One search_volume task (live or task_post). */
export function searchVolumeBody(mode: 'live' | 'task'): JsonObjectSchema {
  const shared = pick(operationInputSchema('search_volume', mode), ['keywords', 'match_types', 'history_months', 'location_code', 'location_name']);
  return objectOf({ ...shared, ...FORMAT_FIELDS, ...RANGE_AND_ORDER, ...(mode === 'task' ? NOTIFICATIONS : {}) }, ['keywords']);
}

/** The seeds of a keywords_for_keywords or keyword_ideas task: each as suggestions' keyword. */
function seedsField(max: number): object {
  const keyword = operationInputSchema('suggestions', 'live').properties.keyword ?? { type: 'string' };
  return { type: 'array', items: keyword, minItems: 1, maxItems: max };
}

/** One keywords_for_keywords task (live: up to MAX_SEEDS seeds; task_post: one). */
export function keywordsForKeywordsBody(mode: 'live' | 'task'): JsonObjectSchema {
  const location = pick(operationInputSchema('search_volume', 'live'), ['location_code', 'location_name']);
  const notifications = mode === 'task' ? NOTIFICATIONS : {};
  return objectOf({ keywords: seedsField(mode === 'task' ? 1 : MAX_SEEDS), ...location, ...FORMAT_FIELDS, ...RANGE_AND_ORDER, ...notifications }, ['keywords']);
}

/** One Labs task: a seed `keyword` (or `keywords`, keyword_ideas) and suggestions' `limit`, plus the route's own fields. */
export function labsBody(seeds: 'keyword' | 'keywords', extra: Fields = {}): JsonObjectSchema {
  const suggestions = operationInputSchema('suggestions', 'live');
  const seed = seeds === 'keyword' ? pick(suggestions, ['keyword']) : { keywords: seedsField(MAX_SEEDS) };
  const location = pick(operationInputSchema('search_volume', 'live'), ['location_code', 'location_name']);
  return objectOf({ ...seed, ...pick(suggestions, ['limit']), ...location, ...FORMAT_FIELDS, ...extra }, [seeds]);
}

/** One Yandex organic SERP task (live or task_post): the serp operation's phrase (as `keyword`), device and depth, and a location. */
export function serpOrganicBody(mode: 'live' | 'task'): JsonObjectSchema {
  const serp = operationInputSchema('serp', mode);
  const location = pick(operationInputSchema('search_volume', 'live'), ['location_code', 'location_name']);
  const keyword = serp.properties.phrase ?? { type: 'string' };
  const notifications = mode === 'task' ? NOTIFICATIONS : {};
  return objectOf({ keyword, ...location, ...pick(serp, ['device', 'depth']), language_code: FORMAT_FIELDS.language_code!, language_name: FORMAT_FIELDS.language_name!, tag: FORMAT_FIELDS.tag!, ...notifications }, ['keyword']);
}

/** One Labs search_intent task: core_intent's phrases (as `keywords`), an optional location (default core_intent's region). */
export function searchIntentBody(): JsonObjectSchema {
  const intent = operationInputSchema('core_intent', 'live');
  const location = pick(operationInputSchema('search_volume', 'live'), ['location_code', 'location_name']);
  const keywords = intent.properties.phrases ?? { type: 'array' };
  return objectOf({ keywords, ...location, language_code: FORMAT_FIELDS.language_code!, language_name: FORMAT_FIELDS.language_name!, tag: FORMAT_FIELDS.tag! }, ['keywords']);
}
