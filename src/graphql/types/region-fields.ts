import type { RegionSearchHit } from '../../services/region-search.js';
import { builder } from '../builder.js';

/**
 * The naming fields every region object shows (a demand row and a search hit alike), written once: an
 * interface both object types implement, so the two stay the same.
 */
export const RegionNamingRef = builder.interfaceRef<RegionSearchHit>('RegionNaming').implement({
  description: 'How a region is named and placed in the tree.',
  fields: (t) => ({
    regionId: t.exposeInt('regionId'),
    regionName: t.exposeString('regionName', { description: 'Name in Russian.' }),
    regionNameEn: t.exposeString('regionNameEn'),
    regionType: t.exposeString('regionType', { description: 'country, district, region, city or other.' }),
    parentId: t.exposeInt('parentId', { description: '0 for a root region.' }),
    parentName: t.exposeString('parentName', { description: "The parent's name in Russian." }),
    parentNameEn: t.exposeString('parentNameEn', { description: "The parent's name in English." }),
    countryCode: t.exposeString('countryCode'),
  }),
});
