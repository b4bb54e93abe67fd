import fc from 'fast-check';
import { schemaShapedDocument } from './graphql-documents.js';
import { TEST_KEY } from '../support/kit.js';

/** One HTTP request the fuzzer sends through `app.fetch`. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

const REST_PATHS = [
  '/v1/keywords/search_volume',
  '/v1/keywords/suggestions',
  '/v1/keywords/locations',
  '/v1/usage',
  '/v2/stats/top',
  '/v2/stats/dynamics',
  '/v2/stats/regions',
  '/v2/stats/quota',
] as const;

/** Paths beside the routes: unknown ones in each family, near misses, odd encodings. */
const ODD_PATHS = ['/v1', '/v2', '/v1/keywords', '/v2/stats/', '/v2/stats/top/', '/V2/stats/top', '/v1/keywords/search_volume%00', '/v2/stats/%2e%2e/top', '/nope', '/graphql/'];

/** Strings a JSON field might get: empty, spaces, long, odd unicode, numbers in text, and anything else. */
export const oddString = fc.oneof(
  fc.constantFrom('', ' ', '   ', '\t\n', 'ноутбук', 'КУПИТЬ  Ноутбук ', 'a'.repeat(400), 'a'.repeat(401), 'я'.repeat(401), '\u0000', '\ud800', '🚲', '"quoted"', '-1', '2026-02-30', '2026-01-01', 'monthly', 'WEEKLY', 'daily', 'cities', 'REGION_ALL', 'mobile', 'DEVICE_ALL', 'all'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Numbers a JSON field might get: in and out of range, negative, fractional, huge. */
export const oddNumber = fc.oneof(
  fc.constantFrom(0, 1, -1, 50, 100, 101, 2000, 2001, 2643, 1012, 213, 225, 1e21, -0, 1.5, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, weighted toward the odd strings and numbers above. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: oddString },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.array(fc.oneof(oddString, oddNumber), { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

const FIELDS = [
  'phrase', 'numPhrases', 'regions', 'devices', 'period', 'fromDate', 'toDate', 'region',
  'keywords', 'keyword', 'location_code', 'language_code', 'limit', 'from', 'to',
];

/** An object with some of the routes' field names (and a stray one), each with an odd value. */
const shapedObject = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), oddValue, { maxKeys: 6 });

/** A JSON text: a shaped object, an envelope-style array of tasks, or any JSON at all. */
const jsonBody = fc.oneof(
  { weight: 6, arbitrary: shapedObject.map((o) => JSON.stringify(o)) },
  { weight: 1, arbitrary: fc.array(shapedObject, { maxLength: 3 }).map((a) => JSON.stringify(a)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
);

/** Bodies that are not JSON, or not quite: cut, padded, binary, empty, BOM, over the 1 MiB limit. */
const brokenBody = fc.oneof(
  jsonBody.chain((text) => fc.nat({ max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))),
  fc.string({ maxLength: 60 }),
  fc.uint8Array({ maxLength: 64 }),
  fc.constantFrom('', ' ', 'null', '[]', '{}', '{"phrase":}', '\ufeff{"phrase":"x"}', '{"phrase":"x"}{"phrase":"y"}', 'NaN', '{"__proto__":{"x":1}}'),
  fc.constant('x'.repeat(1024 * 1024 + 1)),
);

const AUTHORIZATION = fc.oneof(
  { weight: 8, arbitrary: fc.constant(`Bearer ${TEST_KEY}`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(undefined, '', 'Bearer', 'Bearer ', 'bearer wrong-key-0123', `Basic ${TEST_KEY}`, `Bearer ${TEST_KEY} extra`, 'Bearer short', `Bearer ${'k'.repeat(600)}`),
  },
);

const CONTENT_TYPE = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constantFrom(undefined, 'text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/graphql', '*/*', 'application/graphql-response+json') },
);

const ACCEPT = fc.constantFrom(undefined, undefined, 'application/json', 'application/graphql-response+json', 'text/html', '*/*', 'text/event-stream', 'multipart/mixed', 'application/xml', 'application/json;q=0');

const METHOD = fc.oneof({ weight: 8, arbitrary: fc.constant('POST') }, { weight: 2, arbitrary: fc.constantFrom('GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') });

function headersOf(values: { authorization?: string | undefined; 'content-type'?: string | undefined; accept?: string | undefined }) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) headers[name] = value;
  return headers;
}

/** Phrases the demo source answers (a few words from a small vocabulary), now and then an odd string. */
export const phrase = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.constantFrom('купить', 'ноутбук', 'пицца', 'велосипед', 'шины', 'Москва', 'цена', 'iphone', 'ремонт'), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')) },
  { weight: 1, arbitrary: oddString },
);

const REGION_CODES = fc.constantFrom(213, 2, 1, 225, 3, 10174, 54, 0, -1, 99999999);
const DEVICES = fc.oneof(
  fc.constantFrom('phone', 'mobile', 'DEVICE_ALL', 'Desktop', 'tablet', 'TV'),
  fc.array(fc.constantFrom('desktop', 'phone', 'tablet', 'all', 'DEVICE_TABLET', 'watch'), { maxLength: 4 }),
);
const DATE = fc.oneof(
  fc.date({ min: new Date('2017-06-01'), max: new Date('2027-01-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('2026-11-19', '2026-09-21', '2026-02-29', '2026-11-20', '20261101', ''),
);
const LOCATION = fc.constantFrom(2643, 1012, 1013, 1017, 10039, 20174, 9999, 0, -5);

/** A body the route would accept, or nearly (optional fields present or not, values drawn from valid ones). */
const VALID_BODY: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  '/v2/stats/top': fc.record(
    { phrase, numPhrases: fc.oneof(fc.nat({ max: 60 }), fc.constantFrom(2000, 2001, -1)), regions: fc.array(REGION_CODES, { maxLength: 3 }), devices: DEVICES },
    { requiredKeys: ['phrase'] },
  ),
  '/v2/stats/dynamics': fc.record(
    { phrase, period: fc.constantFrom('monthly', 'WEEKLY', 'daily', 'PERIOD_DAILY', 'yearly'), fromDate: DATE, toDate: DATE, regions: fc.array(REGION_CODES, { maxLength: 2 }), devices: DEVICES },
    { requiredKeys: ['phrase'] },
  ),
  '/v2/stats/regions': fc.record(
    { phrase, region: fc.constantFrom('all', 'cities', 'REGIONS', 'REGION_ALL', 'towns'), devices: DEVICES },
    { requiredKeys: ['phrase'] },
  ),
  '/v1/keywords/search_volume': fc.record(
    { keywords: fc.array(phrase, { minLength: 1, maxLength: 4 }), location_code: LOCATION, language_code: fc.constantFrom('ru', 'en', 'xx') },
    { requiredKeys: ['keywords'] },
  ),
  '/v1/keywords/suggestions': fc.record(
    { keyword: phrase, limit: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constantFrom(0, 100, 101)), location_code: LOCATION, language_code: fc.constant('ru') },
    { requiredKeys: ['keyword'] },
  ),
  '/v1/keywords/locations': fc.record({ keyword: phrase, language_code: fc.constant('en') }, { requiredKeys: ['keyword'] }),
};

/** One small change to a body: a field set to an odd value, a field dropped, or nothing. */
const mutated = (body: fc.Arbitrary<Record<string, unknown>>) =>
  fc.tuple(body, fc.constantFrom('keep', 'keep', 'set', 'drop'), fc.constantFrom(...FIELDS), oddValue).map(([b, action, field, value]) => {
    const copy: Record<string, unknown> = { ...b };
    if (action === 'set') copy[field] = value;
    if (action === 'drop') delete copy[Object.keys(copy)[0] ?? field];
    return copy;
  });

const POST_ROUTES = Object.keys(VALID_BODY);
const GET_ROUTES = ['/v1/usage', '/v2/stats/quota'];

/** Mostly well-formed requests to each route (so the fuzzer reaches the source and the success path). */
const wellFormedRest: fc.Arbitrary<FuzzRequest> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...POST_ROUTES).chain((path) =>
      fc.record({ path: fc.constant(path), body: mutated(VALID_BODY[path]!), authorization: AUTHORIZATION, wrapInArray: fc.boolean() }).map(
        ({ path: p, body, authorization, wrapInArray }) => ({
          method: 'POST',
          path: p,
          headers: headersOf({ authorization, 'content-type': 'application/json' }),
          // The /v1 family takes one task, or an array of exactly one.
          body: JSON.stringify(wrapInArray && p.startsWith('/v1') ? [body] : body),
        }),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({
        path: fc.constantFrom(...GET_ROUTES),
        query: fc.dictionary(fc.constantFrom('from', 'to', 'x'), fc.oneof(DATE, oddString.map(String)), { maxKeys: 2 }),
        authorization: AUTHORIZATION,
      })
      .map(({ path, query, authorization }) => ({
        method: 'GET',
        path: `${path}?${new URLSearchParams(query).toString()}`,
        headers: headersOf({ authorization }),
        body: undefined,
      })),
  },
);

/** Anything: any method, path, headers and body. */
const wildRest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: METHOD,
    path: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...REST_PATHS) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_PATHS) }),
    query: fc.option(fc.dictionary(fc.constantFrom('from', 'to', 'x'), oddString.map(String), { maxKeys: 2 }), { nil: undefined }),
    body: fc.oneof({ weight: 4, arbitrary: jsonBody }, { weight: 1, arbitrary: brokenBody }),
    authorization: AUTHORIZATION,
    contentType: CONTENT_TYPE,
    accept: ACCEPT,
  })
  .map(({ method, path, query, body, authorization, contentType, accept }) => ({
    method,
    path: query ? `${path}?${new URLSearchParams(query).toString()}` : path,
    headers: headersOf({ authorization, 'content-type': contentType, accept }),
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
  }));

