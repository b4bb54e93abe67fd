import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import {
  DEFAULT_LOCATION_CODE,
  LOCATION_CODES,
  isKnownLocationCode,
  locationCodeForRegion,
  locationFellBack,
  regionFilterForLocation,
  regionIdForLocation,
  resolveLocationCode,
  storedRegionFilter,
} from '../../src/domain/location-codes.js';
import { locationFallbackHeaders } from '../../src/rest/location-fallback.js';

const shipped = loadRegionCatalog();

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
      expect(regionIdForLocation(code, shipped)).toBe(regionId);
      // Every code, Russia included, filters by its one region: no filter would mean all countries.
      expect(regionFilterForLocation(code, shipped)).toEqual([regionId]);
      expect(isKnownLocationCode(code, shipped)).toBe(true);
    }
    expect(LOCATION_CODES).toHaveLength(SPEC_TABLE.length);
    expect(DEFAULT_LOCATION_CODE).toBe(2643);
  });

  it('an unknown location_code is computed as Russia', () => {
    // 10213 and 10225: Moscow and Russia have table codes, so the locations answer never prints these.
    for (const code of [0, -1, 9999, 2644, 10000, 10213, 10225, 19_999_999, 1012.5]) {
      expect(isKnownLocationCode(code, shipped)).toBe(false);
      expect(regionFilterForLocation(code, shipped)).toEqual([225]);
      expect(resolveLocationCode(code, shipped)).toEqual({ code, regionId: 225, fallback: true });
    }
  });

  it('every code /v1/keywords/locations prints (region id + 10000) names its region (rule 2)', () => {
    let listed = 0;
    for (const region of shipped.all) {
      const code = locationCodeForRegion(region.id);
      expect(resolveLocationCode(code, shipped), `${region.name} ${code}`).toEqual({ code, regionId: region.id, fallback: false });
      if (code === region.id + 10_000) listed++;
    }
    expect(listed).toBe(shipped.all.length - LOCATION_CODES.length);
    expect(regionFilterForLocation(10039, shipped)).toEqual([39]); // Rostov-on-Don
    expect(regionFilterForLocation(20174, shipped)).toEqual([10174]); // Saint Petersburg and Leningrad Oblast
  });

  it('figures stored before the flag existed: a code outside the table was computed as Russia', () => {
    expect(locationFellBack({ locationCode: 10039 })).toBe(true);
    expect(locationFellBack({ locationCode: 1012 })).toBe(false);
    expect(locationFellBack({ locationCode: 10039, locationFallback: false })).toBe(false);
    expect(storedRegionFilter({ locationCode: 10039 }, shipped)).toEqual([225]);
    expect(storedRegionFilter({ locationCode: 10039, locationFallback: false }, shipped)).toEqual([39]);
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
    expect(locationFallbackHeaders({ keywords: ['x'], location_code: 9999 }, shipped)).toEqual({ 'x-location-fallback': '2643' });
    expect(locationFallbackHeaders({ keyword: 'x', location_code: -1 }, shipped)).toEqual({ 'x-location-fallback': '2643' });
    expect(locationFallbackHeaders({ keyword: 'x', location_code: 10213 }, shipped)).toEqual({ 'x-location-fallback': '2643' });
    const known = [{ location_code: 2643 }, { location_code: 1012 }, { location_code: 10039 }, { keyword: 'x' }, { location_code: '9999' }, null, 'x', [1]];
    for (const body of known) expect(locationFallbackHeaders(body, shipped)).toEqual({});
  });
});
