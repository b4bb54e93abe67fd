import { periodEnd, periodStart } from '../../domain/dates/periods.js';
import type { DeviceFilter, DynamicsQuery, IsoDate, RegionsQuery, TopQuery } from '../../domain/types.js';

/** The four Wordstat methods of the Search API v2, by the name the rest of the adapter uses. */
export type WordstatMethod = 'top' | 'dynamics' | 'regions' | 'regionTree';

/** Paths of the Search API v2 (all POST, JSON bodies). */
export const WORDSTAT_PATHS: Readonly<Record<WordstatMethod, string>> = {
  top: '/v2/wordstat/topRequests',
  dynamics: '/v2/wordstat/dynamics',
  regions: '/v2/wordstat/regions',
  regionTree: '/v2/wordstat/getRegionsTree',
};

/** How the adapter authenticates: a service-account API key, or a short-lived IAM token. */
export type WordstatCredentials = { apiKey: string } | { iamToken: string };

/** The `Authorization` header value for the credentials (never log its result). */
export function authorizationHeader(credentials: WordstatCredentials): string {
  return 'apiKey' in credentials ? `Api-Key ${credentials.apiKey}` : `Bearer ${credentials.iamToken}`;
}

/** A calendar date as the RFC3339 timestamp protobuf's JSON mapping expects (midnight UTC). */
export function toTimestamp(date: IsoDate): string {
  return `${date}T00:00:00Z`;
}

/** Enum names go on the wire with their prefix: the API rejects `MONTHLY` but accepts `PERIOD_MONTHLY`. */
function devicesOnWire(devices: DeviceFilter): string[] {
  // The domain's empty filter means "every device"; the API spells that DEVICE_ALL.
  return devices.length === 0 ? ['DEVICE_ALL'] : [...devices];
}

/** Region ids are int64 on our side but `repeated string` in the proto. Omitted when empty (= everywhere). */
function regionsOnWire(regions: readonly number[]): { regions?: string[] } {
  return regions.length === 0 ? {} : { regions: regions.map((id) => String(id)) };
}

/** GetTop body. `numPhrases` is int64: proto3 JSON accepts it as a string, the canonical spelling. */
export function topBody(query: TopQuery, folderId: string): Record<string, unknown> {
  return {
    phrase: query.phrase,
    numPhrases: String(query.numPhrases),
    ...regionsOnWire(query.regions),
    devices: devicesOnWire(query.devices),
    folderId,
  };
}

/**
 * GetDynamics body. The API insists on aligned windows (monthly: 1st → last day of a month, weekly: Monday →
 * Sunday); the domain aligns already, and aligning again here keeps a stray date from costing a failed call.
 */
export function dynamicsBody(query: DynamicsQuery, folderId: string): Record<string, unknown> {
  return {
    phrase: query.phrase,
    period: query.period,
    fromDate: toTimestamp(periodStart(query.fromDate, query.period)),
    toDate: toTimestamp(periodEnd(query.toDate, query.period)),
    ...regionsOnWire(query.regions),
    devices: devicesOnWire(query.devices),
    folderId,
  };
}

/** GetRegionsDistribution body: no region filter exists upstream; `region` is the level of detail. */
export function regionsBody(query: RegionsQuery, folderId: string): Record<string, unknown> {
  return { phrase: query.phrase, region: query.level, devices: devicesOnWire(query.devices), folderId };
}

/** GetRegionsTree body: the folder only. */
export function regionTreeBody(folderId: string): Record<string, unknown> {
  return { folderId };
}