/** A request to a REST route (or a path beside one): half well-formed, half wild. */
export const restRequest: fc.Arbitrary<FuzzRequest> = fc.oneof(wellFormedRest, wildRest);

/** Pieces of valid GraphQL for this schema, for the generator to recombine. */
const FIELD_SNIPPETS = [
  'top(phrase: $p) { totalCount results { phrase count } }',
  'top(phrase: "ноутбук", numPhrases: 2001) { totalCount }',
  'dynamics(phrase: $p, period: DAILY, fromDate: "2020-01-01") { trend results { date count share } }',
  'dynamics(phrase: "x", fromDate: "2026-13-01") { trend }',
  'regions(phrase: $p, level: CITIES) { regionId regionNameEn count share affinityIndex }',
  'keyword(phrase: $p) { searchVolume competition competitionLevel cpc monthlySearches { year month searchVolume } }',
  'keyword(phrase: "пицца", locationCode: 1012) { dynamics(period: WEEKLY) { trend } regions { count } top(numPhrases: 3) { totalCount } }',
  'keywords(phrases: $ps) { phrase searchVolume }',
  'keywords(phrases: []) { phrase }',
  'suggestions(keyword: $p, limit: 5) { seedKeyword items { keyword searchVolume competition cpc } }',
  'quota { source hourly { limit remaining } perSecondLimit }',
  'usage { calls hits spend }',
  '__typename',
  '__schema { queryType { name } }',
  'nope',
  'top { totalCount }',
  'top(phrase: 1) { totalCount }',
];

