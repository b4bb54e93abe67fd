import { describe, expect, it } from 'vitest';
import { demoCompetition } from '../../src/adapters/demo/competition.js';
import { splitDevices } from '../../src/adapters/demo/devices.js';
import { at, bell, bellAt, hashString, mix, unit } from '../../src/adapters/demo/hash.js';
import { phraseParams } from '../../src/adapters/demo/phrase-model.js';
import { halvingShares, split, splitOne } from '../../src/adapters/demo/region-split.js';
import { COMMERCIAL_WORDS, INFORMATIONAL_WORDS } from '../../src/adapters/demo/vocabulary.js';
import { isGibberishWord } from '../../src/adapters/demo/word-model.js';
import { competitionScore, isBigCommercialDomain } from '../../src/domain/competition.js';
import { competitionLevel } from '../../src/domain/keyword-metrics.js';
import { samplePhrases, wordCount } from './demo-phrases.js';

describe('demo hash', () => {
  it('draws uniforms in [0, 1) that spread evenly, and bell numbers with mean 0 and spread 1', () => {
    const buckets = new Array<number>(10).fill(0);
    let mean = 0;
    let square = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const u = unit(12345, i);
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      buckets[Math.floor(u * 10)]!++;
      // bell() and its stream form bellAt() (region variation) draw the same shape.
      const b = i % 2 ? bell(777, i) : bellAt(mix(777, 5), i);
      expect(Math.abs(b)).toBeLessThanOrEqual(2 * Math.sqrt(3));
      mean += b / n;
      square += (b * b) / n;
    }
    for (const count of buckets) expect(Math.abs(count - n / 10)).toBeLessThan(n / 50);
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.sqrt(square)).toBeGreaterThan(0.9);
    expect(Math.sqrt(square)).toBeLessThan(1.1);
  });

  it('separates streams: different salts and neighbouring days give unrelated draws', () => {
    const seed = hashString('слон');
    expect(hashString('слон')).toBe(seed);
    expect(hashString('слоН')).not.toBe(seed);
    expect(mix(seed, 1)).not.toBe(mix(seed, 2));
    const stream = mix(seed, 9);
    const days = Array.from({ length: 1000 }, (_, d) => at(stream, d));
    let lagProduct = 0;
    for (let d = 1; d < days.length; d++) lagProduct += (days[d]! - 0.5) * (days[d - 1]! - 0.5);
    // Independent uniforms: E[(u-½)(v-½)] = 0; the sample mean over 999 pairs stays well inside ±0.01.
    expect(Math.abs(lagProduct / 999)).toBeLessThan(0.01);
  });
});

describe('demo device split', () => {
  const shares = { desktopShare: 0.4, tabletShare: 0.05 };

  it('adds up exactly and stays close to the shares', () => {
    for (let total = 0; total < 3000; total += 7) {
      const [desktop, phone, tablet] = splitDevices(total, shares, unit(1, total), unit(2, total));
      expect(desktop + phone + tablet).toBe(total);
      expect(Math.min(desktop, phone, tablet)).toBeGreaterThanOrEqual(0);
      expect(Math.abs(tablet - total * 0.05)).toBeLessThan(1);
      expect(Math.abs(desktop - total * 0.4)).toBeLessThan(2);
    }
  });

  it('never lowers a part when the total grows (so a region filter lowers every device)', () => {
    for (const [d1, d2] of [[0, 0], [0.3, 0.9], [0.999, 0.5]] as const) {
      let previous = splitDevices(0, shares, d1, d2);
      for (let total = 1; total < 2000; total++) {
        const next = splitDevices(total, shares, d1, d2);
        next.forEach((part, k) => expect(part).toBeGreaterThanOrEqual(previous[k]!));
        previous = next;
      }
    }
  });
});

describe('demo region split', () => {
  const weights = Float64Array.from([5, 0.1, 3.3, 0, 7.25, 1e-6, 2, 0.4, 11, 0.9, 1.5]);
  const members = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const sum = weights.reduce((s, w) => s + w, 0);
  const halvings = { shares: new Float64Array(members.length - 1), stream: 42, offset: 0 };
  halvingShares(members, weights, halvings.shares, 0);
  const parts = (pool: number) => {
    const out = new Float64Array(weights.length);
    split(pool, members, halvings, out);
    return out;
  };

  it('hands out exactly the pool, each member within a few units of its quota, nothing to zero weights', () => {
    for (const pool of [0, 1, 2, 17, 1000, 123_457]) {
      const out = parts(pool);
      expect(members.reduce((s, i) => s + out[i]!, 0)).toBe(pool);
      for (const i of members) {
        expect(Number.isInteger(out[i])).toBe(true);
        // One rounding per halving: at most ⌈log₂ 11⌉ = 4 levels, each off by less than one.
        expect(Math.abs(out[i]! - (pool * weights[i]!) / sum)).toBeLessThan(4);
      }
      expect(out[3]).toBe(0);
    }
  });

  it('never gives a member less when the pool grows (no Alabama paradox)', () => {
    let previous = parts(0);
    for (let pool = 1; pool <= 3000; pool++) {
      const next = parts(pool);
      for (const i of members) expect(next[i]!).toBeGreaterThanOrEqual(previous[i]!);
      previous = next;
    }
  });

  it('computes one member alone exactly as the full split does', () => {
    for (const pool of [0, 1, 5, 99, 4321, 1_000_003]) {
      const out = parts(pool);
      members.forEach((i, position) => expect(splitOne(pool, members.length, halvings.shares, halvings.stream, 0, position)).toBe(out[i]));
    }
  });
});

