import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import type { ServiceContext } from '../../src/services/context.js';
import { createRequestContext } from '../../src/services/runtime.js';
import { getSearchVolume, mapWithConcurrency } from '../../src/services/search-volume.js';
import {
  type CandidateProvider,
  type CandidateVerifier,
  createSuggestionsPipeline,
  getSuggestions,
  mergeCandidates,
} from '../../src/services/suggestions.js';
import { noCompetitionEstimator } from '../../src/ports/competition.js';
import { createFakeSource, type FakeSource, type FakeSourceOptions } from '../support/fake-source.js';
import { createTestRuntime } from '../support/runtime.js';

function contextWith(options: FakeSourceOptions, concurrency?: number): { ctx: ServiceContext; source: FakeSource } {
  const source = createFakeSource(options);
  const { runtime } = createTestRuntime({ source });
  const scope = createRequestContext(runtime, { keyId: 'test', name: 'test' });
  return { ctx: { ...scope, ...(concurrency === undefined ? {} : { concurrency }) }, source };
}

const keywords = (n: number) => Array.from({ length: n }, (_, i) => `запрос ${i}`);
const deps = { competition: noCompetitionEstimator };

describe('search_volume fan-out', () => {
  it('runs at most ctx.concurrency source calls at once', async () => {
    const { ctx, source } = contextWith({ latencyMs: 15 }, 3);
    const result = await getSearchVolume(ctx, { keywords: keywords(10) }, deps);
    expect(result.map((r) => r.keyword)).toEqual(keywords(10));
    expect(source.count('dynamics')).toBe(10);
    expect(source.maxInFlight).toBe(3);
  });

  it('defaults to 8 at once', async () => {
    const { ctx, source } = contextWith({ latencyMs: 15 });
    await getSearchVolume(ctx, { keywords: keywords(20) }, deps);
    expect(source.maxInFlight).toBe(8);
  });

  it('stops starting calls after the first failure and rejects with it', async () => {
    const failure = new DomainError('SOURCE_QUOTA_EXHAUSTED', 'quota');
    const { ctx, source } = contextWith({ failures: { 'запрос 1': failure } }, 1);
    await expect(getSearchVolume(ctx, { keywords: keywords(5) }, deps)).rejects.toBe(failure);
    // Dynamics goes upstream with its words sorted (issue 24, item 1): "запрос 0" is sent as "0 запрос".
    expect(source.calls.map((c) => c.query.phrase)).toEqual(['0 запрос', '1 запрос']);
  });

  it('validates every keyword before the first call', async () => {
    const { ctx, source } = contextWith({});
    await expect(getSearchVolume(ctx, { keywords: ['a', 'b', ' '], field: 'phrases' }, deps)).rejects.toMatchObject({
      code: 'INVALID_FIELD',
      field: 'phrases[2]',
    });
    expect(source.calls).toHaveLength(0);
  });

  it('mapWithConcurrency keeps order and copes with empty input and odd limits', async () => {
    expect(await mapWithConcurrency([], 4, async (x) => x)).toEqual([]);
    expect(await mapWithConcurrency([3, 1, 2], 0, async (x) => x * 2)).toEqual([6, 2, 4]);
    expect(await mapWithConcurrency([3, 1, 2], Number.NaN, async (x) => x + 1)).toEqual([4, 2, 3]);
  });
});

describe('suggestions pipeline', () => {
  it('mergeCandidates drops the seed and duplicates, keeping the measured and larger entry', () => {
    const merged = mergeCandidates(' Ноутбук ', [
      { keyword: 'ноутбук', volume: 10, origin: 'a' },
      { keyword: 'игровой ноутбук', origin: 'llm' },
      { keyword: 'Игровой  ноутбук', volume: 5, origin: 'source' },
      { keyword: 'игровой ноутбук', volume: 3, origin: 'source' },
      { keyword: '  ', volume: 99, origin: 'a' },
    ]);
    expect(merged).toEqual([{ keyword: 'Игровой  ноутбук', volume: 5, origin: 'source' }]);
  });

  it('runs every provider, lets the verifier decide, and estimates competition once on the seed', async () => {
    const { ctx, source } = contextWith({});
    const llm: CandidateProvider = {
      name: 'fake-llm',
      propose: async (_ctx, seed) => [
        { keyword: `${seed.phrase} для учёбы`, origin: 'fake-llm' },
        { keyword: 'планшет', origin: 'fake-llm' },
      ],
    };
    const measured: string[] = [];
    const verifier: CandidateVerifier = {
      async verify(_ctx, _seed, candidates) {
        return candidates.map((c) => {
          if (c.volume !== undefined) return { keyword: c.keyword, volume: c.volume };
          measured.push(c.keyword);
          return { keyword: c.keyword, volume: 7_000 };
        });
      },
    };
    const asked: string[] = [];
    const pipeline = createSuggestionsPipeline({
      providers: [createSuggestionsPipeline().providers[0]!, llm],
      verifier,
      competition: { estimate: async (phrase) => (asked.push(phrase), 0.7) },
    });
    const result = await getSuggestions(ctx, { keyword: 'ноутбук', limit: 4 }, pipeline);
    // 'планшет' came from both; the source's measured 9000 wins, so only the new phrase needs measuring.
    expect(measured).toEqual(['ноутбук для учёбы']);
    expect(result.items.map((i) => [i.keyword, i.searchVolume, i.competition])).toEqual([
      // The phrases containing the seed first; 'планшет' would take the fifth place.
      ['купить ноутбук', 12_000, 0.7],
      ['ноутбук asus', 8_000, 0.7],
      ['ноутбук lenovo', 8_000, 0.7],
      ['ноутбук для учёбы', 7_000, 0.7],
    ]);
    expect(asked).toEqual(['ноутбук']);
    expect(source.count('top')).toBe(1);
  });

  it('a failing source provider fails the request', async () => {
    const failure = new DomainError('SOURCE_UNAVAILABLE', 'down');
    const { ctx } = contextWith({ failures: { ноутбук: failure } });
    await expect(getSuggestions(ctx, { keyword: 'ноутбук' }, createSuggestionsPipeline())).rejects.toBe(failure);
  });
});
