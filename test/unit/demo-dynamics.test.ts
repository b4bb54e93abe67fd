import { describe, expect, it } from 'vitest';
import { createDemoSource } from '../../src/adapters/demo/demo-source.js';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { addDays, isoWeekday } from '../../src/domain/dates/calendar.js';
import type { DeviceFilter, DynamicsPoint, DynamicsQuery, Period } from '../../src/domain/types.js';
import { samplePhrases, wordCount, DEMO_TODAY } from './demo-phrases.js';

const catalog = loadRegionCatalog();
const source = createDemoSource(catalog, { today: () => DEMO_TODAY });
const phrases = samplePhrases(200);
const live = async (list: string[]) => {
  const out: string[] = [];
  for (const p of list) {
    if ((await source.top({ phrase: p, numPhrases: 1, regions: [], devices: [] })).totalCount > 0) out.push(p);
  }
  return out;
};

const series = async (
  phrase: string,
  period: Period,
  fromDate: string,
  toDate: string,
  extra: Partial<DynamicsQuery> = {},
): Promise<DynamicsPoint[]> =>
  (await source.dynamics({ phrase, period, fromDate, toDate, regions: [], devices: [], ...extra })).points;

const sum = (points: DynamicsPoint[]) => points.reduce((s, p) => s + p.count, 0);
const FILTERS: readonly (readonly number[])[] = [[], [213], [2, 159], [225]];
const DEVICES: readonly DeviceFilter[] = [[], ['DEVICE_PHONE'], ['DEVICE_DESKTOP', 'DEVICE_TABLET']];

