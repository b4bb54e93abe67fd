import { z } from 'zod';
import { component } from './components.js';
import { envelopeSchema } from './v1.js';

// Response bodies of the free account routes (/v1/usage, /v2/stats/quota), as the services produce them.

const totals = {
  calls: z.number().int().nonnegative(),
  hits: z.number().int().nonnegative().meta({ description: 'Wholly fresh cache hits.' }),
  stale: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative().meta({ description: '4xx/5xx answers (free).' }),
  spend: z.number().nonnegative().meta({ description: "In the operator's currency units." }),
};
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const operationUsage = z.object({ operation: z.string(), ...totals });

export const usageReportSchema = component(
  z.object({
    from: date,
    to: date,
    time_zone: z.string(),
    totals: z.object(totals),
    days: z.array(z.object({ date, ...totals, operations: z.array(operationUsage) })),
    operations: z.array(operationUsage),
  }),
  'UsageReport',
);

export const usageResponseSchema = envelopeSchema(usageReportSchema, 'UsageResponse');

export const quotaResponseSchema = component(
  z.object({
    source: z.string().meta({ description: 'demo, wordstat or none.' }),
    hourly: z
      .object({ limit: z.number().int(), remaining: z.number().int(), resetsInSeconds: z.number().int() })
      .nullable()
      .meta({ description: 'null when the source has no budget (the demo).' }),
    perSecond: z.object({ limit: z.number().int() }).nullable(),
    lanes: z
      .object({ liveReserve: z.number().int(), usedByTasks: z.number().int(), usedByLive: z.number().int() })
      .nullable()
      .meta({ description: 'Calls per hour kept for live requests (tasks never use them), and this hour’s calls by tasks and by live requests.' }),
    keywordsWaiting: z.number().int().nullable().meta({ description: 'Keywords queued and running tasks still wait for.' }),
  }),
  'QuotaResponse',
);
