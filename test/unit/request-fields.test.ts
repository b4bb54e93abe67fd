import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { DomainError } from '../../src/domain/errors.js';
import {
  normalizeDevices,
  normalizeNumPhrases,
  normalizePeriod,
  normalizePhrase,
  normalizeRegionFilter,
  normalizeRegionLevel,
} from '../../src/domain/requests/fields.js';

const catalog = loadRegionCatalog();

function failure(fn: () => unknown): { field?: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'INVALID_FIELD') return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected INVALID_FIELD');
}

describe('phrase', () => {
  it('trims and collapses spaces', () => expect(normalizePhrase('  купить   велосипед ', 'phrase')).toBe('купить велосипед'));
  it.each(['', '   ', '\t\n'])('rejects empty %j', (value) => expect(failure(() => normalizePhrase(value, 'phrase')).field).toBe('phrase'));
  it('accepts 400 characters and rejects 401', () => {
    expect(normalizePhrase('я'.repeat(400), 'keyword')).toHaveLength(400);
    expect(failure(() => normalizePhrase('я'.repeat(401), 'keyword')).field).toBe('keyword');
  });
});

describe('devices', () => {
  it.each([
    [undefined, []],
    ['DEVICE_ALL', []],
    ['all', []],
    ['Desktop', ['DEVICE_DESKTOP']],
    ['MOBILE', ['DEVICE_PHONE']],
    ['phone', ['DEVICE_PHONE']],
    ['device_tablet', ['DEVICE_TABLET']],
    [['tablet', 'desktop', 'DESKTOP'], ['DEVICE_DESKTOP', 'DEVICE_TABLET']],
    [['desktop', 'all'], []],
    [['desktop', 'phone', 'tablet'], []],
    [[], []],
  ])('%j → %j', (value, expected) => expect(normalizeDevices(value as never)).toEqual(expected));

  it('names the bad element of an array', () => {
    expect(failure(() => normalizeDevices(['desktop', 'watch'])).field).toBe('devices[1]');
    expect(failure(() => normalizeDevices('fridge')).field).toBe('devices');
  });
});

describe('period and region level aliases', () => {
  it.each([
    [undefined, 'PERIOD_MONTHLY'],
    ['PERIOD_WEEKLY', 'PERIOD_WEEKLY'],
    ['daily', 'PERIOD_DAILY'],
    ['Monthly', 'PERIOD_MONTHLY'],
    ['period_daily', 'PERIOD_DAILY'],
  ])('period %j → %s', (value, expected) => expect(normalizePeriod(value, 'PERIOD_MONTHLY')).toBe(expected));

  it.each([
    [undefined, 'REGION_ALL'],
    ['cities', 'REGION_CITIES'],
    ['REGION_REGIONS', 'REGION_REGIONS'],
    ['All', 'REGION_ALL'],
  ])('region %j → %s', (value, expected) => expect(normalizeRegionLevel(value, 'REGION_ALL')).toBe(expected));

  it.each(['yearly', 'PERIOD_HOURLY', ''])('unknown period %j is refused', (value) =>
    expect(failure(() => normalizePeriod(value, 'PERIOD_MONTHLY')).field).toBe('period'),
  );
  it.each(['countries', 'REGION_WORLD'])('unknown region level %j is refused', (value) =>
    expect(failure(() => normalizeRegionLevel(value, 'REGION_ALL')).field).toBe('region'),
  );
});

describe('numPhrases', () => {
  it.each([
    [undefined, 50],
    [0, 50],
    [1, 1],
    [2000, 2000],
  ])('%j → %d', (value, expected) => expect(normalizeNumPhrases(value)).toBe(expected));
  it.each([-1, 2001, 1.5])('%d is refused', (value) => expect(failure(() => normalizeNumPhrases(value)).field).toBe('numPhrases'));
});

describe('region filter', () => {
  it('sorts, dedupes and drops codes inside another code of the filter', () => {
    // 213 Moscow lies inside 1 (Moscow and oblast) inside 225 Russia; 2 Saint Petersburg is inside Russia too.
    expect(normalizeRegionFilter([213, 2, 213], catalog)).toEqual([2, 213]);
    expect(normalizeRegionFilter([213, 225, 2], catalog)).toEqual([225]);
  });
  it('refuses unknown codes naming the element, and more than 100 codes', () => {
    expect(failure(() => normalizeRegionFilter([213, 99999999], catalog)).field).toBe('regions[1]');
    expect(failure(() => normalizeRegionFilter(Array.from({ length: 101 }, () => 213), catalog)).field).toBe('regions');
  });
});
