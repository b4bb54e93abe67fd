import { request } from 'undici';

/** One request of a mixed workload. */
export interface WorkItem {
  kind: string;
  path: string;
  body: unknown;
}

/** A small seeded PRNG (mulberry32): the same seed gives the same workload on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASES = [
  'купить ноутбук', 'пицца', 'велосипед', 'зимние шины', 'ремонт квартиры', 'доставка цветов', 'такси', 'погода',
  'курсы английского', 'стоматология', 'кроссовки', 'iphone', 'путевки в турцию', 'ипотека', 'диван', 'аренда авто',
];

/**
 * Phrases that overlap across faces: `count` distinct phrases (a tag makes them new to every cache), each also
 * written in other case and spacing, which Wordstat (and a good cache key) treats as the same phrase.
 */
export function phrasePool(count: number, tag: string): { canonical: string[]; variant: (i: number, random: () => number) => string } {
  const canonical = Array.from({ length: count }, (_, i) => `${BASES[i % BASES.length]} ${tag}${Math.floor(i / BASES.length) || ''}`.trim());
  const variant = (i: number, random: () => number) => {
    const phrase = canonical[i % canonical.length]!;
    const r = random();
    if (r < 0.6) return phrase;
    if (r < 0.8) return phrase.toUpperCase();
    return `  ${phrase.replace(' ', '   ')} `;
  };
  return { canonical, variant };
}

const GRAPHQL_KEYWORD = `query ($p: String!) { keyword(phrase: $p) { searchVolume top(numPhrases: 20) { totalCount } regions(level: CITIES) { count } } }`;
const GRAPHQL_KEYWORDS = `query ($ps: [String!]!) { keywords(phrases: $ps) { phrase searchVolume } }`;
const GRAPHQL_MATCH_TYPES = `query ($p: String!, $t: [MatchType!]) { keyword(phrase: $p, matchTypes: $t) { searchVolume searchVolumePhrase searchVolumeExact searchVolumeOrder } }`;
const MATCH_TYPE_SETS = [['phrase'], ['exact'], ['phrase', 'exact'], ['order', 'phrase'], ['phrase', 'exact', 'order']];
const GRAPHQL_DYNAMICS = `query ($p: String!) { dynamics(phrase: $p, period: WEEKLY) { trend } top(phrase: $p) { totalCount } }`;

/**
 * `n` requests over /v1, /v2 and GraphQL that share source calls: /v2 dynamics and /v1 search_volume and GraphQL
 * keyword need the same monthly dynamics; /v2 regions and /v1 locations the same regions; and so on.
 */
export function mixedWorkload(n: number, phrases: number, tag: string, seed = 1, options: { matchTypes?: boolean } = {}): WorkItem[] {
  const random = seededRandom(seed);
  const pool = phrasePool(phrases, tag);
  const pick = () => pool.variant(Math.floor(random() * phrases), random);
  const makers: (() => WorkItem)[] = [
    () => ({ kind: 'v2 top', path: '/v2/stats/top', body: { phrase: pick(), numPhrases: random() < 0.5 ? 50 : 20 } }),
    () => ({ kind: 'v2 dynamics', path: '/v2/stats/dynamics', body: { phrase: pick() } }),
    () => ({ kind: 'v2 dynamics weekly', path: '/v2/stats/dynamics', body: { phrase: pick(), period: 'weekly' } }),
    () => ({ kind: 'v2 regions', path: '/v2/stats/regions', body: { phrase: pick(), region: random() < 0.5 ? 'all' : 'cities' } }),
    () => ({
      kind: 'v1 search_volume',
      path: '/v1/keywords/search_volume',
      body: { keywords: Array.from({ length: 1 + Math.floor(random() * 5) }, pick) },
    }),
  ];
  // Match types (issue 21): each asked type is one GetTop per keyword, shared with GraphQL's and the other sets'.
  // Opt-in: the soak's memory bands were set for the workload without them (they add distinct cache entries).
  const matchTypeMakers: (() => WorkItem)[] = [
    () => ({
      kind: 'v1 search_volume match types',
      path: '/v1/keywords/search_volume',
      body: {
        keywords: Array.from({ length: 1 + Math.floor(random() * 3) }, pick),
        match_types: MATCH_TYPE_SETS[Math.floor(random() * MATCH_TYPE_SETS.length)],
        ...(random() < 0.3 ? { history_months: 24 } : {}),
      },
    }),
    () => ({
      kind: 'graphql keyword match types',
      path: '/graphql',
      body: {
        query: GRAPHQL_MATCH_TYPES,
        variables: { p: pick(), t: MATCH_TYPE_SETS[Math.floor(random() * MATCH_TYPE_SETS.length)]!.map((type) => type.toUpperCase()) },
      },
    }),
  ];
  const rest: (() => WorkItem)[] = [
    () => ({ kind: 'v1 locations', path: '/v1/keywords/locations', body: { keyword: pick() } }),
    () => ({ kind: 'graphql keyword', path: '/graphql', body: { query: GRAPHQL_KEYWORD, variables: { p: pick() } } }),
    () => ({
      kind: 'graphql keywords',
      path: '/graphql',
      body: { query: GRAPHQL_KEYWORDS, variables: { ps: Array.from({ length: 1 + Math.floor(random() * 4) }, pick) } },
    }),
    () => ({ kind: 'graphql dynamics+top', path: '/graphql', body: { query: GRAPHQL_DYNAMICS, variables: { p: pick() } } }),
  ];
  const all = [...makers, ...(options.matchTypes ? matchTypeMakers : []), ...rest];
  return Array.from({ length: n }, () => all[Math.floor(random() * all.length)]!());
}

/** What one sent request came back with. */
export interface Outcome {
  item: WorkItem;
  status: number;
  ms: number;
  /** A GraphQL answer with `errors`, or a transport failure. */
  error?: string;
}

/** Sends one item; never throws (a transport failure is an outcome with status 0). */
export async function send(url: string, key: string, item: WorkItem, timeoutMs = 60_000): Promise<Outcome> {
  const started = performance.now();
  try {
    const response = await request(`${url}${item.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(item.body),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await response.body.text();
    const outcome: Outcome = { item, status: response.statusCode, ms: performance.now() - started };
    if (item.path === '/graphql' && text.includes('"errors"')) outcome.error = text.slice(0, 300);
    else if (response.statusCode !== 200) outcome.error = text.slice(0, 300);
    return outcome;
  } catch (error) {
    return { item, status: 0, ms: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Sends every item with `concurrency` workers, item i to urls[i % urls.length]. */
export async function runWorkload(urls: readonly string[], key: string, items: readonly WorkItem[], concurrency: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < items.length; i = next++) outcomes[i] = await send(urls[i % urls.length]!, key, items[i]!);
    }),
  );
  return outcomes;
}
