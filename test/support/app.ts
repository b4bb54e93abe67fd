import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createApp, type AppOverrides } from '../../src/app.js';
import { loadConfig } from '../../src/config/config.js';
import { AUTH_HEADER, createTestClock, TEST_KEY } from './kit.js';

/** An app on the given parts with TEST_KEY as its one key, the clock at FIXED_NOW, a memory ledger (no database). */
export function createTestApp(overrides: AppOverrides = {}, env: Record<string, string> = {}) {
  const config = loadConfig({ API_KEYS: TEST_KEY, NODE_ENV: 'test', ...env });
  return createApp(config, { clock: createTestClock(), ledger: createMemoryLedger(), ...overrides });
}

/** POSTs JSON to the app as an authenticated client (or with the headers given). */
export async function post(
  app: { fetch: (r: Request) => Promise<Response> },
  path: string,
  body: unknown,
  headers: Record<string, string> = AUTH_HEADER,
) {
  const response = await app.fetch(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Runs a GraphQL query as an authenticated client. */
export function graphql(
  app: { fetch: (r: Request) => Promise<Response> },
  query: string,
  variables?: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return post(app, '/graphql', { query, variables }, headers);
}
