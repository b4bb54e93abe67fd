import { describe, expect, it } from 'vitest';
import { loadRegionCatalog } from '../../src/adapters/region-data.js';
import { DomainError } from '../../src/domain/errors.js';
import { resolveLocation } from '../../src/services/location.js';

const catalog = loadRegionCatalog();

/** The error a resolution throws (INVALID_FIELD naming the field), or the region it resolves to. */
function outcome(input: Parameters<typeof resolveLocation>[1], fields?: Parameters<typeof resolveLocation>[2]) {
  try {
    return resolveLocation(catalog, input, fields);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, field: error.field, message: error.message };
  }
}

describe('location_name → one region of the shipped tree, or a refusal with candidates', () => {
  it.each([
    ['Moscow', 213, 1012],
    ['Москва', 213, 1012],
    ['МОСКВА', 213, 1012],
    ['мск', 213, 1012], // an alias of the lookup is a whole name
    ['Saint Petersburg', 2, 1013],
    ['санкт петербург', 2, 1013],
    ['Moscow,Moscow,Russia', 213, 1012], // the format's comma form
    ['Москва и область', 1, 10_001],
    ['Орёл', 10, 10_010],
    ['орел', 10, 10_010],
    ['Железногорск, Курская область', 10_710, 20_710],
    ['Zheleznogorsk, Krasnoyarsk', 20_086, 30_086], // first words of the region's name
    ['Троицк, Челябинская область, Россия', 11_220, 21_220],
  ])('%s → region %i, location_code %i', (name, regionId, code) => {
    expect(outcome({ locationName: name })).toEqual({ code, regionId, fallback: false });
  });

  it('a name with several places lists them with parent and code, and says how to pick one', () => {
    const refused = outcome({ locationName: 'Железногорск' }) as { code: string; field: string; message: string };
    expect(refused).toMatchObject({ code: 'INVALID_FIELD', field: 'location_name' });
    expect(refused.message).toContain('names 2 regions');
    expect(refused.message).toContain('in Курская область, location_code 20710');
    expect(refused.message).toContain('in Красноярский край, location_code 30086');
    expect(refused.message).toContain('after a comma');
  });

  it('a prefix or a misspelling is not guessed: 40501 with the lookup\'s candidates, Moscow first for "моск"', () => {
    const refused = outcome({ locationName: 'моск' }) as { message: string };
    expect(refused.message).toMatch(/^location_name "моск" names no region; did you mean: Москва \/ Moscow \(in Москва и область, location_code 1012\)/);
    expect(outcome({ locationName: 'Mosсow' })).toMatchObject({ field: 'location_name' }); // a Cyrillic "с" inside
    expect(outcome({ locationName: 'Троицк, Сибирь' })).toMatchObject({ field: 'location_name' }); // neither lies in Siberia
    expect(outcome({ locationName: 'Троицк, Урал' })).toMatchObject({ regionId: 11_220 }); // the Ural district holds Chelyabinsk Oblast
    expect((outcome({ locationName: 'zzqq' }) as { message: string }).message).toContain('region_search');
  });

  it('with location_code: both must name the same region; GraphQL names its own arguments', () => {
    expect(outcome({ locationCode: 1012, locationName: 'Moscow' })).toEqual({ code: 1012, regionId: 213, fallback: false });
    expect(outcome({ locationCode: 10_039, locationName: 'Ростов-на-Дону' })).toEqual({ code: 10_039, regionId: 39, fallback: false });
    expect(outcome({ locationCode: 1013, locationName: 'Moscow' })).toMatchObject({ field: 'location_name' });
    expect(outcome({ locationCode: 1, locationName: 'Moscow' }, { code: 'locationCode', name: 'locationName' })).toMatchObject({
      field: 'locationName',
      message: expect.stringContaining('locationCode 1 is unknown'),
    });
  });

  it('neither: Russia (2643); a code alone follows the spec rules', () => {
    expect(outcome({})).toEqual({ code: 2643, regionId: 225, fallback: false });
    expect(outcome({ locationCode: null, locationName: null })).toEqual({ code: 2643, regionId: 225, fallback: false });
    expect(outcome({ locationCode: 10_039 })).toEqual({ code: 10_039, regionId: 39, fallback: false });
    expect(outcome({ locationCode: 77 })).toEqual({ code: 77, regionId: 225, fallback: true });
  });
});
