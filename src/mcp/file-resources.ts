import { randomUUID } from 'node:crypto';
import type { Principal } from '../services/auth/authenticator.js';
import type { FileLink, WorkbookFile } from '../services/files/workbook-file.js';

/**
 * Files an MCP tool made (core_workbook's XLSX), kept for the key that asked and linked from the tool's answer as
 * a resource (`resource_link`), read with resources/read. In this process's memory, as MCP over HTTP is stateless
 * and any request of the key may read it: an hour each, at most 64 MiB together (the oldest go first). A service
 * of several processes behind a balancer answers a read from another process "not found": make the file again.
 */
const KEEP_MS = 60 * 60 * 1000;
const MAX_BYTES = 64 * 1024 * 1024;
const URI_PREFIX = 'sds-file://files/';

interface Kept {
  keyId: string;
  link: FileLink;
  bytes: Buffer;
  expiresAt: number;
}

const kept = new Map<string, Kept>();
let keptBytes = 0;

function forget(id: string): void {
  const file = kept.get(id);
  if (!file) return;
  kept.delete(id);
  keptBytes -= file.bytes.length;
}

function sweep(now: number): void {
  for (const [id, file] of kept) if (file.expiresAt <= now) forget(id);
  // Insertion order is age: the oldest go first until the rest fit.
  for (const id of kept.keys()) {
    if (keptBytes <= MAX_BYTES) break;
    forget(id);
  }
}

/** Writes the file, keeps it for the caller and sets its link (the tool's answer carries it). */
export async function keepFile(file: WorkbookFile, principal: Principal, now: number): Promise<FileLink> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of file.chunks()) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const id = randomUUID();
  const link: FileLink = { uri: `${URI_PREFIX}${id}/${file.summary.file_name}`, name: file.summary.file_name, mimeType: file.summary.content_type, size: bytes.length };
  kept.set(id, { keyId: principal.keyId, link, bytes, expiresAt: now + KEEP_MS });
  keptBytes += bytes.length;
  sweep(now);
  file.link = link;
  return link;
}

/** An MCP error whose code is resource-not-found (-32002), with the URI asked. */
const notFound = (uri: string) =>
  Object.assign(new Error(`no such file: ${uri.slice(0, 200)} (files are kept an hour for the key that made them; make it again)`), { code: -32002, data: { uri } });

const idOf = (uri: string) => (uri.startsWith(URI_PREFIX) ? uri.slice(URI_PREFIX.length).split('/')[0] : undefined);

/** resources/read: the caller's own file, base64 (another key's file is "not found", never told apart). */
export function readFileResource(principal: Principal, uri: unknown, now: number) {
  const text = typeof uri === 'string' ? uri : '';
  sweep(now);
  const id = idOf(text);
  const file = id === undefined ? undefined : kept.get(id);
  if (!file || file.keyId !== principal.keyId || file.link.uri !== text) throw notFound(text);
  return { contents: [{ uri: file.link.uri, mimeType: file.link.mimeType, blob: file.bytes.toString('base64') }] };
}

/** resources/list: the caller's kept files. */
export function listFileResources(principal: Principal, now: number) {
  sweep(now);
  const resources = [...kept.values()].filter((file) => file.keyId === principal.keyId).map((file) => ({ ...file.link }));
  return { resources };
}
