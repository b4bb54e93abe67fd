import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, post } from '../support/app.js';
import { TEST_KEY } from '../support/kit.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// Issue 11, item 4: a query sent with its hash was stored even when its request was refused with 401, so anyone
// could fill the store without a key.
describe('persisted queries are stored only after authentication', () => {
  const query = '{ quota { source } }';
  const extensions = { persistedQuery: { version: 1, sha256Hash: sha256(query) } };
  const auth = { authorization: `Bearer ${TEST_KEY}` };

  it('a text sent without a key (401) or with a bad key is not stored', async () => {
    const app = createTestApp();
    expect((await post(app, '/graphql', { query, extensions }, {})).status).toBe(401);
    expect((await post(app, '/graphql', { query, extensions }, { authorization: 'Bearer wrong-key-0000000000' })).status).toBe(401);
    const byHash = await post(app, '/graphql', { extensions }, auth);
    expect(byHash.status).toBe(404);
    expect(byHash.json.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('an anonymous schema read (no key needed) stores nothing either', async () => {
    const app = createTestApp();
    const introspection = '{ __schema { queryType { name } } }';
    const ext = { persistedQuery: { version: 1, sha256Hash: sha256(introspection) } };
    expect((await post(app, '/graphql', { query: introspection, extensions: ext }, {})).status).toBe(200);
    expect((await post(app, '/graphql', { extensions: ext }, auth)).status).toBe(404);
  });

  it('the same text with a valid key is stored and then runs by its hash alone', async () => {
    const app = createTestApp();
    expect((await post(app, '/graphql', { query, extensions }, auth)).status).toBe(200);
    const byHash = await post(app, '/graphql', { extensions }, auth);
    expect(byHash.status).toBe(200);
    expect(byHash.json.data.quota.source).toBeTypeOf('string');
  });
});
