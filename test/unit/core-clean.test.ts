import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { azMorphologyProvider } from '../../src/adapters/morphology/az-morphology.js';
import { loadCoreRules } from '../../src/adapters/morphology/core-data.js';
import { findDataFile, loadRegionCatalog } from '../../src/adapters/region-data.js';
import { cleanCore, type CleanOptions, type CorePhraseInput } from '../../src/domain/core/clean.js';
import { directLength } from '../../src/domain/core/direct.js';
import type { Morphology } from '../../src/domain/core/morphology.js';
import { tokenize } from '../../src/domain/core/text.js';

let morphology: Morphology;
const catalog = loadRegionCatalog();
const rules = loadCoreRules();
const MOSCOW = 213;

beforeAll(async () => {
  morphology = await azMorphologyProvider.get();
});

const clean = (phrases: (string | CorePhraseInput)[], options: Partial<CleanOptions> = {}) =>
  cleanCore(
    phrases.map((p) => (typeof p === 'string' ? { phrase: p } : p)),
    { rules, catalog, regionId: MOSCOW, ...options },
    morphology,
  );
const one = (phrase: string, options: Partial<CleanOptions> = {}) => clean([phrase], options).phrases[0]!;

describe('lemmas (az, a pymorphy2 port)', () => {
  it.each([
    ['окна', 'окон'],
    ['отзывы', 'отзыв'],
    ['куплю', 'купить'],
    ['стекла', 'стекол'],
    ['стёкла', 'стекло'],
  ])('%s and %s share a lemma', (a, b) => {
    expect(morphology.lemma(tokenize(a)[0]!)).toBe(morphology.lemma(tokenize(b)[0]!));
  });

  it('keeps comparatives and superlatives as written', () => {
    expect(one('лучший велосипед').lemmas).toEqual(['лучший', 'велосипед']);
    expect(one('велосипед дешевле').lemmas).toEqual(['велосипед', 'дешевле']);
    expect(one('хороший велосипед').lemmas).toEqual(['хороший', 'велосипед']);
  });

  it('stems English words', () => {
    expect(one('bikes reviews').lemmas).toEqual(['bike', 'review']);
  });

  it('the provider loads the dictionary once', async () => {
    expect(await azMorphologyProvider.get()).toBe(morphology);
  });
});

describe('implicit duplicates', () => {
  it('"купить детский велосипед" and "детские велосипеды купить" are one', () => {
    const r = clean(['купить детский велосипед', 'детские велосипеды купить']);
    expect(r.phrases[1]!.duplicate_of).toBe('купить детский велосипед');
    expect(r.phrases[1]!.verdict).toBe('drop');
    expect(r.phrases[1]!.reason).toBe('duplicate');
    expect(r.phrases[0]!.duplicate_of).toBeNull();
  });

  it('ignores stop words', () => {
    const r = clean(['велосипед для девочки', 'велосипед девочке']);
    expect(r.phrases[1]!.duplicate_of).toBe('велосипед для девочки');
  });

  it('the highest volume heads the group when volumes are known', () => {
    const r = clean([
      { phrase: 'детские велосипеды купить', volume: 10 },
      { phrase: 'купить детский велосипед', volume: 500 },
    ]);
    expect(r.phrases[0]!.duplicate_of).toBe('купить детский велосипед');
    expect(r.phrases[1]!.duplicate_of).toBeNull();
    expect(r.addressable_volume).toBe(500);
  });

  it('routes stay apart: "москва спб" vs "спб москва"', () => {
    const r = clean(['москва спб', 'спб москва', 'из москвы в спб'], { regionId: undefined });
    expect(r.phrases[1]!.duplicate_of).toBeNull();
    expect(r.phrases[2]!.duplicate_of).toBe('москва спб');
  });

  it('currency pairs and translation directions stay apart (order rules in data/core)', () => {
    expect(clean(['курс доллара к рублю', 'курс рубля к доллару']).phrases[1]!.duplicate_of).toBeNull();
    expect(clean(['перевод с английского на русский', 'перевод с русского на английский']).phrases[1]!.duplicate_of).toBeNull();
  });
});

