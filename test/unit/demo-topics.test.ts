import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../src/adapters/demo/categories.js';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { phraseVolume } from '../../src/adapters/demo/phrase-model.js';
import { MODIFIER_LISTS } from '../../src/adapters/demo/vocabulary.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { DEMO_TODAY } from './demo-phrases.js';

/**
 * The demo's category table at work: plausible entry volumes, associations of the same topic, seasonality
 * by topic, and generated phrases that read as queries. Property tests over 200 phrases built from the table
 * (an entry, alone or with one or two modifiers of its kind), chosen by a fixed LCG.
 */

const source = createDemoSource(loadRegionCatalog(), { today: () => DEMO_TODAY });

function* lcg(seed: number): Generator<number> {
  let state = seed >>> 0;
  for (;;) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    yield state / 4_294_967_296;
  }
}

/** 200 phrases from the table: [phrase, category index]. */
function topicPhrases(count = 200): [string, number][] {
  const random = lcg(16);
  const pick = <T>(list: readonly T[]) => list[Math.floor((random.next().value as number) * list.length)]!;
  const out = new Map<string, number>();
  while (out.size < count) {
    const index = Math.floor((random.next().value as number) * CATEGORIES.length);
    const category = CATEGORIES[index]!;
    const modifiers = MODIFIER_LISTS[category.kind].slice(0, 20);
    const extra = Math.floor((random.next().value as number) * 3);
    const words = [pick(category.entries)[0], ...Array.from({ length: extra }, () => pick(modifiers))];
    out.set([...new Set(words)].join(' '), index);
  }
  return [...out];
}

const PHRASES = topicPhrases();
const monthly = (phrase: string) =>
  source.dynamics({ phrase, period: 'PERIOD_MONTHLY', fromDate: '2025-01-01', toDate: '2025-12-31', regions: [], devices: [] });
/** Distance between two months on the year's circle (1–12). */
const monthGap = (a: number, b: number) => Math.min(Math.abs(a - b), 12 - Math.abs(a - b));

describe('demo topics: volumes', () => {
  it('gives every table entry about its table volume (0.3–2×)', () => {
    for (const category of CATEGORIES) {
      for (const [entry, volume] of category.entries) {
        const ratio = phraseVolume(entry.split(' ')).volume30 / volume;
        expect(ratio, entry).toBeGreaterThan(0.3);
        expect(ratio, entry).toBeLessThan(2);
      }
    }
  });

  it('keeps associations in the topic: every association of an entry names another entry of its category', async () => {
    for (const category of CATEGORIES) {
      const entries = category.entries.map(([e]) => e);
      for (const entry of entries.slice(0, 3)) {
        const { associations } = await source.top({ phrase: entry, numPhrases: 30, regions: [], devices: [] });
        expect(associations.length, entry).toBeGreaterThan(0);
        for (const row of associations) expect(entries.some((e) => row.phrase.startsWith(e)), `${entry} → ${row.phrase}`).toBe(true);
      }
    }
  });

  it('is plausible where users looked: Moscow "погода" and nationwide "доставка еды" both in the hundreds of thousands', async () => {
    const moscowWeather = await source.top({ phrase: 'погода', numPhrases: 1, regions: [213], devices: [] });
    const delivery = await source.top({ phrase: 'доставка еды', numPhrases: 1, regions: [225], devices: [] });
    const bicycle = await source.top({ phrase: 'велосипед', numPhrases: 50, regions: [], devices: [] });
    expect(moscowWeather.totalCount).toBeGreaterThan(100_000);
    expect(moscowWeather.totalCount).toBeLessThan(3_000_000);
    expect(delivery.totalCount).toBeGreaterThan(100_000);
    // A bicycle's neighbours (scooters, roller skates) are smaller than the bicycle.
    for (const row of bicycle.associations) expect(row.count, row.phrase).toBeLessThan(bicycle.totalCount);
  });
});

describe('demo topics: seasonality follows the topic (200 phrases)', () => {
  it('peaks within a month and a half of the category peak for strongly seasonal topics, flat for weather', async () => {
    let checked = 0;
    for (const [phrase, index] of PHRASES) {
      const category = CATEGORIES[index]!;
      const points = (await monthly(phrase)).points;
      const counts = points.map((p) => p.count);
      if (Math.min(...counts) < 300) continue; // too few queries for the cycle to show over the wobble
      checked++;
      const peak = counts.indexOf(Math.max(...counts)) + 1;
      const swing = Math.max(...counts) / Math.min(...counts);
      if (category.amplitude >= 0.35) {
        expect(monthGap(peak, Math.round(category.peakMonth)), `${phrase} peaks in month ${peak}`).toBeLessThanOrEqual(1.5);
        expect(swing, phrase).toBeGreaterThan(1.5);
      }
      if (category.name === 'weather') expect(swing, phrase).toBeLessThan(1.35);
    }
    expect(checked).toBeGreaterThan(120);
  });

  it('bicycles peak in May–August, skis in December–February, weather stays flat and high', async () => {
    const peakOf = async (phrase: string) => {
      const counts = (await monthly(phrase)).points.map((p) => p.count);
      return { peak: counts.indexOf(Math.max(...counts)) + 1, swing: Math.max(...counts) / Math.min(...counts), min: Math.min(...counts) };
    };
    for (const phrase of ['велосипед', 'велосипед купить', 'самокат', 'электросамокат']) expect([5, 6, 7, 8]).toContain((await peakOf(phrase)).peak);
    for (const phrase of ['лыжи', 'лыжи купить', 'коньки', 'санки']) expect([12, 1, 2]).toContain((await peakOf(phrase)).peak);
    const weather = await peakOf('погода');
    expect(weather.swing).toBeLessThan(1.25);
    expect(weather.min).toBeGreaterThan(3_000_000);
  });
});

describe('demo topics: generated phrases read as queries', () => {
  const rowsOf = async (phrase: string, n = 100) => (await source.top({ phrase, numPhrases: n, regions: [], devices: [] })).results.slice(1);

  it('writes every modifier after the phrase, so no word needs declining (200 phrases)', async () => {
    for (const [phrase] of PHRASES.slice(0, 60)) {
      for (const row of await rowsOf(phrase, 40)) expect(row.phrase.startsWith(`${phrase} `), row.phrase).toBe(true);
    }
  });

  it('chooses modifiers by category: food gets рецепт and калории, goods купить, цена and отзывы, software скачать', async () => {
    const words = async (phrase: string, n: number) => new Set((await rowsOf(phrase, n)).flatMap((r) => r.phrase.split(' ').slice(phrase.split(' ').length)));
    for (const food of ['пицца', 'борщ', 'торт']) {
      const w = await words(food, 60);
      for (const expected of ['рецепт', 'калории']) expect(w.has(expected), `${food} ${expected}`).toBe(true);
      for (const wrong of ['скачать', 'купить']) expect(w.has(wrong), `${food} ${wrong}`).toBe(false);
    }
    for (const goods of ['ноутбук', 'диван', 'велосипед']) {
      const w = await words(goods, 60);
      for (const expected of ['купить', 'цена', 'отзывы']) expect(w.has(expected), `${goods} ${expected}`).toBe(true);
      for (const wrong of ['скачать', 'калории', 'рецепт']) expect(w.has(wrong), `${goods} ${wrong}`).toBe(false);
    }
    expect((await words('телеграм', 10)).has('скачать')).toBe(true);
    expect((await words('телеграм', 200)).has('купить')).toBe(false);
  });
});