describe('demo phrase model', () => {
  it('recognises keyboard mash but not acronyms or real words', () => {
    for (const word of ['ghjcnj', 'фывпрлд', 'ывпрстк', 'qwrtzpk']) expect(isGibberishWord(word)).toBe(true);
    for (const word of ['мтс', 'html', 'спб', 'слон', 'программирование', '2026', 'iphone', 'здравствуйте']) {
      expect(isGibberishWord(word)).toBe(false);
    }
  });

  it('derives parameters from the canonical phrase only', () => {
    expect(phraseParams('  Купить   Слона ')).toEqual(phraseParams('купить слона'));
    expect(phraseParams('купить слона').phrase).toBe('купить слона');
  });
});

describe('demoCompetition', () => {
  const phrases = samplePhrases(200);
  const levelOf = (phrase: string) => competitionLevel(competitionScore(demoCompetition(phrase)));
  const has = (phrase: string, words: ReadonlySet<string>) => phrase.split(' ').some((w) => words.has(w));

  it('is deterministic and returns up to ten result slots, fewer when few documents match', () => {
    for (const phrase of [...phrases, 'ghjcnj']) {
      const result = demoCompetition(phrase);
      expect(demoCompetition(phrase)).toEqual(result);
      expect(Number.isInteger(result.foundDocs)).toBe(true);
      expect(result.foundDocs).toBeGreaterThanOrEqual(0);
      expect(result.topDomains.length).toBe(Math.min(10, result.foundDocs));
    }
  });

  it('follows commerciality through the real formula: buying phrases HIGH, questions LOW, 200 phrases', () => {
    const levels = { commercial: new Set<string>(), informational: new Set<string>() };
    for (const phrase of phrases) {
      if (phraseParams(phrase).volume30 === 0) continue; // no demand: a near-empty page, LOW whatever the words
      const level = levelOf(phrase)!;
      if (has(phrase, COMMERCIAL_WORDS)) levels.commercial.add(level);
      else if (has(phrase, INFORMATIONAL_WORDS)) levels.informational.add(level);
    }
    expect([...levels.commercial]).toEqual(['HIGH']);
    expect([...levels.informational]).toEqual(['LOW']);
    // And it carries information: all three levels occur over the sample.
    expect(new Set(phrases.map(levelOf))).toEqual(new Set(['LOW', 'MEDIUM', 'HIGH']));
  });

  it('rates "погода", "как …" and "что такое …" LOW and shopping HIGH', () => {
    for (const phrase of ['погода', 'погода москва', 'как выбрать велосипед', 'что такое ипотека', 'борщ рецепт']) {
      expect(levelOf(phrase), phrase).toBe('LOW');
    }
    for (const phrase of ['купить ноутбук', 'диван недорого', 'пицца доставка', 'шины цена', 'ноутбук']) {
      expect(levelOf(phrase), phrase).toBe('HIGH');
    }
  });

  it('finds more documents for popular phrases than for long ones of the same kind, almost none for gibberish', () => {
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    const buying = phrases.filter((p) => has(p, COMMERCIAL_WORDS) && phraseParams(p).volume30 > 0);
    const docs = (words: (n: number) => boolean) => median(buying.filter((p) => words(wordCount(p))).map((p) => demoCompetition(p).foundDocs));
    expect(docs((n) => n <= 2)).toBeGreaterThan(2 * docs((n) => n >= 4));
    expect(demoCompetition('ghjcnj').foundDocs).toBeLessThan(10);
  });

  it('puts marketplaces on top for commercial phrases, reference sites for questions', () => {
    const share = (list: string[]) => {
      const top3 = list.flatMap((p) => demoCompetition(p).topDomains.slice(0, 3));
      return top3.filter(isBigCommercialDomain).length / top3.length;
    };
    const nouns = ['диван', 'ноутбук', 'велосипед', 'куртка', 'теплица', 'рюкзак', 'часы', 'сумка'];
    expect(share(nouns.map((n) => `купить ${n}`))).toBe(1);
    expect(share(nouns.map((n) => `${n} своими руками`))).toBe(0);
  });
});
