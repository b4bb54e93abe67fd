import { keysOf } from './word-forms.js';

/**
 * Which modifiers fit a phrase (issue 24, item 22). A specialist reading "детский велосипед для мужчин",
 * "имплантация зубов бу" or "кофе в духовке" stops trusting the demo, so a modifier only joins a query when:
 *
 *   - its topic takes it: a modifier with a trait (below) fits only the categories that list that trait
 *     (categories.ts): "бу" and "авито" fit bicycles and furniture, not dogs' food or clinics; "ремонт" and
 *     "запчасти" machines and flats, not clothes; "в духовке" dishes, not coffee;
 *   - the audience agrees: a children's phrase ("детский", "для детей", "ребенку", "беговел") takes neither
 *     "для мужчин", "для женщин" nor "для детей"; a men's or women's phrase not "для детей" either;
 *   - nothing contradicts: "купить" and "аренда", "бу" and "новые", "бесплатно" and a price, two marketplaces,
 *     second-hand and a new-goods shop or credit never meet, and nor do two cities (top-candidates.ts).
 */

export type Trait =
  | 'buy' | 'shop' | 'review' | 'size' | 'used' | 'resale' | 'free' | 'new' | 'pricey' | 'color' | 'repair'
  | 'machine' | 'kids' | 'adult' | 'beginner' | 'made' | 'rent' | 'diy' | 'home'
  | 'cooking' | 'recipe' | 'nutrition' | 'watch' | 'venue' | 'download' | 'web' | 'signup' | 'calc' | 'agentless' | 'bank'
  | 'tax' | 'hours';

/** Each modifier's trait (modifiers not listed fit every category of their kind). */
const TRAIT_OF: ReadonlyMap<string, Trait> = new Map<string, Trait>([
  ['купить', 'buy'],
  ['модели', 'review'],
  ...(['интернет магазин', 'озон', 'вайлдберриз', 'яндекс маркет', 'каталог', 'со скидкой', 'акции', 'распродажа', 'оптом', 'доставка', 'производитель', 'в наличии', 'самовывоз', 'где купить', 'заказать', 'меню', 'промокод'] as const).map((m) => [m, 'shop'] as const),
  ...(['обзор', 'сравнение', 'характеристики'] as const).map((m) => [m, 'review'] as const),
  ...(['размеры', 'вес', 'мини'] as const).map((m) => [m, 'size'] as const),
  ['бу', 'used'],
  ['авито', 'resale'],
  ['бесплатно', 'free'],
  ['новые', 'new'],
  ['в кредит', 'pricey'], ['в рассрочку', 'pricey'],
  ['цвет', 'color'], ['белый', 'color'], ['красный', 'color'],
  ['ремонт', 'repair'], ['запчасти', 'repair'],
  ...(['инструкция', 'аксессуары', 'с гарантией', 'электрический', 'профессиональный'] as const).map((m) => [m, 'machine'] as const),
  ['для детей', 'kids'],
  ['для мужчин', 'adult'], ['для женщин', 'adult'],
  ['для начинающих', 'beginner'],
  ['на заказ', 'made'],
  ['аренда', 'rent'], ['напрокат', 'rent'],
  ['своими руками', 'diy'], ['схема', 'diy'], ['чертеж', 'diy'],
  ['домашний', 'home'],
  ...(['в духовке', 'на сковороде', 'в мультиварке', 'без яиц', 'на кефире', 'сколько варить', 'как приготовить', 'пошагово', 'с фото'] as const).map((m) => [m, 'cooking'] as const),
  ['рецепт', 'recipe'],
  ...(['калории', 'калорийность', 'кбжу', 'состав', 'польза и вред'] as const).map((m) => [m, 'nutrition'] as const),
  ...(['смотреть онлайн', 'смотреть', 'в хорошем качестве'] as const).map((m) => [m, 'watch'] as const),
  ...(['афиша', 'билеты', 'расписание'] as const).map((m) => [m, 'venue'] as const),
  ['скачать', 'download'], ['на андроид', 'download'],
  ['вход', 'web'], ['веб версия', 'web'],
  ['записаться', 'signup'], ['по омс', 'signup'], ['платно', 'signup'],
  ['калькулятор', 'calc'],
  ['без посредников', 'agentless'],
  ['сбербанк', 'bank'],
  ['налог', 'tax'],
  ['круглосуточно', 'hours'],
]);

/** The trait of a modifier (its text as listed in vocabulary.ts); undefined when it fits every category. */
export const traitOf = (modifier: string): Trait | undefined => TRAIT_OF.get(modifier);

/**
 * Modifiers that never meet in one query: of each group, a query holds at most one (the phrase's own words
 * count: "купить велосипед" takes no "аренда", "велосипед бу" no "новые").
 */
