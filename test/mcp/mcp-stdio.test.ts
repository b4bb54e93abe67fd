import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../src/mcp/tool-list.js';
import { TEST_KEY } from '../support/kit.js';

// The SDK client starts `npm run mcp` as a desktop assistant would: the app in-process with the demo source
// and an embedded database in a directory of its own. Start-up takes seconds on a busy machine.

const dataDir = mkdtempSync(join(tmpdir(), 'mcp-stdio-'));
const KEY = TEST_KEY;
const baseEnv = { DATA_DIR: dataDir, API_KEYS: KEY, SOURCE: 'demo', LOG_LEVEL: 'warn', NODE_ENV: 'development' };

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function spawnServer(env: Record<string, string>) {
  return new StdioClientTransport({
    command: 'npm',
    args: ['run', '--silent', 'mcp'],
    cwd: process.cwd(),
    env: { ...baseEnv, ...env },
    stderr: 'pipe',
  });
}

describe('MCP over stdio (npm run mcp)', () => {
  it('lists the tools, answers, repeats from the cache, refuses a bad argument', { timeout: 180_000 }, async () => {
    const transport = spawnServer({});
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport, { timeout: 120_000 });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));

      const args = { name: 'wordstat_top', arguments: { phrase: 'велосипед', numPhrases: 5 } };
      const first = await client.callTool(args, undefined, { timeout: 60_000 });
      expect(first.isError).toBeFalsy();
      expect(first._meta).toMatchObject({ cost: 1, cacheStatus: 'MISS' });
      expect((first.structuredContent as { results: unknown[] }).results).toHaveLength(5);
      expect((first.content as { text: string }[])[0]!.text).toContain('велосипед');
      const again = await client.callTool(args, undefined, { timeout: 60_000 });
      expect(again._meta).toMatchObject({ cost: 0.1, cacheStatus: 'HIT' });
      expect(again.structuredContent).toEqual(first.structuredContent);

      const bad = await client.callTool({ name: 'wordstat_dynamics', arguments: { phrase: 'x', period: 'yearly' } });
      expect(bad.isError).toBe(true);
      expect(bad._meta).toMatchObject({ cost: 0, code: 'INVALID_FIELD', field: 'period' });
    } finally {
      await client.close();
    }
  });

  it('refuses to start when MCP_API_KEY is not a valid key', { timeout: 180_000 }, async () => {
    const transport = spawnServer({ MCP_API_KEY: 'not-a-configured-key' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await expect(client.connect(transport, { timeout: 120_000 })).rejects.toThrow();
    expect(stderr).toContain('MCP_API_KEY is not a valid key');
    await client.close().catch(() => {});
  });
});
