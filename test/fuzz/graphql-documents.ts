import fc from 'fast-check';

/**
 * GraphQL documents built from the schema's own shape: selections of random depth, random aliases (up to past
 * the alias limit), fragments, directives and argument values valid or not, plus nesting far past every limit.
 * They reach the document limits, the argument checks before execution and the resolvers alike.
 */

/** Each object type's fields: the type a field returns, or null for a leaf. */
const TYPES: Record<string, Record<string, string | null>> = {
  Query: { top: 'Top', dynamics: 'Dynamics', regions: 'RegionDemand', keyword: 'Keyword', keywords: 'Keyword', suggestions: 'Suggestions', quota: 'Quota', usage: 'Usage' },
  Top: { results: 'PhraseCount', associations: 'PhraseCount', totalCount: null },
  PhraseCount: { phrase: null, count: null },
  Dynamics: { results: 'DynamicsPoint', trend: null },
  DynamicsPoint: { date: null, count: null, share: null },
  RegionDemand: { regionId: null, regionNameEn: null, count: null, share: null, affinityIndex: null },
  Keyword: { phrase: null, searchVolume: null, competitionLevel: null, cpc: null, monthlySearches: 'MonthlyVolume', dynamics: 'Dynamics', regions: 'RegionDemand', top: 'Top' },
  MonthlyVolume: { year: null, month: null, searchVolume: null },
  Suggestions: { seedKeyword: null, items: 'Suggestion' },
  Suggestion: { keyword: null, searchVolume: null },
  Quota: { source: null, perSecondLimit: null },
  Usage: { calls: null, spend: null },
};

const ARGS: Record<string, string[]> = {
  'Query.top': ['phrase', 'numPhrases', 'regions', 'devices'],
  'Query.dynamics': ['phrase', 'period', 'fromDate', 'toDate', 'regions', 'devices'],
  'Query.regions': ['phrase', 'level', 'devices'],
  'Query.keyword': ['phrase', 'locationCode', 'languageCode'],
  'Query.keywords': ['phrases', 'locationCode', 'languageCode'],
  'Query.suggestions': ['keyword', 'limit', 'locationCode'],
  'Query.usage': ['from', 'to'],
  'Keyword.dynamics': ['period', 'fromDate', 'toDate', 'devices'],
  'Keyword.regions': ['level', 'devices'],
  'Keyword.top': ['numPhrases', 'devices'],
};

const text = ['"ноутбук"', '"пицца"', '""', '"   "', `"${'я'.repeat(401)}"`, '"\\u0000x"', '"a\\u200b"', '1'];
const integer = ['0', '-1', '1', '5', '2000', '2001', '1.5', '"ten"', '99999999999', 'null'];
const date = ['"2026-01-01"', '"2026-13-01"', '"2020-01-01"', '"9999-12-31"', '"2026-11-20"', '20260101', 'null'];
/** Literal values by argument name, valid and not. */
const VALUES: Record<string, string[]> = {
  phrase: text,
  keyword: text,
  languageCode: ['"ru"', '"xx"', '""', '5'],
  numPhrases: integer,
  limit: integer,
  locationCode: ['2643', '1012', '9999', '0', '-5', '"x"'],
  regions: ['[213]', '[]', '[1, 99999999]', '[[1]]', '213', 'null', `[${Array.from({ length: 101 }, (_, i) => i + 1).join(', ')}]`],
  devices: ['[ALL]', '[PHONE, TABLET]', 'FRIDGE', '[FRIDGE]', '"PHONE"', '[]', 'PHONE'],
  period: ['MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', '"WEEKLY"'],
  level: ['ALL', 'CITIES', 'REGIONS', 'PLANETS'],
  fromDate: date,
  toDate: date,
  from: date,
  to: date,
  phrases: ['["пицца", "суши"]', '[]', '["", "x"]', '"x"', '[1]', `[${Array.from({ length: 101 }, (_, i) => `"p${i}"`).join(', ')}]`],
  bogus: ['1'],
};

const alias = fc.constantFrom('a', 'b', 'c', 'x1', 'top', 'keyword');
const directive = fc.constantFrom('', '', '', ' @include(if: true)', ' @skip(if: true)', ' @skip(if: false)', ' @include(if: "no")', ' @deprecated');

function argumentsOf(type: string, field: string): fc.Arbitrary<string> {
  const names = ARGS[`${type}.${field}`];
  if (!names) return fc.constantFrom('', '', '(bogus: 1)');
  return fc
    .uniqueArray(fc.constantFrom(...names, 'bogus'), { maxLength: names.length + 1 })
    .chain((chosen) => fc.tuple(...chosen.map((name) => fc.constantFrom(...VALUES[name]!).map((value) => `${name}: ${value}`))))
    .map((pairs) => (pairs.length > 0 ? `(${pairs.join(', ')})` : ''));
}

/** One field of `type` and what lies below it, at most `depth` more levels (random junk fields included). */
function fieldOf(type: string, depth: number): fc.Arbitrary<string> {
  const fields = TYPES[type]!;
  return fc
    .tuple(fc.constantFrom(...Object.keys(fields), '__typename', 'nope'), fc.option(alias, { freq: 3, nil: undefined }), directive)
    .chain(([name, as, dir]) => {
      const child = fields[name] ?? null;
      const below = child === null ? fc.constant('') : depth > 0 ? selectionOf(child, depth - 1).map((s) => ` { ${s} }`) : fc.constant(' { __typename }');
      return fc.tuple(argumentsOf(type, name), below).map(([args, sub]) => `${as ? `${as}: ` : ''}${name}${args}${dir}${sub}`);
    });
}

function selectionOf(type: string, depth: number): fc.Arbitrary<string> {
  return fc.array(fieldOf(type, depth), { minLength: 1, maxLength: 3 }).map((fields) => fields.join(' '));
}

/** A root field repeated under many aliases: to the source-call limit, and past the alias limit. */
const aliased = fc
  .tuple(fieldOf('Query', 2), fc.integer({ min: 1, max: 250 }))
  .map(([field, n]) => `{ ${Array.from({ length: n }, (_, i) => `n${i}: ${field.replace(/^\w+: /, '')}`).join(' ')} }`);

/** Nesting of selections, lists or input objects far past every limit (the parser recurses). */
const deeplyNested = fc
  .tuple(fc.integer({ min: 0, max: 3000 }), fc.constantFrom('selection', 'list', 'object'))
  .map(([n, kind]) =>
    kind === 'selection'
      ? `{ ${'a { '.repeat(n)}b${' }'.repeat(n)} }`
      : kind === 'list'
        ? `{ top(phrase: "x", regions: ${'['.repeat(n)}1${']'.repeat(n)}) { totalCount } }`
        : `{ top(phrase: "x", regions: ${'{a: '.repeat(n)}1${'}'.repeat(n)}) { totalCount } }`,
  );

/** A document from the schema's shape, of random depth (0–9 levels below the root), maybe through fragments. */
const shaped = fc
  .tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom('plain', 'fragment', 'inline', 'named'))
  .chain(([depth, form]) =>
    selectionOf('Query', depth).map((selection) => {
      if (form === 'fragment') return `{ ...F } fragment F on Query { ${selection} }`;
      if (form === 'inline') return `{ ... on Query { ${selection} } }`;
      if (form === 'named') return `query Deep { ${selection} }`;
      return `{ ${selection} }`;
    }),
  );

export const schemaShapedDocument: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: shaped },
  { weight: 1, arbitrary: aliased },
  { weight: 1, arbitrary: deeplyNested },
);
