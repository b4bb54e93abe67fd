import type { Trait } from './modifier-traits.js';
import { keysOf } from './word-forms.js';

/**
 * The demo's small table of topic categories. A category gives its entries a plausible monthly volume, the
 * yearly cycle of the whole topic (bicycles peak in summer, skis in winter, weather is flat), the modifiers
 * people add to its queries (kind: food gets "рецепт", goods "купить", software "скачать") and how commercial
 * its queries are (what the demo search-results page, and so the competition estimate, follows).
 */

/** Which modifier list a category's queries take (vocabulary.ts). */
export type ModifierKind = 'goods' | 'food' | 'software' | 'media' | 'services' | 'health' | 'clinic' | 'weather';

export interface Category {
  name: string;
  kind: ModifierKind;
  /** Yearly cycle: relative amplitude, and the month (1–12, fractional) where demand peaks. */
  amplitude: number;
  peakMonth: number;
  /** 0 (pure information: weather, how-to) … 1 (shopping). */
  commerciality: number;
  /**
   * The modifier traits its queries take (modifier-traits.ts): a modifier with a trait the category lacks is
   * never added to its queries ("собака бу", "фитнес запчасти", "кофе в духовке", "авиабилеты ремонт").
   * Modifiers without a trait fit every category of their kind.
   */
  traits: readonly Trait[];
  /** Entries (a word or a short phrase) with a typical monthly volume over all regions, most popular first. */
  entries: readonly (readonly [phrase: string, volume: number])[];
}

/** Traits of the goods people buy, compare and resell (durable goods). */
const DURABLE: readonly Trait[] = ['buy', 'shop', 'review', 'size', 'used', 'resale', 'free', 'new', 'pricey', 'color'];
const MACHINE: readonly Trait[] = [...DURABLE, 'repair', 'machine'];

