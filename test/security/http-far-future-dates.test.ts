import { describe, expect, it } from 'vitest';
import { addDays, addMonths, fromDayNumber, toDayNumber } from '../../src/domain/dates/calendar.js';
import { periodStarts } from '../../src/domain/dates/periods.js';
import { resolveWindow } from '../../src/domain/dates/window.js';
import type { Period } from '../../src/domain/types.js';
import { formulaAnswers } from '../support/answers/formula-answers.js';
import { createFakeSource } from '../support/fake-source.js';
import { createTestApp, graphql, post } from '../support/app.js';
import { TODAY } from '../support/kit.js';

// The test app's clock (FIXED_NOW): Sunday 2026-03-15 in Moscow. Last completed: the week ending that Sunday
// (it is 12:00, the week's last day has begun), month 2026-02, day 2026-03-14.
const today = TODAY;
const LAST_END: Record<Period, string> = {
  PERIOD_WEEKLY: '2026-03-15',
  PERIOD_MONTHLY: '2026-02-28',
  PERIOD_DAILY: '2026-03-14',
};

describe('far-future dates (issue 11, item 9)', () => {
  it.each(['PERIOD_WEEKLY', 'PERIOD_MONTHLY', 'PERIOD_DAILY'] as const)(
    '%s toDate 9999-12-31 is cut at the last completed period',
    (period) => {
      const window = resolveWindow({ period, today, toDate: '9999-12-31' });
      expect(window.toDate).toBe(LAST_END[period]);
      expect(window.fromDate <= window.toDate).toBe(true);
    },
  );

  it('a weekly window between two far-future dates is refused as wholly in the future, naming the field', () => {
    expect(() => resolveWindow({ period: 'PERIOD_WEEKLY', today, fromDate: '9999-12-27', toDate: '9999-12-31' })).toThrow(
      expect.objectContaining({ field: 'fromDate', message: expect.not.stringContaining('+0') }),
    );
  });

  it('calendar arithmetic never writes a year past 9999 (it would compare before every real date)', () => {
    expect(addDays('9999-12-31', 3)).toBe('9999-12-31');
    expect(fromDayNumber(toDayNumber('9999-12-31') + 400)).toBe('9999-12-31');
    expect(addMonths('9999-12-01', 1)).toBe('9999-12-01');
    expect(addDays('0000-01-01', -3)).toBe('0000-01-01');
    expect(addDays('9999-12-31', 3) > LAST_END.PERIOD_WEEKLY).toBe(true);
  });

  it('periodStarts ends at the edge of the calendar instead of looping', () => {
    expect(periodStarts('9999-12-27', '9999-12-31', 'PERIOD_DAILY')).toEqual([
      '9999-12-27',
      '9999-12-28',
      '9999-12-29',
      '9999-12-30',
      '9999-12-31',
    ]);
    expect(periodStarts('9999-11-01', '9999-12-31', 'PERIOD_MONTHLY')).toEqual(['9999-11-01', '9999-12-01']);
  });

  it('REST /v2 weekly dynamics with toDate 9999-12-31 answers 200 up to the last completed week', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const res = await post(app, '/v2/stats/dynamics', { phrase: 'ноутбук', period: 'weekly', toDate: '9999-12-31' });
    expect(res.status).toBe(200);
    const dates = res.json.results.map((r: { date: string }) => r.date);
    expect(dates.length).toBe(52);
    expect(dates.at(-1)).toBe('2026-03-09'); // the Monday of the week ending 2026-03-15
  });

  it('GraphQL weekly dynamics with toDate 9999-12-31 answers the same window', async () => {
    const app = createTestApp({ source: createFakeSource({ answers: formulaAnswers }) });
    const res = await graphql(app, '{ dynamics(phrase: "ноутбук", period: WEEKLY, toDate: "9999-12-31") { results { date } } }');
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.dynamics.results.at(-1).date).toBe('2026-03-09');
  });
});
