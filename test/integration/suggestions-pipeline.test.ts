import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmCandidateProvider, type LlmProposalReport } from '../../src/adapters/llm/candidate-provider.js';
import { createOpenAiChatModel } from '../../src/adapters/llm/openai-chat.js';
import { createYandexWebSearch } from '../../src/adapters/search-results/yandex-web-search.js';
import { type CompetitionEstimator, noCompetitionEstimator } from '../../src/ports/competition.js';
import { createRestHandler } from '../../src/rest/handler.js';
import type { SuggestionsResultJson } from '../../src/operations/present-v1.js';
import { createV1Routes } from '../../src/rest/v1/routes.js';
import { createBudgetVerifier, type VerificationReport } from '../../src/services/budget-verifier.js';
import { createSearchCompetitionEstimator } from '../../src/services/search-competition.js';
import { createSuggestionsAnswerCache } from '../../src/services/suggestions-cache.js';
import { type CandidateProvider, createSuggestionsPipeline, relatedQueriesProvider } from '../../src/services/suggestions.js';
import { type FakeLlmServer, startFakeLlmServer } from '../fakes/fake-llm-server.js';
import { type FakeSearchServer, startFakeSearchServer } from '../fakes/fake-search-server.js';
import { SEED, seedAnswers, sourceDown, verificationCalls } from '../support/answers/seed-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { apiRequest, createTestRuntime } from '../support/runtime.js';

const DAY = 24 * 3_600_000;
let llm: FakeLlmServer;
let searchApi: FakeSearchServer;

beforeAll(async () => {
  [llm, searchApi] = await Promise.all([startFakeLlmServer(), startFakeSearchServer()]);
});
afterAll(() => Promise.all([llm.close(), searchApi.close()]));
beforeEach(() => {
  llm.behave(() => ({ queries: [] }));
  searchApi.behave(() => ({ page: { foundDocs: 1_000_000, domains: ['ozon.ru', 'wildberries.ru', 'ru.wikipedia.org'] } }));
});

interface SetupOptions {
  withLlm?: boolean;
  /** Leave the source's related queries out (only the LLM proposes). */
  llmOnly?: boolean;
  withSearch?: boolean;
  budget?: number;
  llmTimeoutMs?: number;
  /** Source calls one request runs at once (default 8). */
  concurrency?: number;
}

function setup(options: SetupOptions = {}) {
  const source = createFakeSource({ answers: seedAnswers, latencyMs: 5 });
  const { runtime, cache, clock } = createTestRuntime({ source });
  runtime.concurrency = options.concurrency ?? runtime.concurrency;
  const llmReports: LlmProposalReport[] = [];
  const budgetReports: VerificationReport[] = [];
  const llmProvider = createLlmCandidateProvider({
    llm: createOpenAiChatModel({ baseUrl: llm.baseUrl, model: 'fake-model', timeoutMs: options.llmTimeoutMs ?? 2000 }),
    count: 40,
    onReport: (r) => llmReports.push(r),
  });
  const providers: CandidateProvider[] = options.llmOnly
    ? [llmProvider]
    : options.withLlm
      ? [relatedQueriesProvider, llmProvider]
      : [relatedQueriesProvider];
  const competition: CompetitionEstimator = options.withSearch
    ? createSearchCompetitionEstimator({
        search: createYandexWebSearch({ baseUrl: searchApi.baseUrl, apiKey: 'k', folderId: 'f', timeoutMs: 1000, minIntervalMs: 0 }),
        cache,
        clock,
        ttlMs: DAY,
      })
    : noCompetitionEstimator;
  const suggestions = createSuggestionsPipeline({
    providers,
    verifier: createBudgetVerifier({ budget: options.budget ?? 10, onReport: (r) => budgetReports.push(r) }),
    competition,
    answers: createSuggestionsAnswerCache({ cache, clock, ttlMs: DAY }),
  });
  const handler = createRestHandler(runtime, createV1Routes({ competition, suggestions }));
  const post = async (body: Record<string, unknown>) => {
    const response = (await handler(apiRequest('/v1/keywords/suggestions', body)))!;
    const json = (await response.json()) as { tasks: { result: SuggestionsResultJson[] | null }[] };
    const result = json.tasks[0]!.result?.[0];
    return {
      status: response.status,
      cache: response.headers.get('x-cache'),
      cost: response.headers.get('x-cost'),
      items: result?.items ?? [],
      pairs: (result?.items ?? []).map((i) => [i.keyword, i.search_volume] as const),
    };
  };
  return { source, post, llmReports, budgetReports, clock };
}

/**
 * The seed's related queries alone, seed left out, sorted as decisions.md requires: by volume descending, ties by
 * keyword ascending (a related phrase used to be put at every fifth place, out of volume order).
 */