const DECLARATIONS: Record<string, fc.Arbitrary<string>> = {
  $p: fc.oneof({ weight: 5, arbitrary: fc.constant('$p: String!') }, { weight: 1, arbitrary: fc.constantFrom('$p: String', '$p: Int', '$p: [String!]') }),
  $ps: fc.oneof({ weight: 5, arbitrary: fc.constant('$ps: [String!]!') }, { weight: 1, arbitrary: fc.constantFrom('$ps: [String!]', '$ps: String') }),
};

/** A well-formed operation: 1 to 3 fields, declaring exactly the variables they use (with the right types, mostly). */
const wellFormedDocument = fc.array(fc.constantFrom(...FIELD_SNIPPETS), { minLength: 1, maxLength: 3 }).chain((fields) => {
  const used = (['$p', '$ps'] as const).filter((v) => fields.some((f) => new RegExp(`\\${v}\\b`).test(f)));
  return fc
    .tuple(
      fc.oneof({ weight: 8, arbitrary: fc.constant('query Q') }, { weight: 1, arbitrary: fc.constantFrom('query', 'mutation', 'subscription') }),
      fc.tuple(...used.map((v) => DECLARATIONS[v]!)),
    )
    .map(([operation, declarations]) => {
      const head = declarations.length > 0 ? `${operation}(${declarations.join(', ')})` : operation;
      return `${head} { ${fields.map((f, i) => `f${i}: ${f}`).join(' ')} }`;
    });
});

