import { describe, expect, it } from 'vitest';
import { connectClient, useMcpApp } from './mcp-support.js';

const started = useMcpApp();

const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]!.text;

/* Issue 24, item 3, over MCP: the keyword tools take every code keyword_locations lists, and location_name. */
describe('MCP keyword tools: every location', () => {
  it('keyword_search_volume: 10039 is Rostov-on-Don, "Москва" is 1012, 9999 is Russia and says so; a bad name is an error naming the field', async () => {
    const { client } = await connectClient(started.url);
    const item = async (args: Record<string, unknown>) => {
      const result = await client.callTool({ name: 'keyword_search_volume', arguments: { keywords: ['купить ноутбук'], ...args } });
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      return { item: (result.structuredContent as { result: Record<string, unknown>[] }).result[0]!, text: text(result) };
    };
    const rostov = await item({ location_code: 10_039 });
    expect(rostov.item).toMatchObject({ location_code: 10_039, location_note: null, search_volume: 600 });
    expect(started.source.calls.at(-1)).toMatchObject({ method: 'dynamics', query: { regions: [39] } });
    expect((await item({ location_name: 'Москва' })).item).toMatchObject({ location_code: 1012, search_volume: 800 });
    const unknown = await item({ location_code: 9999 });
    expect(unknown.item).toMatchObject({ location_code: 9999, location_note: 'computed as Russia: unknown location_code', search_volume: 1550 });
    expect(unknown.text).toContain('computed as Russia: unknown location_code');

    const bad = await client.callTool({ name: 'keyword_search_volume', arguments: { keywords: ['купить ноутбук'], location_name: 'Атлантида' } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toContain('location_name "Атлантида" names no region');
    await client.close();
  });

  it('keyword_suggestions: 10039 asks the source over Rostov-on-Don', async () => {
    const { client } = await connectClient(started.url);
    const before = started.source.calls.length;
    const result = await client.callTool({ name: 'keyword_suggestions', arguments: { keyword: 'ноутбук', limit: 2, location_code: 10_039 } });
    expect(result.isError).toBeFalsy();
    expect(started.source.calls.slice(before)).toMatchObject([{ method: 'top', query: { regions: [39] } }]);
    expect((result.structuredContent as { location_note: string | null }).location_note).toBeNull();
    await client.close();
  });
});
