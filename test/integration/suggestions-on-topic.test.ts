import { describe, expect, it } from 'vitest';
import { createTestApp, post } from '../support/app.js';

/** 20 seeds a new user might try first: one and two words, goods, food, services, information. */
const SEEDS = [
  'велосипед', 'пицца', 'погода', 'ноутбук', 'лыжи', 'диван', 'квартира', 'платье', 'кофе', 'собака',
  'шины', 'телевизор', 'палатка', 'обои', 'теплица', 'доставка еды', 'купить ноутбук', 'ремонт квартиры',
  'рецепт борща', 'английский язык',
];

/** True when the item has a word of the seed (the measure: the same word, no stemming). */
const onTopic = (seed: string, keyword: string) => {
  const words = new Set(keyword.toLowerCase().split(/\s+/));
  return seed.split(' ').some((w) => words.has(w));
};

describe('demo suggestions stay on topic without an LLM', () => {
  it('at least 70% of the first 20 items over 20 seeds contain a word of the seed', async () => {
    const app = createTestApp();
    let shown = 0;
    let kept = 0;
    const perSeed: string[] = [];
    for (const keyword of SEEDS) {
      const response = await post(app, '/v1/keywords/suggestions', { keyword, limit: 20 });
      expect(response.status).toBe(200);
      const items: { keyword: string }[] = response.json.tasks[0].result[0].items;
      const hits = items.filter((i) => onTopic(keyword, i.keyword)).length;
      shown += items.length;
      kept += hits;
      perSeed.push(`${keyword} ${hits}/${items.length}`);
    }
    const share = kept / shown;
    console.info(`on-topic share of the first 20 suggestions over ${SEEDS.length} demo seeds: ${(share * 100).toFixed(1)}% (${perSeed.join(', ')})`);
    expect(shown).toBeGreaterThanOrEqual(SEEDS.length * 10);
    expect(share).toBeGreaterThanOrEqual(0.7);
    await app.close();
  });
});