export const CATEGORIES: readonly Category[] = [
  { name: 'pets', kind: 'goods', amplitude: 0.06, peakMonth: 3, commerciality: 0.5, traits: ['buy', 'size', 'resale', 'free', 'kids', 'beginner', 'home'], entries: [
    ['собака', 1_100_000], ['кошка', 900_000], ['котенок', 350_000], ['щенок', 300_000], ['кролик', 250_000],
    ['хомяк', 200_000], ['попугай', 150_000] ] },
  { name: 'pet supplies', kind: 'goods', amplitude: 0.06, peakMonth: 3, commerciality: 0.7, traits: ['buy', 'shop', 'review', 'size', 'resale', 'kids', 'beginner'], entries: [
    ['корм для собак', 250_000], ['аквариум', 250_000], ['зоомагазин', 200_000], ['корм для кошек', 200_000] ] },
  { name: 'electronics', kind: 'goods', amplitude: 0.18, peakMonth: 12, commerciality: 0.85, traits: [...MACHINE, 'kids', 'adult'], entries: [
    ['телевизор', 1_300_000], ['наушники', 1_200_000], ['ноутбук', 1_100_000], ['смартфон', 900_000],
    ['видеокарта', 700_000], ['планшет', 500_000], ['монитор', 500_000], ['умные часы', 400_000],
    ['клавиатура', 300_000], ['роутер', 300_000], ['принтер', 300_000], ['игровой компьютер', 150_000] ] },
  { name: 'furniture', kind: 'goods', amplitude: 0.1, peakMonth: 9, commerciality: 0.85, traits: [...DURABLE, 'kids', 'made', 'diy'], entries: [
    ['диван', 900_000], ['стол', 800_000], ['кровать', 700_000], ['шкаф', 600_000], ['матрас', 500_000],
    ['люстра', 350_000], ['стул', 300_000], ['комод', 200_000], ['кухонный гарнитур', 100_000] ] },
  { name: 'building materials', kind: 'goods', amplitude: 0.12, peakMonth: 5, commerciality: 0.85, traits: ['buy', 'shop', 'review', 'size', 'color'], entries: [
    ['обои', 600_000], ['плитка', 500_000], ['ламинат', 400_000], ['краска', 400_000] ] },
  { name: 'auto', kind: 'goods', amplitude: 0.15, peakMonth: 10, commerciality: 0.8, traits: [...MACHINE, 'rent'], entries: [
    ['автомобиль', 1_500_000], ['шины', 900_000], ['аккумулятор', 600_000], ['диски', 500_000],
    ['видеорегистратор', 250_000], ['масло моторное', 200_000], ['автомагнитола', 150_000], ['шины зимние', 350_000],
    ['шины летние', 300_000] ] },
  { name: 'car services', kind: 'services', amplitude: 0.15, peakMonth: 10, commerciality: 0.75, traits: ['calc', 'signup'], entries: [
    ['осаго', 900_000], ['шиномонтаж', 500_000], ['каско', 200_000], ['автосервис', 150_000] ] },
  { name: 'clothes', kind: 'goods', amplitude: 0.15, peakMonth: 10, commerciality: 0.85, traits: [...DURABLE, 'kids', 'adult', 'made', 'home'], entries: [
    ['платье', 1_200_000], ['кроссовки', 1_000_000], ['куртка', 800_000], ['сумка', 600_000], ['костюм', 600_000],
    ['джинсы', 500_000], ['пуховик', 500_000], ['рюкзак', 500_000], ['пальто', 400_000], ['ботинки', 400_000],
    ['шапка', 400_000], ['футболка', 300_000] ] },
  { name: 'food', kind: 'food', amplitude: 0.08, peakMonth: 12, commerciality: 0.55, traits: ['cooking', 'recipe', 'nutrition', 'shop', 'hours', 'kids', 'made', 'diy'], entries: [
    ['пицца', 1_200_000], ['роллы', 1_100_000], ['суши', 1_000_000], ['торт', 1_000_000], ['салат', 800_000],
    ['блины', 600_000], ['борщ', 400_000], ['шашлык', 400_000], ['пирог', 400_000], ['плов', 300_000] ] },
  { name: 'drinks', kind: 'food', amplitude: 0.08, peakMonth: 12, commerciality: 0.55, traits: ['recipe', 'nutrition', 'shop'], entries: [
    ['кофе', 900_000], ['чай', 600_000], ['какао', 200_000], ['смузи', 100_000] ] },
  { name: 'food delivery', kind: 'food', amplitude: 0.08, peakMonth: 12, commerciality: 0.8, traits: ['shop', 'free', 'hours'], entries: [
    ['доставка еды', 500_000], ['доставка продуктов', 300_000], ['доставка пиццы', 200_000], ['доставка роллов', 150_000] ] },
  { name: 'travel', kind: 'services', amplitude: 0.35, peakMonth: 7, commerciality: 0.75, traits: [], entries: [
    ['авиабилеты', 2_000_000], ['билеты на поезд', 800_000], ['туры', 700_000], ['отель', 600_000],
    ['санаторий', 400_000], ['виза', 300_000], ['путевка', 200_000], ['экскурсии', 200_000], ['хостел', 150_000],
    ['круиз', 100_000] ] },
  { name: 'health', kind: 'health', amplitude: 0.2, peakMonth: 1, commerciality: 0.2, traits: [], entries: [
    ['кашель', 900_000], ['давление', 800_000], ['температура', 700_000], ['аллергия', 500_000], ['насморк', 400_000],
    ['простуда', 300_000] ] },
  { name: 'clinics', kind: 'clinic', amplitude: 0.1, peakMonth: 3, commerciality: 0.5, traits: ['signup', 'free', 'kids', 'hours'], entries: [
    ['врач', 500_000], ['массаж', 500_000], ['стоматология', 400_000], ['поликлиника', 400_000], ['анализы', 300_000],
    ['узи', 300_000], ['мрт', 300_000], ['имплантация зубов', 200_000], ['брекеты', 150_000] ] },
  { name: 'pharmacy', kind: 'clinic', amplitude: 0.2, peakMonth: 1, commerciality: 0.6, traits: ['hours'], entries: [
    ['аптека', 1_500_000], ['витамины', 500_000], ['тонометр', 150_000], ['градусник', 100_000] ] },
  { name: 'realty', kind: 'services', amplitude: 0.1, peakMonth: 4, commerciality: 0.75, traits: ['repair', 'rent', 'calc', 'agentless', 'resale', 'bank', 'tax'], entries: [
    ['квартира', 1_500_000], ['ипотека', 1_200_000], ['дом', 1_000_000], ['аренда квартиры', 300_000],
    ['дача', 500_000], ['новостройки', 400_000], ['участок', 400_000], ['ремонт квартиры', 300_000],
    ['комната', 300_000], ['гараж', 300_000], ['коттедж', 200_000], ['риэлтор', 100_000] ] },
  { name: 'work', kind: 'services', amplitude: 0.15, peakMonth: 9, commerciality: 0.4, traits: ['resale', 'tax', 'calc'], entries: [
    ['работа', 3_000_000], ['вакансии', 2_000_000], ['зарплата', 600_000], ['резюме', 500_000], ['подработка', 400_000] ] },
  { name: 'study', kind: 'services', amplitude: 0.2, peakMonth: 9, commerciality: 0.4, traits: ['signup', 'beginner', 'free'], entries: [
    ['егэ', 1_500_000], ['курсы', 600_000], ['английский язык', 500_000], ['обучение', 400_000],
    ['университет', 300_000], ['репетитор', 200_000], ['программирование', 200_000] ] },
  { name: 'fitness clubs', kind: 'services', amplitude: 0.2, peakMonth: 1.5, commerciality: 0.6, traits: ['signup', 'beginner', 'free'], entries: [
    ['йога', 500_000], ['фитнес', 400_000], ['бассейн', 400_000], ['тренажерный зал', 300_000], ['пилатес', 150_000] ] },
  { name: 'screen', kind: 'media', amplitude: 0.15, peakMonth: 1, commerciality: 0.15, traits: ['watch', 'download', 'free', 'kids'], entries: [
    ['фильмы', 3_000_000], ['сериалы', 1_500_000], ['аниме', 1_000_000], ['мультфильмы', 800_000] ] },
  { name: 'live events', kind: 'media', amplitude: 0.15, peakMonth: 12, commerciality: 0.4, traits: ['venue', 'kids'], entries: [
    ['кино', 1_500_000], ['концерт', 400_000], ['театр', 400_000], ['стендап', 200_000] ] },
  { name: 'games and books', kind: 'media', amplitude: 0.15, peakMonth: 1, commerciality: 0.3, traits: ['download', 'buy', 'free', 'kids'], entries: [
    ['игры', 3_000_000], ['музыка', 1_500_000], ['майнкрафт', 1_500_000], ['книги', 600_000], ['подкасты', 100_000] ] },
  { name: 'software', kind: 'software', amplitude: 0.08, peakMonth: 11, commerciality: 0.2, traits: ['free', 'download'], entries: [
    ['браузер', 400_000], ['фотошоп', 300_000], ['антивирус', 150_000], ['архиватор', 50_000], ['видеоредактор', 50_000] ] },
  { name: 'messengers', kind: 'software', amplitude: 0.05, peakMonth: 11, commerciality: 0.1, traits: ['free', 'download', 'web'], entries: [
    ['телеграм', 2_000_000], ['ватсап', 1_000_000], ['вконтакте', 1_500_000] ] },
  { name: 'summer wheels', kind: 'goods', amplitude: 0.6, peakMonth: 6, commerciality: 0.8, traits: [...MACHINE, 'kids', 'adult', 'beginner', 'rent', 'diy'], entries: [
    ['велосипед', 1_600_000], ['самокат', 700_000], ['электросамокат', 500_000], ['ролики', 300_000],
    ['гироскутер', 200_000], ['скейтборд', 150_000], ['беговел', 100_000], ['моноколесо', 80_000],
    ['велошлем', 40_000] ] },
  { name: 'winter sport', kind: 'goods', amplitude: 0.8, peakMonth: 1, commerciality: 0.75, traits: [...DURABLE, 'kids', 'adult', 'beginner', 'rent', 'diy'], entries: [
    ['лыжи', 700_000], ['коньки', 400_000], ['санки', 300_000], ['тюбинг', 250_000], ['сноуборд', 200_000],
    ['ледянка', 100_000], ['горнолыжный костюм', 100_000], ['лыжные палки', 40_000] ] },
  { name: 'camping', kind: 'goods', amplitude: 0.5, peakMonth: 6.5, commerciality: 0.7, traits: [...DURABLE, 'beginner', 'rent', 'diy'], entries: [
    ['палатка', 400_000], ['мангал', 300_000], ['спальник', 100_000], ['гамак', 100_000], ['туристический коврик', 40_000],
    ['котелок', 40_000], ['горелка', 40_000] ] },
  { name: 'fitness equipment', kind: 'goods', amplitude: 0.2, peakMonth: 1.5, commerciality: 0.6, traits: [...MACHINE, 'kids', 'adult', 'beginner', 'home', 'diy'], entries: [
    ['беговая дорожка', 250_000], ['тренажер', 200_000], ['гантели', 200_000], ['турник', 150_000], ['коврик для йоги', 50_000] ] },
  { name: 'garden plants', kind: 'goods', amplitude: 0.6, peakMonth: 4.5, commerciality: 0.6, traits: ['buy', 'shop', 'review', 'beginner'], entries: [
    ['рассада', 600_000], ['семена', 400_000], ['удобрения', 150_000], ['газон', 150_000] ] },
  { name: 'garden machines', kind: 'goods', amplitude: 0.6, peakMonth: 4.5, commerciality: 0.7, traits: [...MACHINE, 'rent', 'diy'], entries: [
    ['теплица', 500_000], ['газонокосилка', 300_000], ['триммер', 300_000], ['мотоблок', 200_000] ] },
  { name: 'tools', kind: 'goods', amplitude: 0.1, peakMonth: 12, commerciality: 0.85, traits: [...MACHINE, 'rent'], entries: [
    ['шуруповерт', 400_000], ['дрель', 250_000], ['перфоратор', 200_000], ['болгарка', 150_000], ['бензопила', 150_000],
    ['лобзик', 100_000] ] },
  { name: 'weather', kind: 'weather', amplitude: 0.04, peakMonth: 7, commerciality: 0.02, traits: [], entries: [
    ['погода', 6_000_000], ['гисметео', 1_500_000], ['прогноз погоды', 1_200_000], ['магнитные бури', 900_000],
    ['осадки', 100_000] ] },
];


