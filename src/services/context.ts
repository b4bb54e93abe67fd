import type { RegionCatalog } from '../domain/regions/catalog.js';
import type { IsoDate } from '../domain/types.js';
import type { RequestSource } from './request-source.js';

/** What every operation needs for one client request. */
export interface ServiceContext {
  catalog: RegionCatalog;
  /** Today in the service's time zone (fixed for the whole request). */
  today: IsoDate;
  source: RequestSource;
}
