import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Config } from '../config/config.js';
import { DomainError, toDomainError } from '../domain/errors.js';
import type { Principal } from '../services/auth/authenticator.js';
import { requirePrincipal } from '../services/run-operation.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { createMcpServer } from './server.js';

/**
 * The caller a stdio server acts as. stdio runs locally for the user who started it, so there is no header to
 * read: the key comes from the configuration (MCP_API_KEY, else the first of API_KEYS, which is the development
 * key when none is set), and it is checked like any other key so the ledger and usage reports name it.
 */
export async function stdioPrincipal(runtime: ServiceRuntime, config: Pick<Config, 'MCP_API_KEY' | 'API_KEYS'>): Promise<Principal> {
  const key = config.MCP_API_KEY ?? config.API_KEYS[0];
  if (!key) throw new DomainError('UNAUTHENTICATED', 'no key to act as: set MCP_API_KEY (or API_KEYS)');
  try {
    return await requirePrincipal(runtime, `Bearer ${key}`);
  } catch (error) {
    const cause = toDomainError(error);
    if (cause.code !== 'UNAUTHENTICATED') throw cause;
    throw new DomainError('UNAUTHENTICATED', `${config.MCP_API_KEY ? 'MCP_API_KEY' : 'the first of API_KEYS'} is not a valid key`);
  }
}

/**
 * Serves the MCP tools over this process's stdin/stdout for one principal. stdout then carries only JSON-RPC:
 * logs must go elsewhere (the entry sends them to stderr). The transport does not notice the end of stdin;
 * the entry does, and closes.
 */
export async function serveStdio(runtime: ServiceRuntime, principal: Principal): Promise<{ close(): Promise<void> }> {
  const server = createMcpServer(runtime, principal);
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // A line that is not JSON-RPC used to vanish without an answer; JSON-RPC 2.0 says to answer it with a parse
  // error (-32700) or an invalid request (-32600), id null. The server keeps reading the next lines.
  const reportError = transport.onerror;
  transport.onerror = (error) => {
    reportError?.(error);
    // Only a bad line is answered; a stream error has nobody to answer.
    const code = error instanceof SyntaxError ? -32700 : (error as { name?: string }).name === 'ZodError' ? -32600 : undefined;
    if (code === undefined) return;
    const message = code === -32700 ? 'Parse error: the line is not JSON' : 'Invalid Request: not a JSON-RPC 2.0 message';
    void transport.send({ jsonrpc: '2.0', id: null, error: { code, message } } as never).catch(() => undefined);
  };
  return { close: () => server.close() };
}
