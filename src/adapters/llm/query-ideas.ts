import { collapseSpaces } from '../../domain/collapse-spaces.js';
import { MAX_PHRASE_LENGTH } from '../../domain/requests/fields.js';
import { canonicalPhrase } from '../../domain/source-call.js';
import type { ChatMessage } from '../../ports/llm.js';

/**
 * The conversation asking the model, in Russian, for `count` search queries related to the seed, as
 * `{"queries": [...]}`. The seed goes in as a JSON string so quotes or line breaks in it cannot end the
 * instruction early; whatever the model answers is only ever a candidate the source must confirm.
 */
export function buildQueryIdeasMessages(seed: string, count: number): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'Ты помогаешь специалисту по поисковому маркетингу подбирать запросы для Яндекса. ' +
        'Отвечай только JSON-объектом вида {"queries": ["запрос", "запрос"]} — без пояснений, без Markdown.',
    },
    {
      role: 'user',
      content:
        `Исходный запрос: ${JSON.stringify(seed)}.\n` +
        `Предложи ${count} разных поисковых запросов на русском языке, которые люди действительно вводят в Яндекс ` +
        'и которые связаны с исходным: уточнения, синонимы, смежные товары и услуги, вопросы.\n' +
        'Правила: каждый запрос от 1 до 7 слов, строчными буквами; без кавычек, скобок и знаков + ! | ; ' +
        'без минуса перед словами; без нумерации; исходный запрос не повторяй.\n' +
        'Ответ строго в формате {"queries": ["...", "..."]}.',
    },
  ];
}

/** The structured-output schema of the answer, for servers that take `response_format: json_schema`. */
export const QUERY_IDEAS_SCHEMA = {
  name: 'queries',
  schema: {
    type: 'object',
    properties: { queries: { type: 'array', items: { type: 'string' } } },
    required: ['queries'],
    additionalProperties: false,
  },
};

/** A Markdown code fence (```json … ``` or ``` … ```), around the whole answer or inside prose. */
const FENCED = /```[a-z]*[ \t]*\r?\n?([\s\S]*?)\r?\n?```/i;

