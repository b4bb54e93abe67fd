import { z } from 'zod';
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

/** The answer's required shape; items are checked one by one afterwards (a bad item is junk, not a bad answer). */
const answerSchema = z.object({ queries: z.array(z.unknown()) });

/** A Markdown code fence around the whole answer (```json … ``` or ``` … ```), as chatty models add. */
const FENCED = /^```[a-z]*[ \t]*\r?\n?([\s\S]*?)\r?\n?```$/i;

/**
 * The model's list of queries, unfiltered: the content must be exactly a JSON object with a `queries` array,
 * optionally wrapped in one code fence. Anything else (prose, a bare array, a truncated object) gives
 * undefined: the model did not follow the format and there is nothing safe to take from it.
 */
export function parseQueryIdeas(content: string): unknown[] | undefined {
  let text = content.trim();
  const fenced = FENCED.exec(text);
  if (fenced) text = fenced[1]!.trim();
  if (!text.startsWith('{')) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = answerSchema.safeParse(json);
  return parsed.success ? parsed.data.queries : undefined;
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
    const query = item.replace(/\s+/g, ' ').trim();
    if (query === '' || query.length > MAX_PHRASE_LENGTH || OPERATOR.test(query) || CONTROL.test(query)) continue;
    const key = canonicalPhrase(query);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(query);
  }
  return kept;
}