/** Entries by their words' keys (word-forms.ts; any order): sorted, joined by a space. */
const ENTRY_BY_KEY = new Map<string, { category: number; entry: string; volume: number }>();
/** Entry words' keys, and keys of 4+ letters by their first 4 letters ("велосипедный" finds "велосипед"). */
const CATEGORY_BY_WORD = new Map<string, number>();
const CATEGORY_BY_STEM = new Map<string, number>();
CATEGORIES.forEach((category, index) => {
  for (const [entry, volume] of category.entries) {
    const words = keysOf(entry.split(' '));
    ENTRY_BY_KEY.set([...words].sort().join(' '), { category: index, entry, volume });
    for (const w of words) {
      if (!CATEGORY_BY_WORD.has(w)) CATEGORY_BY_WORD.set(w, index);
      if (w.length >= 4 && !CATEGORY_BY_STEM.has(w.slice(0, 4))) CATEGORY_BY_STEM.set(w.slice(0, 4), index);
    }
  }
});

/** The category a word's key points to (an entry word's key, or its first 4 letters); -1 for none. */
export function categoryOfWord(word: string): number {
  return CATEGORY_BY_WORD.get(word) ?? (word.length >= 4 ? CATEGORY_BY_STEM.get(word.slice(0, 4)) : undefined) ?? -1;
}

/** Every entry with its category, for the word model (known volumes) and associations. */
export function allEntries(): { category: number; entry: string; volume: number }[] {
  return [...ENTRY_BY_KEY.values()];
}

/**
 * The category of a phrase's words, given as their keys (word-forms.ts: keyOf, '' for a stop word, so the
 * positions are the written words'): an entry whose keys are all there (the longest such entry), else the
 * first key that is an entry word's or (4+ letters) shares its first 4 letters; undefined when the phrase is
 * of no category. `match` says which of `words` made the match (the entry's words, or the one word).
 */
export function categoryOf(
  words: readonly string[],
  isModifier: (word: string) => boolean = () => false,
): { category: number; match: readonly number[] } | undefined {
  let best: { category: number; match: number[] } | undefined;
  for (const { category, entry } of ENTRY_BY_KEY.values()) {
    const entryWords = keysOf(entry.split(' '));
    const match = entryWords.map((w) => words.indexOf(w));
    if (match.every((i) => i >= 0) && (!best || match.length > best.match.length)) best = { category, match };
  }
  if (best) return best;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (isModifier(word)) continue;
    const category = categoryOfWord(word);
    if (category >= 0) return { category, match: [i] };
  }
  return undefined;
}
