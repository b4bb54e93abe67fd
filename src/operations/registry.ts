import { coreCleanOperation } from './core-clean.js';
import { coreClustersOperation } from './core-clusters.js';
import { coreExpandOperation } from './core-expand.js';
import { coreWorkbookOperation } from './core-workbook.js';
import { coreIntentOperation } from './core-intent.js';
import { dynamicsOperation } from './dynamics.js';
import { locationsOperation } from './locations.js';
import type { Operation } from './operation.js';
import { quotaOperation } from './quota.js';
import { regionSearchOperation } from './region-search.js';
import { regionsOperation } from './regions.js';
import { searchVolumeOperation } from './search-volume.js';
import { serpOperation } from './serp.js';
import { suggestionsOperation } from './suggestions.js';
import { topOperation } from './top.js';
import { usageOperation } from './usage.js';

/**
 * Every operation the service offers. Adding one is its module plus a line here: REST (/v1, /v2, OpenAPI),
 * MCP (tools/list, tools/call, batch plans), tasks (task_post/task_get) and GraphQL read them from the registry.
 * The order is the order MCP's tools/list shows the tools in (then the task tools).
 */
export const OPERATIONS: readonly Operation[] = [
  topOperation,
  dynamicsOperation,
  regionsOperation,
  searchVolumeOperation,
  suggestionsOperation,
  locationsOperation,
  regionSearchOperation,
  quotaOperation,
  coreCleanOperation,
  coreExpandOperation,
  coreWorkbookOperation,
  usageOperation,
  serpOperation,
  coreClustersOperation,
  coreIntentOperation,
];

export interface OperationRegistry {
  readonly operations: readonly Operation[];
  /** By `name` (tasks are stored with it). */
  get(name: string): Operation | undefined;
}

/**
 * A registry of `operations` (the app's: OPERATIONS; a test's: OPERATIONS plus a fixture). Refuses two
 * operations that share a name, a REST path, an MCP tool name or a GraphQL field: each face would serve one.
 */
export function createRegistry(operations: readonly Operation[] = OPERATIONS): OperationRegistry {
  const seen = new Set<string>();
  const claim = (what: string | undefined) => {
    if (what === undefined) return;
    if (seen.has(what)) throw new Error(`two operations claim ${what}`);
    seen.add(what);
  };
  for (const op of operations) {
    claim(`name ${op.name}`);
    claim(op.rest && `REST path ${op.rest.path}`);
    claim(op.mcp && `MCP tool ${op.mcp.tool}`);
    claim(op.graphql && `GraphQL field ${op.graphql.field}`);
  }
  const byName = new Map(operations.map((op) => [op.name, op]));
  return { operations, get: (name) => byName.get(name) };
}

/** The app's registry. */
export const defaultRegistry: OperationRegistry = createRegistry(OPERATIONS);
