import type { ModifierKind } from './categories.js';

/**
 * Words the demo model builds related queries from. Every modifier is written after the phrase, so no noun
 * needs declining ("пицца доставка", "ноутбук купить", "палатка как выбрать", as people type them); an
 * adjective agrees with the phrase's noun ("палатка белая", agreement.ts). Each kind of category has its own
 * list, most popular first; 'generic' serves phrases of no category. Which modifiers fit which topic, and
 * which never go together, is modifier-traits.ts.
 */
/**
 * Cities as people write them after a query, biggest first: the source's region id and the city's share of
 * Russia's queries (region-masses.ts; Minsk of Belarus's, as the model gives it), which set how much the name
 * narrows a query (CITY_FACTORS) and where its queries are (city-names.ts).
 */
export const CITY_NAMES: readonly (readonly [name: string, regionId: number, share: number])[] = [
  ['москва', 213, 0.25], ['спб', 2, 0.095], ['екатеринбург', 54, 0.008], ['новосибирск', 65, 0.0085],
  ['казань', 43, 0.0068], ['краснодар', 35, 0.0057], ['нижний новгород', 47, 0.0064], ['самара', 51, 0.0061],
  ['челябинск', 56, 0.0062], ['уфа', 172, 0.006], ['пермь', 50, 0.0054], ['воронеж', 193, 0.0055],
  ['ростов на дону', 39, 0.006], ['красноярск', 62, 0.0062], ['омск', 66, 0.0058], ['тюмень', 55, 0.0044],
  ['сочи', 239, 0.0023], ['минск', 157, 0.0063],
];
const CITIES = CITY_NAMES.map(([name]) => name);

/** Other names of the same cities, recognised in a phrase (not used as modifiers). */
export const CITY_ALIASES: readonly (readonly [name: string, regionId: number])[] = [
  ['мск', 213], ['питер', 2], ['петербург', 2], ['санкт петербург', 2], ['санкт-петербург', 2], ['ростов-на-дону', 39],
];

export const MODIFIER_LISTS: Readonly<Record<ModifierKind | 'generic', readonly string[]>> = {
  goods: [
    'купить', 'цена', 'отзывы', 'москва', 'бу', 'недорого', 'как выбрать', '2026', 'спб', 'рейтинг', 'авито', 'интернет магазин',
    'характеристики', 'фото', 'озон', 'вайлдберриз', 'в наличии', 'со скидкой', 'акции', 'ремонт', 'доставка', 'в кредит',
    'в рассрочку', 'запчасти', 'аксессуары', 'видео', 'для детей', 'домашний', 'рядом', 'каталог', 'размеры', 'инструкция',
    'лучшие', 'топ 10', 'новые', 'дешево', 'оптом', 'производитель', 'обзор', 'сравнение', 'для начинающих', 'для женщин',
    'для мужчин', 'на заказ', 'аренда', 'напрокат', 'с гарантией', 'официальный сайт', 'яндекс маркет', 'распродажа', 'цвет',
    'белый', 'красный', 'мини', 'электрический', 'профессиональный', 'своими руками', 'схема', 'чертеж', 'вес', 'бесплатно',
    'какой выбрать', 'форум', 'модели', 'виды', 'хороший', 'качественный', 'самовывоз', 'где купить', ...CITIES.slice(2),
  ],
  food: [
    'рецепт', 'доставка', 'калории', 'москва', 'рядом', 'цена', 'заказать', 'отзывы', 'в духовке', 'фото', 'состав', 'меню',
    'спб', 'польза и вред', 'калорийность', 'пошагово', 'с фото', 'быстро', 'видео', 'кбжу', 'круглосуточно',
    'на заказ', 'в мультиварке', 'на сковороде', 'без яиц', 'на кефире', 'для детей', 'акции', 'промокод', 'бесплатно',
    'сколько варить', 'как приготовить', 'своими руками', ...CITIES.slice(2),
  ],
  software: [
    'скачать', 'бесплатно', 'на пк', 'онлайн', 'на андроид', 'официальный сайт', 'на русском', '2026', 'последняя версия',
    'для windows', 'на телефон', 'не работает', 'как установить', 'обновление', 'вход', 'веб версия', 'на айфон',
    'без регистрации', 'как пользоваться', 'инструкция', 'аналоги', 'отзывы', 'что такое',
  ],
  media: [
    'смотреть онлайн', '2026', 'бесплатно', 'новинки', 'смотреть', 'лучшие', 'топ 10', 'список', 'онлайн', 'скачать',
    'афиша', 'москва', 'на русском', 'рейтинг', 'отзывы', 'в хорошем качестве', 'на андроид', 'для детей', 'купить',
    'спб', 'билеты', 'расписание', 'что такое', 'видео', 'картинки', ...CITIES.slice(2),
  ],
  services: [
    'цена', 'москва', 'отзывы', 'рядом', 'стоимость', 'спб', 'онлайн', 'недорого', 'как', 'ремонт', 'аренда', 'билеты',
    '2026', 'официальный сайт',
    'записаться', 'лучшие', 'рейтинг', 'что такое', 'условия', 'калькулятор', 'документы', 'бесплатно', 'для начинающих',
    'отзывы клиентов', 'без посредников', 'авито', 'сбербанк', 'налог', 'как оформить', 'дешево', 'фото',
    ...CITIES.slice(2),
  ],
  // Conditions: what people ask about an illness (where to be treated is the clinics' list).
  health: [
    'симптомы', 'лечение', 'у детей', 'норма', 'причины', 'как лечить', 'что делать', 'у взрослых', 'при беременности',
    'таблетки', 'как', 'что такое', 'народные средства', 'профилактика', 'чем лечить', 'без температуры', 'у ребенка',
  ],
  clinic: [
    'цена', 'москва', 'рядом', 'отзывы', 'записаться', 'спб', 'стоимость', 'круглосуточно', 'недорого', 'онлайн',
    'бесплатно', 'по омс', 'платно', 'адрес', 'лучшие', 'рейтинг', '2026', 'официальный сайт', 'для детей', 'телефон',
    ...CITIES.slice(2),
  ],
  weather: [
    'москва', 'завтра', 'на неделю', 'сегодня', 'спб', 'на 10 дней', 'на месяц', 'на сутки', 'на 14 дней', 'сейчас',
    'на выходные', 'карта', 'яндекс', 'ночью', 'утром', 'ветер', 'дождь', 'снег', 'гроза', 'радар', 'архив',
    'подробно', 'влажность', 'восход', 'туман', 'жара', 'град', 'гидрометцентр', 'область', 'вечером', 'днем',
    'на 3 дня', 'на 5 дней', 'онлайн', 'фото', ...CITIES.slice(2),
  ],
  // A phrase of no known topic: only what fits any query (no "купить", "бу", "авито", "своими руками").
  generic: [
    'цена', 'отзывы', 'москва', 'фото', 'видео', '2026', 'что такое', 'как', 'спб', 'значение', 'картинки',
    'официальный сайт', 'бесплатно', 'онлайн', 'виды', 'википедия', 'история', 'рядом', 'недорого', 'новости', 'форум',
    'примеры', 'определение', ...CITIES.slice(2),
  ],
};

