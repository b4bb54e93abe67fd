/** Canonical enum values, exactly as the upstream and the spec spell them. */
export const DEVICES = ['DEVICE_ALL', 'DEVICE_DESKTOP', 'DEVICE_PHONE', 'DEVICE_TABLET'] as const;
export type Device = (typeof DEVICES)[number];
/** A device filter after normalisation: sorted, unique, never containing DEVICE_ALL ([] means all devices). */
export type DeviceFilter = readonly Exclude<Device, 'DEVICE_ALL'>[];

export const PERIODS = ['PERIOD_MONTHLY', 'PERIOD_WEEKLY', 'PERIOD_DAILY'] as const;
export type Period = (typeof PERIODS)[number];

export const REGION_LEVELS = ['REGION_ALL', 'REGION_CITIES', 'REGION_REGIONS'] as const;
export type RegionLevel = (typeof REGION_LEVELS)[number];

export const REGION_TYPES = ['country', 'district', 'region', 'city', 'other'] as const;
export type RegionType = (typeof REGION_TYPES)[number];

/** A calendar date in the service's time zone, `YYYY-MM-DD`. */
export type IsoDate = string;

export interface PhraseCount {
  phrase: string;
  count: number;
}

/** One canonical GetTop request: phrase trimmed, regions sorted and unique, devices normalised. */
export interface TopQuery {
  phrase: string;
  numPhrases: number;
  regions: readonly number[];
  devices: DeviceFilter;
}

export interface TopResult {
  totalCount: number;
  results: readonly PhraseCount[];
  associations: readonly PhraseCount[];
}

/** One canonical GetDynamics request: the window is already aligned to period boundaries. */
export interface DynamicsQuery {
  phrase: string;
  period: Period;
  fromDate: IsoDate;
  toDate: IsoDate;
  regions: readonly number[];
  devices: DeviceFilter;
}

export interface DynamicsPoint {
  /** Start of the period (1st of month, Monday of week, or the day). */
  date: IsoDate;
  count: number;
  /** The phrase's part of all search-engine queries in the period, a fraction in [0, 1]. */
  share: number;
}

export interface DynamicsResult {
  points: DynamicsPoint[];
}

/** One canonical GetRegionsDistribution request. */
export interface RegionsQuery {
  phrase: string;
  level: RegionLevel;
  devices: DeviceFilter;
}

export interface RegionCount {
  regionId: number;
  count: number;
  /** 100 = national average. */
  affinityIndex: number;
}

export interface RegionsResult {
  rows: RegionCount[];
  /**
   * The phrase's total demand over all regions in the same window: the one denominator for every row's share.
   */
  total: number;
}

/** A node of the source's own region tree (GetRegionsTree). */
export interface SourceRegionNode {
  id: number;
  label: string;
  children: SourceRegionNode[];
}