describe('noise classes (data/core/noise-classes.json)', () => {
  it.each([
    ['велосипед скачать бесплатно', 'free', 'drop'],
    ['велосипед своими руками', 'diy', 'review'],
    ['как выбрать велосипед', 'informational', 'review'],
    ['что такое велосипед фото', 'informational', 'review'],
    ['велосипед отзывы', 'reviews', 'review'],
    ['вакансии продавец велосипедов', 'jobs', 'drop'],
    ['велосипед б/у', 'second_hand', 'review'],
    ['велосипед авито', 'second_hand', 'review'],
    ['порно велосипед', 'adult', 'drop'],
  ])('%s → %s', (phrase, cls, verdict) => {
    const p = one(phrase);
    expect(p.noise).toContain(cls);
    expect(p.verdict).toBe(verdict);
    expect(p.reason).toBe(`noise:${cls}`);
  });

  it('other-city geography from the region catalogue; the asked city is not noise', () => {
    expect(one('велосипед екатеринбург').noise).toEqual(['geo']);
    expect(one('велосипеды в нижнем новгороде').noise).toEqual(['geo']);
    expect(one('велосипед спб').verdict).toBe('drop');
    expect(one('велосипед в москве').noise).toEqual([]);
    expect(one('велосипед казань').noise).toEqual(['geo']);
    // Names the dictionary does not know, in any case form (place-stem.ts).
    expect(one('велосипед в казани').noise).toEqual(['geo']);
    expect(one('самокат в самаре').noise).toEqual(['geo']);
    expect(one('велосипеды краснодаре').noise).toEqual(['geo']);
    expect(one('велосипед в ростове').noise).toEqual(['geo']);
    expect(one('велосипед ростов на дону').noise).toEqual(['geo']);
    expect(one('велосипед санкт-петербург').noise).toEqual(['geo']);
    // Ambiguous names (data/core/place-aliases.json) are not places.
    expect(one('детские горки купить').noise).toEqual([]);
    expect(one('чехов рассказы').noise).toEqual([]);
    expect(one('купить электросамокат').noise).toEqual([]);
    expect(one('велосипед в екатеринбурге').noise).toEqual(['geo']);
    expect(one('велосипед россия').noise).toEqual([]);
    expect(one('велосипед екатеринбург', { regionId: undefined }).noise).toEqual([]);
    // Another city of the asked city's own region: review, not drop.
    expect(one('велосипед химки')).toMatchObject({ noise: ['geo_nearby'], verdict: 'review' });
    // A route from the asked city: review, and no negative keyword that would remove it.
    const route = clean(['поезд москва спб']);
    expect(route.phrases[0]).toMatchObject({ noise: ['geo_route'], verdict: 'review' });
    expect(route.negative_keywords.entries).toEqual([]);
  });

  it('zero_exact when the exact count is 0', () => {
    const r = clean([
      { phrase: 'велосипед детский красный', exact: 0 },
      { phrase: 'велосипед детский', exact: 12 },
    ]);
    expect(r.phrases[0]!.noise).toEqual(['zero_exact']);
    expect(r.phrases[0]!.verdict).toBe('drop');
    expect(r.phrases[1]!.verdict).toBe('keep');
  });

  it('a clean phrase is kept with reason "clean"', () => {
    expect(one('купить детский велосипед')).toMatchObject({ verdict: 'keep', reason: 'clean', noise: [] });
  });
});

describe('across the list', () => {
  const list = [
    { phrase: 'купить велосипед', volume: 1000 },
    { phrase: 'купить детский велосипед', volume: 300 },
    { phrase: 'детские велосипеды купить', volume: 50 },
    { phrase: 'купить детский велосипед для мальчика', volume: 40 },
    { phrase: 'велосипед скачать бесплатно', volume: 5 },
    { phrase: 'велосипед бесплатно', volume: 7 },
    { phrase: 'велосипед своими руками', volume: 20 },
    { phrase: 'велосипед екатеринбург', volume: 9 },
  ];

  it('negative keywords name what they remove; only drop classes go into the pasted text', () => {
    const r = clean(list).negative_keywords;
    const free = r.entries.find((e) => e.text === 'бесплатно')!;
    expect(free.class).toBe('free');
    expect(free.removes).toEqual(['велосипед скачать бесплатно', 'велосипед бесплатно']);
    expect(r.entries.find((e) => e.text === 'своими руками')).toMatchObject({ class: 'diy', verdict: 'review' });
    expect(r.text.split('\n').sort()).toEqual(['бесплатно', 'екатеринбург', 'скачать']);
    expect(r.inline_length).toBe('-бесплатно -скачать -екатеринбург'.length);
    expect(r.sets).toHaveLength(1);
    expect(r.warnings).toEqual([]);
  });

  it('cross-minus words for kept phrases that contain one another', () => {
    const r = clean(list);
    expect(r.phrases[0]!.cross_minus).toEqual(['-детский', '-мальчик']);
    expect(r.phrases[1]!.cross_minus).toEqual(['-мальчик']);
    expect(r.phrases[3]!.cross_minus).toEqual([]);
  });

  it('addressable volume: kept phrases, duplicates once', () => {
    expect(clean(list).addressable_volume).toBe(1000 + 300 + 40);
    expect(clean(['купить велосипед']).addressable_volume).toBeNull();
  });
});

describe('limits and data', () => {
  it('cross-minus words stop at 4,096 characters for the keyword with its negatives', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const tails = Array.from({ length: 1200 }, (_, i) => `q${letters[i % 26]}${letters[Math.floor(i / 26) % 26]}${letters[Math.floor(i / 676)]}zz`);
    const r = clean(['велосипед', ...tails.map((t) => `велосипед ${t}`)], { regionId: undefined });
    const head = r.phrases[0]!;
    expect(head.cross_minus.length).toBeGreaterThan(100);
    expect(head.cross_minus.length).toBeLessThan(1200);
    expect(directLength(`${head.phrase} ${head.cross_minus.join(' ')}`)).toBeLessThanOrEqual(4096);
  });

  it('every word list in data/core names its source; every noise class has entries and a verdict', () => {
    for (const cls of rules.noise.classes) {
      expect(cls.source.length, cls.id).toBeGreaterThan(20);
      expect(cls.entries.length, cls.id).toBeGreaterThan(0);
      expect(['drop', 'review']).toContain(cls.verdict);
    }
    const files = ['noise-classes.json', 'stop-words.json', 'order-rules.json', 'place-aliases.json'];
    for (const file of files) {
      const data = JSON.parse(readFileSync(findDataFile(`core/${file}`), 'utf8')) as { source?: string; classes?: unknown };
      expect(data.source ?? (data.classes ? 'per class' : ''), file).not.toBe('');
    }
  });

  it('every noise class of the data has a test above', () => {
    expect(rules.noise.classes.map((c) => c.id).sort()).toEqual(['adult', 'diy', 'free', 'informational', 'jobs', 'reviews', 'second_hand']);
  });
});
