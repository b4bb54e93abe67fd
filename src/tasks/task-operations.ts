import type { z } from 'zod';
import {
  locationsRequestSchema,
  MAX_TASK_KEYWORDS,
  searchVolumeTaskRequestSchema,
  suggestionsRequestSchema,
} from '../domain/requests/keyword-data.js';
import { normalizeKeywords } from '../domain/requests/keyword-data.js';
import { normalizePhrase } from '../domain/requests/fields.js';
import type { SourceCall } from '../domain/source-call.js';
import type { ServiceContext } from '../services/context.js';
import type { RegionCatalog } from '../domain/regions/catalog.js';
import { resolveLocation } from '../services/location.js';
import { keywordDataOf } from '../services/keyword-data-deps.js';
import { getLocations, locationsCalls } from '../services/locations.js';
import { bodyVolumeOptions, getSearchVolume, searchVolumeCalls, volumeOptionsOf } from '../services/search-volume.js';
import { getSuggestions } from '../services/suggestions.js';
import type { TaskOperation } from '../domain/tasks.js';

/**
 * What a task does for each /v1 operation: the live route's body schema (task limits), the source calls it is
 * known to need up front (progress and the stored-answer lookup), and the very service call the live route makes.
 * The result kept is the service's output; each face presents it as its live counterpart does.
 */
export interface TaskOperationSpec {
  schema: z.ZodType;
  plannedCalls(ctx: ServiceContext, request: Record<string, unknown>): SourceCall[];
  run(ctx: ServiceContext, request: Record<string, unknown>): Promise<unknown>;
  /** Resolves the body's location_code / location_name as the run will (throws INVALID_FIELD), when it has one. */
  checkLocation?(catalog: RegionCatalog, request: Record<string, unknown>): void;
}

/** The location fields of a body, resolved as the run resolves them (the result is not kept: the run resolves again). */
function checkBodyLocation(catalog: RegionCatalog, request: Record<string, unknown>): void {
  const body = request as { location_code?: number; location_name?: string };
  resolveLocation(catalog, { locationCode: body.location_code, locationName: body.location_name });
}

type SearchVolumeBody = z.output<typeof searchVolumeTaskRequestSchema>;
type SuggestionsBody = z.output<typeof suggestionsRequestSchema>;
type LocationsBody = z.output<typeof locationsRequestSchema>;

export const TASK_OPERATION_SPECS: Record<TaskOperation, TaskOperationSpec> = {
  search_volume: {
    schema: searchVolumeTaskRequestSchema,
    checkLocation: checkBodyLocation,
    plannedCalls(ctx, request) {
      const body = request as SearchVolumeBody;
      return searchVolumeCalls(
        ctx,
        normalizeKeywords(body.keywords, 'keywords', MAX_TASK_KEYWORDS),
        { locationCode: body.location_code, locationName: body.location_name },
        volumeOptionsOf(bodyVolumeOptions(body)),
      );
    },
    run(ctx, request) {
      const body = request as SearchVolumeBody;
      return getSearchVolume(
        ctx,
        {
          keywords: body.keywords,
          locationCode: body.location_code,
          locationName: body.location_name,
          languageCode: body.language_code,
          maxKeywords: MAX_TASK_KEYWORDS,
          ...bodyVolumeOptions(body),
        },
        { competition: keywordDataOf(ctx).competition },
      );
    },
  },
  suggestions: {
    schema: suggestionsRequestSchema,
    checkLocation: checkBodyLocation,
    // Which verification calls follow depends on the first answers: they are counted as they come.
    plannedCalls: () => [],
    run(ctx, request) {
      const body = request as SuggestionsBody;
      return getSuggestions(ctx, { keyword: body.keyword, limit: body.limit, locationCode: body.location_code, locationName: body.location_name }, keywordDataOf(ctx).suggestions);
    },
  },
  locations: {
    schema: locationsRequestSchema,
    plannedCalls: (_ctx, request) => locationsCalls(normalizePhrase((request as LocationsBody).keyword, 'keyword')),
    run: (ctx, request) => getLocations(ctx, { keyword: (request as LocationsBody).keyword }),
  },
};
