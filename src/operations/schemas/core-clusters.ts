import { z } from 'zod';
import { component } from './components.js';

const memberSchema = z.object({
  phrase: z.string(),
  volume: z.number().nullable(),
  shared: z.number().int().meta({ description: "URLs its page shares with the marker's (the marker: all its counted URLs); 0 when unclustered." }),
});

export const coreClustersResponseSchema = component(
  z.object({
    clusters: z.array(
      z.object({
        id: z.string().meta({ description: "Stable: made from the marker's phrase (the same input gives the same ids)." }),
        marker: z.string(),
        members: z.array(memberSchema).meta({ description: 'The marker first, then by volume.' }),
        volume: z.number().meta({ description: 'Known volumes summed, each phrase once.' }),
        urls: z.array(z.object({ url: z.string(), phrases: z.number().int() })).meta({ description: 'Dominant URLs (normalised), with how many members rank them.' }),
        domains: z.array(z.object({ domain: z.string(), phrases: z.number().int() })),
      }),
    ),
    unclustered: z.array(memberSchema),
    counts: z.object({ phrases: z.number().int(), clusters: z.number().int(), unclustered: z.number().int() }),
  }),
  'CoreClustersResponse',
);
