import { describe, expect, it } from 'vitest';
import { CPC_LEVELS, clampCompetition, competitionLevel, cpcForVolume } from '../../src/domain/keyword-metrics.js';

describe('cpcForVolume', () => {
  it('follows the documented table at and around every level', () => {
    const expected: [number, number][] = [
      [0, 0],
      [1, 0.05],
      [99, 0.05],
      [100, 0.1],
      [999, 0.1],
      [1_000, 0.25],
      [9_999, 0.25],
      [10_000, 0.5],
      [99_999, 0.5],
      [100_000, 1],
      [999_999, 1],
      [1_000_000, 2],
      [50_000_000, 2],
    ];
    for (const [volume, cpc] of expected) expect([volume, cpcForVolume(volume)]).toEqual([volume, cpc]);
  });

  it('is monotone, never negative, and has at most two decimals', () => {
    let previous = -1;
    for (let volume = 0; volume <= 2_000_000; volume = volume < 10 ? volume + 1 : Math.ceil(volume * 1.07)) {
      const cpc = cpcForVolume(volume);
      expect(cpc).toBeGreaterThanOrEqual(Math.max(0, previous));
      expect(Math.round(cpc * 100) / 100).toBe(cpc);
      previous = cpc;
    }
    const levels = CPC_LEVELS.map((l) => l.cpc);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
  });

  it('treats nonsense volumes as 0', () => {
    expect(cpcForVolume(-5)).toBe(0);
    expect(cpcForVolume(Number.NaN)).toBe(0);
  });
});

describe('competitionLevel', () => {
  it('LOW below 0.33, MEDIUM below 0.66, HIGH otherwise, null for null', () => {
    expect(competitionLevel(0)).toBe('LOW');
    expect(competitionLevel(0.3299)).toBe('LOW');
    expect(competitionLevel(0.33)).toBe('MEDIUM');
    expect(competitionLevel(0.6599)).toBe('MEDIUM');
    expect(competitionLevel(0.66)).toBe('HIGH');
    expect(competitionLevel(1)).toBe('HIGH');
    expect(competitionLevel(null)).toBeNull();
  });

  it('clampCompetition keeps estimates in [0, 1] and turns non-numbers into "no estimate"', () => {
    expect(clampCompetition(0.5)).toBe(0.5);
    expect(clampCompetition(-0.2)).toBe(0);
    expect(clampCompetition(3)).toBe(1);
    expect(clampCompetition(Number.NaN)).toBeNull();
    expect(clampCompetition(Number.POSITIVE_INFINITY)).toBeNull();
    expect(clampCompetition(null)).toBeNull();
    expect(clampCompetition(undefined)).toBeNull();
  });
});