/**
 * How much a city narrows a query: CITY_KEEN × the city's share of the country's queries. Most people in a
 * city do not type its name (the engine knows where they are), and a query that names the city is asked
 * mostly there (city-names.ts), so its count there stays below the plain query's in that city. A rank-based
 * factor would make "погода москва" a third of "погода".
 */
const CITY_KEEN = 0.05;
export const CITY_FACTORS: ReadonlyMap<string, number> = new Map(CITY_NAMES.map(([name, , share]) => [name, CITY_KEEN * share]));

/** Weather is asked by city far more often ("погода москва"): there the keenness is 0.15. */
const WEATHER_CITY_KEEN = 0.15;
export const WEATHER_CITY_FACTORS: ReadonlyMap<string, number> = new Map(
  CITY_NAMES.map(([name, , share]) => [name, WEATHER_CITY_KEEN * share]),
);

/** Modifiers that mark a query as a purchase or an order (the search page fills with shops). */
export const COMMERCIAL_WORDS: ReadonlySet<string> = new Set([
  'купить', 'цена', 'стоимость', 'недорого', 'заказать', 'доставка', 'магазин', 'скидкой', 'аренда', 'бу', 'дешево',
  'кредит', 'рассрочку', 'оптом', 'напрокат', 'авито', 'озон', 'вайлдберриз', 'акции', 'распродажа', 'промокод', 'каталог',
]);

/** Words that mark a query as a question for information (the search page is encyclopedias and media). */
export const INFORMATIONAL_WORDS: ReadonlySet<string> = new Set([
  'как', 'что', 'такое', 'почему', 'зачем', 'рецепт', 'калории', 'калорийность', 'своими', 'значение', 'википедия',
  'история', 'симптомы', 'причины', 'норма', 'фото', 'картинки', 'видео', 'смотреть', 'скачать', 'бесплатно', 'схема',
  'инструкция', 'пошагово', 'сколько', 'погода', 'прогноз', 'завтра', 'сегодня',
]);

/** Domains the demo search-results model draws from: big commercial sites, then reference and media. */
export const COMMERCIAL_DOMAINS: readonly string[] = [
  'avito.ru', 'ozon.ru', 'wildberries.ru', 'market.yandex.ru', 'dns-shop.ru', 'mvideo.ru', 'citilink.ru', 'lemanapro.ru',
  'sbermegamarket.ru', 'aliexpress.ru', 'drom.ru', 'auto.ru', 'cian.ru', 'hh.ru', '2gis.ru', 'sravni.ru', 'banki.ru',
  'tutu.ru', 'ostrovok.ru', 'prodoctorov.ru', 'zoon.ru', 'profi.ru',
];
export const REFERENCE_DOMAINS: readonly string[] = [
  'ru.wikipedia.org', 'youtube.com', 'dzen.ru', 'vk.com', 'otzovik.com', 'irecommend.ru', 'pikabu.ru', 'habr.com',
  'mail.ru', 'rbc.ru', 'kp.ru', 'povarenok.ru', 'eda.ru', 'kinopoisk.ru', 'ivi.ru', 'litres.ru', 'labirint.ru',
  'gosuslugi.ru', 'gismeteo.ru', 'yandex.ru',
];
