import { LRUCache } from 'lru-cache';
import type { HttpCall, Reply } from '../http/exchange.js';
import { receivedText } from '../face-kit/request-body.js';
import { todayIn } from '../domain/dates/calendar.js';
import type { Principal } from '../services/auth/authenticator.js';
import { knownPrincipal, recordRow, requirePrincipal } from '../services/run-operation.js';
import type { ServiceRuntime } from '../services/runtime.js';

/**
 * Finished GraphQL answers kept for the next identical request, served IN FRONT of Yoga (issue 25, item 7): a
 * cache hit then costs the authentication (cached), a lookup and the stored bytes, instead of Yoga's
 * Request/Response objects, envelop's hooks, parsing, validation, the limits and the execution.
 *
 * The same rules as REST's kept answers (rest/hit-memo.ts), for the same reasons:
 * - kept only from a request Yoga answered 200 without errors, whose every source call was a fresh HIT, and whose
 *   root fields are all statistics fields (KEPT_ROOT_FIELDS: never usage, quota, tasks or anything else per key);
 * - served only while no answer was stored in this process's cache since it was built (DataVersion), before the
 *   earliest fresh-until of its inputs, on the same service day;
 * - keyed by the request body's exact text with the request's Accept and Content-Type (Yoga picks the answer's
 *   content type by Accept); only a POST without a query string, a JSON body of a declared length up to
 *   MAX_KEY_BYTES holding nothing but `query`, `variables` and `operationName` (a persisted-query body goes to Yoga:
 *   its store must see it).
 * The key is not part of the memo key: these fields answer every key alike, and the limits a query passed once do
 * not depend on the caller. Per request, still: the authentication (same 401s: a failure goes on to Yoga with the
 * outcome, so a wrong key is counted once), the ledger row (the label and price the billing plugin gave), the
 * request id, CORS and the access line (the front).
 */

/** Root fields whose answer depends only on the arguments, the day and cached source data. */
export const KEPT_ROOT_FIELDS: ReadonlySet<string> = new Set(['keyword', 'keywords', 'top', 'dynamics', 'regions', 'suggestions']);

/** A body longer than this is not read in front of Yoga (a 100-keyword query is about 4 KB). */
const MAX_KEY_BYTES = 16 * 1024;
/** Kept answers' bytes in all (estimated: the encoded answer and the key text, twice for the string). */
const MEMO_MAX_BYTES = 16 * 1024 * 1024;
/** A larger answer is not kept: one must not push out hundreds. */
const MAX_ENTRY_BYTES = 256 * 1024;

/** The caller, as requirePrincipal found them, or the error it threw (handed on to Yoga's context factory). */
export type AuthOutcome = { principal: Principal } | { error: unknown };

/** What the billing plugin notes of a request Yoga answered that may be kept (set only when every rule holds). */
export interface KeepNotes {
  keepable?: { label: string; cost: number; freshUntil: number; today: string; now: number };
}

/** What the front hands Yoga with a call whose body it has read. */
export type PreRead = { text: string; auth?: AuthOutcome | undefined; notes: KeepNotes } | { readError: unknown };

/** The server-context field carrying PreRead's auth and notes into the GraphQL context. */
export interface KeptServerContext {
  keptAuth?: AuthOutcome | undefined;
  keptNotes?: KeepNotes | undefined;
}

/** The Yoga entry as the front sees it; `pre` when the body was read here. */
export interface GraphQLServe {
  serve(call: HttpCall, pre?: PreRead): Promise<Reply>;
}

interface Entry {
  bytes: Uint8Array;
  headers: Readonly<Record<string, string>>;
  label: string;
  cost: number;
  version: number;
  today: string;
  freshUntil: number;
  size: number;
}

/** The caller at once when they are known (no promise on a kept answer's path), else asked. */
function authenticateOutcome(runtime: ServiceRuntime, call: HttpCall): AuthOutcome | Promise<AuthOutcome> {
  const authorization = call.headers.get('authorization');
  const known = knownPrincipal(runtime, authorization);
  return known ? { principal: known } : askedOutcome(runtime, authorization, call.peer);
}

async function askedOutcome(runtime: ServiceRuntime, authorization: string | null, peer: string | undefined): Promise<AuthOutcome> {
  try {
    return { principal: await requirePrincipal(runtime, authorization, peer) };
  } catch (error) {
    return { error };
  }
}

