import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGoldenApp, expectGolden } from '../support/golden.js';
import { AUTH_HEADER } from '../support/kit.js';

/** An example operation of graphql.md, as committed in test/graphql/ (the same text the typed documents come from). */
const operation = (name: string) => readFileSync(new URL(`../graphql/${name}.graphql`, import.meta.url), 'utf8');

/** One fresh app per case (clock at FIXED_NOW, the fixture source of test/golden/README.md); the exact text. */
async function call(query: string, variables: Record<string, unknown>) {
  const { app } = createGoldenApp();
  const response = await app.fetch(
    new Request('http://service.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH_HEADER },
      body: JSON.stringify({ query, variables }),
    }),
  );
  return { response, text: await response.text() };
}

// The same fixture numbers as the REST goldens: a GraphQL field and its REST twin must agree (README.md).
describe('GraphQL golden responses (whole app, exact bytes)', () => {
  it.each([
    ['graphql-keyword.json', 'keyword', { phrase: 'Купить ноутбук' }],
    ['graphql-keywords.json', 'keywords', { phrases: ['пицца', 'редкий запрос'] }],
    ['graphql-top.json', 'top', { phrase: 'ноутбук', numPhrases: 3 }],
    ['graphql-dynamics.json', 'dynamics', { phrase: 'пицца', period: 'MONTHLY' }],
    ['graphql-regions-cities.json', 'regions', { phrase: 'пицца', level: 'CITIES' }],
    ['graphql-suggestions.json', 'suggestions', { keyword: 'ноутбук', limit: 5 }],
  ])('%s', async (golden, name, variables) => {
    const { response, text } = await call(operation(name), variables);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
    expect(JSON.parse(text)).not.toHaveProperty('errors');
    expectGolden('golden', golden, text);
  });

  it('graphql-error-num-phrases.json: an argument out of range, named in the error', async () => {
    const { response, text } = await call(operation('top'), { phrase: 'ноутбук', numPhrases: 2001 });
    expect(JSON.parse(text).errors).toHaveLength(1);
    expect(response.status).toBe(400);
    expectGolden('golden', 'graphql-error-num-phrases.json', text);
  });
});