const SOURCE_ONLY = [
  ['купить ноутбук', 12_000],
  ['планшет', 9_000],
  ['игровой ноутбук', 6_000],
  ['ноутбук бу', 3_000],
  ['ноутбук для учебы', 3_000],
  ['ультрабук', 2_500],
];

describe('suggestions without an LLM', () => {
  it('are the source\'s related queries, one top call, competition 0 without search results', async () => {
    const { source, post } = setup();
    const answer = await post({ keyword: SEED });
    expect(answer.status).toBe(200);
    expect(answer.pairs).toEqual(SOURCE_ONLY);
    expect(answer.items.every((i) => i.competition === 0)).toBe(true);
    expect(source.calls).toHaveLength(1);
    expect(llm.calls).toBe(0);
  });
});

describe('suggestions with an LLM', () => {
  it('add verified LLM candidates: junk, seed and duplicates out, zero volumes dropped, sorted, one call each', async () => {
    llm.behave(() => ({
      queries: [
        'Купить  ноутбук', // the source's own row in another spelling: merged, the measured one kept
        'НОУТБУК', // the seed
        'лучший ноутбук 2025', // not in the seed's list: one call, 700
        'ноутбук для дизайнера', // one call, 400
        'несуществующий запрос', // one call, volume 0: dropped
        'ноутбук -бу', // a Wordstat operator: never sent
        42,
        'лучший ноутбук 2025', // duplicate: no second call
      ],
    }));
    const { source, post, llmReports, budgetReports } = setup({ withLlm: true });
    const answer = await post({ keyword: SEED });
    expect(answer.status).toBe(200);
    // The two verified ideas contain the seed: they rank with the seed's own rows, before the last association.
    // Sorted by volume descending whatever the source of each item (decisions.md).
    expect(answer.pairs).toEqual([...SOURCE_ONLY, ['лучший ноутбук 2025', 700], ['ноутбук для дизайнера', 400]]);
    // The seed's list once (provider and verifier share the call), then one 50-row top call per unknown candidate.
    expect(source.calls.filter((c) => c.method === 'top' && c.query.phrase === SEED)).toHaveLength(1);
    expect(verificationCalls(source).map((q) => [q.phrase, q.numPhrases, q.regions])).toEqual([
      ['лучший ноутбук 2025', 50, [225]],
      ['ноутбук для дизайнера', 50, [225]],
      ['несуществующий запрос', 50, [225]],
    ]);
    expect(llm.requests.at(-1)!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'queries' } });
    expect(llmReports).toMatchObject([{ outcome: 'ok', proposed: 8, kept: 4 }]);
    expect(budgetReports).toMatchObject([{ unmeasured: 3, measuredFree: 0, spent: 3, overBudget: 0, noVolume: 1 }]);
  });

  it('without the related-queries provider, the verifier\'s one seed call still measures listed candidates for free', async () => {
    llm.behave(() => ({ queries: ['планшет', 'ноутбук для учебы', 'макбук', 'никому не нужный запрос'] }));
    const { source, post, budgetReports } = setup({ llmOnly: true });
    const answer = await post({ keyword: SEED, location_code: 1012 });
    expect(answer.pairs).toEqual([['макбук', 9_000], ['планшет', 9_000], ['ноутбук для учебы', 3_000]]);
    expect(source.calls.map((c) => (c.method === 'top' ? [c.query.phrase, c.query.numPhrases, c.query.regions] : []))).toEqual([
      [SEED, 2000, [213]],
      ['макбук', 50, [213]],
      ['никому не нужный запрос', 50, [213]],
    ]);
    expect(budgetReports).toMatchObject([{ unmeasured: 4, measuredFree: 2, spent: 2 }]);
  });

  it('a fenced JSON answer is accepted', async () => {
    llm.behave(() => ({ content: '```json\n{"queries": ["хромбук"]}\n```' }));
    const { post } = setup({ withLlm: true });
    expect((await post({ keyword: SEED })).pairs).toContainEqual(['хромбук', 400]);
  });
});