/** True for a body of the kept form: a JSON object with a string `query` and only `variables`/`operationName` besides. */
function isKeptForm(text: string): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  if (typeof record.query !== 'string') return false;
  for (const name of Object.keys(record)) if (name !== 'query' && name !== 'variables' && name !== 'operationName') return false;
  return true;
}

/** The `/graphql` entry: kept answers in front, Yoga behind. */
export function createGraphQLEntry(runtime: ServiceRuntime, yoga: GraphQLServe, maxBytes = MEMO_MAX_BYTES): (call: HttpCall) => Reply | Promise<Reply> {
  const dataVersion = runtime.dataVersion;
  if (!dataVersion) return (call) => yoga.serve(call);
  const kept = new LRUCache<string, Entry>({ maxSize: Math.max(1, maxBytes), sizeCalculation: (entry) => entry.size });

  /** Yoga's answer, kept when it may be (the notes say so). */
  const toYoga = async (call: HttpCall, text: string, key: string, auth: AuthOutcome | undefined): Promise<Reply> => {
    const form = isKeptForm(text); // a JSON.parse, on the way to Yoga, which parses it again
    const notes: KeepNotes = {};
    const version = dataVersion.current();
    const reply = await yoga.serve(call, { text, auth, notes: form ? notes : {} });
    const built = notes.keepable;
    if (form && built && reply.status === 200 && reply.body instanceof Uint8Array && version === dataVersion.current() && built.freshUntil > built.now) {
      const size = reply.body.byteLength + 2 * key.length + 200;
      if (reply.body.byteLength <= MAX_ENTRY_BYTES && size <= maxBytes) {
        kept.set(key, { bytes: reply.body, headers: { ...reply.headers }, label: built.label, cost: built.cost, version, today: built.today, freshUntil: built.freshUntil, size });
      }
    }
    return reply;
  };

  /** The kept answer for a caller (its ledger row written), or Yoga with the outcome: a refused caller is answered there, not asked again. */
  const keptOrYoga = (call: HttpCall, text: string, key: string, entry: Entry, now: number, auth: AuthOutcome): Reply | Promise<Reply> => {
    if (!('principal' in auth)) return toYoga(call, text, key, auth);
    recordRow(runtime, auth.principal, now, { operation: entry.label, cacheStatus: 'HIT', status: 200, price: entry.cost });
    return { status: 200, headers: { ...entry.headers }, body: entry.bytes };
  };

  /** The body read: its kept answer (at once for a caller known at once), else Yoga. */
  const serveText = (call: HttpCall, contentType: string, text: string): Reply | Promise<Reply> => {
    const key = `${call.headers.get('accept') ?? ''}\n${contentType}\n${text}`;
    const now = runtime.clock.now();
    const entry = kept.get(key);
    if (entry === undefined) return toYoga(call, text, key, undefined);
    if (!(entry.version === dataVersion.current() && entry.today === todayIn(runtime.timeZone, now) && now < entry.freshUntil)) {
      kept.delete(key);
      return toYoga(call, text, key, undefined);
    }
    const auth = authenticateOutcome(runtime, call);
    return auth instanceof Promise ? auth.then((outcome) => keptOrYoga(call, text, key, entry, now, outcome)) : keptOrYoga(call, text, key, entry, now, auth);
  };

  const readThenServe = async (call: HttpCall, contentType: string): Promise<Reply> => {
    let text: string;
    try {
      text = (await call.readBody(MAX_KEY_BYTES)).toString('utf8');
    } catch (readError) {
      return yoga.serve(call, { readError });
    }
    return serveText(call, contentType, text);
  };

  // Not async: a kept answer whose body is already here (node:http, a body that came with its headers) and whose
  // caller is known at once is answered with no promise, as REST's are.
  return (call) => {
    if (call.method !== 'POST' || call.query.size > 0) return yoga.serve(call);
    const contentType = call.headers.get('content-type');
    if (contentType === null || !/^application\/json\s*(;|$)/i.test(contentType)) return yoga.serve(call);
    const declared = Number(call.headers.get('content-length') ?? NaN);
    if (!(declared >= 0 && declared <= MAX_KEY_BYTES)) return yoga.serve(call);
    const received = receivedText(call, MAX_KEY_BYTES);
    return received === undefined ? readThenServe(call, contentType) : serveText(call, contentType, received);
  };
}
