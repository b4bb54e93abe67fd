import { describe, expect, it } from 'vitest';
import { claimsModernEra, mayBeModern } from '../../src/mcp/eras.js';
import { createEraRouter, type Era, type PipeTransport } from '../../src/mcp/stdio-eras.js';

const modern = { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } };
const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };

describe('telling the MCP eras apart', () => {
  it('a _meta envelope naming a version is the modern era; initialize and claim-less requests are not', () => {
    expect(claimsModernEra(modern)).toBe(true);
    expect(claimsModernEra(initialize)).toBe(false);
    expect(claimsModernEra({ jsonrpc: '2.0', id: 2, method: 'server/discover' })).toBe(false);
    expect(claimsModernEra(null)).toBe(false);
  });

  it('only a claim or a non-2025 protocol header sends an HTTP POST to the v2 classification', () => {
    expect(mayBeModern(initialize, null)).toBe(false);
    expect(mayBeModern({ method: 'tools/list', id: 2 }, '2025-11-25')).toBe(false);
    expect(mayBeModern({ method: 'tools/list', id: 2 }, '2026-07-28')).toBe(true);
    expect(mayBeModern([initialize, modern], null)).toBe(true);
  });
});

describe('the stdio era router', () => {
  function routerWith() {
    const opened: Era[] = [];
    const delivered: unknown[] = [];
    const pipes: PipeTransport[] = [];
    const router = createEraRouter(async (era, pipe) => {
      opened.push(era);
      pipes.push(pipe);
      pipe.onmessage = (message) => delivered.push(message);
      await pipe.start();
    }, { send: () => Promise.resolve() });
    return { router, opened, delivered, pipes };
  }

  it('pins the connection to the era of its opening request and delivers every message in order', async () => {
    const { router, opened, delivered } = routerWith();
    router.route({ jsonrpc: '2.0', method: 'notifications/initialized' }); // before any request: dropped
    router.route(modern);
    router.route(initialize); // after the opening: the pinned server answers it, no second server
    await router.close();
    await Promise.resolve();
    expect(opened).toEqual(['modern']);
    expect(delivered).toEqual([modern, initialize]);
  });

  it('an initialize opening is the 2025 era', async () => {
    const { router, opened } = routerWith();
    router.route(initialize);
    await router.close();
    expect(opened).toEqual(['legacy']);
  });
});