describe('LLM answers in any shape that holds one list of queries', () => {
  const ideas = ['макбук', 'хромбук'];
  const shapes: Record<string, string> = {
    queries: JSON.stringify({ queries: ideas }),
    keywords: JSON.stringify({ keywords: ideas }),
    phrases: JSON.stringify({ phrases: ideas }),
    'a bare array': JSON.stringify(ideas),
    fenced: `\`\`\`json\n${JSON.stringify({ queries: ideas })}\n\`\`\``,
    'fenced after prose': `Вот идеи:\n\`\`\`\n${JSON.stringify(ideas)}\n\`\`\``,
    'objects with one string': JSON.stringify({ result: ideas.map((query) => ({ query })) }),
  };
  const cases = Object.entries(shapes).flatMap(([name, content]) => [
    [name, content, true] as const,
    [name, content, false] as const,
  ]);

  it.each(cases)('%s (json_schema supported: %s): the candidates reach the answer; the repeat is a HIT with no model call', async (_name, content, schemaSupported) => {
    llm.supportsJsonSchema = schemaSupported;
    try {
      llm.behave(() => ({ content }));
      const { post, llmReports } = setup({ withLlm: true });
      const before = llm.calls;
      const first = await post({ keyword: SEED });
      expect(first.status).toBe(200);
      expect(first.cache).toBe('MISS');
      expect(first.pairs).toContainEqual(['макбук', 9_000]);
      expect(first.pairs).toContainEqual(['хромбук', 400]);
      expect(llmReports).toMatchObject([{ outcome: 'ok', proposed: 2, kept: 2 }]);
      // A server without structured output refuses the schema once: one extra request, then json_object.
      expect(llm.calls).toBe(before + (schemaSupported ? 1 : 2));
      expect(llm.requests.at(-1)!.body.response_format.type).toBe(schemaSupported ? 'json_schema' : 'json_object');

      const repeat = await post({ keyword: SEED, limit: 20 });
      expect(repeat.cache).toBe('HIT');
      expect(repeat.pairs).toEqual(first.pairs.slice(0, 20));
      expect(llm.calls).toBe(before + (schemaSupported ? 1 : 2));

      // The refusal is remembered for that server: another seed asks in json_object mode at once.
      const other = await post({ keyword: 'макбук' });
      expect(other.status).toBe(200);
      expect(llm.calls).toBe(before + (schemaSupported ? 2 : 3));
      expect(llm.requests.at(-1)!.body.response_format.type).toBe(schemaSupported ? 'json_schema' : 'json_object');
    } finally {
      llm.supportsJsonSchema = true;
    }
  });
});

describe('the verification budget', () => {
  const many = Array.from({ length: 30 }, (_, i) => `запрос номер ${i + 1}`);

  it.each([0, 1, 3, 10])('budget %i: never more verification calls than the budget, in the model\'s order', async (budget) => {
    llm.behave(() => ({ queries: ['макбук', 'хромбук', 'лучший ноутбук 2025', ...many] }));
    const { source, post, budgetReports } = setup({ withLlm: true, budget });
    const answer = await post({ keyword: SEED, limit: 100 });
    expect(answer.status).toBe(200);
    const verified = verificationCalls(source).map((q) => q.phrase);
    expect(verified).toEqual(['макбук', 'хромбук', 'лучший ноутбук 2025', ...many].slice(0, budget));
    expect(source.calls).toHaveLength(1 + budget);
    const llmItems = answer.pairs.filter(([k]) => ['макбук', 'хромбук', 'лучший ноутбук 2025'].includes(k));
    expect(llmItems).toHaveLength(Math.min(budget, 3));
    expect(budgetReports[0]).toMatchObject({ spent: budget, budget, overBudget: 33 - budget });
  });

  it('a failed verification call drops its candidate and stops further calls; the request still succeeds', async () => {
    llm.behave(() => ({ queries: ['макбук', 'хромбук', 'лучший ноутбук 2025'] }));
    // One call at a time, so "stops" is observable: the first fails and the other two are never made.
    const { source, post } = setup({ withLlm: true, budget: 10, concurrency: 1 });
    source.failures.set('макбук', sourceDown());
    const answer = await post({ keyword: SEED });
    expect(answer.status).toBe(200);
    expect(answer.pairs).toEqual(SOURCE_ONLY);
    expect(verificationCalls(source).map((q) => q.phrase)).toEqual(['макбук']);
  });
});

describe('every LLM fault degrades to the source alone', () => {
  const faults = {
    timeout: 'hang',
    'HTTP 500': { status: 500 },
    'HTTP 401': { status: 401, body: '{"error":"bad key"}' },
    'malformed envelope': { raw: '{"choices": [{"message": {}}]' },
    'not JSON at all': { raw: '<html>502 Bad Gateway</html>' },
    'prose instead of JSON': { content: 'Конечно! Вот запросы: макбук, хромбук, ультрабук.' },
    'JSON of another shape': { content: '{"queries": "макбук, хромбук"}' },
    'empty content': { content: '' },
  } as const;

  it.each(Object.entries(faults))('%s: 200 with the source-only items, not cached, the LLM tried again next time', async (_name, fault) => {
    llm.behave(() => fault);
    const before = llm.calls;
    const { post, llmReports } = setup({ withLlm: true, llmTimeoutMs: 300 });
    const first = await post({ keyword: SEED });
    expect(first.status).toBe(200);
    expect(first.pairs).toEqual(SOURCE_ONLY);
    expect(llmReports[0]!.outcome).not.toBe('ok');

    llm.behave(() => ({ queries: ['макбук'] }));
    const second = await post({ keyword: SEED });
    expect(llm.calls).toBe(before + 2);
    expect(second.pairs).toContainEqual(['макбук', 9_000]);
  });
});

