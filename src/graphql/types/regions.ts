import { DEFAULT_REGION_LEVEL } from '../../domain/requests/fields.js';
import { getRegions, type RegionDemand } from '../../services/regions.js';
import { builder } from '../builder.js';
import { RegionNamingRef } from './region-fields.js';
import { DeviceEnum, RegionLevelEnum } from './enums.js';

export const RegionDemandRef = builder.objectRef<RegionDemand>('RegionDemand').implement({
  interfaces: [RegionNamingRef],
  isTypeOf: (value) => 'count' in (value as object),
  fields: (t) => ({
    count: t.exposeInt('count'),
    share: t.exposeFloat('share', { description: "Part of the phrase's total demand, 0..1." }),
    affinityIndex: t.exposeFloat('affinityIndex', { description: '100 = national average.' }),
  }),
});

builder.queryField('regions', (t) =>
  t.field({
    type: [RegionDemandRef],
    description: 'Demand by region with names (/v2/stats/regions).',
    args: {
      phrase: t.arg.string({ required: true }),
      level: t.arg({ type: RegionLevelEnum, defaultValue: DEFAULT_REGION_LEVEL }),
      devices: t.arg({ type: [DeviceEnum] }),
    },
    resolve: (_root, args, ctx) =>
      getRegions(ctx, {
        phrase: args.phrase,
        region: args.level ?? undefined,
        devices: args.devices ?? undefined,
      }),
  }),
);
