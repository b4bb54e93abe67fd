import { z } from 'zod';
import { component } from './components.js';
import { envelopeFields, locationsItemSchema, searchVolumeItemSchema, suggestionsItemSchema, taskFields } from './v1.js';
import type { TaskOperation } from '../../domain/tasks.js';
import { coreCleanResponseSchema } from './core-clean.js';
import { coreExpandResponseSchema } from './core-expand.js';
import { coreClustersResponseSchema } from './core-clusters.js';
import { coreIntentResponseSchema } from './core-intent.js';
import { serpResponseSchema } from './serp.js';

// Bodies of the task mode of /v1: post, ready, get (and cancel, which answers as get does).

const envelopeOf = (task: z.ZodType, id: string) => component(z.object({ ...envelopeFields, tasks: z.array(task) }), id);

/** task_post: one entry per posted task, 20100 `Task Created.` or its own 40xxx naming the field. */
export const taskPostEnvelopeSchema = envelopeOf(z.object({ ...taskFields, result: z.null() }), 'TaskPostEnvelope');

/** tasks_ready: one task listing the finished tasks not yet collected. */
export const tasksReadyEnvelopeSchema = envelopeOf(
  z.object({
    ...taskFields,
    result: z.array(
      z.object({
        id: z.string().meta({ description: 'The task id (a UUID).' }),
        tag: z.string().nullable(),
        date_posted: z.string().meta({ examples: ['2026-11-20 09:00:00 +00:00'] }),
        endpoint: z.string().meta({ description: 'The task_get path of the task.' }),
      }),
    ),
  }),
  'TasksReadyEnvelope',
);

const items: Record<TaskOperation, z.ZodType> = {
  search_volume: searchVolumeItemSchema,
  suggestions: suggestionsItemSchema,
  locations: locationsItemSchema,
  core_clean: coreCleanResponseSchema,
  core_expand: coreExpandResponseSchema,
  core_clusters: coreClustersResponseSchema,
  core_intent: coreIntentResponseSchema,
  serp: serpResponseSchema,
};

const pascal = (operation: TaskOperation) => operation.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());

/** task_get (and the cancel answer): the task with its status, progress and (when done) the live route's result. */
export const taskGetEnvelopeSchemas = Object.fromEntries(
  (Object.keys(items) as TaskOperation[]).map((operation) => [
    operation,
    envelopeOf(
      z.object({
        ...taskFields,
        status_code: z.number().int().meta({
          description: '20000 done; 40602 Task In Queue.; 40601 Task Handed.; 40603 Task Cancelled.; 50000 or 40xxx failed.',
        }),
        total_count: z.number().int().nonnegative().meta({
          description: 'Items of the whole result, of which `result` is the page asked (offset, limit); 0 before the task is done.',
        }),
        tag: z.string().nullable(),
        date_posted: z.string(),
        progress: z.object({
          calls_total: z.number().int().nonnegative(),
          calls_done: z.number().int().nonnegative(),
          eta: z.string().nullable().meta({ description: 'ISO time by which the budget allows the remaining calls; null once ended.' }),
        }),
        result: z.array(items[operation]!).nullable(),
      }),
      `${pascal(operation)}TaskGetEnvelope`,
    ),
  ]),
) as unknown as Record<TaskOperation, z.ZodType>;
