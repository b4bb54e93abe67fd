import { z } from 'zod';
import type { SourceCall } from '../domain/source-call.js';
import type { SerpQuery } from '../ports/web-search.js';
import type { RequestContext } from '../services/runtime.js';
import type { ToolEffects } from '../operations/tool-effects.js';
import type { FileLink } from '../services/files/workbook-file.js';

/**
 * One MCP tool: the REST request schema it validates with, the response schema it answers in, the work and a
 * short summary for the agent to read. The face (src/mcp/server.ts) runs it through the shared pipeline.
 */
export interface McpTool<Input extends z.ZodObject = z.ZodObject, Output = unknown> {
  name: string;
  title: string;
  /** For the agent: what it answers and when to use it. */
  description: string;
  /** Validates the arguments (the REST body schema, sometimes with a result cap added). */
  input: Input;
  /** Describes `structuredContent` (the REST response schema). */
  output: z.ZodType;
  /** Prose for the input fields (REST keeps it beside the schema, in its route docs). */
  fields: Record<string, string>;
  /** Reads the caller's own account or the catalog: cost 0, no X-Cache; `unless-asked`: when it asked no source call. */
  free?: boolean | 'unless-asked';
  /** What a call does to the world (MCP annotations): stated for every tool, see tool-effects.ts. */
  effects: ToolEffects;
  run(args: z.output<Input>, scope: RequestContext): Promise<Output>;
  /**
   * The source calls `run` will make for these arguments, named with the service's own functions (the ones its
   * live plan counts), so a batch is planned as a whole before any of its calls runs (batch-plan.ts). Absent for
   * tools that never ask the source live. May throw the argument's DomainError: the call then fails on its own.
   */
  plan?(args: z.output<Input>, scope: RequestContext): SourceCall[];
  /** The web-search pages `run` asks for (the operation's `searches`): a batch plans them with its other calls. */
  searches?(args: z.output<Input>, scope: RequestContext): SerpQuery[];
  /** The task operation a refusal of the live plan points to (its task_post route); default search_volume's. */
  taskOperation?: string;
  /** Its task_post path, named in a refusal. */
  taskRoute?: string;
  /** Resources the answer links to (a file the tool made: resource_link content items). */
  links?(result: Output): FileLink[];
  /** A few lines an agent or a person can read without parsing JSON: top rows, trend, totals. */
  summarize(result: Output, args: z.output<Input>): string;
}

/** Helps inference: the run and summary are checked against the input and output types. */
export function defineTool<Input extends z.ZodObject, Output>(tool: McpTool<Input, Output>): McpTool {
  return tool as unknown as McpTool;
}

/** zod writes the safe-integer range on every `.int()`: noise in an agent's context, and no rule of ours. */
function dropSafeIntegerBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropSafeIntegerBounds);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).filter(
    ([key, value]) => !(key === 'minimum' && value === Number.MIN_SAFE_INTEGER) && !(key === 'maximum' && value === Number.MAX_SAFE_INTEGER),
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, dropSafeIntegerBounds(value)]));
}

/** A tool's arguments or result as plain JSON Schema (MCP wants an object schema; no $schema, inlined). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', fields: Record<string, string> = {}) {
  const converted = dropSafeIntegerBounds(z.toJSONSchema(schema, { io, unrepresentable: 'any' }));
  const { $schema: _dialect, ...json } = converted as Record<string, unknown>;
  const properties = json.properties as Record<string, Record<string, unknown>> | undefined;
  for (const [name, description] of Object.entries(fields)) {
    if (properties?.[name]) properties[name] = { ...properties[name], description };
  }
  return json as { type: 'object'; properties?: Record<string, object>; required?: string[] };
}
