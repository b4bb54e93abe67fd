/**
 * What a tool does to the world, as MCP tool annotations tell a client (readOnlyHint, destructiveHint,
 * idempotentHint, openWorldHint). Clients use them to decide what to run without asking the user, so they must
 * be true of the worst call, not the usual one (issue 24, item 15: task_create said read-only and a client that
 * auto-approves read-only tools would have spent the user's quota unasked). The table is in docs/decisions.md.
 * Every field is stated: MCP's defaults for a missing hint are the pessimistic ones, except readOnly.
 */
export interface ToolEffects {
  /** Changes nothing: no upstream call, no charge, no state another caller could see. */
  readOnly: boolean;
  /** May delete or end something of the user's (meaningful when not read-only). */
  destructive: boolean;
  /** A second identical call adds no further effect (no new charge, no new object). */
  idempotent: boolean;
  /** Reaches outside this service: here, Yandex Wordstat (and the LLM for suggestions). */
  openWorld: boolean;
}

/**
 * Asks the statistics source: on a cache miss it spends upstream quota, and every call is billed to the key (a
 * repeat at the repeat price), so it is neither read-only nor idempotent; nothing is deleted.
 */
export const ASKS_THE_SOURCE: ToolEffects = { readOnly: false, destructive: false, idempotent: false, openWorld: true };

/** Creates a task each call that fetches from the source in the background, spends quota and is billed when it ends. */
export const STARTS_BILLED_WORK: ToolEffects = { readOnly: false, destructive: false, idempotent: false, openWorld: true };

/** Creates a task each call that works locally (no source call) and costs nothing: a new task, so not idempotent. */
export const STARTS_LOCAL_WORK: ToolEffects = { readOnly: false, destructive: false, idempotent: false, openWorld: false };

/**
 * Reads one of the caller's tasks, free; reading a finished one marks it collected (it leaves /v1 tasks_ready,
 * as task_get does), which another client of the same key can see: not read-only, but a second read adds nothing.
 */
export const READS_AND_COLLECTS: ToolEffects = { readOnly: false, destructive: false, idempotent: true, openWorld: false };

/** Reads the shipped region tree or this service's own counters: free, no upstream call, nothing changes. */
export const READS_LOCAL: ToolEffects = { readOnly: true, destructive: false, idempotent: true, openWorld: false };

/** The annotations object of tools/list. */
export function annotationsOf(title: string, effects: ToolEffects) {
  return {
    title,
    readOnlyHint: effects.readOnly,
    destructiveHint: effects.destructive,
    idempotentHint: effects.idempotent,
    openWorldHint: effects.openWorld,
  };
}
