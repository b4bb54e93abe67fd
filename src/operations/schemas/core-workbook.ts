import { z } from 'zod';
import { component } from './components.js';

/** What core_workbook answers besides the file (MCP's structuredContent; REST answers the XLSX itself). */
export const coreWorkbookSummarySchema = component(
  z.object({
    file_name: z.string(),
    content_type: z.string(),
    lang: z.enum(['ru', 'en']),
    rows: z.record(z.string(), z.number().int()).meta({
      description: 'Rows of each table sheet: core, negative_keywords, dropped; with clusters also clusters and unclustered; with sheet_per_cluster, cluster_sheets (the clusters with a sheet of their own).',
    }),
    counts: z.object({
      keep: z.number().int(),
      review: z.number().int(),
      drop: z.number().int(),
      duplicates: z.number().int(),
      edited: z.number().int().meta({ description: "Verdicts of the clean sent that differ from the service's own clean of the same phrases (the specialist's edits); 0 without a clean." }),
      moved: z.number().int().meta({ description: 'Rows the specialist moved to another cluster (members sent with moved_from).' }),
    }),
    addressable_volume: z.number().nullable(),
    resource_link: z
      .object({ uri: z.string(), name: z.string(), mimeType: z.string(), size: z.number().int() })
      .optional()
      .meta({ description: 'MCP: the workbook kept for this key, to read with resources/read (an hour).' }),
  }),
  'CoreWorkbookSummary',
);
