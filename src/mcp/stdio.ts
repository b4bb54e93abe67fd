import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Config } from '../config/config.js';
import { DomainError, toDomainError } from '../domain/errors.js';
import type { Principal } from '../services/auth/authenticator.js';
import { requirePrincipal } from '../services/run-operation.js';
import type { ServiceRuntime } from '../services/runtime.js';
import { createMcpServer } from './server.js';
import { createEraRouter, type Era, type PipeTransport } from './stdio-eras.js';

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
 * Serves the MCP tools over this process's stdin/stdout for one principal, in the protocol era the client opens
 * with (stdio-eras.ts): the 2025 era by the 1.x Server, the 2026-07-28 era by the v2 SDK (modern.ts, loaded only
 * then). stdout then carries only JSON-RPC: logs must go elsewhere (the entry sends them to stderr). The
 * transport does not notice the end of stdin; the entry does, and closes.
 */
export async function serveStdio(runtime: ServiceRuntime, principal: Principal): Promise<{ close(): Promise<void> }> {
  const transport = new StdioServerTransport();
  let closeServer: () => Promise<void> = () => Promise.resolve();
  const open = async (era: Era, pipe: PipeTransport) => {
    if (era === 'legacy') {
      const server = createMcpServer(runtime, principal);
      closeServer = () => server.close();
      await server.connect(pipe as never);
      return;
    }
    const [{ serveStdio: serveModern }, { createModernServer }] = await Promise.all([import('@modelcontextprotocol/server/stdio'), import('./modern.js')]);
    const handle = serveModern(() => createModernServer(runtime, principal), { legacy: 'reject', transport: pipe as never });
    closeServer = () => handle.close();
  };
  const router = createEraRouter(open, transport);
  transport.onmessage = (message) => router.route(message as never);
  // A line that is not JSON-RPC used to vanish without an answer; JSON-RPC 2.0 says to answer it with a parse
  // error (-32700) or an invalid request (-32600), id null. The server keeps reading the next lines.
  transport.onerror = (error) => {
    // Only a bad line is answered; a stream error has nobody to answer.
    const code = error instanceof SyntaxError ? -32700 : (error as { name?: string }).name === 'ZodError' ? -32600 : undefined;
    if (code === undefined) return;
    const message = code === -32700 ? 'Parse error: the line is not JSON' : 'Invalid Request: not a JSON-RPC 2.0 message';
    void transport.send({ jsonrpc: '2.0', id: null, error: { code, message } } as never).catch(() => undefined);
  };
  await transport.start();
  return {
    close: async () => {
      await router.close();
      await closeServer().catch(() => undefined);
      await transport.close();
    },
  };
}
