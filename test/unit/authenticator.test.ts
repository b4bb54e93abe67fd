import { describe, expect, it } from 'vitest';
import { DomainError } from '../../src/domain/errors.js';
import { createAuthenticator } from '../../src/services/auth/authenticator.js';
import { hashKey } from '../../src/ports/key-store.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';

describe('authenticator', () => {
  const stored = { id: 'key_1', name: 'dash', createdAt: new Date(), revokedAt: null };
  const store = { findActiveByHash: async (hash: string) => (hash === hashKey('sds_issued_key_123') ? stored : undefined) };

  it.each([
    ['Bearer static-key-123', 'API_KEYS'],
    ['bearer   static-key-123  ', 'API_KEYS'],
    ['Bearer sds_issued_key_123', 'dash'],
  ])('accepts %j as %s', async (header, name) => {
    const principal = await createAuthenticator(['static-key-123'], store).authenticate(header);
    expect(principal?.name).toBe(name);
    expect(principal?.keyId).not.toContain('static-key-123');
  });

  it.each([undefined, '', 'static-key-123', 'Basic static-key-123', 'Bearer static-key-12', 'Bearer ', 'Bearer a b'])(
    'refuses %j',
    async (header) => expect(await createAuthenticator(['static-key-123'], store).authenticate(header)).toBeUndefined(),
  );

  it('answers SERVICE_UNAVAILABLE (503) when the key store cannot be asked, and 503 through REST', async () => {
    const down = { findActiveByHash: async () => Promise.reject(new Error('ECONNREFUSED')) };
    const auth = createAuthenticator(['static-key-123'], down);
    await expect(auth.authenticate('Bearer sds_other_key_456')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    // Static keys keep working while the store is down.
    expect((await auth.authenticate('Bearer static-key-123'))?.name).toBe('API_KEYS');

    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    app.runtime.authenticator = auth;
    const res = await post(app, '/v2/stats/top', { phrase: 'x' }, { authorization: 'Bearer sds_other_key_456' });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.headers.get('retry-after')).toBe('5');
    expect(new DomainError('SERVICE_UNAVAILABLE', 'x').status).toBe(503);
  });
});
