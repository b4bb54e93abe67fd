import { describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { priceOfRequest } from '../../src/services/billing.js';
import { createCacheStatusTracker } from '../../src/services/cache-status.js';
import { recordRequest, runOperation } from '../../src/services/run-operation.js';
import { createRequestContext } from '../../src/services/runtime.js';
import { createTestApp } from '../support/app.js';
import { FIXED_NOW } from '../support/kit.js';

const prices = { call: 1, repeat: 0.1 };

describe('the pricing rule and the ledger row every face shares', () => {
  it('a free read costs 0 whatever the cache did; otherwise the rule prices it', () => {
    const tracker = createCacheStatusTracker();
    tracker.record('MISS');
    expect(priceOfRequest(prices, tracker, true)).toBe(1);
    expect(priceOfRequest(prices, tracker, false)).toBe(1); // fetched upstream: billed even though it failed
    expect(priceOfRequest(prices, tracker, true, true)).toBe(0);
    const hits = createCacheStatusTracker();
    hits.record('HIT');
    expect(priceOfRequest(prices, hits, true)).toBe(0.1);
    expect(priceOfRequest(prices, hits, false)).toBe(0);
  });

  it('records one row timed at the start of the request and charged to its key, for runOperation and GraphQL alike', async () => {
    const ledger = createMemoryLedger();
    const app = createTestApp({ ledger });
    const principal = { keyId: 'key-1', name: 'one' };
    recordRequest(app.runtime, createRequestContext(app.runtime, principal), { operation: 'graphql.top', cacheStatus: 'HIT', status: 200, price: 0.1 });
    await runOperation(app.runtime, principal, { face: 'test', operation: 'v2.quota', free: true, run: async () => 'ok' });
    expect(ledger.rows()).toEqual([
      { at: new Date(FIXED_NOW), keyId: 'key-1', operation: 'graphql.top', cacheStatus: 'HIT', status: 200, price: 0.1 },
      { at: new Date(FIXED_NOW), keyId: 'key-1', operation: 'v2.quota', cacheStatus: 'MISS', status: 200, price: 0 },
    ]);
  });
});
