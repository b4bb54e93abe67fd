import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, post } from '../support/app.js';
import { connectClient, startMcpApp } from './mcp-support.js';

// Upstream calls are money: one question asked through every face is one upstream call, whoever asks first.

let started: Awaited<ReturnType<typeof startMcpApp>>;
beforeAll(async () => {
  started = await startMcpApp();
});
afterAll(async () => {
  await started?.close();
});

describe('MCP shares the cache with REST and GraphQL', () => {
  it('top: MCP first, then REST and GraphQL are HITs; one upstream call in all', async () => {
    const { client, lastHeaders } = await connectClient(started.url);
    const before = started.source.calls.length;
    const tool = await client.callTool({ name: 'wordstat_top', arguments: { phrase: 'ноутбук', numPhrases: 5 } });
    expect(lastHeaders().get('x-cache')).toBe('MISS');
    const rest = await post(started.app, '/v2/stats/top', { phrase: 'ноутбук', numPhrases: 5 });
    expect(rest.headers.get('x-cache')).toBe('HIT');
    const gql = await graphql(started.app, 'query { top(phrase: "ноутбук", numPhrases: 5) { totalCount results { phrase count } } }');
    expect(gql.headers.get('x-cache')).toBe('HIT');
    expect(started.source.calls.length - before).toBe(1);
    expect(rest.json).toEqual(tool.structuredContent);
    expect(gql.json.data.top.results).toEqual(rest.json.results);
    await client.close();
  });

  it('dynamics: REST first, then GraphQL, then MCP is a HIT; one upstream call in all', async () => {
    const { client, lastHeaders } = await connectClient(started.url);
    const before = started.source.calls.length;
    const rest = await post(started.app, '/v2/stats/dynamics', { phrase: 'пицца', period: 'monthly' });
    expect(rest.headers.get('x-cache')).toBe('MISS');
    const gql = await graphql(started.app, 'query { dynamics(phrase: "пицца", period: MONTHLY) { trend results { date count } } }');
    expect(gql.headers.get('x-cache')).toBe('HIT');
    const tool = await client.callTool({ name: 'wordstat_dynamics', arguments: { phrase: 'пицца', period: 'PERIOD_MONTHLY' } });
    expect(lastHeaders().get('x-cache')).toBe('HIT');
    expect(tool._meta).toMatchObject({ cacheStatus: 'HIT', cost: 0.1 });
    expect(tool.structuredContent).toEqual(rest.json);
    expect(started.source.calls.length - before).toBe(1);
    await client.close();
  });

  it('regions and locations: /v1 locations, /v2 regions and both tools share one upstream call', async () => {
    const { client } = await connectClient(started.url);
    const before = started.source.calls.length;
    const locations = await post(started.app, '/v1/keywords/locations', { keyword: 'велосипед' });
    expect(locations.status).toBe(200);
    const regions = await client.callTool({ name: 'wordstat_regions', arguments: { phrase: 'велосипед', region: 'all' } });
    const byLocation = await client.callTool({ name: 'keyword_locations', arguments: { keyword: 'велосипед' } });
    expect(regions._meta).toMatchObject({ cacheStatus: 'HIT' });
    expect(byLocation._meta).toMatchObject({ cacheStatus: 'HIT' });
    expect((byLocation.structuredContent as { items: unknown[] }).items).toEqual(locations.json.tasks[0].result[0].items);
    expect(started.source.calls.length - before).toBe(1);
    await client.close();
  });
});

describe('MCP coalesces with the other faces', () => {
  it('the same question at the same time through MCP and REST makes one upstream call', async () => {
    const slow = await startMcpApp({ latencyMs: 300 });
    try {
      const { client } = await connectClient(slow.url);
      const [tool, rest] = await Promise.all([
        client.callTool({ name: 'wordstat_top', arguments: { phrase: 'ноутбук' } }),
        post(slow.app, '/v2/stats/top', { phrase: 'ноутбук' }),
      ]);
      expect(slow.source.calls).toHaveLength(1);
      expect(tool.structuredContent).toEqual(rest.json);
      await client.close();
    } finally {
      await slow.close();
    }
  });
});
