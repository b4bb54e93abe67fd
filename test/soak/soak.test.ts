import { describe, expect, it } from 'vitest';
import { runSoak } from './soak-run.js';

const MiB = 2 ** 20;

/**
 * The short soak: the real service process (src/main.ts, demo source, embedded ledger) under a steady mixed load
 * for 15 s at 300 requests/s. `npm run soak -- --minutes N` is the long version. No request may fail, and memory may not climb:
 * after the cache has filled (the first third), RSS stays within a band instead of growing with every request.
 */
describe('soak (short)', () => {
  it('15 s of mixed load: 0 errors, bounded RSS', async () => {
    // Paced, not flat out: the rest of the suite runs beside it on two cores and must not be starved.
    const report = await runSoak({ durationMs: 15_000, intervalMs: 3_000, concurrency: 8, rps: 300, phrases: 100 });
    expect(report.errors, JSON.stringify(report.failures.slice(0, 3))).toBe(0);
    // Only proof that the load really ran (300/s paced gives ~4,500 on a quiet machine); a throughput figure
    // belongs in a benchmark, and 1,500 was missed on a machine loaded 15 deep.
    expect(report.requests).toBeGreaterThan(750);
    expect(report.intervals.length).toBeGreaterThanOrEqual(4);
    for (const interval of report.intervals) expect(interval.requests).toBeGreaterThan(0);

    const rss = report.intervals.map((i) => i.rssBytes!);
    const start = report.rssStartBytes!;
    const settled = rss[Math.floor(rss.length / 3)]!;
    console.info(
      `soak: ${report.requests} requests, p50 ${report.p50.toFixed(1)} ms, p99 ${report.p99.toFixed(1)} ms, RSS MiB ` +
        [start, ...rss].map((b) => Math.round(b / MiB)).join(' → '),
    );
    // Bands wide enough for GC timing, narrow enough that a leak of ~32 KB per request (3,000 requests after the
    // first third) would cross the second; `npm run soak` (minutes) sees smaller ones. GC timing here is a cycle of
    // ~100 MiB from peak to trough that takes longer than this test (a 3-minute soak: 445–550 MiB, back to 456), so
    // 15 s catch some part of a rise: measured on 2026-11-26, five runs each, the code before issue 21 ended up to
    // +56 MiB above `settled` and this one up to +68; the band was 64 MiB and failed about one run in four.
    expect(Math.max(...rss)).toBeLessThan(start + 256 * MiB);
    expect(rss.at(-1)!).toBeLessThan(settled + 96 * MiB);
  }, 60_000);
});
