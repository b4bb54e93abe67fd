import { ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DomainError } from '../domain/errors.js';
import type { TaskRecord } from '../domain/tasks.js';
import { presentTaskResult } from '../operations/task-envelope.js';
import type { Principal } from '../services/auth/authenticator.js';
import type { ServiceRuntime } from '../services/runtime.js';
import type { McpTool } from './tool.js';

/**
 * The Tasks extension of the 2026-07-28 revision (io.modelcontextprotocol/tasks, ext-tasks
 * specification/2026-07-28/tasks.md), mapped onto our own tasks: the SDK 2.x has no helper for it. A tools/call
 * whose live plan is refused as too much for one live request (QUERY_TOO_COMPLEX, before any source call) is, for
 * a client that declares the extension on that request, posted as one of our tasks with the same arguments (the
 * same plan, the same price, billed when it ends) and answered with a CreateTaskResult; tasks/get reads it (a
 * done task carries the live tool's result), tasks/cancel cancels it, tasks/update acknowledges (our tasks never
 * ask for input). The task id is our task id: task_status, /v1 task_get and /v3 read the same task.
 */

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** The revision's "Missing Required Client Capability" error code. */
const MISSING_CAPABILITY = -32021;

/** How often a client should poll: our tasks advance by source calls, seconds apart under the hourly budget. */
const POLL_INTERVAL_MS = 2_000;

/** What a handler's context holds of the request's `_meta` envelope (the SDK consumes it before dispatch). */
export type RequestEnvelopeOf = { mcpReq: { envelope?: object | undefined } };

/** True when the request's per-request capabilities declare the extension (the spec's only signal). */
export function declaresTasks(ctx: RequestEnvelopeOf): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.['io.modelcontextprotocol/clientCapabilities'] as { extensions?: Record<string, unknown> } | undefined;
  const declared = capabilities?.extensions?.[TASKS_EXTENSION];
  return typeof declared === 'object' && declared !== null;
}

type WireStatus = 'working' | 'completed' | 'failed' | 'cancelled';

/** Our status as the extension's: a failed task of ours is a tool error, so `completed` with isError (spec). */
const wireStatus = (task: TaskRecord): WireStatus =>
  task.status === 'queued' || task.status === 'running' ? 'working' : task.status === 'cancelled' ? 'cancelled' : 'completed';

/** The extension's Task fields of one of our tasks. */
function taskFields(task: TaskRecord) {
  const updated = task.finishedAt ?? task.startedAt ?? task.postedAt;
  return {
    taskId: task.id,
    status: wireStatus(task),
    statusMessage: `${task.status}: ${task.callsDone} of ${task.callsTotal} calls done` + (task.cost === null ? '' : `, cost ${task.cost}`),
    createdAt: task.postedAt.toISOString(),
    lastUpdatedAt: updated.toISOString(),
    // Kept until the retention sweep removes it; no fixed lifetime to promise here.
    ttlMs: null,
    ...(wireStatus(task) === 'working' ? { pollIntervalMs: POLL_INTERVAL_MS } : {}),
  };
}

/** The live tool's CallToolResult of a finished task: its structuredContent shaped as the tool's output. */
function finishedResult(task: TaskRecord, tool: McpTool | undefined): CallToolResult {
  if (task.status === 'failed' || !tool) {
    const message = task.errorMessage ?? `task ${task.id} ended without a result the tool can show`;
    return { isError: true, content: [{ type: 'text', text: message }], _meta: { cost: task.cost ?? 0, code: task.errorCode ?? 'INTERNAL' } };
  }
  const items = presentTaskResult(task);
  const wrapped = { result: items };
  const structured = tool.output.safeParse(wrapped).success ? wrapped : (items[0] as Record<string, unknown>);
  return {
    content: [{ type: 'text', text: tool.summarize(structured, task.request) }],
    structuredContent: structured,
    _meta: { cost: task.cost ?? 0, calls: task.callsTotal },
  };
}

/** A task-related protocol error: an unknown or foreign task id is -32602 (the spec's), a missing declaration -32021. */
function notFound(id: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, `Failed to retrieve task: no task ${id} for this key`);
}

function requireDeclared(ctx: RequestEnvelopeOf): void {
  if (declaresTasks(ctx)) return;
  throw new ProtocolError(MISSING_CAPABILITY as ProtocolErrorCode, 'Missing required client capability', { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
}

/**
 * A refused live call as a task, when the client declared the extension and the refusal is the live plan's
 * (QUERY_TOO_COMPLEX: no call made): the CreateTaskResult, or undefined to answer the refusal as it is.
 */
export async function taskInsteadOfRefusal(
  runtime: ServiceRuntime,
  principal: Principal,
  request: { tool: McpTool; args: unknown; ctx: RequestEnvelopeOf; refusal: CallToolResult },
): Promise<Record<string, unknown> | undefined> {
  const { tool, args, ctx, refusal } = request;
  if (!declaresTasks(ctx) || !tool.taskOperation || !runtime.tasks) return undefined;
  if ((refusal._meta as { code?: string } | undefined)?.code !== 'QUERY_TOO_COMPLEX') return undefined;
  const [posted] = await runtime.tasks.post(principal.keyId, tool.taskOperation, [args ?? {}]);
  if (!posted?.ok) return undefined;
  return { resultType: 'task', ...taskFields(posted.task) };
}

/** Every tasks/* request names its task: checked in the handler, so a missing id is our own -32602 message. */
const taskIdParams = z.looseObject({});
const taskIdOf = (params: Record<string, unknown>): string => {
  if (typeof params.taskId !== 'string' || params.taskId === '') throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'taskId is required: the id a CreateTaskResult gave');
  return params.taskId;
};

/** tasks/get, tasks/update and tasks/cancel on the modern server, for this caller's own tasks. */
export function registerTaskMethods(server: Server, runtime: ServiceRuntime, principal: Principal, tools: readonly McpTool[]): void {
  const own = async (id: string, withResult: boolean): Promise<TaskRecord> => {
    if (!runtime.tasks) throw notFound(id);
    try {
      return (await runtime.tasks.get(principal.keyId, id, { withResult })).task;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NOT_FOUND') throw notFound(id);
      throw error;
    }
  };
  const toolOf = (task: TaskRecord) => tools.find((t) => t.taskOperation === task.operation && t.plan);

  server.setRequestHandler('tasks/get', { params: taskIdParams }, async (params, ctx) => {
    requireDeclared(ctx);
    const task = await own(taskIdOf(params), true);
    const fields = taskFields(task);
    return fields.status === 'completed' ? { ...fields, result: finishedResult(task, toolOf(task)) } : fields;
  });
  server.setRequestHandler('tasks/update', { params: taskIdParams }, async (params, ctx) => {
    requireDeclared(ctx);
    await own(taskIdOf(params), false); // our tasks never ask for input: nothing is outstanding, the ack is all
    return {};
  });
  server.setRequestHandler('tasks/cancel', { params: taskIdParams }, async (params, ctx) => {
    requireDeclared(ctx);
    const id = taskIdOf(params);
    await own(id, false);
    await runtime.tasks!.cancel(principal.keyId, id);
    return {};
  });
}
