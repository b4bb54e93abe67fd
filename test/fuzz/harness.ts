import fc from 'fast-check';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import type { App } from '../../src/app.js';
import { createTestApp } from '../support/app.js';
import { type FuzzRequest, graphqlRequest, restRequest } from './arbitraries.js';
import { type Observed, violations } from './invariants.js';

/** The app the fuzzer hits: the demo source behind the whole service, as tests build it. */
export function createFuzzApp(): App {
  return createTestApp({ source: createDemoSource(loadRegionCatalog()) });
}

/** Sends one fuzz request through `app.fetch` and reads the whole answer. */
export async function observe(app: App, request: FuzzRequest): Promise<Observed> {
  const response = await app.fetch(
    new Request(`http://localhost${request.path}`, { method: request.method, headers: request.headers, body: request.body as BodyInit | undefined }),
  );
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text: await response.text() };
}

/** The property: whatever the request, the answer keeps the invariants (a failure names the request and answer). */
export function serviceProperty(app: App, arbitrary: fc.Arbitrary<FuzzRequest>) {
  return fc.asyncProperty(arbitrary, async (request) => {
    const observed = await observe(app, request);
    const problems = violations(request, observed);
    if (problems.length > 0) {
      const body = typeof request.body === 'string' ? request.body.slice(0, 300) : request.body;
      throw new Error(`${problems.join('; ')}\nrequest: ${request.method} ${request.path} ${JSON.stringify(request.headers)} ${JSON.stringify(body)}\nanswer: ${observed.status} ${observed.text.slice(0, 400)}`);
    }
  });
}

/** Counts unhandled rejections while `run` runs (they would otherwise only be logged, or crash a process). */
export async function countingUnhandledRejections(run: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await run();
    // Let rejections of promises dropped during the last cases surface.
    // real wait: once per run, for rejections settled by I/O after the last case
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return seen;
}

export const FAMILIES = { rest: restRequest, graphql: graphqlRequest } as const;
