import { describe, expect, it } from 'vitest';
import { createGoldenApp, expectGolden } from '../support/golden.js';
import { AUTH_HEADER } from '../support/kit.js';

/** One fresh app per case (clock at FIXED_NOW, the hand-checkable fixture source); the answer's exact text. */
async function call(path: string, body: unknown) {
  const { app } = createGoldenApp();
  const response = await app.fetch(
    new Request(`http://service.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH_HEADER },
      body: JSON.stringify(body),
    }),
  );
  return { response, text: await response.text() };
}

// How each number follows from the fixture is written out in test/golden/README.md.
describe('/v2 golden responses (whole app, exact bytes)', () => {
  it.each([
    ['v2-top.json', '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 3 }, 200],
    ['v2-dynamics.json', '/v2/stats/dynamics', { phrase: 'пицца', period: 'monthly', fromDate: '2025-10-10', toDate: '2026-01-20' }, 200],
    ['v2-regions-cities.json', '/v2/stats/regions', { phrase: 'пицца', region: 'cities' }, 200],
    ['v2-error-400-num-phrases.json', '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 2001 }, 400],
  ])('%s', async (golden, path, body, status) => {
    const { response, text } = await call(path, body);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain(status === 200 ? 'application/json' : 'application/problem+json');
    expectGolden('golden', golden, text);
  });
});
