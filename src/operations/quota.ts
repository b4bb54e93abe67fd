import { quotaRequestSchema } from '../domain/requests/account.js';
import { getQuota } from '../services/account.js';
import { DEFAULT_LIMITS, defineOperation } from './operation.js';
import { quotaResponseSchema } from './schemas/account.js';
import { READS_LOCAL } from './tool-effects.js';

/** The upstream budget left this hour, as the service counts it: a free read. */
export const quotaOperation = defineOperation({
  name: 'quota',
  title: 'Upstream budget left',
  description: 'Remaining upstream budget (per hour and per second) as the service counts it',
  fields: {},
  input: quotaRequestSchema,
  output: quotaResponseSchema,
  limits: DEFAULT_LIMITS,
  price: 'free',
  run: (_input, ctx) => getQuota(ctx),
  rest: {
    path: '/v2/stats/quota',
    method: 'GET',
    family: 'v2',
    summary: 'Remaining upstream budget (per hour and per second) as the service counts it',
    docs: {
      response: quotaResponseSchema,
      requestExample: {},
      responseExample: {
        source: 'wordstat',
        hourly: { limit: 100, remaining: 87, resetsInSeconds: 1260 },
        perSecond: { limit: 10 },
        lanes: { liveReserve: 20, usedByTasks: 9, usedByLive: 4 },
        keywordsWaiting: 950,
      },
    },
  },
  mcp: {
    tool: 'quota_status',
    title: 'Upstream budget left',
    description:
      'The upstream Wordstat budget left this hour and per second, as the service counts it (free). Use it before a large batch of questions; answers already in the cache do not spend budget.',
    effects: READS_LOCAL,
    summarize: (quota) =>
      quota.hourly
        ? `Source ${quota.source}: ${quota.hourly.remaining} of ${quota.hourly.limit} upstream calls left this hour (resets in ${quota.hourly.resetsInSeconds} s)` +
          (quota.perSecond ? `; at most ${quota.perSecond.limit} per second.` : '.')
        : `Source ${quota.source}: no upstream budget applies.`,
  },
});