describe('competition from search results', () => {
  it('is one estimate for the seed in every item', async () => {
    const { post } = setup({ withSearch: true });
    const before = searchApi.calls;
    const answer = await post({ keyword: SEED });
    // 0.5 × log10(1 000 001)/9 + 0.35 × 2/10 (ozon, wildberries) + 0.15 × 3/10 = 0.4483 → 0.45
    expect(answer.items.map((i) => i.competition)).toEqual(SOURCE_ONLY.map(() => 0.45));
    expect(searchApi.calls).toBe(before + 1);
    expect(searchApi.requests.at(-1)!.body.query.queryText).toBe(SEED);
  });

  it('is 0 when the search results cannot be obtained, and the answer is not cached; the failed search is not retried for 5 minutes', async () => {
    searchApi.behave(() => ({ status: 500 }));
    const { post, clock } = setup({ withSearch: true });
    const first = await post({ keyword: SEED });
    expect(first.status).toBe(200);
    expect(first.items.map((i) => i.competition)).toEqual(SOURCE_ONLY.map(() => 0));
    searchApi.behave(() => ({ page: { foundDocs: 0, domains: [] } }));
    const before = searchApi.calls;
    await post({ keyword: SEED });
    expect(searchApi.calls).toBe(before); // the failure is remembered (issue 20, item 13)
    clock.advance(5 * 60_000);
    await post({ keyword: SEED });
    expect(searchApi.calls).toBe(before + 1);
  });
});

describe('the whole answer is cached', () => {
  it('a repeat is a HIT at the repeat price with no new LLM, source or search call; any limit shares it', async () => {
    llm.behave(() => ({ queries: ['макбук', 'хромбук'] }));
    const { source, post } = setup({ withLlm: true, withSearch: true });
    const [llmBefore, searchBefore] = [llm.calls, searchApi.calls];
    const first = await post({ keyword: SEED, limit: 5 });
    expect(first.cache).toBe('MISS');
    expect(first.cost).toBe('1');
    const calls = source.calls.length;

    const repeat = await post({ keyword: 'Ноутбук ', limit: 5 });
    expect(repeat.cache).toBe('HIT');
    expect(repeat.cost).toBe('0.1');
    expect(repeat.items).toEqual(first.items);
    const wider = await post({ keyword: SEED, limit: 100, location_code: 9999 }); // unknown code = Russia
    expect(wider.cache).toBe('HIT');
    // The same five chosen items, among more, and every answer sorted by volume.
    expect(wider.items).toEqual(expect.arrayContaining(first.items));
    for (const items of [first.items, wider.items]) {
      const volumes = items.map((item: { search_volume: number }) => item.search_volume);
      expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    }
    expect(wider.items).toHaveLength(SOURCE_ONLY.length + 2);
    expect([source.calls.length, llm.calls, searchApi.calls]).toEqual([calls, llmBefore + 1, searchBefore + 1]);

    const moscow = await post({ keyword: SEED, location_code: 1012 });
    expect(moscow.cache).toBe('MISS');
    expect(source.calls.length).toBeGreaterThan(calls);
  });

  it('an answer built on a STALE source answer is served but not kept', async () => {
    const { source, post, clock } = setup();
    expect((await post({ keyword: SEED })).cache).toBe('MISS');
    clock.advance(DAY + 1); // the answer and the source entry are no longer fresh; the source entry is kept stale
    source.failures.set(SEED, sourceDown());
    const stale = await post({ keyword: SEED });
    expect([stale.status, stale.cache]).toEqual([200, 'STALE']);
    expect(stale.pairs).toEqual(SOURCE_ONLY);

    source.failures.delete(SEED);
    const recovered = await post({ keyword: SEED });
    expect(recovered.cache).toBe('MISS');
    expect(source.calls).toHaveLength(3);
    expect((await post({ keyword: SEED })).cache).toBe('HIT');
  });

  it('sorting ties by keyword ascending and the limit cut hold for cached answers too', async () => {
    const { post } = setup();
    await post({ keyword: SEED });
    const cached = await post({ keyword: SEED, limit: 5 });
    expect(cached.cache).toBe('HIT');
    expect(cached.pairs).toEqual(SOURCE_ONLY.slice(0, 5));
  });
});
