import { defaultRegistry, type OperationRegistry } from '../operations/registry.js';
import { operationTools } from './operation-tools.js';
import type { McpTool } from './tool.js';
import { taskTools } from './tools/task-tools.js';

/** Every tool the MCP face offers for a registry, in the order an agent sees them: the operations', then tasks'. */
export const toolsOf = (registry: OperationRegistry): readonly McpTool[] => [...operationTools(registry), ...taskTools(registry)];

/** The app's tools. */
export const MCP_TOOLS: readonly McpTool[] = toolsOf(defaultRegistry);
