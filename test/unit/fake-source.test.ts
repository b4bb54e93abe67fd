import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import type { TopQuery } from '../../src/domain/types.js';
import { callNumberAnswers } from '../support/answers/call-number-answers.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';

const top = (phrase: string): TopQuery => ({ phrase, numPhrases: 3, regions: [], devices: [] });

// The kit's one fake source: the tests lean on its call log and failures, so they are checked here.
describe('createFakeSource', () => {
  it('logs every call as a copy of its query, counts per method, and answers from the model', async () => {
    const source = createFakeSource({ answers: formulaAnswers });
    const query = top('два слова');
    const answer = await source.top(query);
    query.phrase = 'changed after the call';
    await source.regionTree();
    expect(answer.totalCount).toBe(20_000);
    expect(source.calls).toEqual([{ method: 'top', query: top('два слова') }]);
    expect([source.count('top'), source.count('regionTree'), source.count('dynamics'), source.count()]).toEqual([1, 1, 0, 2]);
  });

  it('fails by canonical phrase and by rule, and both can change mid-test; a failed call still counts', async () => {
    const source = createFakeSource({ failures: { 'сломанный запрос': new DomainError('SOURCE_FAILED', 'bad') } });
    await expect(source.top(top('  Сломанный   ЗАПРОС '))).rejects.toMatchObject({ code: 'SOURCE_FAILED' });
    source.failures.delete('сломанный запрос');
    await expect(source.top(top('сломанный запрос'))).resolves.toBeDefined();
    source.failWhen(({ n, method }) => (method === 'top' && n === 3 ? new DomainError('SOURCE_UNAVAILABLE', 'third') : undefined));
    await expect(source.top(top('x'))).rejects.toMatchObject({ code: 'SOURCE_UNAVAILABLE' });
    await expect(source.top(top('x'))).resolves.toBeDefined();
    expect(source.count()).toBe(4);
  });

  it('numbers calls for models that tell them apart', async () => {
    const source = createFakeSource({ answers: callNumberAnswers });
    expect((await source.top(top('a'))).totalCount).toBe(1000);
    expect((await source.top(top('a'))).totalCount).toBe(2000);
  });

  it('waits latencyMs through the injected wait, so overlap is observed without wall-clock time', async () => {
    const releases: (() => void)[] = [];
    const waited: number[] = [];
    const wait = (ms: number) => {
      waited.push(ms);
      return new Promise<void>((resolve) => releases.push(resolve));
    };
    const source = createFakeSource({ latencyMs: 40, wait });
    const pending = [source.top(top('a')), source.top(top('b')), source.top(top('c'))];
    expect(waited).toEqual([40, 40, 40]);
    expect(source.maxInFlight).toBe(3);
    for (const release of releases) release();
    await Promise.all(pending);
    const later = source.top(top('d'));
    releases.at(-1)!();
    await later;
    expect(source.maxInFlight).toBe(3); // the fourth call ran alone
  });
});
