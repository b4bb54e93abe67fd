import { getOwnUsage, getQuota, type QuotaView } from '../../services/account.js';
import type { DayUsage, OperationUsage, UsageReport } from '../../services/usage.js';
import { builder } from '../builder.js';

const HourlyQuotaRef = builder.objectRef<NonNullable<QuotaView['hourly']>>('HourlyQuota').implement({
  fields: (t) => ({
    limit: t.exposeInt('limit'),
    remaining: t.exposeInt('remaining'),
    resetsInSeconds: t.exposeInt('resetsInSeconds', { description: 'Until the oldest counted call leaves the hour.' }),
  }),
});

const QuotaRef = builder.objectRef<QuotaView>('Quota').implement({
  description: 'The upstream budget as the service counts it (null budgets: the source has none).',
  fields: (t) => ({
    source: t.exposeString('source'),
    hourly: t.field({ type: HourlyQuotaRef, nullable: true, resolve: (q) => q.hourly }),
    perSecondLimit: t.int({ nullable: true, resolve: (q) => q.perSecond?.limit ?? null }),
    liveReserve: t.int({ nullable: true, description: 'Calls per hour tasks never use.', resolve: (q) => q.lanes?.liveReserve ?? null }),
    usedByTasks: t.int({ nullable: true, description: 'Calls made by tasks this hour.', resolve: (q) => q.lanes?.usedByTasks ?? null }),
    usedByLive: t.int({ nullable: true, description: 'Calls made by live requests this hour.', resolve: (q) => q.lanes?.usedByLive ?? null }),
    keywordsWaiting: t.int({ nullable: true, description: 'Keywords queued and running tasks still wait for.', resolve: (q) => q.keywordsWaiting }),
  }),
});

const OperationUsageRef = builder.objectRef<OperationUsage>('OperationUsage').implement({
  fields: (t) => ({
    operation: t.exposeString('operation'),
    calls: t.exposeInt('calls'),
    hits: t.exposeInt('hits'),
    stale: t.exposeInt('stale'),
    errors: t.exposeInt('errors'),
    spend: t.exposeFloat('spend'),
  }),
});

const DayUsageRef = builder.objectRef<DayUsage>('DayUsage').implement({
  fields: (t) => ({
    date: t.field({ type: 'Date', resolve: (d) => d.date }),
    calls: t.exposeInt('calls'),
    hits: t.exposeInt('hits'),
    stale: t.exposeInt('stale'),
    errors: t.exposeInt('errors'),
    spend: t.exposeFloat('spend'),
    operations: t.field({ type: [OperationUsageRef], resolve: (d) => d.operations }),
  }),
});

const UsageRef = builder.objectRef<UsageReport>('Usage').implement({
  fields: (t) => ({
    from: t.field({ type: 'Date', resolve: (u) => u.from }),
    to: t.field({ type: 'Date', resolve: (u) => u.to }),
    timeZone: t.exposeString('timeZone'),
    calls: t.int({ resolve: (u) => u.totals.calls }),
    hits: t.int({ resolve: (u) => u.totals.hits }),
    spend: t.float({ resolve: (u) => u.totals.spend }),
    days: t.field({ type: [DayUsageRef], resolve: (u) => u.days }),
    operations: t.field({ type: [OperationUsageRef], resolve: (u) => u.operations }),
  }),
});

builder.queryField('usage', (t) =>
  t.field({
    type: UsageRef,
    description: "The caller's own calls, cache hits and spend by day and operation (default: the last 30 days).",
    args: { from: t.arg({ type: 'Date' }), to: t.arg({ type: 'Date' }) },
    resolve: (_root, args, ctx) =>
      getOwnUsage(ctx, ctx.principal, { from: args.from ?? undefined, to: args.to ?? undefined }),
  }),
);

builder.queryField('quota', (t) =>
  t.field({
    type: QuotaRef,
    description: 'The upstream budget left this hour, as the service counts it.',
    resolve: (_root, _args, ctx) => getQuota(ctx),
  }),
);
