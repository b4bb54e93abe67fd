import { toDayNumber } from '../../domain/dates/calendar.js';
import { periodStarts } from '../../domain/dates/periods.js';
import type { DeviceFilter, DynamicsPoint, IsoDate, Period } from '../../domain/types.js';
import { allQueriesDaily, dailyParts } from './daily-model.js';
import { ALL_QUERIES_DEVICE_SHARE, deviceMask, sumSelected } from './devices.js';
import type { PhraseParams } from './phrase-model.js';

export interface SeriesRequest {
  period: Period;
  fromDate: IsoDate;
  toDate: IsoDate;
  devices: DeviceFilter;
  /** The filtered regions' share of this phrase's demand (1 = no filter). */
  phraseFraction: number;
  /** The filtered regions' share of all search-engine queries (1 = no filter), for `share`. */
  allQueriesFraction: number;
}

/**
 * One point per period of the (aligned) window, dated by the period's start, oldest first. A period's count
 * is the exact sum of its daily counts, so daily, weekly and monthly series of a phrase agree; `share` is
 * that count over all search-engine queries made in the same period, regions and devices.
 */
export function dynamicsSeries(params: PhraseParams, request: SeriesRequest): DynamicsPoint[] {
  const lastDay = toDayNumber(request.toDate);
  const mask = deviceMask(request.devices);
  const deviceShare = sumSelected(ALL_QUERIES_DEVICE_SHARE, mask);
  const starts = periodStarts(request.fromDate, request.toDate, request.period);
  return starts.map((date, k) => {
    const first = toDayNumber(date);
    const next = starts[k + 1];
    const last = next === undefined ? lastDay : toDayNumber(next) - 1;
    let count = 0;
    let all = 0;
    for (let day = first; day <= last; day++) {
      count += sumSelected(dailyParts(params, day, request.phraseFraction), mask);
      all += allQueriesDaily(day);
    }
    const denominator = all * request.allQueriesFraction * deviceShare;
    const share = denominator > 0 ? Math.min(1, count / denominator) : 0;
    return { date, count, share };
  });
}
