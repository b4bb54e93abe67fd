import { transliterate } from '../../domain/regions/transliterate.js';
import type { SerpAds, SerpPage, SerpQuery, SerpResult } from '../../ports/web-search.js';
import { cityNamed } from './city-names.js';
import { commercialityOf, demoCompetition } from './competition.js';
import { hashString, mix, SALT, unit } from './hash.js';
import { phraseParams } from './phrase-model.js';
import { COMMERCIAL_WORDS, INFORMATIONAL_WORDS, REFERENCE_DOMAINS } from './vocabulary.js';
import { keysOf } from './word-forms.js';

/** The three kinds of page a results list is made of: shops and marketplaces, local firms, articles. */
type Kind = 'shop' | 'local' | 'article';
type Intent = 'commercial' | 'mixed' | 'informational';

/** Share of shop and local results per intent (the rest are articles). */
const MIX: Record<Intent, { shop: number; local: number }> = {
  commercial: { shop: 0.45, local: 0.45 },
  mixed: { shop: 0.3, local: 0.2 },
  informational: { shop: 0.05, local: 0 },
};

/**
 * The slots of a page in fours: two from the topic's list (its topic words together), one from one topic word's
 * list (each word in turn), one from the phrase's own list (all its words, modifiers included).
 */
function listForSlot<L>(slotInFour: number, topic: L, own: L, word: L): L {
  return slotInFour === 3 ? own : slotInFour === 2 ? word : topic;
}
/** The longest page the model makes (the deepest depth); shallower pages are its prefix. */
const MAX_DEPTH = 30;

/** Shops and marketplaces of the shop entries (the small shops of a topic are made up beside them). */
const SHOP_DOMAINS: readonly string[] = [
  'ozon.ru', 'wildberries.ru', 'market.yandex.ru', 'avito.ru', 'megamarket.ru', 'aliexpress.ru', 'lemanapro.ru', 'dns-shop.ru',
  'mvideo.ru', 'citilink.ru', 'vseinstrumenti.ru', 'petrovich.ru',
];

const KIND_SALT = { shop: 1, local: 2, article: 3 } as const;

/** A short code per region for local firms' domains (the capitals by name, the others by id). */
const regionCode = (regionId: number) => (regionId === 213 ? 'msk' : regionId === 2 ? 'spb' : `r${regionId}`);

const slug = (text: string) =>
  transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'x';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function intentOf(c: number): Intent {
  return c >= 0.7 ? 'commercial' : c < 0.3 ? 'informational' : 'mixed';
}

/** The j-th entry of a list's stream of kinds: fixed per (list, intent), so every phrase reading it agrees. */
function kindAt(listSeed: number, intent: Intent, j: number): Kind {
  const draw = unit(listSeed, SALT.serp, intent === 'commercial' ? 1 : intent === 'mixed' ? 2 : 3, j);
  const mix = MIX[intent];
  return draw < mix.shop ? 'shop' : draw < mix.shop + mix.local ? 'local' : 'article';
}

/**
 * The j-th entry of a list: a URL and title made only of (the list's words, its kind, j, and the region for a
 * local firm), so two phrases reading the same list get the same URLs. Shops and articles are drawn from the
 * big sites (vocabulary.ts) or from small sites of the topic; local firms are the region's own sites.
 */
function entryAt(list: List, kind: Kind, j: number, localRegion: number): Omit<SerpResult, 'position'> {
  const { slug: topic, title: words } = list;
  const h = mix(list.seed, SALT.serp, KIND_SALT[kind] * 100 + j, kind === 'local' ? localRegion : 0);
  if (kind === 'shop') {
    const big = h % 3 !== 0;
    const domain = big ? SHOP_DOMAINS[h % SHOP_DOMAINS.length]! : `${topic.split('-')[0]}-shop${h % 97}.ru`;
    return {
      url: `https://${domain}/catalog/${topic}/`,
      domain,
      title: `${capitalized(words)} — купить по выгодной цене | ${domain}`,
      snippet: `${capitalized(words)} в каталоге ${domain}: ${20 + (h % 480)} товаров, цены от ${100 + (h % 90) * 10} ₽, доставка и самовывоз.`,
    };
  }
  if (kind === 'local') {
    const domain = `${topic.split('-')[0]}-${regionCode(localRegion)}${h % 89}.ru`;
    const home = h % 4 === 0;
    return {
      url: home ? `https://${domain}/` : `https://${domain}/${topic}/`,
      domain,
      title: `${capitalized(words)} в вашем городе — ${domain}`,
      snippet: `${capitalized(words)} с гарантией ${1 + (h % 5)} года. Выезд специалиста в день обращения, работаем без выходных.`,
    };
  }
  const big = h % 2 === 0;
  const domain = big ? REFERENCE_DOMAINS[h % REFERENCE_DOMAINS.length]! : `${topic.split('-')[0]}-info${h % 83}.ru`;
  return {
    url: `https://${domain}/articles/${topic}-${h % 1000}/`,
    domain,
    title: `${capitalized(words)}: что это и как выбрать — ${domain}`,
    snippet: `Рассказываем, что такое ${words} и на что смотреть при выборе: ${3 + (h % 9)} советов и частые ошибки.`,
  };
}

/**
 * A list of results: the seed its entries are drawn from and the text of their URLs (both from word keys, forms
 * merged, so every phrase reading the list gets the same URLs), and the words its titles read (as written).
 */
interface List {
  seed: number;
  slug: string;
  title: string;
}

