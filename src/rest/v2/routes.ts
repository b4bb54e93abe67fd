import { dynamicsRequestSchema, regionsRequestSchema, topRequestSchema } from '../../domain/requests/native.js';
import { getDynamics } from '../../services/dynamics.js';
import { getRegions } from '../../services/regions.js';
import { getTop } from '../../services/top.js';
import { defineRoute, type RestRoute } from '../routes.js';

/** The native family: the services' answers are already in the /v2 shape. */
export const v2Routes: RestRoute[] = [
  defineRoute({
    path: '/v2/stats/top',
    family: 'v2',
    operation: 'v2.top',
    summary: 'Popular queries containing a phrase, similar queries and the total count',
    schema: topRequestSchema,
    handle: (body, scope) => getTop(scope, body),
  }),
  defineRoute({
    path: '/v2/stats/dynamics',
    family: 'v2',
    operation: 'v2.dynamics',
    summary: 'Demand by month, week or day, with the computed trend',
    schema: dynamicsRequestSchema,
    handle: (body, scope) => getDynamics(scope, body),
  }),
  defineRoute({
    path: '/v2/stats/regions',
    family: 'v2',
    operation: 'v2.regions',
    summary: 'Demand distribution by region, with region names',
    schema: regionsRequestSchema,
    handle: async (body, scope) => ({ regions: await getRegions(scope, body) }),
  }),
];
