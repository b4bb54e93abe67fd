import { DEFAULT_PERIOD } from '../../domain/requests/fields.js';
import type { DynamicsPoint } from '../../domain/types.js';
import { type Dynamics, getDynamics } from '../../services/dynamics.js';
import { builder } from '../builder.js';
import { DeviceEnum, PeriodEnum } from './enums.js';
import { SeasonalityRef } from './seasonality.js';

const DynamicsPointRef = builder.objectRef<DynamicsPoint>('DynamicsPoint').implement({
  fields: (t) => ({
    date: t.field({ type: 'Date', resolve: (p) => p.date }),
    count: t.exposeInt('count'),
    share: t.exposeFloat('share', { description: "The phrase's part of all search queries in the period, 0..1." }),
  }),
});

export const DynamicsRef = builder.objectRef<Dynamics>('Dynamics').implement({
  fields: (t) => ({
    results: t.field({ type: [DynamicsPointRef], resolve: (d) => d.results }),
    trend: t.exposeString('trend', {
      description: "The window's first period against its last (not a fitted trend): `up N%`, `down N%`, `stable` or `up (new)`.",
    }),
    seasonality: t.field({
      type: SeasonalityRef,
      nullable: true,
      description: 'For a monthly window of 12 months or more; null otherwise.',
      resolve: (d) => d.seasonality,
    }),
  }),
});

builder.queryField('dynamics', (t) =>
  t.field({
    type: DynamicsRef,
    description: 'Demand by month, week or day with the computed trend (/v2/stats/dynamics).',
    args: {
      phrase: t.arg.string({ required: true }),
      period: t.arg({ type: PeriodEnum, defaultValue: DEFAULT_PERIOD }),
      fromDate: t.arg({ type: 'Date' }),
      toDate: t.arg({ type: 'Date' }),
      regions: t.arg.intList(),
      devices: t.arg({ type: [DeviceEnum] }),
    },
    resolve: (_root, args, ctx) =>
      getDynamics(ctx, {
        phrase: args.phrase,
        period: args.period ?? undefined,
        fromDate: args.fromDate ?? undefined,
        toDate: args.toDate ?? undefined,
        regions: args.regions ?? undefined,
        devices: args.devices ?? undefined,
      }),
  }),
);
