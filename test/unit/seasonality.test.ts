import { describe, expect, it } from 'vitest';
import { seasonalityOf } from '../../src/domain/seasonality.js';

/** 24 months starting in `firstMonth`, each count from its calendar month (1–12) and its index. */
function series(length: number, firstMonth: number, count: (calendarMonth: number, t: number) => number): number[] {
  return Array.from({ length }, (_, t) => count(((firstMonth - 1 + t) % 12) + 1, t));
}

describe('seasonalityOf', () => {
  it('a flat series: index 1, no change, stable', () => {
    const s = seasonalityOf(series(24, 11, () => 5000), 11)!;
    expect(s).toMatchObject({ months: 24, yoyChangePercent: 0, seasonalityIndex: 1, slopePercentPerYear: 0, trendClass: 'stable' });
  });

  it('a pure summer peak: July is the peak month, the index is peak ÷ mean, the class is seasonal', () => {
    // 100 a month, 400 in June and August, 700 in July: mean = (9·100 + 400 + 700 + 400) / 12 = 200.
    const summer = (m: number) => (m === 7 ? 700 : m === 6 || m === 8 ? 400 : 100);
    for (const first of [1, 4, 11]) {
      const s = seasonalityOf(series(12, first, summer), first)!;
      expect(s.peakMonth).toBe(7);
      expect(s.seasonalityIndex).toBeCloseTo(700 / 200, 2);
      expect(s.trendClass).toBe('seasonal');
      expect(s.yoyChangePercent).toBeNull(); // 12 months have no year before them
    }
  });

  it('20 % yearly growth: year over year is 20 %, the class is growing', () => {
    const growth = (_m: number, t: number) => 1000 * 1.2 ** (t / 12);
    const s = seasonalityOf(series(24, 3, growth), 3)!;
    expect(s.yoyChangePercent).toBeCloseTo(20, 1);
    expect(s.trendClass).toBe('growing');
    expect(s.slopePercentPerYear).toBeGreaterThan(15);
    expect(s.slopePercentPerYear).toBeLessThan(25);
    // The latest months are the highest: the peak is the window's last calendar month (February, from March on).
    expect(s.peakMonth).toBe(2);
  });

  it('a 20 % yearly fall is falling, with a negative year over year', () => {
    const s = seasonalityOf(series(24, 1, (_m, t) => 1000 * 0.8 ** (t / 12)), 1)!;
    expect(s.yoyChangePercent).toBeCloseTo(-20, 1);
    expect(s.trendClass).toBe('falling');
  });

  it('growth on top of a winter peak is still seasonal, and year over year shows the growth', () => {
    const s = seasonalityOf(series(24, 1, (m, t) => (m === 12 || m === 1 ? 900 : 200) * 1.1 ** (t / 12)), 1)!;
    expect(s.trendClass).toBe('seasonal');
    expect(s.peakMonth === 12 || s.peakMonth === 1).toBe(true);
    expect(s.yoyChangePercent).toBeCloseTo(10, 0);
  });

  it('small noise around a flat level stays stable', () => {
    const noisy = series(12, 1, (_m, t) => 1000 + (t % 2 === 0 ? 60 : -60));
    expect(seasonalityOf(noisy, 1)!.trendClass).toBe('stable');
  });

  it('no demand: no peak, no index, stable; fewer than 12 months: no figures', () => {
    expect(seasonalityOf(new Array(12).fill(0), 1)).toMatchObject({ peakMonth: null, seasonalityIndex: null, trendClass: 'stable' });
    expect(seasonalityOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 1)).toBeNull();
  });

  it('year over year is null when the year before had no demand', () => {
    const s = seasonalityOf(series(24, 1, (_m, t) => (t < 12 ? 0 : 100)), 1)!;
    expect(s.yoyChangePercent).toBeNull();
  });
});
