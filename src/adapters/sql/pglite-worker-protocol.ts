/** Messages between the service and its embedded-database worker (pglite-worker.ts). */

/** What the worker is started with (workerData). */
export interface PgliteWorkerInit {
  dataDir: string;
  schema?: string | undefined;
  templatePath?: string | undefined;
}

/** A request to the worker; `tx` names an open transaction (the id of its `begin`). */
export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[] | undefined; tx?: number | undefined }
  | { id: number; op: 'exec'; sql: string; tx?: number | undefined }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** An error as it crosses the thread boundary (structured clone keeps the message, not PostgreSQL's fields). */
export interface WireError {
  message: string;
  name?: string | undefined;
  /** SQLSTATE or errno code, when there was one. */
  code?: string | undefined;
}

/** The worker's answer: to a request (`id`), or once about start-up (`id` 0). */
export type PgliteReply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: WireError };

export function toWireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  return { message: error.message, name: error.name, code: typeof code === 'string' ? code : undefined };
}

export function fromWireError(wire: WireError): Error {
  const error = new Error(wire.message) as Error & { code?: string };
  if (wire.name) error.name = wire.name;
  if (wire.code) error.code = wire.code;
  return error;
}
