import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../src/mcp/tool-list.js';
import { TEST_KEY } from '../support/kit.js';

// The v2 SDK client pinned to the 2026-07-28 revision starts `npm run mcp` as a desktop assistant would; the
// 2025-era client against the same command is mcp-stdio.test.ts.

const dataDir = mkdtempSync(join(tmpdir(), 'mcp-modern-stdio-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('MCP 2026-07-28 over stdio (npm run mcp)', () => {
  it('discovers, lists, answers valid against the output schema, repeats from the cache, refuses bad arguments', { timeout: 180_000 }, async () => {
    const transport = new StdioClientTransport({
      command: 'npm',
      args: ['run', '--silent', 'mcp'],
      cwd: process.cwd(),
      env: { DATA_DIR: dataDir, API_KEYS: TEST_KEY, SOURCE: 'demo', LOG_LEVEL: 'warn', NODE_ENV: 'development', PATH: process.env.PATH ?? '' },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-modern-test', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(transport, { timeout: 120_000 });
    try {
      expect(client.getServerVersion()).toMatchObject({ name: 'search-demand-stats' });
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));

      const args = { name: 'wordstat_top', arguments: { phrase: 'велосипед', numPhrases: 5 } };
      const first = await client.callTool(args, { timeout: 60_000 });
      expect(first.isError).toBeFalsy();
      expect(first._meta).toMatchObject({ cost: 1, cacheStatus: 'MISS' });
      const schema = tools.find((t) => t.name === 'wordstat_top')!.outputSchema!;
      expect(new AjvJsonSchemaValidator().getValidator(schema as never)(first.structuredContent).errorMessage).toBeUndefined();
      expect(first).toMatchObject({ cacheScope: 'public' });
      const again = await client.callTool(args, { timeout: 60_000 });
      expect(again._meta).toMatchObject({ cost: 0.1, cacheStatus: 'HIT' });
      expect(again.structuredContent).toEqual(first.structuredContent);

      const bad = await client.callTool({ name: 'wordstat_dynamics', arguments: { phrase: 'x', period: 'yearly' } });
      expect(bad.isError).toBe(true);
      expect(bad._meta).toMatchObject({ cost: 0, code: 'INVALID_FIELD', field: 'period' });
      await expect(client.callTool({ name: 'wordstat_top', arguments: 'x' as never })).rejects.toThrow(/arguments must be an object/);
    } finally {
      await client.close();
    }
  });
});
