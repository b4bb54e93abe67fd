import { createHash } from 'node:crypto';
import { base64url, SignJWT } from 'jose';
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  extractResourceMetadataUrl,
  selectResourceURL,
} from '@modelcontextprotocol/sdk/client/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createFixtureCatalog } from '../support/catalog.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';
import { AUTH_HEADER, createTestClock, FIXED_NOW, TEST_KEY } from '../support/kit.js';
import { startTestIssuer } from '../support/oauth-issuer.js';

/*
 * Issue 26: OAuth 2.1 as a resource server beside API keys. An issuer made here (its own keys, its metadata and
 * JWKS on loopback); tokens for subject "alice" act as TEST_KEY (OAUTH_SUBJECT_KEYS), so their calls are charged
 * to that key's ledger rows exactly as the key's own.
 */
const RESOURCE = 'https://stats.example.test';
const METADATA_URL = `${RESOURCE}/.well-known/oauth-protected-resource`;
const CHALLENGE = `Bearer resource_metadata="${METADATA_URL}"`;
const TEST_KEY_ID = `env-${createHash('sha256').update(TEST_KEY).digest('hex').slice(0, 12)}`;

let issuer: Awaited<ReturnType<typeof startTestIssuer>>;
beforeAll(async () => {
  issuer = await startTestIssuer();
  await issuer.addKey('k1', 'RS256');
  await issuer.addKey('k2', 'ES256');
  await issuer.addKey('k3', 'EdDSA');
});
afterAll(async () => {
  await issuer?.close();
});

function oauthApp() {
  const clock = createTestClock();
  const ledger = createMemoryLedger();
  const source = createFakeSource();
  const app = createTestApp(
    { clock, ledger, source, catalog: createFixtureCatalog() },
    { OAUTH_ISSUER: issuer.issuer, OAUTH_RESOURCE: RESOURCE, OAUTH_SUBJECT_KEYS: `alice=${TEST_KEY_ID},bob=key_revoked_or_unknown` },
  );
  return { app, clock, ledger, source };
}

const mcpCall = (app: ReturnType<typeof oauthApp>['app'], authorization: string | undefined, args: unknown = { phrase: 'ноутбук' }) =>
  post(
    app,
    '/mcp',
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'wordstat_top', arguments: args } },
    { accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
  );

const bearer = (token: string) => `Bearer ${token}`;

