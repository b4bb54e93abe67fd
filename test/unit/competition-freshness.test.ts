import { describe, expect, it } from 'vitest';
import { noCompetitionEstimator } from '../../src/ports/competition.js';
import { estimateCompetition } from '../../src/services/search-volume.js';

/** What an answer built on an estimate may be kept for (rest/hit-memo.ts): the page's fresh-until, or never. */
async function noted(estimate: Parameters<typeof estimateCompetition>[0]['competition']['estimate']) {
  const notes: number[] = [];
  const value = await estimateCompetition({ competition: { estimate } }, 'пицца', [225], (t) => notes.push(t));
  return { value, notes };
}

describe('competition estimates and kept answers', () => {
  it('passes on until when the stored page is fresh', async () => {
    expect(await noted(async (_p, _r, seen) => (seen?.(5_000), 0.5))).toEqual({ value: 0.5, notes: [5_000] });
  });
  it('a failed estimate (null) makes the answer unkeepable', async () => {
    expect(await noted(async () => Promise.reject(new Error('search down')))).toEqual({ value: null, notes: [Number.NEGATIVE_INFINITY] });
  });
  it('an estimator that does not say how fresh its estimate is makes the answer unkeepable', async () => {
    expect(await noted(async () => 0.3)).toEqual({ value: 0.3, notes: [Number.NEGATIVE_INFINITY] });
  });
  it('no estimator at all (always null) does not', async () => {
    const notes: number[] = [];
    await estimateCompetition({ competition: noCompetitionEstimator }, 'пицца', [225], (t) => notes.push(t));
    expect(notes).toEqual([]);
  });
});
