import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_KEY } from '../support/kit.js';

/*
 * Issue 20, items 19 and 22: the stdio MCP server on an embedded database held by another process (the HTTP
 * server) answered billed calls whose ledger rows were lost; and a line that is not JSON got no answer at all.
 */
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function start(dataDir: string) {
  return spawn(process.execPath, ['--import', 'tsx', 'src/mcp-main.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, API_KEYS: TEST_KEY, SOURCE: 'demo', LOG_LEVEL: 'warn', NODE_ENV: 'development', DATABASE_URL: '', REDIS_URL: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

describe('the stdio MCP server', () => {
  it('refuses to start on an embedded database another live process holds', { timeout: 120_000 }, async () => {
    const base = mkdtempSync(join(tmpdir(), 'mcp-locked-'));
    dirs.push(base);
    const dataDir = join(base, 'data');
    mkdirSync(dataDir);
    // This test process is alive: its pid in the lock file is a live holder, as the HTTP server would be.
    writeFileSync(join(dataDir, 'pglite.lock'), String(process.pid));
    const child = start(dataDir);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/database is not usable.*in use by process/s);
  });

  it('answers a line that is not JSON with a JSON-RPC parse error, and goes on serving', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mcp-badjson-'));
    dirs.push(dataDir);
    const child = start(dataDir);
    const lines = createInterface({ input: child.stdout });
    const answers: Record<string, unknown>[] = [];
    let initialized!: () => void;
    const answeredInitialize = new Promise<void>((resolve) => (initialized = resolve));
    lines.on('line', (line) => {
      answers.push(JSON.parse(line) as Record<string, unknown>);
      if (answers.at(-1)!.id === 1) initialized();
    });
    try {
      child.stdin.write('this is not json\n');
      child.stdin.write('{"hello": "world"}\n');
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
      );
      await answeredInitialize; // answers come in order: the two errors are in by then; the test's timeout bounds it
      expect(answers.find((a) => (a.error as { code?: number } | undefined)?.code === -32700)).toMatchObject({ jsonrpc: '2.0', id: null });
      expect(answers.find((a) => (a.error as { code?: number } | undefined)?.code === -32600)).toMatchObject({ id: null });
      expect(answers.find((a) => a.id === 1)).toHaveProperty('result');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });
});
