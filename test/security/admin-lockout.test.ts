import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN_LIMITS } from '../../src/admin/admin-routes.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp } from '../support/app.js';
import { createTestClock } from '../support/kit.js';
import { from } from '../support/peer-request.js';

/*
 * Issue 25, item 2: ten wrong admin tokens locked the real admin out for a minute (a throttled peer was answered
 * 429 before its token was looked at), so anyone sharing the operator's address (a proxy, a host) could keep the
 * admin API closed. The token is now checked first, in constant time; only wrong ones are throttled, per peer.
 */
const ADMIN_TOKEN = 'admin-token-for-the-lockout-test-0123';
const OPERATOR = '127.0.0.1';
const ATTACKER = '127.0.0.2';
const MAX = ADMIN_TOKEN_LIMITS.maxFailures;

describe('wrong admin tokens cannot lock the operator out', () => {
  const clock = createTestClock();
  const app = createTestApp({ source: createFakeSource(), clock }, { ADMIN_TOKEN });
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer(app.handleNode);
    await new Promise<void>((resolve) => server.listen(0, OPERATOR, resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const usage = (address: string, token: string) => from(address, port, { path: '/admin/usage', headers: { authorization: `Bearer ${token}` } });
  const guesses = async (address: string, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await usage(address, `guess-${address}-${i}-0123456789`)).status);
    return statuses;
  };

  it('an attacker on another address is throttled; the operator is not touched', async () => {
    const statuses = await guesses(ATTACKER, 50);
    expect(statuses.slice(0, MAX)).toEqual(Array(MAX).fill(401));
    expect(statuses.slice(MAX)).toEqual(Array(50 - MAX).fill(429));
    const refused = await usage(ATTACKER, 'guess-once-more-0123456789');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toContain('application/problem+json');

    expect((await usage(OPERATOR, ADMIN_TOKEN)).status).toBe(200);
    // The operator's own mistyped token is its own first failure: 401, not the attacker's 429.
    expect((await usage(OPERATOR, 'operator-typo-0123456789')).status).toBe(401);
  });

  it('from the throttled address itself (a shared proxy or host) the right token is still served', async () => {
    expect((await usage(ATTACKER, 'guess-still-0123456789')).status).toBe(429);
    const answer = await usage(ATTACKER, ADMIN_TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.json).toHaveProperty('keys');
  });

  it("an attacker guessing from the operator's own address does not lock it out either", async () => {
    const statuses = await guesses(OPERATOR, 30);
    expect(statuses.at(-1)).toBe(429);
    for (let i = 0; i < 3; i++) expect((await usage(OPERATOR, ADMIN_TOKEN)).status).toBe(200);
  });

  it('after the window wrong tokens are 401 again', async () => {
    clock.advance(ADMIN_TOKEN_LIMITS.windowMs);
    expect((await usage(ATTACKER, 'guess-after-the-window-0123')).status).toBe(401);
  });
});
