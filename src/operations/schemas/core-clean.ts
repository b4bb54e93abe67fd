import { z } from 'zod';
import { component } from './components.js';

const verdict = z.enum(['keep', 'review', 'drop']);

/** One phrase of a cleaned core (src/domain/core/clean.ts CleanedPhrase), in the order sent. */
export const cleanedPhraseSchema = component(
  z.object({
    phrase: z.string(),
    lemmas: z.array(z.string()).meta({ description: 'Normal forms of its words, in order.' }),
    duplicate_of: z.string().nullable().meta({ description: 'The head of its implicit-duplicate group (same lemmas); null for a head.' }),
    noise: z.array(z.string()).meta({ description: 'Noise classes found (free, jobs, geo, diy, …).' }),
    verdict,
    reason: z.string().meta({ description: 'clean, duplicate, empty, zero_exact or noise:<class>.' }),
    volume: z.number().nullable(),
    exact: z.number().nullable(),
    cross_minus: z.array(z.string()).meta({ description: 'Kept phrases: inline negatives (кросс-минусовка).' }),
  }),
  'CleanedPhrase',
);

export const coreCleanResponseSchema = component(
  z.object({
    phrases: z.array(cleanedPhraseSchema),
    negative_keywords: z.object({
      entries: z.array(
        z.object({
          text: z.string(),
          class: z.string(),
          verdict: z.enum(['drop', 'review']),
          removes: z.array(z.string()).meta({ description: 'The phrases of the list it removes.' }),
        }),
      ),
      text: z.string().meta({ description: 'The drop-class entries, one a line, ready to paste into Direct.' }),
      inline_length: z.number().int(),
      sets: z.array(z.array(z.string())).meta({ description: 'Shared sets under 4,096 characters each.' }),
      rejected: z.array(z.object({ text: z.string(), class: z.string(), problem: z.string() })),
      warnings: z.array(z.string()),
      limits: z.record(z.string(), z.number()),
    }),
    addressable_volume: z.number().nullable().meta({ description: 'Sum of kept volumes; null without volumes.' }),
    counts: z.object({ keep: z.number().int(), review: z.number().int(), drop: z.number().int(), duplicates: z.number().int() }),
  }),
  'CoreCleanResponse',
);
