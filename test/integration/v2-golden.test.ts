import { describe, expect, it } from 'vitest';
import { createRestHandler } from '../../src/rest/handler.js';
import { v2Routes } from '../../src/rest/v2/routes.js';
import { createFixtureSource } from '../support/fixture-source.js';
import { readGolden } from '../support/golden.js';
import { apiRequest, createTestRuntime } from '../support/runtime.js';

/** One fresh runtime per case (fixed clock 2026-03-15, the hand-checkable fixture source). */
async function call(path: string, body: unknown) {
  const { runtime } = createTestRuntime({ source: createFixtureSource() });
  const response = (await createRestHandler(runtime, v2Routes)(apiRequest(path, body)))!;
  return { response, json: (await response.json()) as unknown };
}

// How each number follows from the fixture is written out in test/golden/README.md.
describe('/v2 golden responses', () => {
  it.each([
    ['v2-top.json', '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 3 }, 200],
    ['v2-dynamics.json', '/v2/stats/dynamics', { phrase: 'пицца', period: 'monthly', fromDate: '2025-10-10', toDate: '2026-01-20' }, 200],
    ['v2-regions-cities.json', '/v2/stats/regions', { phrase: 'пицца', region: 'cities' }, 200],
    ['v2-error-400-num-phrases.json', '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 2001 }, 400],
  ])('%s', async (golden, path, body, status) => {
    const { response, json } = await call(path, body);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain(status === 200 ? 'application/json' : 'application/problem+json');
    expect(json).toEqual(readGolden(golden));
  });
});
