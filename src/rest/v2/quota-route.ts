import { quotaRequestSchema } from '../../domain/requests/account.js';
import { getQuota } from '../../services/account.js';
import { defineRoute, type RestRoute } from '../routes.js';

/** GET /v2/stats/quota — the upstream budget left this hour, as the service counts it (free). */
export const quotaRoute: RestRoute = defineRoute({
  path: '/v2/stats/quota',
  method: 'GET',
  free: true,
  family: 'v2',
  operation: 'v2.quota',
  summary: 'Remaining upstream budget (per hour and per second) as the service counts it',
  schema: quotaRequestSchema,
  handle: (_query, scope) => getQuota(scope),
});
