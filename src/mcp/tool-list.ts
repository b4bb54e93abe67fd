import type { McpTool } from './tool.js';
import { quotaStatus, regionSearch } from './tools/account-tools.js';
import { keywordLocations, keywordSearchVolume, keywordSuggestions } from './tools/keyword-tools.js';
import { wordstatDynamics, wordstatRegions, wordstatTop } from './tools/stats-tools.js';
import { taskCreate, taskResult, taskStatus } from './tools/task-tools.js';

/** Every tool the MCP face offers, in the order an agent sees them. */
export const MCP_TOOLS: readonly McpTool[] = [
  wordstatTop,
  wordstatDynamics,
  wordstatRegions,
  keywordSearchVolume,
  keywordSuggestions,
  keywordLocations,
  regionSearch,
  taskCreate,
  taskStatus,
  taskResult,
  quotaStatus,
];