/**
 * The demo's search results for a page: deterministic, and shaped as a specialist's clustering expects.
 * - Related phrases share URLs in proportion to how close they are (listForSlot): half the slots come from the
 *   list of the phrase's topic (its words without buying and question words, forms merged), a quarter from its
 *   topic words' own lists, a quarter from the phrase's own list. Phrases with the same topic and intent share
 *   about three quarters of their results; phrases sharing some topic words, part of the word lists' quarter.
 * - Commercial phrases (a buying word, a shop category) carry shop and marketplace domains, informational ones
 *   articles and reference sites, mixed ones both (commercialityOf, the competition model's figure).
 * - City phrases differ between regions: commercial and mixed lists hold local firms of the region ranked for,
 *   and a phrase naming a city holds that city's firms wherever it is asked (so it does not vary).
 * - Mobile pages swap a few neighbours; depths are prefixes of one 30-result list. The document count is the
 *   competition model's (demoCompetition), and a phrase no document matches has an empty page.
 */
export function demoSerp(query: SerpQuery): SerpPage {
  const { foundDocs } = demoCompetition(query.phrase);
  const params = phraseParams(query.phrase);
  const words = params.words;
  if (words.length === 0 || foundDocs === 0) return { foundDocs, results: [] };
  const intent = intentOf(commercialityOf(words, params.seed));
  const isTopicWord = (w: string) => !COMMERCIAL_WORDS.has(w) && !INFORMATIONAL_WORDS.has(w);
  const topicWords = words.filter(isTopicWord).length > 0 ? words.filter(isTopicWord) : words;
  const topicKeys = [...new Set(keysOf(topicWords))].sort();
  const keys = [...new Set(keysOf(words))].sort();
  // Titles and site names read the topic as written; the lists are keyed by its forms merged.
  const topicText = topicWords.join(' ');
  const topic: List = { seed: hashString(topicKeys.join(' ')), slug: slug(topicKeys.join(' ')), title: topicText };
  const perWord: List[] = topicKeys.map((key) => ({ seed: hashString(`word:${key}`), slug: slug(key), title: topicText }));
  const own: List = { seed: hashString(`own:${keys.join(' ')}`), slug: slug(topicKeys.join(' ')), title: topicText };
  const localRegion = cityNamed(keys) ?? query.regionId;
  const cursors = new Map<List, number>();
  const next = (list: List) => {
    const j = cursors.get(list) ?? 0;
    cursors.set(list, j + 1);
    return entryAt(list, kindAt(list.seed, intent, j), j, localRegion);
  };
  const results: Omit<SerpResult, 'position'>[] = [];
  const domains = new Set<string>();
  const limit = Math.min(MAX_DEPTH, foundDocs);
  let turn = 0;
  for (let slot = 0; results.length < limit && slot < MAX_DEPTH * 20; slot++) {
    const list = listForSlot(slot % 4, topic, own, perWord[turn % perWord.length]!);
    if (slot % 4 === 2) turn++;
    const entry = next(list);
    if (domains.has(entry.domain)) continue; // the engine groups by domain: one result per site
    domains.add(entry.domain);
    results.push(entry);
  }
  if (query.device === 'mobile') swapNeighbours(results, params.seed);
  return { foundDocs, results: results.slice(0, query.depth).map((r, i) => ({ position: i + 1, ...r })) };
}

/** Mobile ranking: a few neighbouring results trade places (per phrase, the same each time). */
function swapNeighbours(results: Omit<SerpResult, 'position'>[], seed: number): void {
  for (let i = 1; i + 1 < results.length; i += 3) {
    if (unit(seed, SALT.serp, 7, i) < 0.5) [results[i], results[i + 1]] = [results[i + 1]!, results[i]!];
  }
}

/**
 * The demo's page as the HTML format shows it: demoSerp's organic results plus ads, by the phrase's intent as the
 * model draws it: commercial phrases carry 2–4 text ads on top, 1–3 below and a product gallery of 6–12 cards;
 * mixed ones 1 ad on top and 1 below; informational ones none. Deterministic per phrase; ads point at shops.
 */
export function demoSerpWithAds(query: SerpQuery): SerpPage {
  const page = demoSerp(query);
  return { ...page, ads: demoAds(query) };
}

function demoAds(query: SerpQuery): SerpAds {
  const params = phraseParams(query.phrase);
  const none: SerpAds = { text: [], productGallery: null };
  if (params.words.length === 0) return none;
  const intent = intentOf(commercialityOf(params.words, params.seed));
  if (intent === 'informational') return none;
  const draw = (salt: number) => mix(params.seed, SALT.serp, 900 + salt, query.regionId);
  const top = intent === 'commercial' ? 2 + (draw(1) % 3) : 1;
  const bottom = intent === 'commercial' ? 1 + (draw(2) % 3) : 1;
  const text = params.words.join(' ');
  const topic = slug(text);
  const ad = (block: 'top' | 'bottom', position: number) => {
    const h = draw(10 + (block === 'top' ? 0 : 50) + position);
    const domain = h % 2 === 0 ? SHOP_DOMAINS[h % SHOP_DOMAINS.length]! : `${topic.split('-')[0]}-${regionCode(query.regionId)}-sale${h % 71}.ru`;
    return { block, position, url: `https://${domain}/promo/${topic}/?utm_source=yandex`, domain, title: `${capitalized(text)} со скидкой до ${10 + (h % 40)}% — ${domain}` };
  };
  return {
    text: [...Array.from({ length: top }, (_, i) => ad('top', i + 1)), ...Array.from({ length: bottom }, (_, i) => ad('bottom', i + 1))],
    productGallery: intent === 'commercial' ? { count: 6 + (draw(3) % 7) } : null,
  };
}
