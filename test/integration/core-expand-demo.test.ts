import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CITY_ALIASES, CITY_NAMES } from '../../src/adapters/demo/vocabulary.js';
import { createTestApp, post } from '../support/app.js';

/*
 * Issue 27, section 4: on the demo source, expanding a seed gives plausible related phrases of its topic (no
 * phrase holds two things that exclude each other) with believable noise among them, so that core_clean has
 * something to find. The contradictions are written here from what a specialist knows, not from the model's
 * own rule lists or its output.
 */

/** Two sides no one query holds together (each side: words or word sequences, as people type them). */
const CONTRADICTIONS: readonly (readonly [name: string, a: readonly string[], b: readonly string[]])[] = [
  ['second-hand and new', ['бу', 'б/у'], ['новый', 'новые', 'новая', 'новое']],
  ['free and paid', ['бесплатно'], ['купить', 'цена', 'стоимость', 'недорого', 'дешево', 'в кредит', 'в рассрочку', 'со скидкой', 'распродажа', 'акции', 'оптом']],
  ['buying and renting', ['купить'], ['аренда', 'напрокат', 'прокат']],
  ['making it yourself and buying one', ['своими руками'], ['купить', 'цена', 'недорого', 'дешево', 'бу', 'авито', 'интернет магазин', 'где купить', 'как выбрать', 'какой выбрать', 'в кредит']],
  ['second-hand and a new-goods shop or credit', ['бу', 'авито'], ['вайлдберриз', 'озон', 'яндекс маркет', 'производитель', 'распродажа', 'в кредит', 'в рассрочку']],
  ["a children's product for grown-ups", ['детский', 'детские', 'детская', 'детское'], ['для мужчин', 'для женщин', 'мужской', 'женский']],
];

/** Groups of which one query names at most one: cities (the demo's city names and their other spellings), marketplaces. */
const AT_MOST_ONE: readonly (readonly [name: string, members: readonly string[]])[] = [
  ['two cities', [...CITY_NAMES.map(([name]) => name), ...CITY_ALIASES.map(([name]) => name)]],
  ['two marketplaces', ['авито', 'озон', 'вайлдберриз', 'яндекс маркет']],
];

/** Whether `phrase` holds `words` as whole words, in order. */
const holds = (phrase: string, words: string) => ` ${phrase} `.includes(` ${words} `);

interface Row {
  phrase: string;
  count: number;
  depth: number;
}

describe('core_expand on the demo source', { timeout: 120_000 }, () => {
  const app = createTestApp({}, { SOURCE: 'demo' });
  let rows: Row[];

  beforeAll(async () => {
    const answer = await post(app, '/v2/core/expand', { seeds: ['детский велосипед'], depth: 2, max_calls: 20 });
    expect(answer.status, answer.text).toBe(200);
    rows = answer.json.rows;
  });
  afterAll(() => app.close());

  it('lists phrases of the seed\'s topic, none of them contradicting itself', () => {
    expect(rows.length).toBeGreaterThan(1000);
    // Of its topic: every related phrase names a kind of wheels, as the seed does.
    const topic = /велосип|самокат|ролик|гироскутер|скейт|беговел|моноколес|велошлем/;
    expect(rows.filter((r) => !topic.test(r.phrase)).map((r) => r.phrase)).toEqual([]);
    const found: string[] = [];
    for (const { phrase } of rows) {
      for (const [name, a, b] of CONTRADICTIONS) {
        if (a.some((w) => holds(phrase, w)) && b.some((w) => holds(phrase, w))) found.push(`${name}: ${phrase}`);
      }
      for (const [name, members] of AT_MOST_ONE) {
        if (members.filter((m) => holds(phrase, m)).length > 1) found.push(`${name}: ${phrase}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('holds believable noise: core_clean finds at least 3 noise classes among the seed\'s own related phrases', async () => {
    const near = rows.filter((r) => r.depth <= 1);
    const cleaned = await post(app, '/v2/core/clean', { phrases: near.map((r) => ({ phrase: r.phrase, volume: r.count })), region: 213 });
    expect(cleaned.status, cleaned.text).toBe(200);
    const classes = new Set((cleaned.json.phrases as { noise: string[] }[]).flatMap((p) => p.noise));
    expect(classes.size, [...classes].join(', ')).toBeGreaterThanOrEqual(3);
    // The noise a specialist expects of a product niche, each among the rows.
    for (const word of ['бесплатно', 'отзывы', 'своими руками', 'авито']) expect(near.some((r) => holds(r.phrase, word)), word).toBe(true);
  });
});
