import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSerpFacesApp, runSerpFacesWorkload } from '../../bench/support/serp-faces-workload.js';
import { type FakeSearch, startFakeSearch } from '../../fakes/search/fake-search.js';
import { demoSerp } from '../../src/adapters/demo/serp-model.js';

/*
 * Issue 28: one app, REST + MCP + GraphQL asking serp, core_clusters and core_intent concurrently over overlapping
 * phrases in different case and spacing: every page is searched once (searches ÷ distinct pages = 1.00), every
 * request answered. The same workload is bench/serp-economy.bench.ts's.
 */
describe('web searches across faces: one search per distinct (phrase, region, device, depth)', { timeout: 120_000 }, () => {
  let fake: FakeSearch;
  beforeAll(async () => {
    // A little latency so concurrent requests for one page overlap in flight (the single flight is exercised).
    fake = await startFakeSearch({ model: demoSerp, apiKey: 'AQVN-key', syncLatencyMs: 5 });
  });
  afterAll(() => fake?.close());

  it('searches ÷ distinct pages is 1.00 over 210 requests at 20-way concurrency', async () => {
    const app = createSerpFacesApp(fake);
    try {
      const economy = await runSerpFacesWorkload(app, fake, { requests: 210, concurrency: 20, phrases: 30 });
      expect(economy.failed).toBe(0);
      expect(economy.byFace).toEqual({ rest: 90, mcp: 60, graphql: 60 });
      expect(economy.distinctPages).toBeGreaterThan(30);
      expect(economy.searches).toBe(economy.distinctPages);
    } finally {
      await app.close();
    }
  });
});
