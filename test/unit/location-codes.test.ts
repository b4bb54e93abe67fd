import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import {
  DEFAULT_LOCATION_CODE,
  LOCATION_CODES,
  isKnownLocationCode,
  locationCodeForRegion,
  regionFilterForLocation,
  regionIdForLocation,
} from '../../src/domain/location-codes.js';
import { locationFallbackHeaders } from '../../src/rest/location-fallback.js';

/** The spec's table, written out again on purpose: the code must agree with the document, row by row. */
const SPEC_TABLE: [number, number][] = [
  [2643, 225],
  [1012, 213],
  [1013, 2],
  [1014, 54],
  [1015, 65],
  [1016, 43],
  [1017, 47],
];

describe('location codes', () => {
  it('location_code → source region, for every row of the spec table', () => {
    for (const [code, regionId] of SPEC_TABLE) {
      expect(regionIdForLocation(code)).toBe(regionId);
      // Every code, Russia included, filters by its one region: no filter would mean all countries.
      expect(regionFilterForLocation(code)).toEqual([regionId]);
      expect(isKnownLocationCode(code)).toBe(true);
    }
    expect(LOCATION_CODES).toHaveLength(SPEC_TABLE.length);
    expect(DEFAULT_LOCATION_CODE).toBe(2643);
  });

  it('an unknown location_code is computed as Russia', () => {
    for (const code of [0, -1, 9999, 2644, 10213]) {
      expect(isKnownLocationCode(code)).toBe(false);
      expect(regionFilterForLocation(code)).toEqual([225]);
      expect(regionIdForLocation(code)).toBe(225);
    }
  });

  it('source region → location_code: the table code, else region id + 10000', () => {
    for (const [code, regionId] of SPEC_TABLE) expect(locationCodeForRegion(regionId)).toBe(code);
    expect(locationCodeForRegion(1)).toBe(10001);
    expect(locationCodeForRegion(39)).toBe(10039);
    expect(locationCodeForRegion(10174)).toBe(20174);
  });

  it('the table points at the right cities of the shipped region tree', () => {
    const catalog = loadRegionCatalog();
    const russianNames: Record<number, string> = {
      225: 'Россия',
      213: 'Москва',
      2: 'Санкт-Петербург',
      54: 'Екатеринбург',
      65: 'Новосибирск',
      43: 'Казань',
      47: 'Нижний Новгород',
    };
    for (const row of LOCATION_CODES) expect(catalog.get(row.regionId)?.name).toBe(russianNames[row.regionId]);
  });

  it('flags an unknown location_code with X-Location-Fallback: 2643, and nothing else', () => {
    expect(locationFallbackHeaders({ keywords: ['x'], location_code: 9999 })).toEqual({ 'x-location-fallback': '2643' });
    expect(locationFallbackHeaders({ keyword: 'x', location_code: -1 })).toEqual({ 'x-location-fallback': '2643' });
    for (const body of [{ location_code: 2643 }, { location_code: 1012 }, { keyword: 'x' }, { location_code: '9999' }, null, 'x', [1]]) {
      expect(locationFallbackHeaders(body)).toEqual({});
    }
  });
});
