import { describe, expect, it } from 'vitest';
import { runWithRequest, type RequestInfo } from '../../src/http/request-context.js';
import { annotateAuthenticator } from '../../src/observability/annotate-auth.js';
import { createAuthenticator } from '../../src/services/auth/authenticator.js';
import { withAccessTokens } from '../../src/services/auth/oauth-authenticator.js';

const KEY = 'static_key_0123456789';
const JWT_SHAPED = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln';

describe('known principals through the wrappers every face uses', () => {
  it('the OAuth wrapper leaves a JWT-shaped value to authenticate (its token is verified first) and knows keys as before', async () => {
    let verified = 0;
    const auth = withAccessTokens(createAuthenticator([KEY]), {
      verifier: { verify: async () => (verified++, { subject: 'someone' }), fetches: 0 },
      principalOf: async () => ({ keyId: 'from-token', name: 'token' }),
      resourceMetadataUrl: 'https://example.test/.well-known/oauth-protected-resource',
    });
    expect(auth.known?.(`Bearer ${JWT_SHAPED}`)).toBeUndefined();
    expect(verified).toBe(0);
    expect((await auth.authenticate(`Bearer ${JWT_SHAPED}`))?.keyId).toBe('from-token');
    expect(verified).toBe(1);
    expect(auth.known?.(`Bearer ${KEY}`)?.name).toBe('API_KEYS');
  });

  it('the access-log wrapper notes the key id of a known caller on the current request, as authenticate does', () => {
    const auth = annotateAuthenticator(createAuthenticator([KEY]));
    const info: RequestInfo = { requestId: 'r1', startedAt: 0 };
    const principal = runWithRequest(info, () => auth.known?.(`Bearer ${KEY}`));
    expect(principal?.keyId).toMatch(/^env-[0-9a-f]{12}$/);
    expect(info.keyId).toBe(principal?.keyId);
    const other: RequestInfo = { requestId: 'r2', startedAt: 0 };
    expect(runWithRequest(other, () => auth.known?.('Bearer wrong_key_0123456789'))).toBeUndefined();
    expect(other.keyId).toBeUndefined();
  });
});