const EXCLUSIVE: readonly (readonly string[])[] = [
  ['купить', 'аренда', 'напрокат', 'ремонт'],
  ['бу', 'новые'],
  ['бесплатно', 'цена', 'стоимость', 'купить', 'недорого', 'дешево', 'в кредит', 'в рассрочку', 'со скидкой', 'распродажа', 'акции', 'оптом', 'платно', 'промокод'],
  ['недорого', 'дешево'],
  ['в кредит', 'в рассрочку'],
  ['по омс', 'платно'],
  ['для детей', 'для мужчин', 'для женщин', 'для начинающих'],
  ['смотреть онлайн', 'смотреть', 'скачать'],
  // One marketplace per query (issue 27): "велосипед авито озон" is two searches, nobody's one.
  ['авито', 'озон', 'вайлдберриз', 'яндекс маркет'],
];

/** Two sides that never meet: cooking it yourself and ordering it ("кофе рецепт доставка"). */
const OPPOSED: readonly (readonly [readonly string[], readonly string[]])[] = [
  [
    ['рецепт', 'как приготовить', 'пошагово', 'в духовке', 'на сковороде', 'в мультиварке', 'своими руками', 'сколько варить', 'калории', 'калорийность', 'кбжу', 'состав', 'польза и вред'],
    ['доставка', 'заказать', 'меню', 'промокод', 'круглосуточно', 'рядом', 'на заказ', 'купить'],
  ],
  // Making it yourself is neither buying, choosing nor renting one ("велосипед недорого своими руками",
  // "как выбрать своими руками" were listed: issue 27).
  [
    ['своими руками', 'схема', 'чертеж'],
    [
      'купить', 'цена', 'бу', 'авито', 'интернет магазин', 'озон', 'вайлдберриз', 'в наличии', 'доставка', 'в кредит', 'в рассрочку',
      'недорого', 'дешево', 'стоимость', 'отзывы', 'как выбрать', 'какой выбрать', 'рейтинг', 'топ 10', 'лучшие', 'где купить',
      'яндекс маркет', 'со скидкой', 'акции', 'распродажа', 'оптом', 'производитель', 'самовывоз', 'аренда', 'напрокат',
      'официальный сайт', 'каталог', 'с гарантией', 'новые',
    ],
  ],
  // Second-hand is bought from a person, not from a maker's shop, a marketplace of new goods, a sale or on credit
  // (issue 27: "велосипед бу вайлдберриз", "бу в рассрочку" were listed).
  [
    ['бу', 'авито'],
    ['вайлдберриз', 'озон', 'яндекс маркет', 'производитель', 'официальный сайт', 'распродажа', 'со скидкой', 'акции', 'в кредит', 'в рассрочку'],
  ],
];

const keysOfAll = (list: readonly string[]) => list.map((m) => keysOf(m.split(' ')));
/** Key sets of the members of each exclusive group, and of each side of the opposed pairs. */
const EXCLUSIVE_KEYS = EXCLUSIVE.map(keysOfAll);
const OPPOSED_KEYS = OPPOSED.map(([a, b]) => [keysOfAll(a), keysOfAll(b)] as const);

const holds = (set: readonly string[], keys: readonly string[]) => keys.every((k) => set.includes(k));
const holdsAny = (set: readonly string[], members: readonly (readonly string[])[]) => members.some((m) => holds(set, m));

/** Whether two word sets hold two different members of one exclusive group, or the two opposed sides. */
export function contradicts(a: readonly string[], b: readonly string[]): boolean {
  const exclusive = EXCLUSIVE_KEYS.some((group) => {
    const inA = group.findIndex((m) => holds(a, m));
    if (inA < 0) return false;
    return group.some((m, i) => i !== inA && holds(b, m));
  });
  return exclusive || OPPOSED_KEYS.some(([x, y]) => (holdsAny(a, x) && holdsAny(b, y)) || (holdsAny(a, y) && holdsAny(b, x)));
}

/** Key prefixes of words that make a query a children's one, and of men's or women's ones. */
const CHILDREN = ['детск', 'дет', 'ребен', 'ребён', 'малыш', 'подрост', 'младен', 'школьник', 'беговел'];
const GROWN_UPS = ['мужск', 'женск', 'мужчин', 'женщин'];
const marked = (set: readonly string[], prefixes: readonly string[]) =>
  set.some((k) => prefixes.some((p) => (p === 'дет' ? k === p : k.startsWith(p))));

/** Whether a query is both a children's and a grown-ups' one ("женский беговел"). */
export const audienceClash = (set: readonly string[]): boolean => marked(set, CHILDREN) && marked(set, GROWN_UPS);

/**
 * Whether a modifier with `trait` fits a query whose word keys are `set`: children's queries take no
 * audience at all (they have one), men's and women's no children.
 */
export function audienceFits(set: readonly string[], trait: Trait | undefined): boolean {
  if (trait === 'adult' || trait === 'kids') return !marked(set, CHILDREN) && !(trait === 'kids' && marked(set, GROWN_UPS)) && !(trait === 'adult' && marked(set, GROWN_UPS));
  return true;
}