/** The JSON of an answer: the whole text, else a fenced block, else the span from the first bracket to the last. */
function jsonOf(content: string): unknown {
  const text = content.trim();
  const fenced = FENCED.exec(text)?.[1]?.trim();
  const first = text.search(/[[{]/);
  const last = Math.max(text.lastIndexOf(']'), text.lastIndexOf('}'));
  const span = first >= 0 && last > first ? text.slice(first, last + 1) : undefined;
  for (const candidate of [text, fenced, span]) {
    if (candidate === undefined || candidate === '') continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

/** Every array in a JSON value that holds at least one string (where a model may have put its list). */
function stringArrays(value: unknown, found: unknown[][] = []): unknown[][] {
  if (Array.isArray(value)) {
    if (value.some((item) => typeof item === 'string')) found.push(value);
    else for (const item of value) stringArrays(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) stringArrays(item, found);
  }
  return found;
}

/** Keys under which a model puts its list, or the query in one object of it. */
const LIST_KEYS = ['queries', 'keywords', 'phrases', 'candidates', 'suggestions', 'ideas', 'items', 'results'];
const TEXT_KEYS = ['query', 'keyword', 'phrase', 'text', 'term', 'suggestion', 'candidate', 'name'];

/** The query of one list object: under a known key, else its one string field. */
function textOf(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return undefined;
  const record = item as Record<string, unknown>;
  const named = TEXT_KEYS.map((key) => record[key]).find((v) => typeof v === 'string');
  if (named !== undefined) return named;
  const strings = Object.values(record).filter((v) => typeof v === 'string');
  return strings.length === 1 ? strings[0] : undefined;
}

/** A list of objects holding one query each (`[{"query": "…", "intent": "…"}, …]`), read as its queries. */
function objectList(value: unknown): unknown[] | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const texts = value.map(textOf);
  return texts.every((t) => t !== undefined) ? texts : undefined;
}

/**
 * The list under a known key of an object answer, read as queries: `queries` (the key asked for) wherever it
 * is; else the one known list key present (two of them, which one is meant would be a guess).
 */
function namedList(json: unknown): unknown[] | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const record = json as Record<string, unknown>;
  const present = LIST_KEYS.filter((k) => Array.isArray(record[k]));
  const key = present.includes('queries') ? 'queries' : present.length === 1 ? present[0] : undefined;
  if (key === undefined) return undefined;
  const list = record[key] as unknown[];
  if (list.some((item) => typeof item === 'string')) return list;
  return objectList(list);
}

/** A bullet, a number ("1.", "2)") or quotes around a line of a plain-text list. */
const LINE_DECORATION = /^\s*(?:[-*•–—]|\d{1,3}[.)])?\s*["'«“]?|["'»”]?\s*[,;]?\s*$/gu;

/** A plain list, one query a line, when the model answered with no JSON at all. */
function lineList(content: string): unknown[] | undefined {
  const lines = content
    .split(/\r?\n/)
    .map((line) => line.replace(LINE_DECORATION, '').trim())
    .filter((line) => line !== '' && !line.endsWith(':') && !line.startsWith('```'));
  return lines.length >= 2 ? lines : undefined;
}

/**
 * The model's list of queries, unfiltered. Models answer in many shapes: `{"queries": […]}` as asked,
 * `{"keywords": […]}`, `{"phrases": […]}`, a bare array, any of them in a code fence or after a sentence. So
 * the list is the one array of strings the answer holds, under any key or bare; failing that, the one list
 * of objects with one query each (`query`, `keyword`, `phrase`… or their one string). A list under a known key
 * (`queries`, `keywords`, `candidates`…) wins over other arrays beside it. An answer with no JSON at all is read
 * as a plain list, one query a line (bullets, numbers and quotes dropped). Several unnamed arrays (which one is
 * the list would be a guess) give undefined. Items are checked one by one afterwards (cleanQueryIdeas).
 */
export function parseQueryIdeas(content: string): unknown[] | undefined {
  const json = jsonOf(content);
  if (json === undefined) return lineList(content);
  const named = namedList(json);
  if (named) return named;
  const arrays = stringArrays(json);
  if (arrays.length === 1) return arrays[0];
  if (arrays.length > 1) return undefined;
  const places = [json, ...(typeof json === 'object' && json !== null && !Array.isArray(json) ? Object.values(json) : [])];
  const lists = places.map(objectList).filter((list) => list !== undefined);
  return lists.length === 1 ? lists[0] : undefined;
}

/**
 * Wordstat operators: `+ ! " [ ] ( ) |` anywhere, and `-` when it starts or ends a word (the minus operator,
 * `ноутбук -бу`). A hyphen inside a word (`wi-fi`, `санкт-петербург`) is ordinary text and stays.
 */
const OPERATOR = /[+!"[\]()|]|(?:^|[^\p{L}\p{N}])-|-(?:$|[^\p{L}\p{N}])/u;
const CONTROL = /\p{Cc}/u;

/**
 * The usable queries, in the model's order, at most `count`: strings only, whitespace collapsed, none empty,
 * none longer than MAX_PHRASE_LENGTH, none with Wordstat operators or control characters, no duplicates
 * (compared in canonical form, the first spelling kept) and never the seed itself.
 */
export function cleanQueryIdeas(seed: string, items: readonly unknown[], count: number): string[] {
  const seen = new Set([canonicalPhrase(seed)]);
  const kept: string[] = [];
  for (const item of items) {
    if (kept.length >= count) break;
    if (typeof item !== 'string') continue;
    const query = collapseSpaces(item);
    if (query === '' || query.length > MAX_PHRASE_LENGTH || OPERATOR.test(query) || CONTROL.test(query)) continue;
    const key = canonicalPhrase(query);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(query);
  }
  return kept;
}
