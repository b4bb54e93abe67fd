import { builder } from '../builder.js';

/** Device filter; maps to the source's DEVICE_* values. */
export const DeviceEnum = builder.enumType('Device', {
  values: {
    ALL: { value: 'DEVICE_ALL' },
    DESKTOP: { value: 'DEVICE_DESKTOP' },
    PHONE: { value: 'DEVICE_PHONE' },
    TABLET: { value: 'DEVICE_TABLET' },
  } as const,
});

/** Granularity of dynamics. */
export const PeriodEnum = builder.enumType('Period', {
  values: {
    MONTHLY: { value: 'PERIOD_MONTHLY' },
    WEEKLY: { value: 'PERIOD_WEEKLY' },
    DAILY: { value: 'PERIOD_DAILY' },
  } as const,
});

/** Level of detail of the regional distribution. */
export const RegionLevelEnum = builder.enumType('RegionLevel', {
  values: {
    ALL: { value: 'REGION_ALL' },
    CITIES: { value: 'REGION_CITIES' },
    REGIONS: { value: 'REGION_REGIONS' },
  } as const,
});