/** A GraphQL document: recombined valid fields, with random cuts, junk tokens, or nothing valid at all. */
export const graphqlDocument: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: wellFormedDocument },
  { weight: 1, arbitrary: fc.tuple(wellFormedDocument, fc.nat({ max: 120 })).map(([document, cut]) => document.slice(0, cut)) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom('{', '}', '(', ')', '$p', ':', '"x"', 'query', 'fragment', '...', 'on', 'Query', '@skip(if: true)', '#', '\n', 'top', '[', ']'), { maxLength: 20 }).map((t) => t.join(' ')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 80 }) },
  { weight: 1, arbitrary: fc.constant(`{ ${'a { '.repeat(200)}${'} '.repeat(200)}}`) },
  { weight: 4, arbitrary: schemaShapedDocument },
);

/** Variables that fit the documents above, most of the time. */
const graphqlVariables = fc.oneof(
  { weight: 6, arbitrary: fc.record({ p: phrase, ps: fc.array(phrase, { minLength: 1, maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ p: oddValue, ps: oddValue }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: oddValue },
);

/** GraphQL requests: POST JSON (document, variables, operationName), GET with query parameters, or broken bodies. */
export const graphqlRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    query: fc.option(graphqlDocument, { nil: undefined, freq: 10 }),
    variables: fc.option(graphqlVariables, { nil: undefined, freq: 8 }),
    operationName: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom('Q', 'nope', '') }),
    transport: fc.oneof({ weight: 12, arbitrary: fc.constant('post') }, { weight: 3, arbitrary: fc.constant('get') }, { weight: 1, arbitrary: fc.constant('broken') }),
    broken: brokenBody,
    brokenVariables: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
    authorization: AUTHORIZATION,
    contentType: fc.oneof({ weight: 3, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: CONTENT_TYPE }),
    accept: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(undefined, 'application/json', 'application/graphql-response+json') }, { weight: 1, arbitrary: ACCEPT }),
  })
  .map(({ query, variables, operationName, transport, broken, brokenVariables, authorization, contentType, accept }) => {
    const headers = headersOf({ authorization, 'content-type': contentType, accept });
    if (transport === 'get') {
      const params = new URLSearchParams();
      if (query !== undefined) params.set('query', query);
      if (variables !== undefined) params.set('variables', brokenVariables ? JSON.stringify(variables).slice(0, -1) : JSON.stringify(variables));
      if (operationName !== undefined) params.set('operationName', operationName);
      return { method: 'GET', path: `/graphql?${params.toString()}`, headers, body: undefined };
    }
    const body = transport === 'broken' ? broken : JSON.stringify({ query, variables, operationName });
    return { method: 'POST', path: '/graphql', headers, body };
  });
