import { fileURLToPath } from 'node:url';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../src/mcp/tool-list.js';
import { TEST_KEY } from '../support/kit.js';
import { useMcpApp } from './mcp-support.js';
import { TOOL_ARGUMENTS } from './tool-arguments.js';

/*
 * Issue 26: the MCP Inspector's CLI against /mcp (Streamable HTTP) and `npm run mcp` (stdio). The Inspector
 * 2.x (`@modelcontextprotocol/inspector`) needs Node >= 22.19 and this project runs on Node 20 (docs/decisions.md),
 * so the test drives `@modelcontextprotocol/inspector-cli` (1.0.3: the same CLI, SDK 1.x, the 2025 era) when it is
 * installed as a devDependency, and says so when it is not. Each tool is called with the shared arguments
 * (tool-arguments.ts) and its structuredContent checked against its output schema; a bad argument is a tool error.
 */

/** The CLI's entry (build/index.js takes `<target> --method …` itself), or undefined when the package is absent. */
function inspectorCli(): string | undefined {
  try {
    const root = dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json'));
    const entry = join(root, 'build', 'index.js');
    return existsSync(entry) ? entry : undefined;
  } catch {
    return undefined;
  }
}

const CLI = inspectorCli();
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
if (!CLI) console.warn('[skipped] MCP Inspector CLI: install @modelcontextprotocol/inspector-cli@1.0.3 as a devDependency to run test/mcp/mcp-inspector-cli.test.ts');

const run = promisify(execFile);

/** One CLI run: its stdout parsed as the JSON answer it prints. */
async function inspect(target: string[], args: string[]): Promise<any> {
  // Run from the CLI's own build folder: 1.0.3 finds its package.json relative to the working directory.
  const { stdout } = await run(process.execPath, [CLI!, ...target, ...args], { cwd: dirname(CLI!), timeout: 120_000, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout);
}

/** `--tool-arg key=value` pairs, each value as JSON (the CLI parses JSON first, then takes the text). */
const toolArgs = (args: Record<string, unknown>) => Object.entries(args).flatMap(([key, value]) => ['--tool-arg', `${key}=${JSON.stringify(value)}`]);

describe.skipIf(!CLI)('the MCP Inspector CLI', () => {
  const started = useMcpApp();
  let dataDir = '';
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mcp-inspector-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const http = () => [started.url.toString(), '--transport', 'http', '--header', `Authorization: Bearer ${TEST_KEY}`];
  // `env -C`: the server starts in this checkout, whatever directory the CLI runs in.
  const stdio = () => ['env', '-C', REPO_ROOT, `DATA_DIR=${dataDir}`, `API_KEYS=${TEST_KEY}`, 'SOURCE=demo', 'LOG_LEVEL=warn', 'NODE_ENV=development', 'npm', 'run', '--silent', 'mcp'];

  // Over stdio each CLI run starts the server anew (~5 s): there it calls the first answering tool, the SDK stdio
  // tests (mcp-stdio*.test.ts) call the others; over HTTP it calls every one.
  it.each([
    ['HTTP', http, MCP_TOOLS.length],
    ['stdio', stdio, 1],
  ] as const)('over %s: lists every tool, calls answering tools (output valid against its schema), and a bad argument is a tool error', { timeout: 600_000 }, async (_name, target, calls) => {
    const listed = await inspect(target(), ['--method', 'tools/list']);
    expect(listed.tools.map((t: { name: string }) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    for (const tool of MCP_TOOLS.filter((t) => TOOL_ARGUMENTS[t.name]).slice(0, calls)) {
      const args = TOOL_ARGUMENTS[tool.name];
      if (!args) continue; // task_status and task_result read a task id (mcp-http.test.ts covers them)
      const result = await inspect(target(), ['--method', 'tools/call', '--tool-name', tool.name, ...toolArgs(args)]);
      expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      expect(tool.output.safeParse(result.structuredContent).success, tool.name).toBe(true);
    }
    const bad = await inspect(target(), ['--method', 'tools/call', '--tool-name', 'wordstat_dynamics', ...toolArgs({ phrase: 'x', period: 'yearly' })]);
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toMatch(/period/);
  });
});
