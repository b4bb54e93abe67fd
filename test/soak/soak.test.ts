import { describe, expect, it } from 'vitest';
import { runSoak } from './soak-run.js';

const MiB = 2 ** 20;

/**
 * The short soak: the real service process (src/main.ts, demo source, embedded ledger) under a steady mixed load
 * for 15 s. `npm run soak -- --minutes N` is the long version. No request may fail, and memory may not climb:
 * after the cache has filled (the first third), RSS stays within a band instead of growing with every request.
 */
describe('soak (short)', () => {
  it('15 s of mixed load: 0 errors, bounded RSS', async () => {
    const report = await runSoak({ durationMs: 15_000, intervalMs: 3_000, concurrency: 8, phrases: 300 });
    expect(report.errors, JSON.stringify(report.failures.slice(0, 3))).toBe(0);
    expect(report.requests).toBeGreaterThan(300);
    expect(report.intervals.length).toBeGreaterThanOrEqual(4);
    for (const interval of report.intervals) expect(interval.requests).toBeGreaterThan(0);

    const rss = report.intervals.map((i) => i.rssBytes!);
    const start = report.rssStartBytes!;
    const settled = rss[Math.floor(rss.length / 3)]!;
    console.info(
      `soak: ${report.requests} requests, p50 ${report.p50.toFixed(1)} ms, p99 ${report.p99.toFixed(1)} ms, RSS MiB ` +
        [start, ...rss].map((b) => Math.round(b / MiB)).join(' → '),
    );
    // Generous bands (GC timing moves RSS by tens of MiB), far below what a per-request leak would add in 15 s.
    expect(Math.max(...rss)).toBeLessThan(start + 384 * MiB);
    expect(rss.at(-1)!).toBeLessThan(settled + 128 * MiB);
  }, 60_000);
});
