import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

type Alg = 'RS256' | 'ES256' | 'EdDSA';

/**
 * An OAuth authorization server made in the test: signing keys of its own and its metadata (RFC 8414) and JWKS
 * served on loopback (127.0.0.1, a free port). Counts what is fetched, so tests can tell how often the service
 * asked for the keys.
 */
export async function startTestIssuer() {
  const published: JWK[] = [];
  const privateKeys = new Map<string, CryptoKey>();
  const hits = { metadata: 0, jwks: 0 };
  let issuer = '';
  const server: Server = createServer((req, res) => {
    if (req.url === '/.well-known/oauth-authorization-server') {
      hits.metadata++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
          issuer,
          jwks_uri: `${issuer}/jwks`,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
        }));
    } else if (req.url === '/jwks') {
      hits.jwks++;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: published }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Makes a key pair; published in the JWKS unless told otherwise. Returns its public JWK. */
  const addKey = async (kid: string, alg: Alg = 'RS256', publish = true): Promise<JWK> => {
    const pair = await generateKeyPair(alg, alg === 'EdDSA' ? { crv: 'Ed25519' } : {});
    const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' };
    privateKeys.set(kid, pair.privateKey);
    if (publish) published.push(jwk);
    return jwk;
  };

  /** A token signed by key `kid`; claims default to a valid one for `audience` at `nowMs`, overridable. */
  const sign = (kid: string, options: { audience: string; nowMs: number; claims?: JWTPayload; issuer?: string; alg?: Alg }) => {
    const key = privateKeys.get(kid)!;
    const jwk = published.find((k) => k.kid === kid);
    const nowSeconds = Math.floor(options.nowMs / 1000);
    return new SignJWT({ sub: 'alice', iss: options.issuer ?? issuer, aud: options.audience, iat: nowSeconds, exp: nowSeconds + 600, ...options.claims })
      .setProtectedHeader({ alg: options.alg ?? (jwk?.alg as Alg) ?? 'RS256', kid, typ: 'at+jwt' })
      .sign(key);
  };

  return {
    get issuer() {
      return issuer;
    },
    hits,
    addKey,
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