describe('OAuth access tokens beside API keys', () => {
  it('publishes RFC 9728 metadata naming the issuer', async () => {
    const { app } = oauthApp();
    const response = await app.fetch(new Request('http://localhost/.well-known/oauth-protected-resource'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      resource: RESOURCE,
      authorization_servers: [issuer.issuer],
      bearer_methods_supported: ['header'],
      resource_name: 'search-demand-stats',
    });
    const wrongMethod = await app.fetch(new Request('http://localhost/.well-known/oauth-protected-resource', { method: 'POST' }));
    expect(wrongMethod.status).toBe(405);
    await app.close();
  });

  it('a valid token (RS256, ES256, EdDSA) answers MCP tools/call and a REST route, charged to the mapped key', async () => {
    const { app, ledger } = oauthApp();
    for (const kid of ['k1', 'k2', 'k3']) {
      const token = await issuer.sign(kid, { audience: RESOURCE, nowMs: FIXED_NOW });
      const mcp = await mcpCall(app, bearer(token));
      expect(mcp.status).toBe(200);
      expect(mcp.json.result.isError).toBeUndefined();
      expect(mcp.json.result.structuredContent).toBeDefined();
      const rest = await post(app, '/v2/stats/top', { phrase: 'ноутбук' }, { authorization: bearer(token) });
      expect(rest.status).toBe(200);
    }
    const rows = ledger.rows();
    expect(rows.length).toBe(6);
    expect(new Set(rows.map((row) => row.keyId))).toEqual(new Set([TEST_KEY_ID]));
    // The same as the API key itself.
    await post(app, '/v2/stats/top', { phrase: 'ноутбук' });
    expect(ledger.rows().at(-1)!.keyId).toBe(TEST_KEY_ID);
    await app.close();
  });

  it('refuses with 401 and the resource_metadata challenge: expired, not yet valid, wrong audience, wrong issuer, unknown kid, unmapped subject', async () => {
    const { app, ledger, source } = oauthApp();
    const now = FIXED_NOW;
    const tokens = {
      expired: await issuer.sign('k1', { audience: RESOURCE, nowMs: now, claims: { exp: Math.floor(now / 1000) - 60 } }),
      notYet: await issuer.sign('k1', { audience: RESOURCE, nowMs: now, claims: { nbf: Math.floor(now / 1000) + 600 } }),
      noExp: await issuer.sign('k1', { audience: RESOURCE, nowMs: now, claims: { exp: undefined } }),
      wrongAudience: await issuer.sign('k1', { audience: 'https://other.example.test', nowMs: now }),
      wrongIssuer: await issuer.sign('k1', { audience: RESOURCE, nowMs: now, issuer: 'https://evil.example.test' }),
      unmapped: await issuer.sign('k1', { audience: RESOURCE, nowMs: now, claims: { sub: 'mallory' } }),
      mappedToNoKey: await issuer.sign('k1', { audience: RESOURCE, nowMs: now, claims: { sub: 'bob' } }),
      unknownKid: await issuer.sign('k1', { audience: RESOURCE, nowMs: now }).then((t) => withHeader(t, { alg: 'RS256', kid: 'nobody', typ: 'at+jwt' })),
      unpublishedKey: await (async () => {
        await issuer.addKey('secret', 'RS256', false);
        return issuer.sign('secret', { audience: RESOURCE, nowMs: now, alg: 'RS256' });
      })(),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const mcp = await mcpCall(app, bearer(token));
      expect({ name, status: mcp.status }).toEqual({ name, status: 401 });
      expect(mcp.headers.get('www-authenticate')).toBe(CHALLENGE);
      const rest = await post(app, '/v2/stats/top', { phrase: 'x' }, { authorization: bearer(token) });
      expect({ name, status: rest.status }).toEqual({ name, status: 401 });
      expect(rest.headers.get('www-authenticate')).toBe(CHALLENGE);
    }
    // GraphQL's 401 is the same code path.
    const graphql = await post(app, '/graphql', { query: '{ top(phrase: "x") { totalCount } }' }, { authorization: bearer(tokens.expired) });
    expect(graphql.status).toBe(401);
    expect(graphql.headers.get('www-authenticate')).toBe(CHALLENGE);
    // No credentials at all: the same challenge, so a client can find the issuer.
    const none = await mcpCall(app, undefined);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe(CHALLENGE);
    expect(ledger.rows()).toEqual([]);
    expect(source.count()).toBe(0);
    await app.close();
  });

  it("refuses alg none and HS256 'signed' with the issuer's public key", async () => {
    const { app } = oauthApp();
    const claims = { sub: 'alice', iss: issuer.issuer, aud: RESOURCE, exp: Math.floor(FIXED_NOW / 1000) + 600 };
    const unsecured = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    const publicJwk = await issuer.addKey('k-hs', 'RS256');
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    const hs256 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: 'k-hs' }).sign(secret);
    for (const token of [unsecured, hs256]) {
      const mcp = await mcpCall(app, bearer(token));
      expect(mcp.status).toBe(401);
      expect(mcp.headers.get('www-authenticate')).toBe(CHALLENGE);
    }
    await app.close();
  });

  it('fetches the JWKS once and keeps it; an unknown kid refetches at most once per cooldown (random kids do not hammer the issuer)', async () => {
    const { app, clock } = oauthApp();
    const before = { ...issuer.hits };
    for (let i = 0; i < 5; i++) {
      const token = await issuer.sign('k1', { audience: RESOURCE, nowMs: clock.now() });
      expect((await mcpCall(app, bearer(token))).status).toBe(200);
    }
    expect(issuer.hits.jwks - before.jwks).toBe(1);
    expect(issuer.hits.metadata - before.metadata).toBe(1);

    // Fifty tokens with random kids, at once and one after another: at most one more fetch.
    const valid = await issuer.sign('k1', { audience: RESOURCE, nowMs: clock.now() });
    clock.advance(31_000);
    const forged = Array.from({ length: 50 }, (_, i) => withHeader(valid, { alg: 'RS256', kid: `random-${i}` }));
    const statuses = await Promise.all(forged.slice(0, 25).map(async (token) => (await mcpCall(app, bearer(token))).status));
    for (const token of forged.slice(25)) statuses.push((await mcpCall(app, bearer(token))).status);
    for (const status of statuses) expect([401, 429]).toContain(status);
    expect(issuer.hits.jwks - before.jwks).toBe(2);

    // A rotated key: a token with its kid waits for the cooldown, then one fetch finds it.
    await issuer.addKey('rotated', 'ES256');
    const rotated = await issuer.sign('rotated', { audience: RESOURCE, nowMs: clock.now() });
    expect((await mcpCall(app, bearer(rotated))).status).toBe(401);
    expect(issuer.hits.jwks - before.jwks).toBe(2);
    clock.advance(30_000);
    const fresh = await issuer.sign('rotated', { audience: RESOURCE, nowMs: clock.now() });
    expect((await mcpCall(app, bearer(fresh))).status).toBe(200);
    expect(issuer.hits.jwks - before.jwks).toBe(3);
    expect(issuer.hits.metadata - before.metadata).toBe(1);
    await app.close();
  });

  it("the official MCP SDK client's discovery follows the 401 to the metadata, accepts its resource and finds the issuer", async () => {
    const { app } = oauthApp();
    const serverUrl = new URL(`${RESOURCE}/mcp`);
    // The app answers for RESOURCE's host; the issuer is on loopback.
    const fetchFn = (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      return url.origin === new URL(RESOURCE).origin ? app.fetch(new Request(url, init)) : fetch(url, init);
    };
    const unauthorized = await mcpCall(app, undefined);
    const response = new Response(null, { status: 401, headers: unauthorized.headers });
    const metadataUrl = extractResourceMetadataUrl(response);
    expect(metadataUrl?.href).toBe(METADATA_URL);
    const metadata = await discoverOAuthProtectedResourceMetadata(serverUrl, { resourceMetadataUrl: metadataUrl }, fetchFn);
    expect(metadata.authorization_servers).toEqual([issuer.issuer]);
    expect((await selectResourceURL(serverUrl, {} as never, metadata))?.href).toBe(new URL(RESOURCE).href);
    const server = await discoverAuthorizationServerMetadata(issuer.issuer, { fetchFn });
    expect(server?.issuer).toBe(issuer.issuer);
    await app.close();
  });

  it('API keys work unchanged beside tokens', async () => {
    const { app } = oauthApp();
    expect((await post(app, '/v2/stats/top', { phrase: 'x' }, AUTH_HEADER)).status).toBe(200);
    expect((await mcpCall(app, AUTH_HEADER.authorization)).status).toBe(200);
    await app.close();
  });
});

describe('without OAuth configured', () => {
  it('a JWT-shaped bearer is only an API key, the 401 challenge is plain Bearer, and no metadata is served', async () => {
    const app = createTestApp({ source: createFakeSource(), catalog: createFixtureCatalog() });
    const token = await issuer.sign('k1', { audience: RESOURCE, nowMs: FIXED_NOW });
    const before = { ...issuer.hits };
    const mcp = await mcpCall(app, bearer(token));
    expect(mcp.status).toBe(401);
    expect(mcp.headers.get('www-authenticate')).toBe('Bearer');
    expect(issuer.hits).toEqual(before);
    const metadata = await app.fetch(new Request('http://localhost/.well-known/oauth-protected-resource'));
    expect(metadata.status).toBe(404);
    await app.close();
  });
});

function encode(value: unknown): string {
  return base64url.encode(JSON.stringify(value));
}

/** The token with another protected header (its signature then no longer matches, which is beside the point). */
function withHeader(token: string, header: Record<string, unknown>): string {
  const [, payload, signature] = token.split('.');
  return `${encode(header)}.${payload}.${signature}`;
}
