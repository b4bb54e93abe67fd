import type { App } from '../../src/app.js';

/**
 * A JSON call to an app in this process as `key`: GET without a body, POST with one; the parsed answer. For the
 * benchmarks that drive a whole task through the app (tasks, core-clusters-task) rather than over a socket.
 */
export function inProcessCall(app: Pick<App, 'fetch'>, key: string) {
  return async (path: string, body?: unknown) => {
    const response = await app.fetch(
      new Request(`http://bench${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    return (await response.json()) as any;
  };
}