describe('demo dynamics: one point per period', () => {
  it('dates points by period start, oldest first, covering the whole window', async () => {
    expect((await series('слон', 'PERIOD_MONTHLY', '2025-01-01', '2025-12-31')).map((p) => p.date)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}-01`),
    );
    const weeks = await series('слон', 'PERIOD_WEEKLY', '2025-09-01', '2025-11-30');
    expect(weeks).toHaveLength(13);
    weeks.forEach((p, i) => expect(p.date).toBe(addDays('2025-09-01', 7 * i)));
    const days = await series('слон', 'PERIOD_DAILY', '2025-10-01', '2025-10-31');
    expect(days.map((p) => p.date)).toEqual(Array.from({ length: 31 }, (_, i) => addDays('2025-10-01', i)));
  });

  it('makes days add up to their weeks and months, for every filter and device set', async () => {
    for (const phrase of phrases.slice(0, 36)) {
      for (const regions of FILTERS) {
        for (const devices of DEVICES) {
          const extra = { regions, devices };
          // 2025-09-01 is a Monday and 2025-11-30 a Sunday: thirteen whole weeks and three whole months.
          const days = await series(phrase, 'PERIOD_DAILY', '2025-09-01', '2025-11-30', extra);
          const weeks = await series(phrase, 'PERIOD_WEEKLY', '2025-09-01', '2025-11-30', extra);
          const months = await series(phrase, 'PERIOD_MONTHLY', '2025-09-01', '2025-11-30', extra);
          expect(weeks.map((w) => w.count)).toEqual(
            weeks.map((w) => sum(days.filter((d) => d.date >= w.date && d.date <= addDays(w.date, 6)))),
          );
          expect(months.map((m) => m.count)).toEqual(
            months.map((m) => sum(days.filter((d) => d.date.slice(0, 7) === m.date.slice(0, 7)))),
          );
          for (const p of [...days, ...weeks, ...months]) expect(Number.isInteger(p.count)).toBe(true);
        }
      }
    }
  });

  it('splits every point across devices exactly', async () => {
    for (const phrase of phrases.slice(0, 80)) {
      for (const regions of FILTERS) {
        const all = await series(phrase, 'PERIOD_DAILY', '2025-10-01', '2025-10-31', { regions });
        const parts = await Promise.all(
          (['DEVICE_DESKTOP', 'DEVICE_PHONE', 'DEVICE_TABLET'] as const).map((d) =>
            series(phrase, 'PERIOD_DAILY', '2025-10-01', '2025-10-31', { regions, devices: [d] }),
          ),
        );
        expect(all.map((p, i) => parts.reduce((s, part) => s + part[i]!.count, 0))).toEqual(all.map((p) => p.count));
      }
    }
  });

  it('reports share as a fraction in [0, 1], zero exactly when the count is zero', async () => {
    const problems: string[] = [];
    for (const phrase of phrases) {
      for (const regions of FILTERS) {
        for (const p of await series(phrase, 'PERIOD_WEEKLY', '2025-01-06', '2025-12-28', { regions })) {
          if (!(p.share >= 0 && p.share <= 1) || (p.share === 0) !== (p.count === 0)) {
            problems.push(`${phrase} ${regions.join()} ${p.date}: ${p.count} / ${p.share}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('demo dynamics: shape over time', () => {
  it('has a weekly rhythm: weekend days differ from weekdays', async () => {
    const popular = phrases.filter((p) => wordCount(p) <= 2);
    let differing = 0;
    for (const phrase of popular) {
      const days = await series(phrase, 'PERIOD_DAILY', '2025-01-06', '2025-12-28');
      const mean = (list: DynamicsPoint[]) => sum(list) / list.length;
      const weekend = mean(days.filter((d) => isoWeekday(d.date) >= 6));
      const weekday = mean(days.filter((d) => isoWeekday(d.date) <= 5));
      if (Math.abs(weekend / weekday - 1) > 0.05) differing++;
    }
    expect(differing).toBeGreaterThan(popular.length * 0.6);
  });

  it('repeats a yearly cycle: seasonal phrases peak in the same months every year', async () => {
    let seasonal = 0;
    for (const phrase of await live(phrases.filter((p) => wordCount(p) <= 2))) {
      const a = (await series(phrase, 'PERIOD_MONTHLY', '2023-01-01', '2023-12-31')).map((p) => p.count);
      const b = (await series(phrase, 'PERIOD_MONTHLY', '2024-01-01', '2024-12-31')).map((p) => p.count);
      if (Math.max(...a) / Math.min(...a) < 1.5) continue;
      seasonal++;
      expect(correlation(a, b)).toBeGreaterThan(0.8);
    }
    expect(seasonal).toBeGreaterThan(3);
  });

  it('drifts slowly: a phrase changes by less than half from one year to the next', async () => {
    for (const phrase of await live(phrases.filter((p) => wordCount(p) === 1))) {
      const y1 = sum(await series(phrase, 'PERIOD_MONTHLY', '2023-01-01', '2023-12-31'));
      const y2 = sum(await series(phrase, 'PERIOD_MONTHLY', '2024-01-01', '2024-12-31'));
      expect(y2 / y1).toBeGreaterThan(0.8);
      expect(y2 / y1).toBeLessThan(1.25);
    }
  });
});

describe('demo dynamics: region filter', () => {
  it('never raises a count, per device, and a single city is much smaller than the whole', async () => {
    for (const phrase of phrases.slice(0, 80)) {
      for (const devices of DEVICES) {
        const whole = await series(phrase, 'PERIOD_DAILY', '2025-10-01', '2025-10-31', { devices });
        for (const regions of FILTERS.slice(1)) {
          const part = await series(phrase, 'PERIOD_DAILY', '2025-10-01', '2025-10-31', { regions, devices });
          part.forEach((p, i) => expect(p.count).toBeLessThanOrEqual(whole[i]!.count));
        }
      }
    }
    for (const phrase of await live(phrases.filter((p) => wordCount(p) === 1))) {
      const whole = sum(await series(phrase, 'PERIOD_MONTHLY', '2025-01-01', '2025-12-31'));
      const kazan = sum(await series(phrase, 'PERIOD_MONTHLY', '2025-01-01', '2025-12-31', { regions: [43] }));
      expect(kazan).toBeLessThan(whole * 0.05);
      expect(kazan).toBeGreaterThan(0);
    }
  });
});

describe('demo dynamics: cost', () => {
  it('computes a 12-month monthly series (365 daily evaluations) cheaply', async () => {
    const query: DynamicsQuery = {
      phrase: 'велосипед', period: 'PERIOD_MONTHLY', fromDate: '2025-01-01', toDate: '2025-12-31', regions: [213], devices: [],
    };
    await source.dynamics(query); // warm-up (phrase parameters, JIT)
    const runs = 200;
    const started = performance.now();
    for (let i = 0; i < runs; i++) await source.dynamics(query);
    // Well under 1 ms on a developer machine; the bound leaves room for a loaded CI runner.
    expect((performance.now() - started) / runs).toBeLessThan(5);
  });
});

function correlation(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [ma, mb] = [mean(a), mean(b)];
  let num = 0;
  let da = 0;
  let db = 0;
  a.forEach((x, i) => {
    const y = b[i]!;
    num += (x - ma) * (y - mb);
    da += (x - ma) ** 2;
    db += (y - mb) ** 2;
  });
  return num / Math.sqrt(da * db);
}
