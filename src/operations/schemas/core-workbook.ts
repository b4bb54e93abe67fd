import { z } from 'zod';
import { component } from './components.js';

/** What core_workbook answers besides the file (MCP's structuredContent; REST answers the XLSX itself). */
export const coreWorkbookSummarySchema = component(
  z.object({
    file_name: z.string(),
    content_type: z.string(),
    lang: z.enum(['ru', 'en']),
    rows: z.record(z.string(), z.number().int()).meta({ description: 'Rows of each table sheet: core, negative_keywords, dropped.' }),
    counts: z.object({ keep: z.number().int(), review: z.number().int(), drop: z.number().int(), duplicates: z.number().int() }),
    addressable_volume: z.number().nullable(),
    resource_link: z
      .object({ uri: z.string(), name: z.string(), mimeType: z.string(), size: z.number().int() })
      .optional()
      .meta({ description: 'MCP: the workbook kept for this key, to read with resources/read (an hour).' }),
  }),
  'CoreWorkbookSummary',
);
