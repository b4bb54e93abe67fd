import { describe, expect, it } from 'vitest';
import { createMemoryLedger } from '../../src/adapters/memory-ledger.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, post } from '../support/app.js';

/*
 * Issue 20, item 16: 30 identical requests at once made one upstream call (coalesced) but were billed 30 full
 * calls. The request whose call went upstream pays the call price; the 29 that waited for its answer are repeats.
 */
describe('coalesced identical requests', () => {
  it('make one upstream call, billed once at the call price and 29 times at the repeat price', async () => {
    const source = createFakeSource({ latencyMs: 100 });
    const ledger = createMemoryLedger();
    const app = createTestApp({ source, ledger }, { PRICE_CALL: '1', PRICE_REPEAT: '0.1' });
    const answers = await Promise.all(Array.from({ length: 30 }, () => post(app, '/v2/stats/top', { phrase: 'слон', numPhrases: 10 })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    expect(source.count()).toBe(1);
    const caches = answers.map((answer) => answer.headers.get('x-cache'));
    expect(caches.filter((cache) => cache === 'MISS')).toHaveLength(1);
    expect(caches.filter((cache) => cache === 'HIT')).toHaveLength(29);
    const prices = answers.map((answer) => Number(answer.headers.get('x-cost'))).sort();
    expect(prices).toEqual([...Array(29).fill(0.1), 1]);
    await ledger.flush();
    const rows = ledger.rows().filter((row) => row.operation.includes('top'));
    expect(rows.map((row) => row.price).sort()).toEqual([...Array(29).fill(0.1), 1]);
    await app.close();
  });
});
