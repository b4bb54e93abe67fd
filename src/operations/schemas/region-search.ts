import { z } from 'zod';
import { component } from './components.js';
import { regionDemandSchema } from './v2.js';

/** One region found by name: the naming fields of a regions row, without the demand. */
export const regionSchema = component(
  regionDemandSchema.pick({
    regionId: true,
    regionName: true,
    regionNameEn: true,
    regionType: true,
    parentId: true,
    parentName: true,
    parentNameEn: true,
    countryCode: true,
  }),
  'Region',
);

export const regionSearchResponseSchema = component(
  z.object({ regions: z.array(regionSchema).meta({ description: 'Best match first.' }) }),
  'RegionSearchResponse',
);
