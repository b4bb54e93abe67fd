import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SqlQueryable } from '../../src/adapters/sql/sql-client.js';
import { createSqlLedger } from '../../src/adapters/sql/sql-ledger.js';
import { silentLogger } from '../../src/ports/logger.js';

const row = { at: new Date(), keyId: 'k', operation: 'v2.top', cacheStatus: 'MISS' as const, status: 200, price: 1 };

describe('SQL ledger retries', () => {
  afterEach(() => vi.useRealTimers());

  it('backs off while the database is down instead of retrying on every recorded row', async () => {
    let attempts = 0;
    let down = true;
    let stored = 0;
    const client: SqlQueryable = {
      async query(_sql, params) {
        attempts++;
        if (down) throw new Error('ECONNREFUSED');
        stored += (params?.length ?? 0) / 8; // eight columns a row
        return { rows: [], rowCount: 0 };
      },
    };
    // Virtual time: the ledger's flush interval and retry delays are timers, the stream below advances them.
    vi.useFakeTimers();
    const ledger = createSqlLedger({ client, logger: silentLogger, batchSize: 10, flushIntervalMs: 5, retryBaseMs: 20, retryMaxMs: 1_000 });
    const started = Date.now();
    let recorded = 0;
    // A steady stream of requests for 600 ms, each filling batches.
    while (Date.now() - started < 600) {
      // Distinct operations: each call is a row of its own (identical calls of one second would share one).
      for (let i = 0; i < 20; i++, recorded++) ledger.record({ ...row, operation: `v2.top.${i}` });
      await vi.advanceTimersByTimeAsync(5);
    }
    // Delays 20, 40, 80, 160, 320 ms (less up to 25% jitter) fit in 600 ms: a handful of attempts, not hundreds.
    expect(attempts).toBeGreaterThanOrEqual(3);
    expect(attempts).toBeLessThanOrEqual(8);
    down = false;
    const buffered = ledger.stats().buffered;
    await ledger.close();
    expect(stored).toBe(buffered); // every buffered row stored once
    expect(ledger.stats()).toMatchObject({ buffered: 0, dropped: 0, written: recorded }); // and every call in them
  });
});
