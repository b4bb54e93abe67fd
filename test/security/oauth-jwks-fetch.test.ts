import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpJwksSource, metadataUrls } from '../../src/adapters/oauth/http-jwks-source.js';
import { loadConfig } from '../../src/config/config.js';
import { oauthUrlProblem } from '../../src/domain/oauth-url.js';
import { createAccessTokenVerifier } from '../../src/services/auth/access-tokens.js';
import { createSubjectPrincipals } from '../../src/services/auth/oauth-authenticator.js';

// The issuer and JWKS URLs are operator configuration, but jwks_uri comes from the issuer's answer: every URL is
// checked on every fetch (https, or http to loopback only; no credentials), no redirect is followed, answers are
// bounded in size and time.

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function serve(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('OAuth URLs', () => {
  it('https anywhere, http only to loopback, never credentials or other schemes', () => {
    expect(oauthUrlProblem('https://issuer.example.com')).toBeUndefined();
    expect(oauthUrlProblem('http://127.0.0.1:8080')).toBeUndefined();
    expect(oauthUrlProblem('http://[::1]:8080/realms/x')).toBeUndefined();
    expect(oauthUrlProblem('http://localhost:9000')).toBeUndefined();
    for (const url of ['http://issuer.example.com', 'http://169.254.169.254/latest', 'http://10.0.0.1', 'file:///etc/passwd', 'ftp://x', 'https://user:pw@issuer.example.com', 'not a url']) {
      expect({ url, problem: oauthUrlProblem(url) }).toMatchObject({ url, problem: expect.any(String) });
    }
  });

  it('the config refuses a bad issuer URL and an issuer without a resource', () => {
    expect(() => loadConfig({ OAUTH_ISSUER: 'http://issuer.example.com', OAUTH_RESOURCE: 'https://stats.example.com' })).toThrow(/OAUTH_ISSUER: the URL must be https/);
    expect(() => loadConfig({ OAUTH_ISSUER: 'https://issuer.example.com' })).toThrow(/OAUTH_RESOURCE: required with OAUTH_ISSUER/);
    expect(() => loadConfig({ OAUTH_RESOURCE: 'https://stats.example.com' })).toThrow(/OAUTH_RESOURCE: needs OAUTH_ISSUER/);
    expect(() => loadConfig({ OAUTH_ISSUER: 'https://i.example.com', OAUTH_RESOURCE: 'https://s.example.com', OAUTH_SUBJECT_KEYS: 'nokey' })).toThrow(/subject=keyId/);
    const config = loadConfig({ OAUTH_ISSUER: 'https://i.example.com', OAUTH_RESOURCE: 'https://s.example.com', OAUTH_SUBJECT_KEYS: 'a=b=key_1, svc=env-0123' });
    expect([...config.OAUTH_SUBJECT_KEYS]).toEqual([
      ['a=b', 'key_1'],
      ['svc', 'env-0123'],
    ]);
  });

  it('metadata is looked for where RFC 8414 and then OpenID Connect put it', () => {
    expect(metadataUrls('https://id.example.com')).toEqual(['https://id.example.com/.well-known/oauth-authorization-server', 'https://id.example.com/.well-known/openid-configuration']);
    expect(metadataUrls('https://id.example.com/realms/main')).toEqual([
      'https://id.example.com/.well-known/oauth-authorization-server/realms/main',
      'https://id.example.com/realms/main/.well-known/openid-configuration',
    ]);
  });
});

describe('fetching the JWKS', () => {
  it('falls back to OpenID Connect discovery; refuses metadata naming another issuer', async () => {
    let issuer = '';
    issuer = await serve((req, res) => {
      if (req.url === '/.well-known/openid-configuration') res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/keys` }));
      else if (req.url === '/keys') res.end(JSON.stringify({ keys: [{ kty: 'EC', kid: 'a' }, 'junk'] }));
      else res.writeHead(404).end();
    });
    expect(await createHttpJwksSource({ issuer }).load()).toEqual({ keys: [{ kty: 'EC', kid: 'a' }] });
    const impostor = await serve((_req, res) => res.end(JSON.stringify({ issuer: 'https://other.example.com', jwks_uri: `${issuer}/keys` })));
    await expect(createHttpJwksSource({ issuer: impostor }).load()).rejects.toThrow(/names issuer "https:\/\/other.example.com"/);
  });

  it('a jwks_uri that is not https (the issuer answers it, so it is checked too) is not fetched', async () => {
    let asked = 0;
    const issuer = await serve((_req, res) => {
      asked++;
      res.end(JSON.stringify({ issuer, jwks_uri: 'http://169.254.169.254/latest/meta-data' }));
    });
    await expect(createHttpJwksSource({ issuer }).load()).rejects.toThrow(/must be https/);
    expect(asked).toBe(1);
  });

  it('no redirect is followed', async () => {
    let target = 0;
    const elsewhere = await serve((_req, res) => {
      target++;
      res.end('{"keys":[]}');
    });
    const issuer = await serve((_req, res) => res.writeHead(302, { location: `${elsewhere}/keys` }).end());
    await expect(createHttpJwksSource({ issuer, jwksUrl: `${issuer}/keys` }).load()).rejects.toThrow(/HTTP 302/);
    expect(target).toBe(0);
  });

  it('an answer larger than the bound is refused, declared or streamed', async () => {
    const big = JSON.stringify({ keys: [{ kty: 'RSA', n: 'x'.repeat(4096) }] });
    const declared = await serve((_req, res) => res.writeHead(200, { 'content-length': String(Buffer.byteLength(big)) }).end(big));
    await expect(createHttpJwksSource({ issuer: declared, jwksUrl: `${declared}/k`, maxBytes: 1024 }).load()).rejects.toThrow(/more than 1024 bytes/);
    const streamed = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(big.slice(0, 2000));
      res.end(big.slice(2000));
    });
    await expect(createHttpJwksSource({ issuer: streamed, jwksUrl: `${streamed}/k`, maxBytes: 1024 }).load()).rejects.toThrow(/more than 1024 bytes/);
  });

  it('an issuer that never answers is given up on at the deadline', async () => {
    const silent = await serve(() => {
      // Never answers.
    });
    await expect(createHttpJwksSource({ issuer: silent, jwksUrl: `${silent}/k`, timeoutMs: 200 }).load()).rejects.toThrow();
  });
});

describe('the verifier without keys', () => {
  it('an issuer that cannot be reached is 503 (retry), tried again only after the cooldown', async () => {
    let loads = 0;
    let now = 0;
    const verifier = createAccessTokenVerifier({
      issuer: 'https://i.example.com',
      audience: 'https://s.example.com',
      keys: { load: async () => (loads++, Promise.reject(new Error('down'))) },
      now: () => now,
    });
    const token = `${Buffer.from('{"alg":"RS256","kid":"a"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.sig`;
    for (let i = 0; i < 5; i++) await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(loads).toBe(1);
    now += 30_000;
    await expect(verifier.verify(token)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(loads).toBe(2);
  });
});

describe('subjects to keys', () => {
  it('a subject acts as its key while the key is active (the store asked by id)', async () => {
    const active = new Set(['key_live']);
    const store = {
      findActiveByHash: async () => undefined,
      findActiveById: async (id: string) => (active.has(id) ? { id, name: 'team', createdAt: new Date(0), revokedAt: null } : undefined),
    };
    const principalOf = createSubjectPrincipals(new Map([['alice', 'key_live'], ['bob', 'key_gone']]), [], store);
    expect(await principalOf('alice')).toEqual({ keyId: 'key_live', name: 'team' });
    expect(await principalOf('bob')).toBeUndefined();
    expect(await principalOf('mallory')).toBeUndefined();
    active.delete('key_live'); // revoked
    expect(await principalOf('alice')).toBeUndefined();
  });
});
